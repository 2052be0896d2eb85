import { Hono } from "hono";

import type { ItemType } from "@domain/items";
import { TRASH_DAYS } from "@domain/schedule";

import { type Ctx, type Env, fail, requirePermission } from "../http";
import { nowIso } from "../lib/ids";
import { dropRevisionsOf, imagesOf, removeUnusedImages } from "../lib/trash";
import { recordSecurityEvent } from "../security-events";

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

const LIST_LIMIT = 200;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Everything in the trash, last trashed first, with who trashed it and when it will be purged. */
trash.get("/trash", requirePermission("content"), async (c) => {
  const db = c.get("db");
  const courses = await db
    .selectFrom("courses")
    .leftJoin("users", "users.id", "courses.trashed_by")
    .select(["courses.id", "courses.title", "courses.slug", "courses.trashed_at", "users.name as trashed_by_name"])
    .where("courses.trashed_at", "is not", null)
    .orderBy("courses.trashed_at", "desc")
    .limit(LIST_LIMIT)
    .execute();
  const posts = await db
    .selectFrom("posts")
    .leftJoin("users", "users.id", "posts.trashed_by")
    .select([
      "posts.id",
      "posts.post_type",
      "posts.title",
      "posts.slug",
      "posts.trashed_at",
      "users.name as trashed_by_name",
    ])
    .where("posts.trashed_at", "is not", null)
    .orderBy("posts.trashed_at", "desc")
    .limit(LIST_LIMIT)
    .execute();
  const items = [...courses.map((r) => ({ ...r, post_type: "course" as const })), ...posts].map((r) => ({
    _id: r.id,
    type: r.post_type,
    title: r.title,
    slug: r.slug,
    trashedAt: r.trashed_at!,
    trashedBy: r.trashed_by_name ?? null,
    purgeAt: new Date(Date.parse(r.trashed_at!) + TRASH_DAYS * DAY_MS).toISOString(),
  }));
  items.sort((a, b) => b.trashedAt.localeCompare(a.trashedAt) || b._id.localeCompare(a._id));
  return c.json(items.slice(0, LIST_LIMIT));
});

/** Everything scheduled for later, soonest first (staff see it; visitors do not until its time). */
trash.get("/scheduled", requirePermission("content"), async (c) => {
  const db = c.get("db");
  const now = nowIso();
  const courses = await db
    .selectFrom("courses")
    .select(["id", "title", "slug", "publish_at"])
    .where("trashed_at", "is", null)
    .where("publish_at", ">", now)
    .orderBy("publish_at")
    .limit(LIST_LIMIT)
    .execute();
  const posts = await db
    .selectFrom("posts")
    .select(["id", "post_type", "title", "slug", "publish_at"])
    .where("trashed_at", "is", null)
    .where("publish_at", ">", now)
    .orderBy("publish_at")
    .limit(LIST_LIMIT)
    .execute();
  const items = [...courses.map((r) => ({ ...r, post_type: "course" as const })), ...posts]
    .map((r) => ({ _id: r.id, type: r.post_type, title: r.title, slug: r.slug, publishAt: r.publish_at! }))
    .sort((a, b) => a.publishAt.localeCompare(b.publishAt));
  return c.json(items.slice(0, LIST_LIMIT));
});
