import { Hono } from "hono";
import { sql } from "kysely";
import { z } from "zod";

import type { DB } from "../db";
import { check, type Env, query } from "../http";
import { nowIso } from "../lib/ids";
import { isPublicAt, visibilityOf } from "../lib/visibility";

// What the sitemap lists (docs/decisions/027-keyset-paging-search-sitemap.md): every public
// course, article and job by id order, as narrow rows (id, slug, type, updated time) read from an
// index that holds them all, a page at a time by key. The web tier streams each file of at most
// 50,000 URLs (sitemaps.org) page by page, and stops a file at its 50,000th row.
export const SITEMAP_FILE_URLS = 50_000;

const kind = z.enum(["courses", "posts"], { error: "must be courses or posts" });
const sitemapQuery = z.object({
  // A file's first page: the rows after the first (file - 1) × 50,000; its next pages go by `after`.
  file: z.coerce.number({ error: "must be a whole number from 1" }).int().min(1).max(1000).default(1),
  after: z
    .string()
    .regex(/^[\w-]{1,64}$/, "must be the last _id of the page before")
    .optional(),
  limit: z.coerce.number({ error: "must be a whole number from 1 to 5000" }).int().min(1).max(5000).default(5000),
});

export const sitemap = new Hono<Env>();

/** Ids counted at a time: a few milliseconds of SQLite's index, then other requests run. */
const COUNT_WINDOW = 5000;
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/**
 * How many rows of a table are public, counted a window of ids at a time in id order, with other
 * requests let in between: one count over 50,000 posts held SQLite's event loop for 40–150 ms, and
 * the window's plan (the id index, in order) is PostgreSQL's with or without statistics.
 */
async function countPublic(db: DB, table: "courses" | "posts", now: string) {
  let after: string | undefined;
  let count = 0;
  for (;;) {
    let window = db.selectFrom(table).select(["id", "trashed_at", "publish_at"]).orderBy("id").limit(COUNT_WINDOW);
    if (after) window = window.where("id", ">", after);
    const row = await db
      .selectFrom(window.as("w"))
      .select([
        sql<string | number>`count(*)`.as("seen"),
        sql<string | null>`max(id)`.as("last"),
        sql<string | number | null>`sum(case when ${isPublicAt(now)} then 1 else 0 end)`.as("public"),
      ])
      .executeTakeFirstOrThrow();
    count += Number(row.public ?? 0);
    if (Number(row.seen) < COUNT_WINDOW || !row.last) return count;
    after = row.last;
    await nextTurn();
  }
}

/** The id of the n-th public row in id order (from 1), walking the ids a window at a time; none past the end. */
async function nthPublicId(db: DB, table: "courses" | "posts", now: string, n: number) {
  let after: string | undefined;
  let seen = 0;
  for (;;) {
    let window = db.selectFrom(table).select(["id", "trashed_at", "publish_at"]).orderBy("id").limit(COUNT_WINDOW);
    if (after) window = window.where("id", ">", after);
    const rows = await window.execute();
    for (const r of rows) if (visibilityOf(r, now) === "public" && ++seen === n) return r.id;
    if (rows.length < COUNT_WINDOW) return undefined;
    after = rows.at(-1)!.id;
    await nextTurn();
  }
}

/** How many files each kind needs. */
sitemap.get("/sitemap", async (c) => {
  const db = c.get("db");
  const now = nowIso();
  const [courses, posts] = [await countPublic(db, "courses", now), await countPublic(db, "posts", now)];
  const files = (n: number) => Math.max(Math.ceil(n / SITEMAP_FILE_URLS), 1);
  return c.json({ courses: files(courses), posts: files(posts), urlsPerFile: SITEMAP_FILE_URLS });
});

/**
 * A page of a file: the next rows in id order, read as a window of ids straight from the index
 * with their visibility beside them, the public ones kept, windows read until the page is full or
 * the table ends. A window's plan does not depend on statistics: asked with the visibility
 * condition in the query, PostgreSQL without statistics (just after a bulk load or a restore,
 * before autovacuum has analysed the table) guessed that few rows are public and read the whole
 * table and sorted it for every page, which made a cold sitemap of 50,000 posts 3 s
 * (docs/decisions/048-exports-written-by-the-api.md). Hidden rows (trashed, scheduled) cost a
 * window's share of reading each, never a scan.
 */
sitemap.get("/sitemap/:kind", async (c) => {
  const table = check(kind, c.req.param("kind"));
  const q = query(c, sitemapQuery);
  const db = c.get("db");
  const now = nowIso();
  // The file's first id: the public row just before it, counted a window at a time.
  let after = q.after;
  const firstOfFile = (q.file - 1) * SITEMAP_FILE_URLS;
  if (!after && firstOfFile > 0) {
    after = await nthPublicId(db, table, now, firstOfFile);
    if (!after) return c.json([]);
  }
  const typeColumn = table === "posts" ? sql<string>`post_type` : sql<string>`'course'`;
  const page: { _id: string; slug: string; type: string; updatedAt: string }[] = [];
  while (page.length < q.limit) {
    let window = db
      .selectFrom(table)
      .select(["id", "slug", "updated_at", "trashed_at", "publish_at", typeColumn.as("type")])
      .orderBy("id")
      .limit(q.limit);
    if (after) window = window.where("id", ">", after);
    const rows = await window.execute();
    for (const r of rows)
      if (visibilityOf(r, now) === "public")
        page.push({ _id: r.id, slug: r.slug, type: r.type, updatedAt: r.updated_at });
    if (rows.length < q.limit) break;
    after = rows.at(-1)!.id;
    await nextTurn();
  }
  // The page ends at its limit: the next page starts after its last row, read again from there.
  return c.json(page.slice(0, q.limit));
});
