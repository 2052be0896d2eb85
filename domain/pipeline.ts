// The applicant pipeline (docs/product.md §4): the statuses, in the order an applicant moves
// through them, and the longest staff note. The API enforces them; the staff pages offer them.
// "withdrawn": the applicant withdrew on their status page (or told staff so); the retention
// rule reads it like "declined" (docs/product.md §4).
export const APPLICANT_STATUSES = ["new", "contacted", "paid", "enrolled", "declined", "withdrawn"] as const;
export type ApplicantStatusValue = (typeof APPLICANT_STATUSES)[number];
export const NOTE_MAX_LENGTH = 2000;
/** Where an applicant's proof of payment stands (docs/product.md §4); null: none sent yet. */
export const PAYMENT_PROOF_STATES = ["waiting", "confirmed", "rejected"] as const;
export type PaymentProofState = (typeof PAYMENT_PROOF_STATES)[number];
/** The longest reason staff give when they reject a proof of payment (the applicant reads it). */
export const PROOF_REASON_MAX_LENGTH = 500;
