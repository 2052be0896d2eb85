// An application's reference, as the thank-you screen and the confirmation e-mail show it
// (docs/decisions/018-registration-for-phones.md): the first 8 characters of its id, upper-cased, after the academy's prefix. Short
// enough to read out on the phone; staff find the applicant by it (the id starts with it).
export const REFERENCE_PREFIX = "FLA-";
export const applicationReference = (id: string) => `${REFERENCE_PREFIX}${id.slice(0, 8).toUpperCase()}`;

// What the thank-you screen (app/) and the confirmation e-mail (api/mail/templates.ts) both
// say once a registration is stored: kept here so the two never disagree and the API needs
// nothing from the web tier.
export const REGISTRATION_RECEIVED = {
  body: "We have received your registration. Our admissions team will review it and contact you by e-mail or phone shortly.",
  reference: "Your reference",
  course: "Course",
  paymentTitle: "Pay the registration fee",
} as const;
