import { parsePhoneNumberFromString } from "libphonenumber-js/min";

// The one phone rule both tiers apply (docs/decisions/037-phone-numbers-and-references.md): a
// number is read as Nigerian unless it starts with + and another country code, checked against
// libphonenumber's numbering plan (lengths and leading digits, its small "min" data), and stored
// in one form, E.164 (+2348031234567). The browser checks only a number's shape
// (domain/phone-shape.ts); the web tier applies this rule before a registration's files are stored.

/** Where a number without a country code is taken to be. */
export const PHONE_REGION = "NG";

// Only what people type in a phone number: the library would otherwise pick a number out of any text.
const PHONE_CHARACTERS = /^\+?[\d\s().-]{6,30}$/;

/** The number in E.164 (`+2348031234567`), or undefined when it is not a number anyone can call. */
export function phoneE164(value: string): string | undefined {
  const text = value.trim();
  if (!PHONE_CHARACTERS.test(text)) return undefined;
  const parsed = parsePhoneNumberFromString(text, PHONE_REGION);
  return parsed?.isValid() ? parsed.number : undefined;
}

export const isPhoneNumber = (value: string) => phoneE164(value) !== undefined;

/**
 * The key a person's phone is found and counted by, however it was written: its E.164 form, or
 * its digits when the rule cannot read it (a row from before the rule). api/limits.ts personKey
 * and the applicants' and messages' `phone_key` use it.
 */
export const phoneKey = (value: string) => phoneE164(value) ?? value.replace(/\D/g, "");
