import { z } from "zod";

// The contact form's one schema (SPEC §5), used by the browser and by the action.
const required = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, message);

export const contactSchema = z.object({
  fullname: required("Kindly input your fullname", 120),
  email: z.email({ error: "Kindly input your email" }).trim().max(200),
  phone: required("Kindly input your phone number", 30),
  issue: z.enum(["1", "2", "3"], { error: "Help us understand the matter of your mail" }),
  message: required("Kindly input your message", 5000),
});

export type ContactInput = z.infer<typeof contactSchema>;
