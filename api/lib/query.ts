import { type Expression, PostgresAdapter, type Selectable, sql, type SqlBool } from "kysely";

import type { DB } from "../db";
import type { Database } from "../db/schema";
import { fail } from "./fail";
import { personMatch } from "./person-search";
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
    const extent = isPostgres(db) && !personMatch(table, capped) ? await extentOf(db, table) : null;
    if (extent && extent.rows > FIRST_WINDOW_ROWS + WALK_ROWS) {
      const newest = await newestMatchesByWindow(db, table, filter, titleRank(db, table, capped), extent);
      ids = newest
        .sort((a, b) => a.rank - b.rank || byNewest(a, b))
        .slice(q.skip, q.skip + q.limit)
        .map((r) => r.id);
    } else {
      // A table this small is read at most whole by walking its date index: one statement.
      ids = await newestMatchesRanked(db, table, filter, capped, q);
    }
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
 * The newest SEARCH_CANDIDATES matches, ranked, one page of them, in one statement: on SQLite, and
 * for a reference or a phone number (one indexed condition, few rows) on PostgreSQL.
 */
async function newestMatchesRanked(
  db: DB,
  table: ListTable,
  filter: Expression<SqlBool>,
  search: string,
  q: ListParams,
) {
  const candidates = db
    .selectFrom(table as ListTable)
    .select(["id", "created_at", ...titleColumns(db, table)].map((c) => sql.ref(c).as(c)))
    .where(filter)
    .orderBy(sql.ref("created_at"), "desc")
    .orderBy(sql.ref("id"), "desc")
    .limit(SEARCH_CANDIDATES);
  return (
    await db
      .selectFrom(candidates.as("candidates"))
      .select(sql.ref<string>("id").as("id"))
      .orderBy(titleRank(db, table, search))
      .orderBy(sql.ref("created_at"), "desc")
      .orderBy(sql.ref("id"), "desc")
      .limit(Math.min(q.limit, SEARCH_CANDIDATES - q.skip))
      .offset(q.skip)
      .execute()
  ).map((r) => r.id);
}

const isPostgres = (db: DB) => db.getExecutor().adapter instanceof PostgresAdapter;
type Candidate = { id: string; created_at: string; rank: number };
/** Newest first, id breaking ties, as the list index orders rows (ISO dates and ids are ASCII). */
const byNewest = (a: Candidate, b: Candidate) =>
  a.created_at === b.created_at ? (a.id < b.id ? 1 : -1) : a.created_at < b.created_at ? 1 : -1;

/** Rows in the first window, on average: a common word's newest matches are all there. */
const FIRST_WINDOW_ROWS = 4 * SEARCH_CANDIDATES;
/**
 * Rows a search may walk newest first, checking each: reading a match by the bitmap costs some ten
 * to fifteen rows walked (measured at 50,000 posts), so past this many, the bitmap of 1,000–1,500
 * matches is cheaper.
 */
const WALK_ROWS = 16 * SEARCH_CANDIDATES;

/** A table's creation dates' extent and its rows (the planner's estimate), kept a minute per database. */
const extents = new WeakMap<DB, Map<string, { at: number; extent: Promise<Extent> }>>();
type Extent = { from: number; to: number; rows: number; density: number } | null;

function extentOf(db: DB, table: ListTable): Promise<Extent> {
  let known = extents.get(db);
  if (!known) extents.set(db, (known = new Map()));
  const kept = known.get(table);
  if (kept && Date.now() - kept.at < 60_000) return kept.extent;
  const extent = sql<{ oldest: string | null; newest: string | null; estimate: number | null }>`
    select min(created_at) as oldest, max(created_at) as newest,
      (select reltuples from pg_class where oid = to_regclass(${table})) as estimate
    from ${sql.table(table)}`
    .execute(db)
    .then(({ rows: [row] }): Extent => {
      if (!row?.oldest || !row.newest) return null;
      const [from, to] = [Date.parse(row.oldest), Date.parse(row.newest)];
      // Rows per millisecond of creation dates, on average (0: never analysed, or one date).
      const rows = Math.max(Number(row.estimate), 0);
      return { from, to, rows, density: rows > 0 && to > from ? rows / (to - from) : 0 };
    });
  known.set(table, { at: Date.now(), extent });
  extent.catch(() => known.delete(table));
  return extent;
}

/**
 * PostgreSQL: a search's newest SEARCH_CANDIDATES matches (with their title rank), read window by
 * window of creation dates, newest first (a table of more than 20,000 rows: a smaller one is
 * walked whole at worst, in one statement). The first window holds some 4,000 rows on average, and
 * the planner reads it as it likes: a common word's matches by walking the date index, a rare
 * word's through its GIN index. What is still missing comes next: by the planner again when
 * walking for it reads at most WALK_ROWS rows (by the matches found so far) or the rows left are
 * that few; otherwise from windows sized by the matches found so far to hold what is missing, in
 * which the word's GIN index and the date index are read together (a bitmap of both), so only the
 * window's matches are read from the table. So a search reads at most some 20,000 rows by the
 * date index or 1,500 matches by the bitmap, however large the table; before, the planner chose
 * between walking (1,000 / the word's share of rows) and reading every match, and the point where
 * it changed grew with the table (docs/decisions/084-stored-search-words-and-bounded-pipeline-counts.md).
 * The extent (the oldest and newest dates) may be a minute old: it only sizes the windows, as the
 * first has no upper end and the last no lower one.
 */
async function newestMatchesByWindow(
  db: DB,
  table: ListTable,
  filter: Expression<SqlBool>,
  rank: Expression<number>,
  { from, to, density }: NonNullable<Extent>,
): Promise<Candidate[]> {
  const found: Candidate[] = [];
  let upper: string | undefined;
  let lower = density ? to - FIRST_WINDOW_ROWS / density : from;
  let walk = true;
  for (;;) {
    const start = lower > from ? new Date(lower).toISOString() : undefined;
    const window = [
      ...(start ? [sql<SqlBool>`created_at >= ${start}`] : []),
      ...(upper ? [sql<SqlBool>`created_at < ${upper}`] : []),
    ];
    const where = window.length ? sql<SqlBool>`${filter} and ${sql.join(window, sql` and `)}` : filter;
    const limit = SEARCH_CANDIDATES - found.length;
    // Materialised when walking would read too many rows: the window's matches are then read by the
    // cheapest way to all of them (the bitmap), not by walking the date index until enough are found.
    const { rows } = await (
      walk
        ? sql<Candidate>`
          select id, created_at, ${rank} as rank from ${sql.table(table)} where ${where}
          order by created_at desc, id desc limit ${limit}`
        : sql<Candidate>`
          with matches as materialized (
            select id, created_at, ${rank} as rank from ${sql.table(table)} where ${where}
          )
          select id, created_at, rank from matches order by created_at desc, id desc limit ${limit}`
    ).execute(db);
    found.push(...rows);
    if (found.length >= SEARCH_CANDIDATES || !start) return found;
    const covered = to - lower;
    const missing = SEARCH_CANDIDATES - found.length;
    upper = start;
    // Rows still to walk, by the matches found so far (none: as if one had been), and rows left.
    const toWalk = (density * missing * covered) / Math.max(found.length, 1);
    const left = density * (lower - from);
    walk = Math.min(toWalk, left) <= WALK_ROWS;
    // The rest at once if walking it is cheap; else a window to hold what is missing, half again (a
    // rare word's, none found yet, reaches the oldest row at once), at least doubling what was covered.
    lower = walk ? from : lower - Math.max((1.5 * missing * covered) / Math.max(found.length, 1), covered);
  }
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
