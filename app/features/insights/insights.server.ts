import { z } from "zod";

import { INSIGHT_MAX_RANGE_DAYS } from "@domain/insights";
import { insightsText as t } from "~/content/insights";
import type { InsightFilters } from "~/upstream/insights.server";

// The page's GET form (docs/decisions/064-cookie-free-visit-counts.md): a range of at most
// INSIGHT_MAX_RANGE_DAYS days, a course and one of its intakes (an intake without its course is
// dropped: the form offers intakes only once a course is chosen). A range that cannot be read shows the last 30 days
// with a sentence saying so, never an error page.
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)));
const id = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
const filtersSchema = z
  .object({
    from: day.optional(),
    to: day.optional(),
    course: id.optional(),
    intake: id.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to)
  .refine((q) => !q.from || !q.to || (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < INSIGHT_MAX_RANGE_DAYS);

export function insightFilters(url: URL): { filters: InsightFilters; error: string | null } {
  const given = Object.fromEntries(
    ["from", "to", "course", "intake"].map((k) => [k, url.searchParams.get(k) || undefined]).filter(([, v]) => v),
  );
  const parsed = filtersSchema.safeParse(given);
  if (parsed.success) {
    const { intake, ...rest } = parsed.data;
    return { filters: rest.course && intake ? { ...rest, intake } : rest, error: null };
  }
  const course = id.safeParse(given.course);
  return { filters: course.success ? { course: course.data } : {}, error: t.badRange };
}
