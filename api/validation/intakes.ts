import { z } from "zod";

import { COURSE_TYPES } from "@domain/choices";
import { INSTALMENT_LIMITS, instalmentPlanProblem } from "@domain/course-fees";
import { INTAKE_LIMITS, INTAKE_STATUSES, SCHEDULE_KINDS } from "@domain/intakes";
import { isOneLine } from "@domain/text";

import { apiMessages } from "../messages";
import { isCalendarDate } from "./fields";

// A course's intakes (docs/decisions/068-intakes-and-seats.md): what staff send to create or
// change one, and the state changes (close, archive, open again).

const day = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine(isCalendarDate, message);
const line = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `must be at most ${max} characters`)
    .refine(isOneLine, apiMessages.notOneLine);
const blankToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);
const wholeNumber = (max: number, message: string) =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() !== "" ? Number(v.replace(/[,\s₦]/g, "")) : v),
    z.number({ error: message }).int(message).min(0, message).max(max, message),
  );

export const intakeInput = z
  .object({
    startDate: day(apiMessages.intakeStartDate),
    endDate: z.preprocess(blankToUndefined, day(apiMessages.intakeEndDate).optional()),
    duration: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .max(INTAKE_LIMITS.durationLength, `must be at most ${INTAKE_LIMITS.durationLength} characters`)
        .refine(isOneLine, apiMessages.notOneLine)
        .optional(),
    ),
    scheduleKind: z.enum(SCHEDULE_KINDS, { error: apiMessages.intakeScheduleKind }),
    schedule: line(INTAKE_LIMITS.scheduleLength, apiMessages.intakeSchedule),
    campus: line(INTAKE_LIMITS.campusLength, apiMessages.intakeCampus),
    seats: wholeNumber(INTAKE_LIMITS.maxSeats, apiMessages.intakeSeats).refine((n) => n >= 1, apiMessages.intakeSeats),
    opensOn: day(apiMessages.intakeOpensOn),
    closesOn: day(apiMessages.intakeClosesOn),
    courseTypes: z.preprocess(
      (v) => (typeof v === "string" ? [v] : v),
      z
        .array(z.enum(COURSE_TYPES, { error: `must be one of ${COURSE_TYPES.join(", ")}` }), {
          error: apiMessages.intakeCourseTypes,
        })
        .min(1, apiMessages.intakeCourseTypes)
        .max(COURSE_TYPES.length),
    ),
    /** Naira, a whole number (kept as kobo). */
    fee: wholeNumber(INTAKE_LIMITS.maxFee, apiMessages.intakeFee),
    /** The optional instalment plan (docs/decisions/077): naira parts in order of their due days; none is no plan. */
    instalments: z
      .array(
        z.object({
          amount: wholeNumber(INTAKE_LIMITS.maxFee, apiMessages.intakeInstalments.partAmount),
          dueOn: day(apiMessages.intakeInstalments.partDay),
        }),
        { error: apiMessages.intakeInstalments.partDay },
      )
      .max(INSTALMENT_LIMITS.maxParts, apiMessages.intakeInstalments.tooMany)
      .optional()
      .default([]),
  })
  .superRefine((v, ctx) => {
    const problem = instalmentPlanProblem(v.fee, v.instalments);
    // No path: the message names its field itself ("instalments: …"), as the form reads it.
    if (problem) ctx.addIssue({ code: "custom", path: [], message: apiMessages.intakeInstalments[problem] });
    if (!v.endDate && !v.duration)
      ctx.addIssue({ code: "custom", path: ["endDate"], message: apiMessages.intakeEndOrDuration });
    if (v.endDate && v.endDate < v.startDate)
      ctx.addIssue({ code: "custom", path: ["endDate"], message: apiMessages.intakeEndBeforeStart });
    if (v.closesOn < v.opensOn)
      ctx.addIssue({ code: "custom", path: ["closesOn"], message: apiMessages.intakeClosesBeforeOpens });
  });

export const intakeStatusInput = z.object({
  status: z.enum(INTAKE_STATUSES, { error: apiMessages.intakeStatus }),
});

export const intakeStaffQuery = z.object({
  course: z.string({ error: "course is required" }).trim().min(1, "course is required").max(100),
});
