import type { Selectable, Transaction } from "kysely";

import type { ItemType } from "@domain/items";

import type { DB } from "../db";
import type { CoursesTable, Database, PostsTable } from "../db/schema";
import { newId, nowIso } from "./ids";

// Revisions (docs/product.md §4): every publish or update keeps the version it replaces.
// A revision stores the item's editable columns as JSON, so viewing one reads like the item
// and restoring one writes those columns back; id, slug, type and creation stay the item's.

type Trx = Transaction<Database> | DB;

/** Versions kept per item; older ones are dropped as new ones arrive. */
export const REVISIONS_KEPT = 50;

export const COURSE_COLUMNS = [
  "title",
  "tutors",
  "featured_img",
  "tag",
  "tip_color",
  "content",
  "asset_folder",
  // The offer fields (docs/decisions/019-course-and-job-offers.md).
  "category",
  "fee",
  "duration",
  "level",
  "next_start",
  // The course types it offers (docs/decisions/038-course-types-per-course.md).
  "course_types",
] as const;
export const POST_COLUMNS = [
  "title",
  "description",
  "content",
  "featured_img",
  "company_cover_img",
  "company_logo",
  "logo_accent",
  "company_name",
  "job_type",
  "job_location",
  "application_deadline",
  "asset_folder",
  // The offer fields (docs/decisions/019-course-and-job-offers.md).
  "how_to_apply",
  "salary_min",
  "salary_max",
  "job_address",
] as const;

type ItemRow = Selectable<CoursesTable> | Selectable<PostsTable>;

export const columnsOf = (kind: ItemType): readonly string[] => (kind === "course" ? COURSE_COLUMNS : POST_COLUMNS);

/** The editable columns of a stored revision, only those this kind has (old JSON may hold others). */
export function revisionValues(kind: ItemType, data: string): Record<string, string | number | null> {
  const parsed = JSON.parse(data) as Record<string, unknown>;
  const values: Record<string, string | number | null> = {};
  for (const column of columnsOf(kind)) {
    const value = parsed[column];
    // Numbers: a course fee and a job's salary (docs/decisions/019-course-and-job-offers.md).
    if (typeof value === "string" || typeof value === "number" || value === null) values[column] = value;
  }
  return values;
}

/**
 * Takes the write lock on one item before reading it, so two edits of the same item queue up
 * and each keeps the version the other wrote (PostgreSQL locks the row, SQLite the database).
 */
export async function lockItem(trx: Trx, kind: ItemType, id: string) {
  if (kind === "course")
    await trx
      .updateTable("courses")
      .set((eb) => ({ updated_at: eb.ref("updated_at") }))
      .where("id", "=", id)
      .execute();
  else
    await trx
      .updateTable("posts")
      .set((eb) => ({ updated_at: eb.ref("updated_at") }))
      .where("id", "=", id)
      .where("post_type", "=", kind)
      .execute();
}

/** Keeps `existing` (the version about to be replaced by `userId`) and drops those beyond the last 50. */
export async function keepRevision(trx: Trx, kind: ItemType, existing: ItemRow, userId: string | null) {
  const data = Object.fromEntries(
    columnsOf(kind).map((column) => [column, (existing as unknown as Record<string, unknown>)[column] ?? null]),
  );
  const last = await trx
    .selectFrom("revisions")
    .select((eb) => eb.fn.max("version").as("version"))
    .where("item_type", "=", kind)
    .where("item_id", "=", existing.id)
    .executeTakeFirst();
  const version = Number(last?.version ?? 0) + 1;
  await trx
    .insertInto("revisions")
    .values({
      id: newId(),
      item_type: kind,
      item_id: existing.id,
      version,
      title: existing.title,
      data: JSON.stringify(data),
      made_by: existing.updated_by ?? existing.created_by ?? null,
      made_at: existing.updated_at,
      replaced_by: userId,
      replaced_at: nowIso(),
    })
    .execute();
  await trx
    .deleteFrom("revisions")
    .where("item_type", "=", kind)
    .where("item_id", "=", existing.id)
    .where("version", "<=", version - REVISIONS_KEPT)
    .execute();
}

/** Names and e-mails of staff users by id; a removed account is simply absent. */
export async function staffByIds(db: Trx, ids: readonly (string | null | undefined)[]) {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  const rows = wanted.length
    ? await db.selectFrom("users").select(["id", "name", "email"]).where("id", "in", wanted).execute()
    : [];
  const byId = new Map(rows.map((r) => [r.id, { id: r.id, name: r.name, email: r.email }]));
  return (id: string | null | undefined) => (id ? (byId.get(id) ?? { id, name: null, email: null }) : null);
}
