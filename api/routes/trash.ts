import { Hono } from "hono";
import { sql, type SqlBool } from "kysely";

import type { ItemType } from "@domain/items";
import { TRASH_DAYS } from "@domain/schedule";

import { type Ctx, type Env, fail, query, requirePermission } from "../http";
import { nowIso } from "../lib/ids";
import { dropRevisionsOf, imagesOf, removeUnusedImages } from "../lib/trash";
import { apiMessages } from "../messages";
import { recordSecurityEvent } from "../security-events";
import { staffItemsQuery } from "../validation";

// The trash and the schedule (docs/product.md §4): staff move an item to the trash (it leaves
// every public place at once), restore it with the same id and slug, or delete it for good.
const KINDS: Record<string, { kind: ItemType; what: string }> = {
  courses: { kind: "course", what: "Course" },
  articles: { kind: "article", what: "Article" },
  jobs: { kind: "job", what: "Job" },
};

export const trash = new Hono<Env>();

async function findRow(c: Ctx, kind: ItemType, id: string) {
  const db = c.get("db");
  if (kind === "course") return db.selectFrom("courses").selectAll().where("id", "=", id).executeTakeFirst();
  return db.selectFrom("posts").selectAll().where("id", "=", id).where("post_type", "=", kind).executeTakeFirst();
}

async function setTrashed(c: Ctx, kind: ItemType, id: string, trashedAt: string | null, trashedBy: string | null) {
  const table = kind === "course" ? "courses" : "posts";
  await c
    .get("db")
    .updateTable(table)
    .set({ trashed_at: trashedAt, trashed_by: trashedBy })
    .where("id", "=", id)
    .execute();
}

for (const [segment, { kind, what }] of Object.entries(KINDS)) {
  // Moves to the trash; with ?permanent=1, deletes for good an item already in the trash.
  trash.delete(`/${segment}/:id`, requirePermission("content"), async (c) => {
    const id = c.req.param("id");
    const row = await findRow(c, kind, id);
    if (!row) fail(404, `${what} not found`);
    if (c.req.query("permanent") === "1") {
      if (!row.trashed_at) fail(409, `Move the ${what.toLowerCase()} to the trash first`);
      const db = c.get("db");
      await db
        .deleteFrom(kind === "course" ? "courses" : "posts")
        .where("id", "=", id)
        .execute();
      const images = [...imagesOf(row), ...(await dropRevisionsOf(db, [{ kind, id }]))];
      await removeUnusedImages(db, images);
      await recordSecurityEvent({ type: "item.deleted", actorId: c.get("user")!.id, subjectId: `${kind}:${id}` });
      return c.json({ _id: id, deleted: true });
    }
    if (row.trashed_at) fail(404, `${what} not found`);
    const trashedAt = nowIso();
    await setTrashed(c, kind, id, trashedAt, c.get("user")!.id);
    return c.json({ _id: id, type: kind, trashedAt });
  });

  trash.post(`/${segment}/:id/restore`, requirePermission("content"), async (c) => {
    const id = c.req.param("id");
    const row = await findRow(c, kind, id);
    if (!row?.trashed_at) fail(404, `${what} not found in the trash`);
    await setTrashed(c, kind, id, null, null);
    return c.json({ _id: id, type: kind, slug: row.slug, title: row.title });
  });
}

const DAY_MS = 24 * 60 * 60 * 1000;

type TrashRow = {
  id: string;
  title: string;
  slug: string;
  at: string;
  trashed_by_name: string | null;
  post_type: ItemType;
};
const trashItem = (r: TrashRow) => ({
  _id: r.id,
  type: r.post_type,
  title: r.title,
  slug: r.slug,
  trashedAt: r.at,
  trashedBy: r.trashed_by_name ?? null,
  purgeAt: new Date(Date.parse(r.at) + TRASH_DAYS * DAY_MS).toISOString(),
});

/** One item in the trash (the delete-for-good confirmation names it), however deep in the list; 404 when not there. */
trash.get("/trash/:segment/:id", requirePermission("content"), async (c) => {
  const found = KINDS[c.req.param("segment")];
  if (!found) fail(404, apiMessages.trashKindNotFound);
  const row = await findRow(c, found.kind, c.req.param("id"));
  if (!row?.trashed_at) fail(404, `${found.what} not found in the trash`);
  const by = row.trashed_by
    ? await c.get("db").selectFrom("users").select("name").where("id", "=", row.trashed_by).executeTakeFirst()
    : undefined;
  return c.json(trashItem({ ...row, post_type: found.kind, at: row.trashed_at, trashed_by_name: by?.name ?? null }));
});

type Key = { at: string; id: string };
type Direction = "asc" | "desc";
type KeyedRow = { id: string; at: string };

