// The applicant pipeline (docs/product.md §4): the statuses, in the order an applicant moves
// through them, and the longest staff note. The API enforces them; the staff pages offer them.
export const APPLICANT_STATUSES = ["new", "contacted", "paid", "enrolled", "declined"] as const;
export type ApplicantStatusValue = (typeof APPLICANT_STATUSES)[number];
export const NOTE_MAX_LENGTH = 2000;
