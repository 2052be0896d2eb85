import { z } from "zod";

import { PASSWORD_MAX_LENGTH, STAFF_ROLES } from "@domain/staff";
import { isOneLine } from "@domain/text";

import { isCommonPassword, PASSWORD_RULES } from "../auth/password";
import { apiMessages } from "../messages";
import { DAY, email, flag, isLagosDay, LIST_KEY } from "./fields";

export const loginInput = z.object({
  username: email("Kindly input your email").transform((s) => s.toLowerCase()),
  password: z.string({ error: "Kindly input your password" }).min(1, "Kindly input your password").max(200),
  keepMeSignedIn: flag,
});

export const passwordRequestInput = z.object({
  email: email("Kindly input a valid email").transform((s) => s.toLowerCase()),
});

export const newPassword = z
  .string({ error: "Password is required" })
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`)
  .superRefine((value, ctx) => {
    for (const rule of PASSWORD_RULES) if (!rule.test(value)) ctx.addIssue({ code: "custom", message: rule.message });
    if (isCommonPassword(value)) ctx.addIssue({ code: "custom", message: apiMessages.commonPassword });
  });

// Staff accounts, two-factor sign-in and the security log (docs/decisions/031-staff-roles.md, 032).
const role = z.enum(STAFF_ROLES, { error: `must be one of: ${STAFF_ROLES.join(", ")}` });

const code = z
  .string({ error: "Enter the code from your authenticator app, or a recovery code" })
  .trim()
  .min(1, "Enter the code from your authenticator app, or a recovery code")
  .max(20, "Enter the code from your authenticator app, or a recovery code");

export const codeInput = z.object({ code });

export const invitationInput = z.object({
  email: email("Kindly input a valid email").transform((s) => s.toLowerCase()),
  name: z
    .string({ error: "Kindly input the person's name" })
    .trim()
    .min(1, "Kindly input the person's name")
    .max(100, "must be at most 100 characters")
    .refine(isOneLine, apiMessages.notOneLine),
  role,
});

export const roleInput = z.object({ role });

export const invitationTokenInput = z.object({
  token: z
    .string({ error: "The invitation link is invalid, used or expired" })
    .min(10, "The invitation link is invalid, used or expired")
    .max(200),
});

export const invitationAcceptInput = invitationTokenInput.extend({ password: newPassword });

export const securityLogQuery = z.object({
  limit: z.coerce
    .number({ error: "must be a whole number from 1 to 200" })
    .int("must be a whole number from 1 to 200")
    .min(1, "must be a whole number from 1 to 200")
    .max(200, "must be a whole number from 1 to 200")
    .default(50),
  person: z
    .string()
    .regex(/^[\w-]{1,64}$/, "must be a staff member's id")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  event: z
    .string()
    .regex(/^[a-z_]{1,40}\.[a-z_]{1,40}$/, "must be an event's name, e.g. login.failed")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  from: z
    .string()
    .regex(DAY, "must be a date, YYYY-MM-DD")
    .refine(isLagosDay, "must be a real date, YYYY-MM-DD")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  to: z
    .string()
    .regex(DAY, "must be a date, YYYY-MM-DD")
    .refine(isLagosDay, "must be a real date, YYYY-MM-DD")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  after: z
    .string()
    .regex(LIST_KEY, "must be the last entry's time and id joined by _")
    .transform((key) => {
      const [, at, id] = LIST_KEY.exec(key)!;
      return { at, id };
    })
    .optional(),
  /** Set by the CSV export's first page: the export itself is logged. */
  export: z.enum(["1"]).optional(),
});

export const passwordResetInput = z.object({
  token: z
    .string({ error: "The reset link is invalid or has expired" })
    .min(10, "The reset link is invalid or has expired")
    .max(200),
  password: newPassword,
});
