import { Hono } from "hono";
import type { Selectable } from "kysely";

import type { ItemType } from "@domain/items";

import type { CoursesTable, PostsTable } from "../db/schema";
import { type Ctx, type Env, fail, requirePermission } from "../http";
import { toCourse } from "../lib/course-json";
import { nowIso } from "../lib/ids";
import { toArticle, toJob } from "../lib/post-json";
import { keepRevision, lockItem, revisionValues, staffByIds } from "../lib/revisions";
import { freeSlug, withSlugRetry } from "../lib/slug";
import { apiMessages } from "../messages";

// The history of a course, article or job (docs/product.md §4): staff list the versions an
// item had, read one, and restore it. Restoring is itself a new version: the current one is
// kept first, so nothing is ever lost by a restore.
export const revisions = new Hono<Env>();

const KINDS: Record<string, ItemType> = { courses: "course", articles: "article", jobs: "job" };
const NOT_FOUND: Record<ItemType, string> = {
  course: "Course not found",
  article: "Article not found",
  job: "Job not found",
};
const PATH = "/:kinds{courses|articles|jobs}/:id/revisions";

type Trx = Parameters<typeof keepRevision>[0];
type ItemRow = Selectable<CoursesTable> | Selectable<PostsTable>;

function kindOf(c: Ctx): ItemType {
  return KINDS[c.req.param("kinds")!];
}

async function findItem(db: Trx, kind: ItemType, id: string): Promise<ItemRow | undefined> {
  if (kind === "course") return db.selectFrom("courses").selectAll().where("id", "=", id).executeTakeFirst();
  return db.selectFrom("posts").selectAll().where("id", "=", id).where("post_type", "=", kind).executeTakeFirst();
}

function shape(kind: ItemType, row: ItemRow) {
  if (kind === "course") return toCourse(row as Selectable<CoursesTable>);
  return kind === "article" ? toArticle(row as Selectable<PostsTable>) : toJob(row as Selectable<PostsTable>);
}

async function findRevision(db: Trx, kind: ItemType, itemId: string, revId: string) {
  return db
    .selectFrom("revisions")
    .selectAll()
    .where("id", "=", revId)
    .where("item_type", "=", kind)
    .where("item_id", "=", itemId)
    .executeTakeFirst();
}

revisions.get(PATH, requirePermission("content"), async (c) => {
  const kind = kindOf(c);
  const db = c.get("db");
  const item = await findItem(db, kind, c.req.param("id")!);
  if (!item) fail(404, NOT_FOUND[kind]);
  const rows = await db
    .selectFrom("revisions")
    .select(["id", "version", "title", "made_by", "made_at", "replaced_by", "replaced_at"])
    .where("item_type", "=", kind)
    .where("item_id", "=", item.id)
    .orderBy("version", "desc")
    .execute();
  const who = await staffByIds(db, [
    item.created_by,
    item.updated_by,
    ...rows.flatMap((r) => [r.made_by, r.replaced_by]),
  ]);
  return c.json({
    item: {
      _id: item.id,
      title: item.title,
      slug: item.slug,
      createdAt: item.created_at,
      updatedAt: item.updated_at,
      createdBy: who(item.created_by),
      updatedBy: who(item.updated_by),
    },
    revisions: rows.map((r) => ({
      _id: r.id,
      version: r.version,
      title: r.title,
      madeAt: r.made_at,
      madeBy: who(r.made_by),
      replacedAt: r.replaced_at,
      replacedBy: who(r.replaced_by),
    })),
  });
});

revisions.get(`${PATH}/:revId`, requirePermission("content"), async (c) => {
  const kind = kindOf(c);
  const db = c.get("db");
  const item = await findItem(db, kind, c.req.param("id")!);
  if (!item) fail(404, NOT_FOUND[kind]);
  const rev = await findRevision(db, kind, item.id, c.req.param("revId")!);
  if (!rev) fail(404, apiMessages.revisionNotFound);
  const who = await staffByIds(db, [rev.made_by, rev.replaced_by]);
  // The version as the item read then: its own columns over the item's fixed ones (id, slug, creation).
  const asItWas = { ...item, ...revisionValues(kind, rev.data), updated_at: rev.made_at } as ItemRow;
  return c.json({
    _id: rev.id,
    version: rev.version,
    madeAt: rev.made_at,
    madeBy: who(rev.made_by),
    replacedAt: rev.replaced_at,
    replacedBy: who(rev.replaced_by),
    item: shape(kind, asItWas),
  });
});

revisions.post(`${PATH}/:revId/restore`, requirePermission("content"), async (c) => {
  const kind = kindOf(c);
  const userId = c.get("user")!.id;
  const id = c.req.param("id")!;
  const revId = c.req.param("revId")!;
  const outcome = await withSlugRetry(() =>
    c
      .get("db")
      .transaction()
      .execute(async (trx) => {
        await lockItem(trx, kind, id);
        const existing = await findItem(trx, kind, id);
        if (!existing) return "no item" as const;
        const rev = await findRevision(trx, kind, id, revId);
        if (!rev) return "no revision" as const;
        const values = revisionValues(kind, rev.data);
        await keepRevision(trx, kind, existing, userId);
        const title = typeof values.title === "string" ? values.title : existing.title;
        const table = kind === "course" ? "courses" : "posts";
        const slug = title === existing.title ? existing.slug : await freeSlug(trx, table, title, existing.id);
        // The JSON keeps each column's type (text, or a number for a fee or salary).
        const changes = { ...(values as Record<string, never>), title, slug, updated_at: nowIso(), updated_by: userId };
        if (kind === "course") await trx.updateTable("courses").set(changes).where("id", "=", id).execute();
        else await trx.updateTable("posts").set(changes).where("id", "=", id).where("post_type", "=", kind).execute();
        return { ...existing, ...changes } as ItemRow;
      }),
  );
  if (outcome === "no item") fail(404, NOT_FOUND[kind]);
  if (outcome === "no revision") fail(404, apiMessages.revisionNotFound);
  // A successful POST under /api/{kind}s: api/index.ts announces the change, so visitors'
  // cached copies of this item and of every list it is in are dropped.
  return c.json(shape(kind, outcome));
});
