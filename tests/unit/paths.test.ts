import { describe, expect, it } from "vitest";

import { coursePath, editPath, isBarePath, itemPath, listPath, postPath, registrationPath } from "~/utils/paths";

describe("URL builders", () => {
  it("build each public page from type, id and slug", () => {
    expect(itemPath("job", { _id: "abc123", slug: "stylist-wanted" })).toBe("/job/abc123/stylist-wanted");
    expect(coursePath({ _id: "c1", slug: "editorial-makeup" })).toBe("/course/c1/editorial-makeup");
    expect(postPath({ _id: "p1", slug: "new-intake", postType: "article" })).toBe("/article/p1/new-intake");
    expect(editPath("course", "c1")).toBe("/edit/course/c1");
    expect(listPath("course")).toBe("/courses");
    expect(listPath("job")).toBe("/blog");
  });

  it("encode ids and slugs so neither can add a path segment or a query", () => {
    expect(coursePath({ _id: "a/b", slug: "x?y=1#z" })).toBe("/course/a%2Fb/x%3Fy%3D1%23z");
    expect(postPath({ _id: "p1", slug: "../admin", postType: "job" })).toBe("/job/p1/..%2Fadmin");
    expect(editPath("article", "../x")).toBe("/edit/article/..%2Fx");
  });

  it("preselect a course on the registration form through its query", () => {
    expect(registrationPath()).toBe("/registration-form");
    const url = new URL(registrationPath({ _id: "c1", slug: "a&b" }), "http://x");
    expect(url.pathname).toBe("/registration-form");
    expect(url.searchParams.get("courseid")).toBe("c1");
    expect(url.searchParams.get("courseslug")).toBe("a&b");
  });

  it("hide the header and footer on the editors, sign-in and password reset only", () => {
    for (const path of [
      "/edit/course/c1",
      "/course/new",
      "/article/new",
      "/job/new",
      "/fla-admin",
      "/password-reset",
      "/fla-admin/",
    ])
      expect(isBarePath(path), path).toBe(true);
    for (const path of [
      "/",
      "/courses",
      "/course/c1/editorial-makeup",
      "/article/p1/new-intake",
      "/job/j1/newsroom-editor",
      "/blog",
      "/about",
    ])
      expect(isBarePath(path), path).toBe(false);
  });
});
