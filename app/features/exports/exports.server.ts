import { csvLines, toCsv } from "@domain/csv";
import type { CsvExport } from "@domain/staff-exports";
import type { ExportCursor } from "~/upstream/index.server";

import { xlsxStream } from "./xlsx.server";

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
