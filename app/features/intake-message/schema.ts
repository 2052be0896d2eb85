import * as z from "zod/mini";

import { INTAKE_MESSAGE_LIMITS, MESSAGE_AUDIENCES } from "@domain/intake-message";
import { isOneLine } from "@domain/text";
import { intakeMessageText } from "~/content/desk";
import { messages as shared } from "~/content/messages";

// Message an intake (docs/decisions/080-message-an-intake.md): one schema for the browser
// (validateForm) and the action (parseWithZod); the API checks the same limits from domain/.

const m = intakeMessageText.messages;
// eslint-disable-next-line no-control-regex -- the body keeps line breaks and tabs, no other control character
const CONTROL_BUT_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

export const messageFormSchema = z.object({
  audience: z.enum(MESSAGE_AUDIENCES, { error: m.audience }),
  subject: z.string({ error: m.subject }).check(
    z.trim(),
    z.minLength(1, m.subject),
    z.maxLength(INTAKE_MESSAGE_LIMITS.subject, m.tooLong(INTAKE_MESSAGE_LIMITS.subject)),
    z.refine((v: string) => isOneLine(v), shared.notOneLine),
  ),
  body: z.string({ error: m.body }).check(
    // A browser sends CRLF line breaks; counted as the API counts them (one character each).
    z.overwrite((v: string) => v.replace(/\r\n?/g, "\n")),
    z.trim(),
    z.minLength(1, m.body),
    z.maxLength(INTAKE_MESSAGE_LIMITS.body, m.tooLong(INTAKE_MESSAGE_LIMITS.body)),
    z.refine((v: string) => !CONTROL_BUT_BREAKS.test(v), m.control),
  ),
});
export type MessageFormInput = z.input<typeof messageFormSchema>;

/** The second step carries the count the preview showed: what was confirmed is what is sent. */
export const sendFormSchema = z.object({
  ...messageFormSchema.def.shape,
  count: z.number().check(z.int(), z.minimum(1), z.maximum(100_000)),
});