/**
 * One page of items from courses and posts together, in `direction` by (date column, id), after
 * the key or (`before`) just before it: each table reads at most a page from its index past the
 * key, and the two are merged. A page at any depth costs what the first costs, and nothing is
 * cut off: the next page starts where this one ended (docs/decisions/029-every-list-by-key-and-fast-exports.md).
 */
async function keyedItems<R extends KeyedRow>(
  q: { limit: number; after?: Key; before?: Key },
  direction: Direction,
  read: (page: { op: "<" | ">"; key?: Key; order: Direction; limit: number }) => Promise<R[]>[],
) {
  if (q.after && q.before) fail(400, apiMessages.afterOrBefore);
  const backwards = !!q.before;
  const order: Direction = backwards === (direction === "desc") ? "asc" : "desc";
  const op = order === "desc" ? "<" : ">";
  const parts = await Promise.all(read({ op, key: q.after ?? q.before, order, limit: q.limit }));
  const sign = order === "desc" ? -1 : 1;
  const rows = parts
    .flat()
    .sort((a, b) => sign * (a.at === b.at ? (a.id < b.id ? -1 : 1) : a.at < b.at ? -1 : 1))
    .slice(0, q.limit);
  return backwards ? rows.reverse() : rows;
}

/** `(date, id) op key`: a row-value comparison the (date, id) index reads from. */
const pastKey = (date: string, id: string, op: "<" | ">", key: Key) =>
  sql<SqlBool>`((${sql.ref(date)}, ${sql.ref(id)}) ${sql.raw(op)} (${key.at}, ${key.id}))`;

/** Everything in the trash, last trashed first, with who trashed it and when it will be purged; by key. */
trash.get("/trash", requirePermission("content"), async (c) => {
  const q = query(c, staffItemsQuery);
  const db = c.get("db");
  const rows = await keyedItems(q, "desc", ({ op, key, order, limit }) => [
    db
      .selectFrom("courses")
      .leftJoin("users", "users.id", "courses.trashed_by")
      .select([
        "courses.id",
        "courses.title",
        "courses.slug",
        "courses.trashed_at as at",
        "users.name as trashed_by_name",
      ])
      .select(sql<string>`'course'`.as("post_type"))
      .where("courses.trashed_at", "is not", null)
      .$if(!!key, (w) => w.where(pastKey("courses.trashed_at", "courses.id", op, key!)))
      .orderBy("courses.trashed_at", order)
      .orderBy("courses.id", order)
      .limit(limit)
      .execute() as Promise<
      { id: string; title: string; slug: string; at: string; trashed_by_name: string | null; post_type: ItemType }[]
    >,
    db
      .selectFrom("posts")
      .leftJoin("users", "users.id", "posts.trashed_by")
      .select([
        "posts.id",
        "posts.post_type",
        "posts.title",
        "posts.slug",
        "posts.trashed_at as at",
        "users.name as trashed_by_name",
      ])
      .where("posts.trashed_at", "is not", null)
      .$if(!!key, (w) => w.where(pastKey("posts.trashed_at", "posts.id", op, key!)))
      .orderBy("posts.trashed_at", order)
      .orderBy("posts.id", order)
      .limit(limit)
      .execute() as Promise<
      { id: string; title: string; slug: string; at: string; trashed_by_name: string | null; post_type: ItemType }[]
    >,
  ]);
  return c.json(rows.map(trashItem));
});

/** Everything scheduled for later, soonest first (staff see it; visitors do not until its time); by key. */
trash.get("/scheduled", requirePermission("content"), async (c) => {
  const q = query(c, staffItemsQuery);
  const db = c.get("db");
  const now = nowIso();
  const rows = await keyedItems(q, "asc", ({ op, key, order, limit }) => [
    db
      .selectFrom("courses")
      .select(["id", "title", "slug", "publish_at as at"])
      .select(sql<string>`'course'`.as("post_type"))
      .where("trashed_at", "is", null)
      .where("publish_at", ">", now)
      .$if(!!key, (w) => w.where(pastKey("publish_at", "id", op, key!)))
      .orderBy("publish_at", order)
      .orderBy("id", order)
      .limit(limit)
      .execute() as Promise<{ id: string; title: string; slug: string; at: string; post_type: ItemType }[]>,
    db
      .selectFrom("posts")
      .select(["id", "post_type", "title", "slug", "publish_at as at"])
      .where("trashed_at", "is", null)
      .where("publish_at", ">", now)
      .$if(!!key, (w) => w.where(pastKey("publish_at", "id", op, key!)))
      .orderBy("publish_at", order)
      .orderBy("id", order)
      .limit(limit)
      .execute() as Promise<{ id: string; title: string; slug: string; at: string; post_type: ItemType }[]>,
  ]);
  return c.json(rows.map((r) => ({ _id: r.id, type: r.post_type, title: r.title, slug: r.slug, publishAt: r.at })));
});
