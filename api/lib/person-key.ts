import { phoneKey } from "@domain/phone";

// The keys a person is found and counted by (docs/decisions/034-retention-and-rights.md), apart
// from api/limits.ts (which re-exports personKey) so the migrations can fill stored keys by the
// same rule without importing the rate limiter and the database it opens.

/** The keys of a person's own limits: an e-mail address however it is cased, a phone however it is written. */
export const personKey = {
  email: (email: string) => email.trim().toLowerCase(),
  /** One phone however it is written (+234 803…, 0803 …): its E.164 form by the shared rule (domain/phone.ts). */
  phone: (phone: string) => phoneKey(phone),
};

/**
 * The keys a saved form is found by (`saved_forms.email`, `saved_forms.phone_key`): the e-mail and
 * phone the applicant typed, keyed as personKey keys them, or null when not typed. A value longer
 * than the registration form takes (200 and 30 characters) is not a key anyone looks up, and
 * kept out of the index (PostgreSQL refuses an index entry over about 2.7 KB).
 */
export function savedFormKeys(fields: Record<string, unknown>) {
  const text = (name: string, max: number) => {
    const value = fields[name];
    return typeof value === "string" && value.trim() !== "" && value.length <= max ? value : null;
  };
  const email = text("email", 200);
  const phone = text("phone", 30);
  const phone_key = phone === null ? null : personKey.phone(phone) || null;
  return { email: email === null ? null : personKey.email(email), phone_key };
}
