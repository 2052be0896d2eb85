import { sql, type SqlBool } from "kysely";

import { TRASH_DAYS } from "@domain/schedule";

import { type DB, getDb } from "../db";
import { recordSecurityEvent } from "../security-events";
import { diskImageStore } from "../storage/images";
import { loggableError } from "./error-log";
import { timedJob } from "./metrics";

/** The moment before which trashed items are deleted for good. */
export const purgeBefore = (now: Date) => new Date(now.getTime() - TRASH_DAYS * 24 * 60 * 60 * 1000).toISOString();

type ImageRow = {
  featured_img: string;
  content: string;
  asset_folder: string;
  company_cover_img?: string;
  company_logo?: string;
};

/** The stored images an item shows: its image fields and the images in its rich text. */
export function imagesOf(row: ImageRow): string[] {
  const ids = new Set([row.featured_img, row.company_cover_img ?? "", row.company_logo ?? ""]);
  for (const m of row.content.matchAll(/\/api\/images\/[^/"'\s]+\/([a-z0-9_-]+(?:\/[a-z0-9_-]+)*)/gi)) ids.add(m[1]);
  return [...ids].filter((id) => id && !id.startsWith("http"));
}

/** The stored images a kept revision shows (its JSON holds the item's image fields and rich text). */
function imagesOfRevision(data: string): string[] {
  const parsed = JSON.parse(data) as Record<string, unknown>;
  const text = (column: string) => (typeof parsed[column] === "string" ? (parsed[column] as string) : "");
  return imagesOf({
    featured_img: text("featured_img"),
    content: text("content"),
    asset_folder: "",
    company_cover_img: text("company_cover_img"),
    company_logo: text("company_logo"),
  });
}

/**
 * Deletes the kept revisions of items deleted for good (no page reaches them once the item is
 * gone, docs/decisions/017-revisions-and-audit.md) and answers the images they showed, so those
 * are checked for removal with the item's own.
 */
export async function dropRevisionsOf(db: DB, items: { kind: "course" | "article" | "job"; id: string }[]) {
  const images: string[] = [];
  for (const kind of ["course", "article", "job"] as const) {
    const ids = items.filter((i) => i.kind === kind).map((i) => i.id);
    if (ids.length === 0) continue;
    const gone = await db
      .deleteFrom("revisions")
      .where("item_type", "=", kind)
      .where("item_id", "in", ids)
      .returning("data")
      .execute();
    for (const { data } of gone) images.push(...imagesOfRevision(data));
  }
  return images;
}

/**
 * Whether any course, article, job, draft or kept revision still refers to the image: restoring
 * a revision brings its images back (docs/decisions/016-trash-and-scheduling.md).
 */
async function imageInUse(db: DB, publicId: string) {
  const like = `%${publicId.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const contains = (column: string) => sql<SqlBool>`${sql.ref(column)} like ${like} escape '\\'`;
  const course = await db
    .selectFrom("courses")
    .select("id")
    .where((eb) => eb.or([eb("featured_img", "=", publicId), contains("content")]))
    .limit(1)
    .executeTakeFirst();
  if (course) return true;
  const post = await db
    .selectFrom("posts")
    .select("id")
    .where((eb) =>
      eb.or([
        eb("featured_img", "=", publicId),
        eb("company_cover_img", "=", publicId),
        eb("company_logo", "=", publicId),
        contains("content"),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  if (post) return true;
  const draft = await db.selectFrom("drafts").select("user_id").where(contains("data")).limit(1).executeTakeFirst();
  if (draft) return true;
  const revision = await db.selectFrom("revisions").select("id").where(contains("data")).limit(1).executeTakeFirst();
  return !!revision;
}

/** Deletes the originals of images nothing uses any more (variants go with the cache's own trim). */
export async function removeUnusedImages(db: DB, publicIds: string[]) {
  const removed: string[] = [];
  for (const id of new Set(publicIds)) {
    if (await imageInUse(db, id)) continue;
    try {
      await diskImageStore().removeOriginal(id);
      removed.push(id);
    } catch (error) {
      console.error("[trash] could not remove image", JSON.stringify({ id, error: loggableError(error) }));
    }
  }
  return removed;
}

/** Deletes for good every item in the trash since before `before`, then the images only it used. */
export async function purgeTrash(db: DB, before: string) {
  const images: string[] = [];
  const courses = await db.deleteFrom("courses").where("trashed_at", "<", before).returningAll().execute();
  const posts = await db.deleteFrom("posts").where("trashed_at", "<", before).returningAll().execute();
  for (const row of [...courses, ...posts]) images.push(...imagesOf(row));
  images.push(
    ...(await dropRevisionsOf(db, [
      ...courses.map((r) => ({ kind: "course" as const, id: r.id })),
      ...posts.map((r) => ({ kind: r.post_type, id: r.id })),
    ])),
  );
  for (const row of courses)
    recordSecurityEvent({ type: "item.deleted", subjectId: `course:${row.id}`, reason: "trash purge" });
  for (const row of posts)
    recordSecurityEvent({ type: "item.deleted", subjectId: `${row.post_type}:${row.id}`, reason: "trash purge" });
  await removeUnusedImages(db, images);
  return courses.length + posts.length;
}

const holder = globalThis as unknown as { __academyTrashSweep?: NodeJS.Timeout };
const SWEEP_EVERY_MS = 60 * 60 * 1000;

/** At the first API call and then hourly: the trash's 30 days are counted whatever the traffic. */
export function startTrashSweep() {
  if (holder.__academyTrashSweep) return;
  const sweep = async () =>
    timedJob("trash_sweep", async () => purgeTrash(await getDb(), purgeBefore(new Date()))).catch((error) =>
      console.error("[trash] purge failed", JSON.stringify(loggableError(error))),
    );
  holder.__academyTrashSweep = setInterval(sweep, SWEEP_EVERY_MS);
  holder.__academyTrashSweep.unref();
  void sweep();
}
