// Certificates of completion (docs/decisions/058-certificates-and-their-public-check.md): the
// number's shape, which both the API (that makes and finds them) and the check page's form read.
//
// A number is 12 random characters of Crockford's base32 (60 bits: no order, nothing to count
// from) and one check character (Luhn mod 32), shown in groups of four: "7K3M-Q9PX-2HRD-8".
// Letters a person confuses are read as the digit they look like (O → 0, I and L → 1), case and
// dashes do not matter, so a number read aloud over the phone or typed from paper still matches.

export const CERTIFICATE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/** Random characters of a number (each 5 bits). */
export const CERTIFICATE_RANDOM_CHARS = 12;
/** The longest text the check form takes (the number with dashes, spaces and a little slack). */
export const CERTIFICATE_INPUT_MAX = 40;
/** A printed name: the longest, as the certificate's line holds it. */
export const HOLDER_NAME_MAX = 80;
/** An optional grade or distinction ("Distinction", "Merit", "A"). */
export const GRADE_MAX = 40;
/** The reason staff give for a completion before the intake's first day (docs/decisions/098). */
export const EARLY_REASON_MAX = 300;
/** How many graduates one "complete all" or "issue all" handles at most (a course's intake). */
export const CERTIFICATE_BATCH_MAX = 300;

/** Why a certificate was revoked: the check page shows the category, never staff's own words. */
export const REVOCATION_REASONS = ["issued-in-error", "misconduct", "details-corrected", "holder-request"] as const;
export type RevocationReason = (typeof REVOCATION_REASONS)[number];
export const REVOCATION_REASON_NAMES: Record<RevocationReason, string> = {
  "issued-in-error": "Issued in error",
  misconduct: "Academic misconduct",
  "details-corrected": "Replaced by a corrected certificate",
  "holder-request": "Withdrawn at the holder's request",
};

const value = (char: string) => CERTIFICATE_ALPHABET.indexOf(char);

/** Luhn mod 32 over the characters: catches every single wrong character and most swapped pairs. */
export function certificateCheckChar(body: string) {
  let sum = 0;
  let double = true;
  for (let i = body.length - 1; i >= 0; i--) {
    let v = value(body[i]) * (double ? 2 : 1);
    v = Math.floor(v / 32) + (v % 32);
    sum += v;
    double = !double;
  }
  return CERTIFICATE_ALPHABET[(32 - (sum % 32)) % 32];
}

/**
 * The stored form of a typed number (13 characters, no dashes), or null when it cannot be one:
 * wrong length, a character outside the alphabet, or a check character that does not match.
 * A null is answered exactly like a well-formed number that names nothing.
 */
export function normalizeCertificateNumber(typed: string): string | null {
  const plain = typed.toUpperCase().replace(/[\s-]/g, "").replace(/O/g, "0").replace(/[IL]/g, "1");
  if (plain.length !== CERTIFICATE_RANDOM_CHARS + 1) return null;
  if ([...plain].some((c) => value(c) < 0)) return null;
  const body = plain.slice(0, -1);
  return certificateCheckChar(body) === plain.slice(-1) ? plain : null;
}

/** The number as people read it: groups of four, then the check character. */
export function formatCertificateNumber(stored: string) {
  return stored.match(/.{1,4}/g)!.join("-");
}

/** The public check page of a number (what the QR code opens). */
export const verifyPath = (stored: string) => `/verify/${formatCertificateNumber(stored)}`;

const DAY_FORMAT = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});
/** A stored day ("2026-11-27") as the certificate and the check page print it: "27 November 2026". */
export const certificateDay = (day: string) => DAY_FORMAT.format(new Date(`${day}T12:00:00Z`));
