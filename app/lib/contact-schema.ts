// Named imports (not the `z` namespace) let the bundler drop the parts of zod this form
// does not use — the whole namespace, with every locale, costs the browser ~100 KB gzipped.
import { email, enum as oneOf, object, string, type infer as Infer } from "zod";

// The contact form's one schema (SPEC §5), used by the browser and by the action.
const required = (message: string, max: number) => string({ error: message }).trim().min(1, message).max(max, message);

export const contactSchema = object({
  fullname: required("Kindly input your fullname", 120),
  email: email({ error: "Kindly input your email" }).trim().max(200),
  phone: required("Kindly input your phone number", 30),
  issue: oneOf(["1", "2", "3"], { error: "Help us understand the matter of your mail" }),
  message: required("Kindly input your message", 5000),
});

export type ContactInput = Infer<typeof contactSchema>;
