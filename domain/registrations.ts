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

// One payment flow, said the same way on the form, the thank-you screen and the confirmation
// e-mail (docs/decisions/037-references-phones-and-payment.md): submit the form first, get the
// reference, then pay the fee by bank transfer quoting that reference.
export const REGISTRATION_PAYMENT = {
  fee: "₦20,000",
  intro:
    "A registration form fee of ₦20,000 applies before course payment. Submit this form first: you get your application reference (FLA-…) at once. Then pay the fee by bank transfer to the account below and use that reference as the transfer reference.",
  // Sample details for the demo site: replace them with the Academy's real account before launch.
  bank: [
    { label: "Bank", value: "Zenith Bank Plc" },
    { label: "Account Name", value: "Fine Line Academy Ltd" },
    { label: "Account Number", value: "1012345678" },
    { label: "Amount", value: "₦20,000" },
  ],
  note: "Do not pay before you have your reference. The confirmation e-mail repeats it, with a link to follow your application.",
  /** On the thank-you screen and in the confirmation e-mail, after the form was sent. */
  steps: [
    "Transfer the registration fee of ₦20,000 to the account below.",
    "Use your reference as the transfer reference, so that we can match your payment to your application.",
    "Then send a photo or PDF of your transfer receipt from your private status page.",
  ],
} as const;
