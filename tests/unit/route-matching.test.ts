import fs from "node:fs";
import { createRequire } from "node:module";

import { describe, expect, it } from "vitest";

// The server's route matching reuses its flattened, ranked route tree and compiled paths
// (patches/@remix-run+router+*.patch, decisions 025 and 049): the patch is applied on install, and
// matching answers as before, call after call.
const require = createRequire(import.meta.url);
const routerPath = require.resolve("@remix-run/router");
const { matchRoutes } = require(routerPath) as typeof import("@remix-run/router");

type Route = import("@remix-run/router").AgnosticRouteObject;
const routes: Route[] = [
  {
    id: "root",
    path: "",
    children: [
      { id: "home", index: true },
      { id: "courses", path: "courses" },
      { id: "course-slug", path: "course/:id/:slug" },
      { id: "course-id", path: "course/:id", children: [{ id: "course-id-index", index: true }] },
      { id: "course-new", path: "course/new" },
      { id: "splat", path: "*" },
    ],
  },
];
const ids = (path: string) => matchRoutes(routes, path)?.map((m) => m.route.id);

describe("route matching on the server", () => {
  it("runs the patched router (postinstall applied it)", () => {
    expect(routerPath).toMatch(/router\.cjs\.js$/);
    expect(fs.readFileSync(routerPath, "utf8")).toContain("rankedBranchesOf");
  });

  it("matches as the router ranks routes, the same on every call", () => {
    for (let round = 0; round < 3; round++) {
      expect(ids("/")).toEqual(["root", "home"]);
      expect(ids("/courses")).toEqual(["root", "courses"]);
      expect(ids("/COURSES/")).toEqual(["root", "courses"]);
      // A static segment outranks a dynamic one.
      expect(ids("/course/new")).toEqual(["root", "course-new"]);
      expect(ids("/course/7")).toEqual(["root", "course-id", "course-id-index"]);
      expect(ids("/nowhere/at/all")).toEqual(["root", "splat"]);
      const match = matchRoutes(routes, "/course/42/hair-styling")!;
      expect(match.at(-1)!.params).toEqual({ id: "42", slug: "hair-styling" });
    }
  });

  it("answers a path it has matched before with the same frozen answer; 500 paths are kept", () => {
    // docs/decisions/049-a-page-view-does-only-its-own-work.md: no caller changes an answer.
    const first = matchRoutes(routes, "/course/9/braids")!;
    expect(matchRoutes(routes, "/course/9/braids")).toBe(first);
    expect(Object.isFrozen(first) && Object.isFrozen(first.at(-1)) && Object.isFrozen(first.at(-1)!.params)).toBe(true);
    expect(matchRoutes(routes, "/course/10/braids")).not.toBe(first);
    expect(matchRoutes(routes, "/course/10/braids")!.at(-1)!.params).toEqual({ id: "10", slug: "braids" });
    for (let i = 0; i < 600; i++) matchRoutes(routes, `/course/${1000 + i}/x`);
    // Pushed out by 600 newer paths, then matched anew: equal, not the same object.
    const again = matchRoutes(routes, "/course/9/braids")!;
    expect(again).not.toBe(first);
    expect(again.map((m) => m.route.id)).toEqual(first.map((m) => m.route.id));
  });

  it("matches a route tree it has not seen, not a kept one", () => {
    const other: Route[] = [{ id: "only", path: "only" }];
    expect(matchRoutes(other, "/only")?.map((m) => m.route.id)).toEqual(["only"]);
    expect(matchRoutes(other, "/courses")).toBeNull();
    expect(ids("/courses")).toEqual(["root", "courses"]);
  });
});
