import { z } from "zod";

import { INSIGHT_MAX_RANGE_DAYS } from "@domain/insights";

import { apiMessages } from "./messages";

// The staff page's filters (docs/decisions/064-cookie-free-visit-counts.md): a range of Lagos days
// of at most INSIGHT_MAX_RANGE_DAYS, and a course or one of its intakes by id. Missing days default to the last 30.
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, apiMessages.insightsDay)
  .refine((d) => !Number.isNaN(Date.parse(d)), apiMessages.insightsDay);

export const insightsQuery = z
  .object({
    from: day.optional(),
    to: day.optional(),
    course: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, apiMessages.insightsCourse)
      .optional(),
    intake: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, apiMessages.insightsIntake)
      .optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: apiMessages.insightsDaysUpsideDown, path: ["from"] })
  .refine((q) => !q.from || !q.to || (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < INSIGHT_MAX_RANGE_DAYS, {
    message: apiMessages.insightsTooManyDays(INSIGHT_MAX_RANGE_DAYS),
    path: ["from"],
  });
