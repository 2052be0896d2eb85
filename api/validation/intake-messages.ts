import { z } from "zod";

import { INTAKE_MESSAGE_LIMITS, MESSAGE_AUDIENCES } from "@domain/intake-message";
import { isOneLine } from "@domain/text";

import { apiMessages } from "../messages";

// A message to an intake (docs/decisions/080-message-an-intake.md): who, a one-line subject and a
// plain-text body, each bounded. The body keeps its line breaks and tabs, nothing else of the
// control characters (a mail's text is read as written).

// eslint-disable-next-line no-control-regex
const CONTROL_BUT_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

const messageFields = {
  audience: z.enum(MESSAGE_AUDIENCES, { error: apiMessages.messageAudience }),
  subject: z
    .string({ error: apiMessages.messageSubject })
    .trim()
    .min(1, apiMessages.messageSubject)
    .max(INTAKE_MESSAGE_LIMITS.subject, `must be at most ${INTAKE_MESSAGE_LIMITS.subject} characters`)
    .refine(isOneLine, apiMessages.notOneLine),
  body: z
    .string({ error: apiMessages.messageBody })
    .transform((text) => text.replace(/\r\n?/g, "\n").trim())
    .pipe(
      z
        .string()
        .min(1, apiMessages.messageBody)
        .max(INTAKE_MESSAGE_LIMITS.body, `must be at most ${INTAKE_MESSAGE_LIMITS.body} characters`)
        .refine((text) => !CONTROL_BUT_BREAKS.test(text), apiMessages.messageBodyControl),
    ),
};

export const intakeMessagePreviewInput = z.object(messageFields);

/** `count`: how many people the preview showed; the send is refused (409) if that has changed since. */
export const intakeMessageInput = z.object({
  ...messageFields,
  count: z.coerce.number({ error: apiMessages.messageCount }).int().min(1).max(100_000),
});
