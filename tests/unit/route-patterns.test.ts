import fs from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { patternMatcher, WEB_ROUTE_PATTERNS } from "../../api/lib/route-patterns";

// The metrics count requests by route pattern (docs/deploy.md, "Metrics"): every route file of
// app/routes has its pattern in the list, and a path is counted under the pattern Remix would pick.

/** Remix's flat-file convention: `course.$id.$slug.tsx` is `/course/:id/:slug`. */
function patternOfRouteFile(file: string) {
  const name = file.replace(/\.(tsx?|jsx?)$/, "");
  if (name === "_index") return "/";
  const segments = name
    // A bracketed part is literal (`[.well-known]`, `[.]json`): its dots do not split segments.
    .replace(/\[([^\]]*)\]/g, (_, literal: string) => literal.replaceAll(".", "~"))
    .split(".")
    .map((s) => s.replaceAll("~", "."))
    .filter((s) => s !== "_index" && !s.startsWith("_"))
    .map((s) => s.replace(/_$/, ""))
    .map((s) => (s === "$" ? "*" : s.startsWith("$") ? `:${s.slice(1)}` : s));
  return `/${segments.join("/")}`;
}

describe("route patterns", () => {
  it("has a pattern for every route file, and none for a route that is gone", () => {
    const files = fs.readdirSync(path.resolve("app/routes")).filter((f) => /\.(tsx?|jsx?)$/.test(f));
    const fromFiles = [...new Set(files.map(patternOfRouteFile))].sort();
    expect([...WEB_ROUTE_PATTERNS].sort()).toEqual(fromFiles);
  });

  it("counts a path under its pattern, static segments before parameters, a splat last", () => {
    const match = patternMatcher(WEB_ROUTE_PATTERNS, "/*");
    expect(match("/")).toBe("/");
    expect(match("/course/12/hair-and-beauty")).toBe("/course/:id/:slug");
    expect(match("/course/new")).toBe("/course/new");
    expect(match("/course/12")).toBe("/course/:id");
    expect(match("/application/Zq9TokenThatMustNeverBeLogged0123456789")).toBe("/application/:token");
    expect(match("/admin/applicants.csv")).toBe("/admin/applicants.csv");
    expect(match("/admin/files/a/b/c.jpg")).toBe("/admin/files/*");
    expect(match("/api/courses/1")).toBe("/api/*");
    expect(match("/wp-login.php")).toBe("/*");
    expect(match("/no/such/page/at/all")).toBe("/*");
  });

  it("answers the fallback when nothing fits", () => {
    expect(patternMatcher(["/api/courses/:id"], "/api/*")("/api/nothing")).toBe("/api/*");
  });
});
