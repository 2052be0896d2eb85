// The browser's first look at a phone number (docs/decisions/037-references-phones-and-payment.md):
// the shape of a Nigerian number (0, +234, +234 (0) or nothing, then 8 to 10 digits) or of another country's
// (+ and 7 to 15 digits). It catches a number cut short ("0803 123") without the numbering plan's
// data, which would cost the registration page about 34 KB of script; the server applies the
// full rule (domain/phone.ts, libphonenumber) and the form comes back with its message.

const NIGERIAN = /^(?:\+?2340?|0)?[1-9]\d{7,9}$/;
const OTHER_COUNTRY = /^\+(?!234)[1-9]\d{6,14}$/;

export function looksLikePhoneNumber(value: string) {
  const text = value.trim();
  if (!/^\+?[\d\s().-]{6,30}$/.test(text)) return false;
  const compact = text.replace(/[\s().-]/g, "");
  return NIGERIAN.test(compact) || OTHER_COUNTRY.test(compact);
}
