import { Hono } from "hono";

import { type Env, query, requirePermission } from "../http";
import { insightsQuery } from "../insights-schemas";
import { contentFigures, funnel, insightRange, intakeFunnel } from "../lib/insights";

// Visit counts and the admissions funnel for staff (docs/decisions/064-cookie-free-visit-counts.md):
// the content figures for every role (`insights`), the funnel, read from applicants' records, for
// the roles that handle applicants. Counts only: nothing here names a visitor.
export const insights = new Hono<Env>();

insights.get("/", requirePermission("insights"), async (c) => {
  const q = query(c, insightsQuery);
  return c.json(await contentFigures(c.get("db"), insightRange(q)));
});

insights.get("/funnel", requirePermission("applicants"), async (c) => {
  const q = query(c, insightsQuery);
  if (q.intake) return c.json(await intakeFunnel(c.get("db"), insightRange(q), q.intake));
  return c.json(await funnel(c.get("db"), insightRange(q), q.course));
});
