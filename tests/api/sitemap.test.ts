import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { seedScale } from "../../scripts/seed-scale";
import { type Api, send, startApi } from "./harness";

// What the sitemap's files list (docs/decisions/027-keyset-paging-search-sitemap.md): every public
// item by id, a page at a time by key, read in windows of ids whose plan needs no statistics
// (docs/decisions/048-exports-written-by-the-api.md); hidden items are skipped, never listed.
let api: Api;
let expected: string[];
beforeAll(async () => {
  api = await startApi();
  await seedScale(api.db, { posts: 300, courses: 0, applicants: 0, messages: 0 });
  const ids = (await api.db.selectFrom("posts").select("id").orderBy("id").execute()).map((r) => r.id);
  const later = new Date(Date.now() + 86_400_000).toISOString();
  const earlier = new Date(Date.now() - 86_400_000).toISOString();
  // Runs of hidden posts longer than a page, and single ones between public posts.
  const trashed = ids.filter((_, i) => (i >= 20 && i < 45) || i % 7 === 3);
  const scheduled = ids.filter((_, i) => (i >= 100 && i < 130) || i % 11 === 5);
  await api.db.updateTable("posts").set({ trashed_at: earlier }).where("id", "in", trashed).execute();
  await api.db.updateTable("posts").set({ publish_at: later }).where("id", "in", scheduled).execute();
  // Published at a past time: public.
  await api.db.updateTable("posts").set({ publish_at: earlier }).where("id", "=", ids[1]).execute();
  expected = ids.filter((id) => !trashed.includes(id) && !scheduled.includes(id));
});
afterAll(() => api.close());

async function pageOf(query: string) {
  const res = await send(api, "GET", `/api/sitemap/posts?${query}`);
  expect(res.status).toBe(200);
  return (await res.json()) as { _id: string; slug: string; type: string; updatedAt: string }[];
}

describe("GET /api/sitemap/:kind", () => {
  it("lists every public post once, in id order, page after page by key, past runs of hidden ones", async () => {
    expect(expected.length).toBeGreaterThan(150);
    for (const limit of [7, 25, 5000]) {
      const listed: string[] = [];
      let after = "";
      for (;;) {
        const page = await pageOf(`limit=${limit}${after ? `&after=${after}` : ""}`);
        listed.push(...page.map((r) => r._id));
        // A page is full until the last: the web tier ends a file at a short page.
        if (page.length < limit) break;
        after = page.at(-1)!._id;
      }
      expect(listed).toEqual(expected);
    }
    const [first] = await pageOf("limit=1");
    expect(first).toMatchObject({ _id: expected[0], type: expect.stringMatching(/^(article|job)$/) });
  });

  it("counts the public posts into files, and a file past the last is empty", async () => {
    const res = await send(api, "GET", "/api/sitemap");
    expect(await res.json()).toEqual({ courses: 1, posts: 1, urlsPerFile: 50_000 });
    expect(await pageOf("file=2")).toEqual([]);
  });

  it("refuses an unknown kind with 400, not 500", async () => {
    const res = await send(api, "GET", "/api/sitemap/people");
    expect(res.status).toBe(400);
  });
});
