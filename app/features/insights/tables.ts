import { FUNNEL_STEPS } from "@domain/insights";
import { insightsText as t } from "~/content/insights";
import type { Funnel, InsightFigures } from "~/upstream/insights.server";

// Each figure's numbers as one table: the page shows it beside its chart and the CSV export
// writes the same rows (docs/decisions/064-cookie-free-visit-counts.md).

export type NumbersTableData = { title: string; headers: string[]; rows: (string | number)[][] };

const percentOf = (n: number, of: number) => (of ? `${Math.round((100 * n) / of)} %` : "–");
const deviceName = (d: string) => t.deviceNames[d] ?? d;

export function contentTables(f: InsightFigures): Record<string, NumbersTableData> {
  const deviceTotal = f.devices.reduce((n, d) => n + d.views, 0);
  const searchRows = (rows: InsightFigures["searches"]) =>
    rows.map((s) => [s.words, t.searchPlaces[s.page] ?? s.page, s.count]);
  return {
    days: { title: t.visitsTitle, headers: [t.day, t.visits], rows: f.days.map((d) => [d.day, d.views]) },
    year: { title: t.yearTitle, headers: [t.day, t.visits], rows: f.year.map((d) => [d.day, d.views]) },
    pages: { title: t.pagesTitle, headers: [t.page, t.views], rows: f.pages.map((p) => [p.path, p.views]) },
    courses: {
      title: t.coursesTitle,
      headers: [t.courseColumn, t.views],
      rows: f.courses.map((c) => [c.title ?? t.unknownCourse, c.views]),
    },
    referrers: {
      title: t.referrersTitle,
      headers: [t.referrer, t.visits],
      rows: f.referrers.map((r) => [r.domain || t.noReferrer, r.visits]),
    },
    "utm-sources": {
      title: t.utmSourcesTitle,
      headers: [t.label, t.visits],
      rows: f.utmSources.map((r) => [r.label, r.visits]),
    },
    "utm-campaigns": {
      title: t.utmCampaignsTitle,
      headers: [t.label, t.visits],
      rows: f.utmCampaigns.map((r) => [r.label, r.visits]),
    },
    devices: {
      title: t.devicesTitle,
      headers: [t.device, t.views, t.share],
      rows: f.devices.map((d) => [deviceName(d.device), d.views, percentOf(d.views, deviceTotal)]),
    },
    searches: { title: t.searchesTitle, headers: [t.words, t.where, t.searches], rows: searchRows(f.searches) },
    nothing: { title: t.nothingTitle, headers: [t.words, t.where, t.searches], rows: searchRows(f.nothingFound) },
  };
}

export function funnelTables(f: Funnel): Record<string, NumbersTableData> {
  const stepNames = FUNNEL_STEPS.map((s) => t.funnelSteps[s]);
  return {
    funnel: {
      title: t.funnelTitle,
      headers: [t.step, t.count, t.conversion],
      rows: FUNNEL_STEPS.map((s, i) => [
        t.funnelSteps[s],
        f.total[s],
        i === 0 ? "–" : percentOf(f.total[s], f.total[FUNNEL_STEPS[i - 1]!]),
      ]),
    },
    "funnel-courses": {
      title: t.funnelByCourse,
      headers: [t.courseColumn, ...stepNames],
      rows: f.courses.map((c) => [c.title, ...FUNNEL_STEPS.map((s) => c.steps[s])]),
    },
    "funnel-weeks": {
      title: t.funnelByWeek,
      headers: [t.week, ...stepNames],
      rows: f.weeks.map((w) => [w.week, ...FUNNEL_STEPS.map((s) => w.steps[s])]),
    },
  };
}

/** The page's filters as a query string, for the CSV links. */
export function filtersQuery(filters: { from?: string; to?: string; course?: string; intake?: string }) {
  return new URLSearchParams(Object.entries(filters).filter((e): e is [string, string] => !!e[1])).toString();
}
