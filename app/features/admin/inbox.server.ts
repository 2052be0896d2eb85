import { csvLines, toCsv } from "@domain/csv";
import { INBOX_PAGE_SIZE } from "@domain/lists";
import type { Permission } from "@domain/staff";
import type { CsvExport } from "@domain/staff-exports";
import { requireStaffRoute } from "~/features/auth/auth.server";
import type { StaffRouteId } from "~/features/auth/staff-routes";
import type { ExportCursor, Upstream } from "~/upstream/index.server";

import { xlsxStream } from "./xlsx.server";

/** An item's place in a list, as the API's `after` and `before` take it (docs/product.md §7). */
const LIST_KEY = /^\d{4}-\d{2}-\d{2}T[\d:.]+Z_[\w-]{1,64}$/;
const listKey = (value: string | null) => (value && LIST_KEY.test(value) ? value : undefined);

/** Where a staff list page starts: by key (`after`/`before`), or by page number (`?page=N`). */
export type InboxPlace = { page: number; after?: string; before?: string };

/**
 * The staff guard (the route's row in STAFF_ROUTES) and the list parameters every inbox page reads: ?q=, and the place. The pager's
 * links carry the key of the row next to the page (`after`, `before`) and the page's number, which
 * is then only its label; an old `?page=N` link alone still reads by position, as a search does
 * (docs/decisions/029-every-list-by-key-and-fast-exports.md).
 */
export async function inboxRequest(request: Request, route: StaffRouteId) {
  const { api, user } = await requireStaffRoute(request, route);
  const url = new URL(request.url);
  const search = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const after = search ? undefined : listKey(url.searchParams.get("after"));
  const before = search || after ? undefined : listKey(url.searchParams.get("before"));
  const keyed = Boolean(after || before);
  const page = Math.min(
    Math.max(Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1, keyed ? 2 : 1),
    keyed ? 1_000_000 : 5000,
  );
  return { api, user, search, page, place: { page, after, before } satisfies InboxPlace };
}

type InboxPageParams = { limit: number; skip: number; search?: string; after?: string; before?: string };

/**
 * One page of a list, asking one more row than shown to know whether another page lies beyond.
 * By key, a page costs the same at any depth; a `before` page that comes back short is the
 * first page (rows were removed meanwhile), so the first page is read instead.
 */
export async function pageOf<T extends { _id: string }>(
  fetchPage: (p: InboxPageParams) => Promise<T[]>,
  place: InboxPlace,
  search: string,
  /** The row's sort date: `createdAt` for the inboxes, `trashedAt` or `publishAt` for the trash and the schedule. */
  dateOf: (row: T) => string = (row) => (row as unknown as { createdAt: string }).createdAt,
): Promise<{ rows: T[]; pager: Pager }> {
  const limit = INBOX_PAGE_SIZE + 1;
  if (place.before) {
    const rows = await fetchPage({ limit, skip: 0, before: place.before });
    if (rows.length > INBOX_PAGE_SIZE)
      return pageResult(
        rows.slice(-INBOX_PAGE_SIZE),
        { page: place.page, hasNewer: true, hasOlder: true },
        false,
        dateOf,
      );
    return pageOf(fetchPage, { page: 1 }, search, dateOf);
  }
  const rows = await fetchPage(
    place.after
      ? { limit, skip: 0, after: place.after }
      : { limit, skip: (place.page - 1) * INBOX_PAGE_SIZE, search: search || undefined },
  );
  return pageResult(
    rows.slice(0, INBOX_PAGE_SIZE),
    { page: place.page, hasNewer: place.page > 1, hasOlder: rows.length > INBOX_PAGE_SIZE },
    !!search,
    dateOf,
  );
}

type Pager = { page: number; newer?: Record<string, string>; older?: Record<string, string> };

/**
 * A page's rows and its pager's links (the query each adds to the list's own): by the key of the
 * row beside the page, or by page number for a search (its order is not the key's). The page
 * after the first goes back to the list's plain address.
 */
function pageResult<T extends { _id: string }>(
  rows: T[],
  at: { page: number; hasNewer: boolean; hasOlder: boolean },
  byPosition: boolean,
  dateOf: (row: T) => string,
): { rows: T[]; pager: Pager } {
  const keyOf = (row: T) => `${dateOf(row)}_${row._id}`;
  const first = rows.at(0);
  const last = rows.at(-1);
  const { page } = at;
  // A page past the end (an old link) offers the way back to the first.
  const firstPage = page === 2 || !first;
  const newer: Record<string, string> | undefined = !at.hasNewer
    ? undefined
    : firstPage
      ? {}
      : byPosition
        ? { page: String(page - 1) }
        : { before: keyOf(first), page: String(page - 1) };
  const older: Record<string, string> | undefined =
    !at.hasOlder || !last
      ? undefined
      : byPosition
        ? { page: String(page + 1) }
        : { after: keyOf(last), page: String(page + 1) };
  return { rows, pager: { page, newer, older } };
}

