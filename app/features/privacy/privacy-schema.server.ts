import { z } from "zod";

import { PRIVACY_REQUEST_KINDS } from "@domain/retention";
import { asStoredDay } from "@domain/typed-day";
import { rightsText as t } from "~/content/privacy-staff";

// The privacy requests page's forms (docs/decisions/034-retention-and-rights.md): checked here for
// the staff member's sake, and again by the API. Server-only: classic zod in a page's browser
// code would enlarge the zod chunk every page shares (docs/architecture.md).
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => v || undefined);

export const personLookup = z.object({ email: optionalText(200), phone: optionalText(30) });

export const privacyForm = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("add"),
    kind: z.enum(PRIVACY_REQUEST_KINDS, { error: t.kind }),
    subject: z.string({ error: t.subject }).trim().min(1, t.subject).max(200),
    receivedOn: z
      .string({ error: t.receivedOn })
      .overwrite(asStoredDay)
      .regex(/^\d{4}-\d{2}-\d{2}$/, t.receivedOn),
  }),
  z.object({ intent: z.literal("done"), id: z.string().regex(/^[a-f0-9]{24}$/) }),
  z.object({
    intent: z.literal("erase"),
    email: optionalText(200),
    phone: optionalText(30),
    requestId: optionalText(24),
    confirm: z.literal("on", { error: t.eraseConfirmMissing }),
  }),
]);
