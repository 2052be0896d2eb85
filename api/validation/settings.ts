import { z } from "zod";

import { SETTINGS_LIMITS, SOCIAL_NETWORKS } from "@domain/settings";
import { isOneLine } from "@domain/text";

import { newPassword } from "../validation";

// The shape of a settings save (PUT /api/settings): bounded strings, a whole-naira fee. The rules
// beyond shape (a NUBAN, a phone the numbering plan knows, http(s) links, an announcement's days)
// are domain/settings-rules.ts's, which the web tier applies too.
const line = z.string().max(SETTINGS_LIMITS.longText);

export const settingsBody = z.object({
  contact: z.object({
    academyName: line,
    phones: z.array(z.string().max(40)).max(SETTINGS_LIMITS.phones),
    whatsapp: z.string().max(40),
    email: line,
    hours: line,
    campuses: z
      .array(z.object({ name: line, street: line, city: line, region: line, mapUrl: line }))
      .max(SETTINGS_LIMITS.campuses),
  }),
  payments: z.object({
    bankName: line,
    accountName: line,
    accountNumber: z.string().max(20),
    fee: z.number().int().min(0).max(10_000_000),
    reference: line,
    // Optional: a client written before the setting leaves it as it was stored.
    refundPolicy: line.optional(),
  }),
  social: z.object(
    Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n.key, line])) as Record<
      (typeof SOCIAL_NETWORKS)[number]["key"],
      typeof line
    >,
  ),
  dataProtection: z.object({ contactEmail: line, dpoName: line }),
  announcement: z.object({ message: line, start: z.string().max(10), end: z.string().max(10) }),
  // Optional: a client written before the setting leaves it as it was stored.
  admissions: z.object({ savedFormReminderDays: z.number().int().min(-1).max(1000) }).optional(),
});

export const restoreParams = z.object({ version: z.coerce.number().int().min(0).max(1_000_000_000) });

export const revisionsQuery = z.object({
  /** The page after this version (newest first). */
  before: z.coerce.number().int().min(1).optional(),
});

/** The first run's form (POST /api/setup): the setup code, the academy's name and the first Admin. */
export const setupBody = z.object({
  code: z.string({ error: "Enter the setup code" }).trim().min(1, "Enter the setup code").max(200),
  academyName: z
    .string({ error: "Enter the academy's name" })
    .trim()
    .min(1, "Enter the academy's name")
    .max(SETTINGS_LIMITS.text)
    .refine(isOneLine, "Keep the name on one line"),
  name: z
    .string({ error: "Kindly input your name" })
    .trim()
    .min(1, "Kindly input your name")
    .max(100)
    .refine(isOneLine, "Keep the name on one line"),
  email: z
    .email("Kindly input a valid email")
    .max(200)
    .transform((s) => s.toLowerCase()),
  password: newPassword,
});
