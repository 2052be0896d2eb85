import type { Kysely } from "kysely";

import { phoneE164, phoneKey } from "@domain/phone";

import { savedFormKeys } from "../lib/person-key";

// The data steps of the 0015_peoplea and 0019_rights migrations (api/db/migrations.ts), apart so
// a test can run them on rows it wrote. Each reads a table a page at a time by key: a large table
// is never held in memory, and a run that stopped half-way is simply run again.

type Rows = Kysely<Record<string, Record<string, string | null>>>;
const PAGE = 500;

/**
 * Every row of `table` with `columns`, read a page at a time in `key` order; `onlyNull` reads only
 * the rows where that column is null. The caller may update each row as it comes.
 */
async function* rowsOf(rows: Rows, table: string, key: string, columns: readonly string[], onlyNull?: string) {
  let after = "";
  for (;;) {
    let query = rows
      .selectFrom(table)
      .select([key, ...columns])
      .where(key, ">", after);
    if (onlyNull) query = query.where(onlyNull, "is", null);
    const page = await query.orderBy(key).limit(PAGE).execute();
    yield* page;
    if (page.length < PAGE) return;
    after = page[page.length - 1]![key]!;
  }
}

/**
 * Phone numbers in E.164 (docs/decisions/037-references-phones-and-payment.md): every number the
 * shared rule reads is rewritten; one it cannot read stays as typed. `phone_key` (migration 0013)
 * is set again by the same rule (domain/phone.ts phoneKey), as new rows get it.
 */
export async function phonesToE164<D>(db: Kysely<D>) {
  const rows = db as unknown as Rows;
  const tables = [
    ["applicants", ["phone", "emergency_phone"]],
    ["contact_messages", ["phone"]],
  ] as const;
  for (const [table, columns] of tables) {
    for await (const row of rowsOf(rows, table, "id", ["phone_key", ...columns])) {
      const changes: Record<string, string> = {};
      for (const column of columns) {
        const e164 = phoneE164(String(row[column] ?? ""));
        if (e164 && e164 !== row[column]) changes[column] = e164;
      }
      // The key a person's rows are found by (decision 034) follows the same rule, E.164.
      const key = phoneKey(String(row.phone ?? ""));
      if (key !== row.phone_key) changes.phone_key = key;
      if (Object.keys(changes).length) await rows.updateTable(table).set(changes).where("id", "=", row.id!).execute();
    }
  }
}

const CRASH = ["Crash Course", "Crash Course with Accomodation"];
const FULL = ["Full Course", "Full Course with Accomodation"];
const ALL = ["Crash Course", "Full Course", "Crash Course with Accomodation", "Full Course with Accomodation"];

/**
 * The course types of a course that names none (docs/decisions/038-course-types-per-course.md),
 * from what it says: years → the full course, months, weeks or "crash" → the crash course (each
 * with and without accommodation); neither → all four, as every course offered before.
 */
export function typesFromWhatItSays(title: string, duration: string | null) {
  const said = `${duration ?? ""} ${title}`.toLowerCase();
  if (/\byears?\b/.test(said)) return FULL;
  if (/\b(months?|weeks?|crash)\b/.test(said)) return CRASH;
  return ALL;
}

/** Gives every course without course types the ones its duration or title says. */
export async function courseTypesFromDuration<D>(db: Kysely<D>) {
  const rows = db as unknown as Rows;
  for await (const row of rowsOf(rows, "courses", "id", ["title", "duration"], "course_types")) {
    const types = typesFromWhatItSays(row.title ?? "", row.duration);
    await rows
      .updateTable("courses")
      .set({ course_types: JSON.stringify(types) })
      .where("id", "=", row.id!)
      .execute();
  }
}

/**
 * The keys a saved form is found by (docs/decisions/034-retention-and-rights.md), for the forms
 * saved before the columns existed: read from the e-mail and phone in their fields, by the rule
 * a form saved now is keyed by (api/lib/person-key.ts savedFormKeys). Fields that are not JSON
 * (never written so) leave the form without keys.
 */
export async function savedFormKeysFromFields<D>(db: Kysely<D>) {
  const rows = db as unknown as Rows;
  for await (const row of rowsOf(rows, "saved_forms", "token_hash", ["fields"])) {
    let fields: unknown;
    try {
      fields = JSON.parse(row.fields ?? "");
    } catch {
      continue;
    }
    if (!fields || typeof fields !== "object") continue;
    const keys = savedFormKeys(fields as Record<string, unknown>);
    if (keys.email === null && keys.phone_key === null) continue;
    await rows.updateTable("saved_forms").set(keys).where("token_hash", "=", row.token_hash!).execute();
  }
}
