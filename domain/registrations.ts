// An application's reference, as the thank-you screen and the confirmation e-mail show it
// (docs/decisions/018-registration-for-phones.md): the first 8 characters of its id, upper-cased, after the academy's prefix. Short
// enough to read out on the phone; staff find the applicant by it (the id starts with it).
export const REFERENCE_PREFIX = "FLA-";
export const applicationReference = (id: string) => `${REFERENCE_PREFIX}${id.slice(0, 8).toUpperCase()}`;
