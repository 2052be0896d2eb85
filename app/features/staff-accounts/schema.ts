import * as z from "zod/mini";

import { lagosLocalToIso } from "@domain/schedule";
import { STAFF_ROLES } from "@domain/staff";
import { loginText } from "~/content/auth";
import { codeText } from "~/content/staff-accounts";

// The staff accounts forms (docs/decisions/031-staff-roles.md, 032), checked by their actions;
// the API checks each again and its sentence is shown when it refuses.
const id = z.string().check(z.regex(/^[\w-]{1,64}$/));

export const codeSchema = z.object({
  code: z
    .string({ error: codeText.codeRequired })
    .check(z.trim(), z.minLength(1, codeText.codeRequired), z.maxLength(20, codeText.codeRequired)),
  redirectTo: z.optional(z.string().check(z.maxLength(2000))),
});

export const twoFactorSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("start") }),
  z.object({ intent: z.literal("confirm"), code: codeSchema.shape.code }),
  z.object({ intent: z.literal("disable"), code: codeSchema.shape.code }),
]);

const role = z.enum(STAFF_ROLES);

export const staffActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("invite"),
    email: z.pipe(
      z
        .string({ error: loginText.emailRequired })
        .check(z.trim(), z.minLength(1, loginText.emailRequired), z.maxLength(200)),
      z.email({ error: loginText.emailInvalid }),
    ),
    name: z
      .string({ error: "Kindly input the person's name" })
      .check(z.trim(), z.minLength(1, "Kindly input the person's name"), z.maxLength(100)),
    role,
  }),
  z.object({ intent: z.literal("role"), id, role }),
  z.object({ intent: z.literal("deactivate"), id }),
  z.object({ intent: z.literal("reactivate"), id }),
  z.object({ intent: z.literal("resetTwoFactor"), id }),
  z.object({ intent: z.literal("resend"), id }),
  z.object({ intent: z.literal("cancel"), id }),
]);

// A day that exists (the API refuses 2026-02-31): a hand-edited address shows the whole log instead.
const day = z.optional(
  z.string().check(
    z.regex(/^(\d{4}-\d{2}-\d{2})?$/),
    z.refine((d) => d === "" || lagosLocalToIso(`${d}T00:00`) !== undefined),
  ),
);
export const securityLogFilterSchema = z.object({
  person: z.optional(z.string().check(z.regex(/^[\w-]{0,64}$/))),
  event: z.optional(z.string().check(z.regex(/^([a-z_]{1,40}\.[a-z_]{1,40})?$/))),
  from: day,
  to: day,
  after: z.optional(z.string().check(z.maxLength(120))),
});
