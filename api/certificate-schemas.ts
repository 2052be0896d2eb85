import { z } from "zod";

import {
  CERTIFICATE_BATCH_MAX,
  CERTIFICATE_INPUT_MAX,
  EARLY_REASON_MAX,
  GRADE_MAX,
  HOLDER_NAME_MAX,
  REVOCATION_REASONS,
} from "@domain/certificates";
import { lagosDay } from "@domain/consent";
import { isOneLine } from "@domain/text";

import { certificateMessages as m } from "./messages";
import { confirmFlag } from "./validation/applicants";

// The certificates' inputs (docs/decisions/058-certificates-and-their-public-check.md).

const applicantId = z.string().regex(/^[a-f0-9]{24}$/, m.noSuchApplicant);
const courseTitle = z
  .string({ error: m.courseNeeded })
  .trim()
  .min(1, m.courseNeeded)
  .max(200, m.courseNeeded)
  .refine(isOneLine, m.courseNeeded);
const isCalendarDate = (d: string) => {
  const t = Date.parse(`${d}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === d;
};
/** Optional on the wire: empty is "no grade". */
const grade = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
  z.string().trim().max(GRADE_MAX, m.gradeTooLong).refine(isOneLine, m.gradeTooLong).optional(),
);

/** An intake of the course (docs/decisions/068): its enrolled students only. Empty is the whole course. */
const intake = z.preprocess(
  (v) => (v === "" ? undefined : v),
  z
    .string()
    .regex(/^[a-f0-9]{24}$/, m.noSuchIntake)
    .optional(),
);

export const graduatesQuery = z.object({ course: courseTitle, intake });

/** One applicant by id, or every enrolled applicant of a course or one of its intakes (`course` with `all`). */
const whom = z.union([
  z.object({ applicantIds: z.array(applicantId).min(1).max(CERTIFICATE_BATCH_MAX) }),
  z.object({ course: courseTitle, intake, all: z.literal(true) }),
]);

export const completeInput = z.intersection(
  whom,
  z.object({
    completedOn: z
      .string({ error: m.completedOnInvalid })
      .regex(/^\d{4}-\d{2}-\d{2}$/, m.completedOnInvalid)
      .refine((d) => isCalendarDate(d) && d <= lagosDay() && d >= "2000-01-01", m.completedOnInvalid),
    grade,
    /** Staff saw what is still owed and mark completed anyway (docs/decisions/093). */
    confirmOwed: confirmFlag,
    /** Why a completion comes before the intake's first day; without it that is refused (docs/decisions/098). */
    earlyReason: z.preprocess(
      (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
      z
        .string({ error: m.earlyReasonInvalid })
        .trim()
        .min(3, m.earlyReasonInvalid)
        .max(EARLY_REASON_MAX, m.earlyReasonInvalid)
        .refine(isOneLine, m.earlyReasonInvalid)
        .optional(),
    ),
  }),
);

export const holderName = z
  .string({ error: m.holderNameNeeded })
  .trim()
  .min(2, m.holderNameNeeded)
  .max(HOLDER_NAME_MAX, m.holderNameTooLong(HOLDER_NAME_MAX))
  .refine(isOneLine, m.holderNameNeeded)
  .refine((s) => /\p{L}/u.test(s), m.holderNameNeeded);

export const issueInput = z.intersection(
  z.union([
    z.object({
      items: z
        .array(z.object({ applicantId, holderName: holderName.optional() }))
        .min(1)
        .max(CERTIFICATE_BATCH_MAX),
    }),
    z.object({ course: courseTitle, intake, all: z.literal(true) }),
  ]),
  /** Staff saw what is still owed and issue anyway (docs/decisions/093). */
  z.object({ confirmOwed: confirmFlag }),
);

export const revokeInput = z.object({
  reason: z.enum(REVOCATION_REASONS, { error: m.reasonNeeded }),
});

/** A number as typed (the check form, a QR code's path): bounded, normalised later. */
export const typedNumber = z.string().max(CERTIFICATE_INPUT_MAX);
