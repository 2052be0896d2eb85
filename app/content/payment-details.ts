import { registrationPayment } from "@domain/settings";

// The bank details block's words, on the form, the thank-you screen and the status page: apart from
// the form's words, so the two pages that show only this block do not carry the whole form's
// words in their JavaScript (docs/decisions/084-stored-search-words-and-bounded-pipeline-counts.md, the budgets).

/** The fee and how to pay it: the form, the thank-you screen and the confirmation e-mail show the same. */
export const payment = registrationPayment;

/** Shown to signed-in staff only where the sample account is withheld from applicants. */
export const withheldForStaff =
  "Staff only: applicants do not see a bank account here, because the account saved is still the sample. An Admin sets the real one in Settings.";
