import { Hono } from "hono";
import { sql } from "kysely";
import { z } from "zod";

import { type Env, query } from "../http";
import { nowIso } from "../lib/ids";
import { isPublicAt } from "../lib/visibility";

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

/** How many files each kind needs. */
sitemap.get("/sitemap", async (c) => {
  const db = c.get("db");
  const visible = isPublicAt(nowIso());
  const count = async (table: "courses" | "posts") =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string | number>().as("n"))
          .where(visible)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const [courses, posts] = [await count("courses"), await count("posts")];
  const files = (n: number) => Math.max(Math.ceil(n / SITEMAP_FILE_URLS), 1);
  return c.json({ courses: files(courses), posts: files(posts), urlsPerFile: SITEMAP_FILE_URLS });
});

sitemap.get("/sitemap/:kind", async (c) => {
  const table = kind.parse(c.req.param("kind"));
  const q = query(c, sitemapQuery);
  const db = c.get("db");
  const visible = isPublicAt(nowIso());
  // The file's first id: the row just before it, found in the id index (ids only, no rows read).
  let after = q.after;
  const firstOfFile = (q.file - 1) * SITEMAP_FILE_URLS;
  if (!after && firstOfFile > 0) {
    const before = await db
      .selectFrom(table)
      .select("id")
      .where(visible)
      .orderBy("id")
      .limit(1)
      .offset(firstOfFile - 1)
      .executeTakeFirst();
    if (!before) return c.json([]);
    after = before.id;
  }
  const typeColumn = table === "posts" ? sql<string>`post_type` : sql<string>`'course'`;
  let page = db
    .selectFrom(table)
    .select(["id", "slug", "updated_at", typeColumn.as("type")])
    .where(visible)
    .orderBy("id")
    .limit(q.limit);
  if (after) page = page.where("id", ">", after);
  const rows = await page.execute();
  return c.json(rows.map((r) => ({ _id: r.id, slug: r.slug, type: r.type, updatedAt: r.updated_at })));
});
