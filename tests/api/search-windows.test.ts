import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { SEARCH_CANDIDATES } from "../../api/lib/query";
import { type Api, send, startApi } from "./harness";

// PostgreSQL reads a search's newest matches on a table of more than 20,000 rows window by window
// of creation dates: the first by the planner's choice, the rest by walking on when that reads few
// rows, else by the word's and the date's indexes together
// (docs/decisions/084-stored-search-words-and-bounded-pipeline-counts.md). Whatever the windows,
// the candidates are the newest SEARCH_CANDIDATES matches, as on SQLite. Of 24,000 posts, one in
// five holds "quokka" (the rest is walked) and one in twenty-two "numbat" (the rest by the bitmap);
// "wombat" is in ten of the oldest posts only.
const POSTS = 24_000;
const WORDS = { quokka: 5, numbat: 22 };
let api: Api;

/** A match's title: every fifth holds its word (the first word), and ranks first. */
function titleOf(i: number) {
  const word = Object.entries(WORDS).find(([, every]) => i % every === 0);
  return word && i % (word[1] * 5) === 0 ? `${word[0]} notes ${i}` : `Post ${i}`;
}

beforeAll(async () => {
  api = await startApi();
  const start = Date.parse("2020-01-01T00:00:00.000Z");
  const rows = Array.from({ length: POSTS }, (_, i) => {
    const at = new Date(start + i * 600_000).toISOString();
    const words = Object.entries(WORDS)
      .filter(([, every]) => i % every === 0)
      .map(([word]) => word);
    return {
      id: `win${String(i).padStart(21, "0")}`,
      post_type: "article" as const,
      // Every fifth match has the word in its title: those rank first among the candidates.
      title: titleOf(i),
      slug: `win-${i}`,
      description: words.length
        ? `About the ${words.join(" and the ")}`
        : i < 50 && i % 5 === 1
          ? "An old wombat"
          : "About nothing",
      content: "",
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
  for (let i = 0; i < rows.length; i += 1000)
    await api.db
      .insertInto("posts")
      .values(rows.slice(i, i + 1000))
      .execute();
  // What autovacuum would do: the windows are sized by the planner's count of rows.
  if (process.env.TEST_DATABASE_URL) await sql`analyze posts`.execute(api.db);
}, 180_000);
afterAll(() => api.close());

async function titles(q: string) {
  const res = await send(api, "GET", `/api/post${q}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { title: string }[]).map((p) => p.title);
}

describe("a search's newest matches, read by windows of dates", () => {
  it.each(Object.entries(WORDS))(
    "are the newest SEARCH_CANDIDATES matches of %s, title hits first",
    async (word, every) => {
      const matches = Array.from({ length: POSTS }, (_, i) => i)
        .filter((i) => i % every === 0)
        .reverse()
        .slice(0, SEARCH_CANDIDATES);
      const inTitle = (i: number) => titleOf(i).startsWith(`${word} notes`);
      const expected = [...matches.filter(inTitle), ...matches.filter((i) => !inTitle(i))].map(titleOf);
      const found: string[] = [];
      for (let skip = 0; skip < SEARCH_CANDIDATES + 100; skip += 100)
        found.push(...(await titles(`?search=${word}&limit=100&skip=${skip}`)));
      expect(found).toEqual(expected);
    },
  );

  it("find a word only the oldest posts hold", async () => {
    expect(await titles("?search=wombat&limit=20")).toEqual(
      [46, 41, 36, 31, 26, 21, 16, 11, 6, 1].map((i) => `Post ${i}`),
    );
  });
});
