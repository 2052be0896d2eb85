// Field rules both tiers apply: the browser and the web tier's actions check them for the
// visitor's sake, the API checks them again as the authority — with the same rule.

/** A colour as the editor's colour picker gives it: `#` and six hex digits. */
export const COLOUR = /^#[0-9a-f]{6}$/i;

/**
 * A phone number: digits with an optional leading + and spaces or dashes between, 7 to 15
 * digits in all (E.164's longest is 15).
 */
export function isPhoneNumber(value: string): boolean {
  const digits = value.replace(/\D/g, "").length;
  return /^\+?[0-9][0-9\s-]{6,20}$/.test(value) && digits >= 7 && digits <= 15;
}
