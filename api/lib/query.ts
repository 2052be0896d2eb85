import { type Expression, PostgresAdapter, type Selectable, sql, type SqlBool } from "kysely";

import type { DB } from "../db";
import type { Database } from "../db/schema";
import { fail } from "./fail";
import { manyMatchOnSqlite, matchesSearch, titleColumns, titleRank } from "./search";

type ListTable = "courses" | "posts" | "applicants" | "contact_messages";
/** The last row of the page before: its sort date and id (docs/product.md §7, `after`). */
export type ListKey = { at: string; id: string };
type ListParams = { search?: string; limit: number; skip: number; after?: ListKey; before?: ListKey };

/**
 * How many of a search's matches a list ranks: the newest this many, by key
 * (docs/decisions/073-flat-on-postgresql-too.md). A common word matches thousands of rows; ranking
 * them all (the title check, then a sort) grew with the table. Pages of a search end here; the
 * exports read every match.
 */
export const SEARCH_CANDIDATES = 1000;

/** Rows strictly older than the key in (created_at, id) order: what the list index reads from. */
export const olderThan = (key: ListKey) => sql<SqlBool>`((created_at, id) < (${key.at}, ${key.id}))`;
/** Rows strictly newer than the key: the page before one, read from the same index upwards. */
const newerThan = (key: ListKey) => sql<SqlBool>`((created_at, id) > (${key.at}, ${key.id}))`;

/**
 * One page of a list, newest first (id breaks ties so pages never overlap), optionally narrowed
 * by a search (through the index, title hits first: api/lib/search.ts) and one more condition.
 * By key (`after`, or `before` for the page above), a page costs the same at any depth; an offset (`skip`) still works, and reads
 * only the list index up to the page (the ids first, then those rows), never the rows before it.
 */
export async function newestFirst<T extends ListTable>(
  db: DB,
  table: T,
  q: ListParams,
  where?: Expression<SqlBool>,
  /**
   * A search also matches a course category's words (api/lib/search.ts); off within one category.
   * `allMatches`: rank every match, not only the newest SEARCH_CANDIDATES (an export holds them all).
   */
  { categoryWords = true, allMatches = false }: { categoryWords?: boolean; allMatches?: boolean } = {},
): Promise<Selectable<Database[T]>[]> {
  // A search ranks title hits first, so its pages are not in date order: they go by skip.
  if (q.search && q.after) fail(400, "after cannot be combined with search: page a search with skip");
  if (q.search && q.before) fail(400, "before cannot be combined with search: page a search with skip");
  if (q.after && q.before) fail(400, "give after or before, not both");
  const conditions: Expression<SqlBool>[] = [];
  if (where) conditions.push(where);
  const capped = q.search && !allMatches ? q.search : undefined;
  const byKey = capped !== undefined && (await manyMatchOnSqlite(db, table, capped));
  if (q.search) conditions.push(matchesSearch(db, table, q.search, categoryWords, byKey));
  if (q.after) conditions.push(olderThan(q.after));
  if (q.before) conditions.push(newerThan(q.before));
  const filter = conditions.length ? sql<SqlBool>`${sql.join(conditions, sql` and `)}` : sql<SqlBool>`1 = 1`;
  // `before` reads the rows just above the key (oldest first), then turns them newest first.
  const direction = q.before ? "asc" : "desc";
  let ids: string[];
  if (capped !== undefined) {
    // A search ranks only its newest matches (SEARCH_CANDIDATES), read by key with the columns the
    // title rank needs; the rank and its sort then run over those alone, whatever the word's count.
    if (q.skip >= SEARCH_CANDIDATES) return [];
    const candidates = db
      .selectFrom(table as ListTable)
      .select(["id", "created_at", ...titleColumns(db, table)].map((c) => sql.ref(c).as(c)))
      .where(filter)
      .orderBy(sql.ref("created_at"), "desc")
      .orderBy(sql.ref("id"), "desc")
      .limit(SEARCH_CANDIDATES);
    ids = (
      await db
        .selectFrom(candidates.as("candidates"))
        .select(sql.ref<string>("id").as("id"))
        .orderBy(titleRank(db, table, capped))
        .orderBy(sql.ref("created_at"), "desc")
        .orderBy(sql.ref("id"), "desc")
        .limit(Math.min(q.limit, SEARCH_CANDIDATES - q.skip))
        .offset(q.skip)
        .execute()
    ).map((r) => r.id);
  } else {
    let page = db
      .selectFrom(table as ListTable)
      .select("id")
      .where(filter);
    if (q.search) page = page.orderBy(titleRank(db, table, q.search));
    ids = (
      await page
        .orderBy(sql.ref("created_at"), direction)
        .orderBy(sql.ref("id"), direction)
        .limit(q.limit)
        .offset(q.skip)
        .execute()
    ).map((r) => r.id);
  }
  if (q.before) ids.reverse();
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom(table as ListTable)
    .selectAll()
    .where("id", "in", ids)
    .execute();
  const order = new Map(ids.map((id, i) => [id, i]));
  rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  return rows as Selectable<Database[T]>[];
}

/**
 * Rows per page of an export (docs/decisions/029-every-list-by-key-and-fast-exports.md). On
 * PostgreSQL a query waits without holding the server, so a page is large and 100,000 rows take
 * a hundred pages; SQLite's queries hold the event loop while they run, so its pages stay small
 * enough to read in a few milliseconds.
 */
export const exportPageSize = (db: DB) => (db.getExecutor().adapter instanceof PostgresAdapter ? 1000 : 200);

/** An export page's answer: its rows and where the next page starts (null after the last). */
export function exportPage<R extends { id: string; created_at: string }, T>(
  rows: R[],
  q: { search?: string; skip: number },
  size: number,
  shape: (row: R) => T,
) {
  const last = rows.at(-1);
  const next =
    rows.length < size || !last
      ? null
      : q.search
        ? { skip: q.skip + rows.length }
        : { after: `${last.created_at}_${last.id}` };
  return { rows: rows.map(shape), next };
}
