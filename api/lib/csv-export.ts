import type Sqlite from "better-sqlite3";
import { type CompiledQuery, type Expression, sql, type SqlBool } from "kysely";

import { type Cell, csvLines } from "@domain/csv";

import { type DB, rawDriver } from "../db";
import { loggableError } from "./error-log";
import { type ListKey, olderThan } from "./query";
import { matchesSearch, titleRank } from "./search";

// The staff exports as CSV files the API writes itself (docs/decisions/048-exports-written-by-the-api.md):
// the web tier passes the file through. Read by key a page at a time, as arrays (a row object of
// forty-odd columns cost SQLite more than reading the row), written as CSV with the cells both
// tiers share (domain/staff-exports.ts), with other requests let in between slices.

/** Rows per page: a SQLite page is read synchronously and must take a few milliseconds; a PostgreSQL query waits without holding the server. */
const pageSize = () => (rawDriver().kind === "postgres" ? 1000 : 500);
/** Rows turned into CSV text at a time (an applicant row is some thirty cells), with other requests let in between. */
const SLICE = 100;
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** Prepared SQLite statements by their text: an export runs the same page query hundreds of times. */
const statements = new WeakMap<Sqlite.Database, Map<string, Sqlite.Statement>>();
function prepared(sqlite: Sqlite.Database, text: string) {
  let byText = statements.get(sqlite);
  if (!byText) statements.set(sqlite, (byText = new Map()));
  let statement = byText.get(text);
  if (!statement) {
    if (byText.size >= 50) byText.clear();
    statement = sqlite.prepare(text).raw(true);
    byText.set(text, statement);
  }
  return statement;
}

/** A compiled query's rows as arrays in its select order, from the driver under Kysely. */
async function arrayRows(query: CompiledQuery): Promise<unknown[][]> {
  const driver = rawDriver();
  const values = query.parameters as unknown[];
  if (driver.kind === "postgres")
    return (await driver.pool.query({ text: query.sql, values, rowMode: "array" })).rows as unknown[][];
  return prepared(driver.sqlite, query.sql).all(...values) as unknown[][];
}

type ExportTable = "applicants" | "contact_messages";
/** Where a page starts: after the last row's key, or (a search, whose order is not the key's) at a position. */
type Cursor = { after?: ListKey; skip: number };

/**
 * One page of an export as arrays of `columns` (created_at and id among them), newest first like
 * the list, by key; a search ranks title hits first (api/lib/search.ts) and goes by position.
 */
function readPage(
  db: DB,
  table: ExportTable,
  columns: readonly string[],
  filter: { where?: Expression<SqlBool>; search?: string },
  cursor: Cursor,
  limit: number,
) {
  const conditions: Expression<SqlBool>[] = [];
  if (filter.where) conditions.push(filter.where);
  if (filter.search) conditions.push(matchesSearch(db, table, filter.search));
  if (cursor.after) conditions.push(olderThan(cursor.after));
  let page = db
    .selectFrom(table)
    .select(columns.map((c) => sql.ref(c).as(c)))
    .where(conditions.length ? sql<SqlBool>`${sql.join(conditions, sql` and `)}` : sql<SqlBool>`1 = 1`);
  if (filter.search) page = page.orderBy(titleRank(db, table, filter.search));
  return arrayRows(
    page
      .orderBy(sql.ref("created_at"), "desc")
      .orderBy(sql.ref("id"), "desc")
      .limit(limit)
      .offset(cursor.skip)
      .compile(),
  );
}

export type CsvSource<R> = {
  table: ExportTable;
  /** The columns a page reads, in the order `shape` takes them. */
  columns: readonly string[];
  where?: Expression<SqlBool>;
  search?: string;
  /**
   * What turns a page's rows into what the export's cells take: the page's lookups (e.g. the
   * latest notes) happen once here, each row is shaped as its slice is written.
   */
  shaper: (db: DB, rows: unknown[][]) => Promise<(row: unknown[]) => R>;
  header: readonly string[];
  cells: (row: R) => Cell[];
};

/**
 * Every row of a list as a CSV file, streamed: the header, then a page at a time by key (each
 * page costs the same at any depth), the next page read while this one is written (the database
 * works meanwhile on PostgreSQL) and no further, so at most two pages are held and memory stays
 * flat. Nothing is capped; a page that fails fails the download instead of ending a file that
 * looks complete.
 */
export function csvStream<R>(db: DB, source: CsvSource<R>): ReadableStream<Uint8Array> {
  const columns = source.columns;
  const createdAt = columns.indexOf("created_at");
  const id = columns.indexOf("id");
  if (createdAt < 0 || id < 0) throw new Error("an export reads created_at and id");
  const limit = pageSize();
  const encoder = new TextEncoder();
  type Page = { rows: unknown[][]; shape: (row: unknown[]) => R; next: Cursor | null };
  const read = (cursor: Cursor): Promise<Page> => {
    // One turn later, so other requests get in between pages. Marked handled here (an unhandled
    // rejection would end the process): a failed page fails the download when its turn comes.
    const page = nextTurn().then(async () => {
      const raw = await readPage(db, source.table, columns, source, cursor, limit);
      const shape = await source.shaper(db, raw);
      const last = raw.at(-1);
      const next: Cursor | null =
        raw.length < limit || !last
          ? null
          : source.search
            ? { skip: cursor.skip + raw.length }
            : { after: { at: String(last[createdAt]), id: String(last[id]) }, skip: 0 };
      return { rows: raw, shape, next };
    });
    page.catch(() => undefined);
    return page;
  };
  let coming: Promise<Page> | null = null;
  let rows: unknown[][] = [];
  let shape: (row: unknown[]) => R = () => {
    throw new Error("no page yet");
  };
  let at = 0;
  let headerSent = false;
  return new ReadableStream<Uint8Array>({
    start() {
      coming = read({ skip: 0 });
    },
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(csvLines([source.header])));
        return;
      }
      try {
        while (at >= rows.length) {
          if (!coming) return controller.close();
          const page: Page = await coming;
          coming = page.next ? read(page.next) : null;
          rows = page.rows;
          shape = page.shape;
          at = 0;
        }
        await nextTurn();
        const slice = rows.slice(at, at + SLICE);
        at += SLICE;
        controller.enqueue(encoder.encode(csvLines(slice.map((row) => source.cells(shape(row))))));
      } catch (error) {
        // Without what its message quotes: a database's message may quote a parameter (a staff member's search words).
        console.error("[export] a page failed", JSON.stringify(loggableError(error)));
        controller.error(error);
      }
    },
    cancel() {
      coming = null;
    },
  });
}

/** The answer carrying a CSV file (the web tier names the download and passes the body on). */
export const csvResponse = (body: ReadableStream<Uint8Array>) =>
  new Response(body, { headers: { "content-type": "text/csv; charset=utf-8", "cache-control": "private, no-store" } });
