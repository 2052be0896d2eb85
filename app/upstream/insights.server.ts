import { z } from "zod";

import { DEVICE_CLASSES, FUNNEL_STEPS } from "@domain/insights";

// The web tier's client of the visit counts (docs/decisions/064-cookie-free-visit-counts.md):
// the content figures and the admissions funnel, each answer checked here.

const dayCount = z.object({ day: z.string(), views: z.number() });
const searched = z.object({ page: z.enum(["courses", "blog"]), words: z.string(), count: z.number() });

export const insightFiguresSchema = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(dayCount),
  year: z.array(dayCount),
  pages: z.array(z.object({ path: z.string(), views: z.number() })),
  courses: z.array(z.object({ id: z.string(), title: z.string().nullable(), views: z.number() })),
  referrers: z.array(z.object({ domain: z.string(), visits: z.number() })),
  utmSources: z.array(z.object({ label: z.string(), visits: z.number() })),
  utmCampaigns: z.array(z.object({ label: z.string(), visits: z.number() })),
  devices: z.array(z.object({ device: z.enum(DEVICE_CLASSES).or(z.string()), views: z.number() })),
  searches: z.array(searched),
  nothingFound: z.array(searched),
});
export type InsightFigures = z.infer<typeof insightFiguresSchema>;

const steps = z.object(
  Object.fromEntries(FUNNEL_STEPS.map((s) => [s, z.number()])) as Record<(typeof FUNNEL_STEPS)[number], z.ZodNumber>,
);
export const funnelSchema = z.object({
  course: z.string().nullable(),
  courses: z.array(z.object({ id: z.string(), title: z.string(), steps })),
  weeks: z.array(z.object({ week: z.string(), steps })),
  total: steps,
  choices: z.array(z.object({ id: z.string(), title: z.string() })),
  intakes: z.array(z.object({ id: z.string(), startDate: z.string() })),
  /** The intake shown, when one is: its course's page and form views are the course's. */
  intake: z.object({ id: z.string(), startDate: z.string() }).nullable(),
});
export type Funnel = z.infer<typeof funnelSchema>;

export type InsightFilters = { from?: string; to?: string; course?: string; intake?: string };

type Call = (method: string, path: string) => Promise<Response>;
type Parse = <T extends z.ZodType>(response: Response, schema: T, what: string) => Promise<z.infer<T>>;

const withFilters = (path: string, filters: InsightFilters) => {
  const q = new URLSearchParams(Object.entries(filters).filter((e): e is [string, string] => !!e[1]));
  return q.size ? `${path}?${q}` : path;
};

export function insightsClient(call: Call, parse: Parse) {
  return {
    /** Visits, pages, courses, sources, devices and searches (every staff role). */
    async figures(filters: InsightFilters) {
      return parse(await call("GET", withFilters("/api/insights", filters)), insightFiguresSchema, "insights");
    },
    /** The admissions funnel (Admin, Admissions). */
    async funnel(filters: InsightFilters) {
      return parse(await call("GET", withFilters("/api/insights/funnel", filters)), funnelSchema, "funnel");
    },
  };
}

/**
 * A list page's loader notes what was searched and whether anything was found; the API's counter
 * counts it with the page view (api/visit-count.ts), in this process.
 */
export { noteSiteSearch } from "@api/embedded";
