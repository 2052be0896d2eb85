import { REGISTRATION_RECEIVED } from "@domain/registration-received";

// The words of the thank-you screen after a registration (its own page, /registration-form/received).

export const thankYouCopy = {
  metaTitle: "Registration received",
  heading: "Thank you for registering!",
  // The confirmation e-mail says the same (domain/registration-received.ts).
  body: REGISTRATION_RECEIVED.body,
  reference: REGISTRATION_RECEIVED.reference,
  course: REGISTRATION_RECEIVED.course,
  referenceHint: "Quote this reference when you pay the registration fee or contact us.",
  paymentTitle: REGISTRATION_RECEIVED.paymentTitle,
  emailNote: "We have also sent these details to your e-mail address.",
  home: "Go to Home Page",
  again: "Apply Again",
  /** Shown only if the guardian's step or paying online must show before its code came. */
  loading: "Loading…",
};
