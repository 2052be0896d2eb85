// Named imports (not the `z` namespace) let the bundler drop the parts of zod this form
// does not use — the whole namespace, with every locale, costs the browser ~100 KB gzipped.
import { config, email, enum as oneOf, object, string } from "zod";
import { CONTACT_ISSUES, type ContactIssue } from "../../domain/choices";

// In the browser, zod must not probe for eval (new Function): the CSP forbids it and Chrome
// reports every probe as a Content-Security-Policy issue.
if (typeof document !== "undefined") config({ jitless: true });

// The contact form's one schema (docs/product.md §5), used by the browser and by the action.
const required = (message: string, max: number) => string({ error: message }).trim().min(1, message).max(max, message);

export const contactSchema = object({
  fullname: required("Kindly input your fullname", 120),
  // Trimmed first, then checked, as the API does: a pasted " ada@example.com " is accepted.
  email: string({ error: "Kindly input your email" })
    .trim()
    .pipe(email({ error: "Kindly input your email" }).max(200)),
  phone: required("Kindly input your phone number", 30),
  issue: oneOf(CONTACT_ISSUES.map(String) as [`${ContactIssue}`, ...`${ContactIssue}`[]], {
    error: "Help us understand the matter of your mail",
  }),
  message: required("Kindly input your message", 5000),
});
