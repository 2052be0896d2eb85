import type { Selectable } from "kysely";

import { formatKobo, paidWhenWords } from "@domain/payments";
import { applicationReference } from "@domain/registrations";
import type { SiteSettings } from "@domain/settings";
import type { Statement } from "@domain/statement";

import type { ApplicantsTable, PaymentsTable } from "../db/schema";
import { channelWords, owedRows, paidForWords } from "../mail/payment-mails";
import { academyLetter } from "./pdf-letter";

// A receipt for each payment the academy has (docs/product.md §4, "Payments"): an A4 page drawn
// with pdf-lib's standard fonts, with the academy's details from its settings, what was paid,
// and a QR code to the applicant's private status page. Attached to the payment's mail and
// downloaded from the status page.

type Payment = Pick<
  Selectable<PaymentsTable>,
  | "reference"
  | "purpose"
  | "instalment"
  | "amount"
  | "method"
  | "channel"
  | "paid_at"
  | "transfer_reference"
  | "status"
  | "refunded_amount"
>;
type Applicant = Pick<Selectable<ApplicantsTable>, "id" | "firstname" | "lastname" | "course_title">;

/** A PDF's amount: the standard fonts have no naira sign. */
const pdfAmount = (kobo: number) => formatKobo(kobo).replace("₦", "NGN ");

/** The file as a mail attaches it and the status page names it. */
export const receiptFilename = (reference: string) => `Receipt-${reference}.pdf`;

/**
 * The receipt of a paid (or since refunded) payment; `statusUrl` is the QR code's link,
 * `instalmentOf` the parts of the intake's plan when it paid an instalment (api/lib/intakes.ts).
 */
export async function receiptPdf(
  payment: Payment,
  applicant: Applicant,
  statusUrl: string,
  settings: SiteSettings,
  instalmentOf?: number | null,
  /** The statement after this payment: what is still owed and due next (docs/decisions/093). */
  statement?: Statement,
): Promise<Buffer> {
  if (!payment.paid_at) throw new Error("Only a paid payment has a receipt");
  const letter = await academyLetter(settings, {
    title: `Receipt ${payment.reference}`,
    heading: "Receipt",
    reference: payment.reference,
    // Dated by the payment: the same receipt makes the same file whenever it is drawn.
    at: payment.paid_at,
  });

  const rows: [string, string][] = [
    ["Received from", `${applicant.firstname} ${applicant.lastname}`],
    ["Application", applicationReference(applicant.id)],
    ["Course", applicant.course_title],
    ["Paid for", paidForWords(payment, instalmentOf)],
    ["Amount", pdfAmount(payment.amount)],
    ["Paid on", paidWhenWords(payment.paid_at, payment.method)],
    ["Paid by", payment.method === "transfer" ? "Bank transfer" : channelWords(payment.channel) || "Paystack"],
    ["Payment reference", payment.reference],
  ];
  if (payment.transfer_reference) rows.push(["Transfer reference", payment.transfer_reference]);
  if (payment.status === "refunded")
    rows.push(["Refunded", payment.refunded_amount ? pdfAmount(payment.refunded_amount) : "Yes"]);
  if (statement) rows.push(...owedRows(statement, pdfAmount));
  letter.rows(rows, letter.height - 232, 150);
  return letter.finish(statusUrl, [
    "Scan to follow your application",
    "on your private status page. Keep this receipt:",
    "quote its reference with any question about it.",
  ]);
}

/** The receipt as a mail attaches it. */
export async function receiptAttachment(...args: Parameters<typeof receiptPdf>) {
  return {
    filename: receiptFilename(args[0].reference),
    contentType: "application/pdf",
    content: await receiptPdf(...args),
  };
}