/** Rows turned into CSV text at a time (an applicant row is some thirty formatted cells): other requests run between slices. */
const CSV_SLICE = 50;
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

type ExportPage<T> = (cursor: ExportCursor) => Promise<{ rows: T[]; next: ExportCursor | null }>;

/**
 * Every row matching the search, a page at a time: the one reading core of both exports (CSV and
 * .xlsx). A page (its size the API's: large on PostgreSQL, small on SQLite) is read from where the
 * API said the next starts (by the last row's key, docs/product.md §7, or by position for a
 * search), so each page costs the same at any depth. The next page is asked for as soon as one
 * arrives, so the database reads it while this one is written out (on PostgreSQL the two overlap),
 * and no further: at most two pages are held, so memory stays flat. Nothing is capped
 * (docs/decisions/029-every-list-by-key-and-fast-exports.md, 047-fast-exports-and-seeds.md).
 */
export async function* exportPages<T>(fetchPage: ExportPage<T>) {
  type Page = { rows: T[]; next: ExportCursor | null };
  // Asked one turn later, so other requests get in between pages. A page that fails while the
  // one before is being written is marked handled here (an unhandled rejection would end the
  // process) and fails the download when its turn comes; after a stopped download, nobody asks.
  const read = (cursor: ExportCursor) => {
    const page = nextTurn().then(() => fetchPage(cursor));
    page.catch(() => undefined);
    return page;
  };
  let coming: Promise<Page> | null = read({});
  while (coming) {
    const page: Page = await coming;
    coming = page.next ? read(page.next) : null;
    if (page.rows.length) yield page.rows;
  }
}

export const downloadHeaders = (contentType: string, filename: string) => ({
  "content-type": contentType,
  "content-disposition": `attachment; filename="${filename}"`,
  "cache-control": "private, no-store",
});

/**
 * Every row matching the search as a CSV file for tools, streamed from the API's JSON pages (the
 * security log's export; the inboxes' CSV files are written by the API itself:
 * docs/decisions/048-exports-written-by-the-api.md). A page is read only when the one before has
 * been sent, from where the API said the next starts (by the last row's key,
 * docs/product.md §7, or by position for a search), so memory stays flat and each page costs the
 * same at any depth; rows become CSV 50 at a time with other requests let in between. Nothing
 * is capped (docs/decisions/029-every-list-by-key-and-fast-exports.md); a failed page fails the
 * download instead of ending a file that looks complete.
 */
export function csvExport<T>(filename: string, plan: CsvExport<T>, fetchPage: ExportPage<T>) {
  const encoder = new TextEncoder();
  const pages = exportPages(fetchPage);
  let started = false;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(toCsv(plan.header, [])));
        return;
      }
      try {
        const next = await pages.next();
        if (next.done) return controller.close();
        for (let i = 0; i < next.value.length; i += CSV_SLICE) {
          if (i > 0) await nextTurn();
          controller.enqueue(encoder.encode(csvLines(next.value.slice(i, i + CSV_SLICE).map(plan.cells))));
        }
      } catch (error) {
        console.error("[export] a page failed", error);
        controller.error(error);
      }
    },
    async cancel() {
      await pages.return(undefined);
    },
  });
  return new Response(stream, { headers: downloadHeaders("text/csv; charset=utf-8", filename) });
}

/**
 * A CSV file the API wrote (the staff inboxes' exports: docs/decisions/048-exports-written-by-the-api.md),
 * passed on as it streams, under the download's own name; a file the API fails partway fails the
 * download rather than ending short.
 */
export function csvDownload(filename: string, file: Response) {
  return new Response(file.body, { headers: downloadHeaders("text/csv; charset=utf-8", filename) });
}

/** The same rows as a spreadsheet (.xlsx) for people, streamed the same way (xlsx.server.ts). */
export function xlsxExport<T>(filename: string, sheetName: string, plan: CsvExport<T>, fetchPage: ExportPage<T>) {
  async function* rows() {
    for await (const page of exportPages(fetchPage)) yield page.map(plan.cells);
  }
  return new Response(xlsxStream(sheetName, plan.header, rows(), plan.widths), {
    headers: downloadHeaders("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", filename),
  });
}

/** The staff tabs' "new" counts: messages no one has read, applicants still at New (each only for a role that sees it). */
export async function inboxNewCounts(api: Upstream, can: (p: Permission) => boolean) {
  // Each count stops at a bound (docs/decisions/078-bounded-counts-and-the-new-lists.md): these run on every staff page.
  const [messages, applicants] = await Promise.all([
    can("messages") ? api.contact.unreadCount() : undefined,
    can("applicants") ? api.applicants.newCount() : undefined,
  ]);
  return { messages, applicants };
}
