import * as z from "zod/mini";

import { COURSE_TYPES } from "@domain/choices";
import { type InstalmentPart, instalmentPlanProblem } from "@domain/course-fees";
import { INTAKE_LIMITS, INTAKE_STATUSES, SCHEDULE_KINDS } from "@domain/intakes";
import { isOneLine } from "@domain/text";
import { asStoredDay } from "@domain/typed-day";
import { intakeFormMessages as m } from "~/content/intakes";
import { messages as shared } from "~/content/messages";

// The staff form of a course's intake (docs/decisions/068-intakes-and-seats.md): one schema for
// the browser (validateForm) and the action (parseWithZod). zod/mini, as every form (decision 023).

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (message: string) =>
  z.string({ error: message }).check(z.trim(), z.overwrite(asStoredDay), z.regex(DAY, m.day));
const text = (message: string, max: number) =>
  z.string({ error: message }).check(
    z.trim(),
    z.minLength(1, message),
    z.maxLength(max, m.tooLong(max)),
    z.refine((v: string) => isOneLine(v), shared.notOneLine),
  );
const whole = (message: string, min: number, max: number) =>
  z.number({ error: message }).check(z.int(message), z.minimum(min, message), z.maximum(max, message));

/**
 * The instalment plan's rows (docs/decisions/077-course-fees-and-instalments.md): six pairs of
 * plain fields, so the form works without JavaScript; rows left empty are no part.
 */
export const PLAN_ROWS = [1, 2, 3, 4, 5, 6] as const;
type PlanKey = `instalmentAmount${(typeof PLAN_ROWS)[number]}` | `instalmentDue${(typeof PLAN_ROWS)[number]}`;
const planFields = Object.fromEntries(
  PLAN_ROWS.flatMap((n) => [
    [`instalmentAmount${n}`, z.optional(whole(m.instalmentAmount, 1, INTAKE_LIMITS.maxFee))],
    [`instalmentDue${n}`, z.optional(day(m.day))],
  ]),
) as Record<PlanKey, z.ZodMiniOptional<z.ZodMiniNumber<number>> | z.ZodMiniOptional<z.ZodMiniString<string>>>;

/** The rows typed as the plan's parts, in order; a half-filled row is said at its empty field. */
export function planParts(v: Record<string, unknown>) {
  const parts: InstalmentPart[] = [];
  for (const n of PLAN_ROWS) {
    const amount = v[`instalmentAmount${n}`];
    const dueOn = v[`instalmentDue${n}`];
    if (amount === undefined && dueOn === undefined) continue;
    parts.push({ amount: Number(amount), dueOn: String(dueOn ?? "") });
  }
  return parts;
}

function planIssues(v: Record<string, unknown>, issue: (path: string, message: string) => void) {
  for (const n of PLAN_ROWS) {
    const amount = v[`instalmentAmount${n}`];
    const dueOn = v[`instalmentDue${n}`];
    if (amount !== undefined && dueOn === undefined) issue(`instalmentDue${n}`, m.instalmentDue);
    if (amount === undefined && dueOn !== undefined) issue(`instalmentAmount${n}`, m.instalmentAmount);
  }
  const problem = instalmentPlanProblem(Number(v.fee), planParts(v));
  if (problem) issue("instalmentAmount1", m.plan[problem]);
}

export const intakeFormSchema = z
  .object({
    intakeId: z.optional(z.string().check(z.maxLength(100))),
    startDate: day(m.startDate),
    endDate: z.optional(day(m.day)),
    duration: z.optional(
      z.string().check(
        z.trim(),
        z.maxLength(INTAKE_LIMITS.durationLength, m.tooLong(INTAKE_LIMITS.durationLength)),
        z.refine((v: string) => isOneLine(v), shared.notOneLine),
      ),
    ),
    scheduleKind: z.enum(SCHEDULE_KINDS, { error: m.scheduleKind }),
    schedule: text(m.schedule, INTAKE_LIMITS.scheduleLength),
    campus: text(m.campus, INTAKE_LIMITS.campusLength),
    seats: whole(m.seats, 1, INTAKE_LIMITS.maxSeats),
    opensOn: day(m.opensOn),
    closesOn: day(m.closesOn),
    courseTypes: z
      .array(z.enum(COURSE_TYPES, { error: m.courseTypes }), { error: m.courseTypes })
      .check(z.minLength(1, m.courseTypes)),
    fee: whole(m.fee, 0, INTAKE_LIMITS.maxFee),
    ...planFields,
  })
  .check(
    z.superRefine((v, ctx) => {
      planIssues(v, (path, message) => ctx.addIssue({ code: "custom", path: [path], message }));
      if (!v.endDate && !v.duration) ctx.addIssue({ code: "custom", path: ["endDate"], message: m.endOrDuration });
      if (v.endDate && v.endDate < v.startDate)
        ctx.addIssue({ code: "custom", path: ["endDate"], message: m.endBeforeStart });
      if (v.closesOn < v.opensOn) ctx.addIssue({ code: "custom", path: ["closesOn"], message: m.closesBeforeOpens });
    }),
  );
export type IntakeFormInput = z.input<typeof intakeFormSchema>;

/** Close, archive or open again: the row's small forms. */
export const intakeStatusFormSchema = z.object({
  intakeId: z.string().check(z.minLength(1), z.maxLength(100)),
  status: z.enum(INTAKE_STATUSES),
});

/** An intake's values as the form shows them (text, as typed). */
export type IntakeFormValues = {
  intakeId: string;
  startDate: string;
  endDate: string;
  duration: string;
  scheduleKind: string;
  schedule: string;
  campus: string;
  seats: string;
  opensOn: string;
  closesOn: string;
  courseTypes: string[];
  fee: string;
} & Partial<Record<PlanKey, string>>;
