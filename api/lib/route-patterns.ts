// The label a request is counted under in the metrics (docs/deploy.md, "Metrics"): the pattern of
// the page or API route it reached (`/course/:id/:slug`), never its path. A path carries ids, slugs
// and link tokens; as a label it would leak them and make a new series per visitor.

/**
 * The site's pages and resource routes, one per file of app/routes (tests/unit/route-patterns.test.ts
 * fails when a route file has no pattern here). `/*` is the splat that answers every other path (404).
 */
export const WEB_ROUTE_PATTERNS = [
  "/",
  "/*",
  "/.well-known/jwks.json",
  "/about",
  "/admin",
  "/admin/:type/:id/delete",
  "/admin/:type/:id/history",
  "/admin/:type/:id/history/:revId",
  "/admin/:type/:id/trash",
  "/admin/account",
  "/admin/applicants",
  "/admin/applicants.csv",
  "/admin/applicants.xlsx",
  "/admin/applicants/:id",
  "/admin/certificates",
  "/admin/content",
  "/admin/courses/:id/intakes",
  "/admin/desk",
  "/admin/desk/guardians",
  "/admin/desk/saved-forms",
  "/admin/drafts/:type/discard",
  "/admin/errors",
  "/admin/files/*",
  "/admin/insights",
  "/admin/insights.csv",
  "/admin/intakes/:id/message",
  "/admin/intakes/:id/roster",
  "/admin/intakes/:id/roster.csv",
  "/admin/intakes/:id/roster.xlsx",
  "/admin/legal/:doc",
  "/admin/mail",
  "/admin/messages",
  "/admin/messages.csv",
  "/admin/messages.xlsx",
  "/admin/payments",
  "/admin/payments.csv",
  "/admin/privacy",
  "/admin/privacy/export",
  "/admin/scheduled",
  "/admin/security-log",
  "/admin/security-log.csv",
  "/admin/settings",
  "/admin/staff",
  "/admin/trash",
  "/api/*",
  "/application",
  "/application/:token",
  "/application/:token/offer-letter",
  "/application/:token/payment",
  "/application/:token/receipt/:reference",
  "/article/:id",
  "/article/:id/:slug",
  "/article/new",
  "/blog",
  "/contact",
  "/contact.json",
  "/course/:id",
  "/course/:id/:slug",
  "/course/new",
  "/courses",
  "/edit/:type/:id",
  "/editor/upload",
  "/fla-admin",
  "/fla-admin/code",
  "/fla-admin/setup",
  "/guardian/confirm",
  "/healthz",
  "/invitation",
  "/job-alerts",
  "/job-alerts/confirm",
  "/job-alerts/unsubscribe",
  "/job/:id",
  "/job/:id/:slug",
  "/job/new",
  "/jobs",
  "/lite",
  "/logout",
  "/metrics",
  "/offline",
  "/password-reset",
  "/privacy",
  "/readyz",
  "/registration-form",
  "/registration-form/received",
  "/robots.txt",
  "/sitemap.xml",
  "/sitemaps/:file",
  "/sw.js",
  "/terms",
  "/verify",
  "/verify/:number",
  "/verify/:number/credential",
];

type Compiled = { pattern: string; segments: string[]; splat: boolean; rank: number[] };

function compile(pattern: string): Compiled {
  const segments = pattern.split("/").filter(Boolean);
  const splat = segments.at(-1) === "*";
  // Static segments outrank parameters, parameters outrank a splat, and a splat ranks below the
  // end of a shorter pattern ("/" before "/*"), as Remix and Hono rank them.
  const rank = segments.map((s) => (s === "*" ? -2 : s.startsWith(":") ? 1 : 2));
  return { pattern, segments: splat ? segments.slice(0, -1) : segments, splat, rank };
}

function fits(route: Compiled, parts: string[]) {
  if (route.splat ? parts.length < route.segments.length : parts.length !== route.segments.length) return false;
  return route.segments.every((s, i) => s.startsWith(":") || s === parts[i]);
}

function better(a: Compiled, b: Compiled) {
  for (let i = 0; i < Math.max(a.rank.length, b.rank.length); i++) {
    const d = (a.rank[i] ?? -1) - (b.rank[i] ?? -1);
    if (d !== 0) return d > 0;
  }
  return false;
}

/** A matcher over a list of patterns: a path's best pattern, or `fallback`. Answers kept for the last paths seen. */
export function patternMatcher(patterns: readonly string[], fallback: string) {
  const routes = patterns.map(compile);
  const seen = new Map<string, string>();
  return (path: string) => {
    const known = seen.get(path);
    if (known !== undefined) return known;
    const parts = path.split("/").filter(Boolean);
    let best: Compiled | undefined;
    for (const route of routes) if (fits(route, parts) && (!best || better(route, best))) best = route;
    const answer = best?.pattern ?? fallback;
    // Bounded: a crawler's endless distinct paths must not grow this.
    if (seen.size >= 1000) seen.clear();
    seen.set(path, answer);
    return answer;
  };
}
