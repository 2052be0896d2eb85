import * as z from "zod/mini";
import en from "zod/v4/locales/en.js";

import { CONTACT_ISSUES, type ContactIssue } from "@domain/contact-issues";
import { isOneLine } from "@domain/text";
import { messages } from "~/content/messages";

// zod/mini, not classic zod, as the registration schema (decision 023): the browser runs this
// schema (app/utils/validate-form.ts), and classic zod there would put zod's whole core in a
// chunk the registration page shares.
// zod/mini sets no locale of its own: the rules that name no message speak English, as with
// classic zod (which installs the same English locale when none is set).
if (!z.config().localeError) z.config(en());
// In the browser, zod must not probe for eval (new Function): the CSP forbids it and Chrome
// reports every probe as a Content-Security-Policy issue.
if (typeof document !== "undefined") z.config({ jitless: true });

// The contact form's one schema (docs/product.md §5), used by the browser and by the action.
// One-line fields refuse line breaks and control characters, as the API does (domain/text.ts).
const required = (message: string, max: number, { multiline = false } = {}) =>
  z.string({ error: message }).check(
    z.trim(),
    z.minLength(1, message),
    z.maxLength(max, message),
    z.refine((v: string) => multiline || isOneLine(v), messages.notOneLine),
  );

export const contactSchema = z.object({
  fullname: required("Kindly input your fullname", 120),
  // Trimmed first, then checked, as the API does: a pasted " ada@example.com " is accepted.
  // An empty field keeps SPEC's words; a malformed address is told what is wrong (docs/product.md §5).
  email: z.pipe(
    z.string({ error: "Kindly input your email" }).check(z.trim(), z.minLength(1, "Kindly input your email")),
    z.email({ error: messages.emailMalformed }).check(z.maxLength(200, messages.emailMalformed)),
  ),
  phone: required("Kindly input your phone number", 30),
  issue: z.enum(CONTACT_ISSUES.map(String) as [`${ContactIssue}`, ...`${ContactIssue}`[]], {
    error: "Help us understand the matter of your mail",
  }),
  message: required("Kindly input your message", 5000, { multiline: true }),
});
