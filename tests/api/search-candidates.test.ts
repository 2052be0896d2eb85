import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { SEARCH_CANDIDATES } from "../../api/lib/query";
import { type Api, send, startApi } from "./harness";

// A search ranks only its newest SEARCH_CANDIDATES matches (docs/decisions/073-flat-on-postgresql-too.md):
// title hits first among them, then newest first; its pages end there. Here 1,010 posts hold the
// word: 1,000 newest are found, the 10 oldest are not, whatever their titles.
const OLDEST = 10;
const TOTAL = SEARCH_CANDIDATES + OLDEST;
let api: Api;

beforeAll(async () => {
  api = await startApi();
  const start = Date.parse("2026-01-01T00:00:00.000Z");
  const rows = Array.from({ length: TOTAL }, (_, i) => {
    const at = new Date(start + i * 60_000).toISOString();
    // Every hundredth post and the oldest ones have the word in their title; the others only in the text.
    const inTitle = i % 100 === 0 || i < OLDEST;
    return {
      id: `cand${String(i).padStart(20, "0")}`,
      post_type: "article" as const,
      title: inTitle ? `Zebrawood tips ${i}` : `Post ${i}`,
      slug: `cand-${i}`,
      description: "About zebrawood",
      content: "<p>About zebrawood</p>",
      featured_img: "",
      company_cover_img: "",
      company_logo: "",
      logo_accent: "",
      company_name: "",
      job_type: "",
      job_location: "",
      application_deadline: null,
      asset_folder: "",
      created_at: at,
      updated_at: at,
    };
  });
  for (let i = 0; i < rows.length; i += 200)
    await api.db
      .insertInto("posts")
      .values(rows.slice(i, i + 200))
      .execute();
}, 60_000);
afterAll(() => api.close());

async function titles(q: string) {
  const res = await send(api, "GET", `/api/post${q}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { title: string }[]).map((p) => p.title);
}

describe("a search of a common word", () => {
  it("ranks the title hits of its newest matches first, newest first", async () => {
    expect(await titles("?search=zebrawood&limit=11")).toEqual([
      ...[1000, 900, 800, 700, 600, 500, 400, 300, 200, 100].map((i) => `Zebrawood tips ${i}`),
      `Post ${TOTAL - 1}`,
    ]);
  });

  it("pages up to the newest SEARCH_CANDIDATES matches and no further", async () => {
    const found = new Set<string>();
    for (let skip = 0; skip < TOTAL + 100; skip += 100)
      for (const title of await titles(`?search=zebrawood&limit=100&skip=${skip}`)) found.add(title);
    expect(found.size).toBe(SEARCH_CANDIDATES);
    // The oldest matches are past the candidates: not found, though their titles hold the word.
    for (let i = 0; i < OLDEST; i++) expect(found.has(`Zebrawood tips ${i}`)).toBe(false);
    expect(found.has(`Post ${OLDEST}`)).toBe(true);
    expect(await titles(`?search=zebrawood&limit=12&skip=${SEARCH_CANDIDATES - 2}`)).toHaveLength(2);
    expect(await titles(`?search=zebrawood&limit=12&skip=${SEARCH_CANDIDATES}`)).toEqual([]);
  });
});
