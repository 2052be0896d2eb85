// What the thank-you screen (app/) and the confirmation e-mail (api/mail/templates.ts) both
// say once a registration is stored: kept here so the two never disagree and the API needs
// nothing from the web tier. Apart from the reference (registrations.ts), which the form's
// payment words use: the form's page carries none of the thank-you's words.
export const REGISTRATION_RECEIVED = {
  body: "We have received your registration. Our admissions team will review it and contact you by e-mail or phone shortly.",
  reference: "Your reference",
  course: "Course",
  paymentTitle: "Pay the registration fee",
} as const;
