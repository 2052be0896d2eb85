import { API_MAX_PAGE, INBOX_PAGE_SIZE } from "@domain/lists";
import { csvLines, toCsv } from "~/features/admin/csv";
import type { CsvExport } from "~/features/admin/csv-exports";
import { requireStaff } from "~/features/auth/auth.server";
import type { Upstream } from "~/upstream/index.server";

import { xlsxStream } from "./xlsx.server";

/** The staff guard and the list parameters (?q=, ?page=) every inbox page reads. */
export async function inboxRequest(request: Request) {
  const { api, user } = await requireStaff(request);
  const url = new URL(request.url);
  const search = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const page = Math.min(Math.max(Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1, 1), 5000);
  return { api, user, search, page };
}

/** One page of a list, asking one more row than shown to know whether an older page exists. */
export async function pageOf<T>(
  fetchPage: (p: { limit: number; skip: number; search?: string }) => Promise<T[]>,
  page: number,
  search: string,
) {
  const rows = await fetchPage({
    limit: INBOX_PAGE_SIZE + 1,
    skip: (page - 1) * INBOX_PAGE_SIZE,
    search: search || undefined,
  });
  return { rows: rows.slice(0, INBOX_PAGE_SIZE), hasOlder: rows.length > INBOX_PAGE_SIZE };
}

type PageParams = { limit: number; skip: number; after?: string; search?: string };
type Fetch<T> = (p: PageParams) => Promise<T[]>;

/**
 * Every row matching the search, a page (the API's largest) at a time: a page is asked for only
 * when the one before has been taken, by the last row's key (`after`, docs/product.md §7), so
 * memory stays flat and each page costs the same at any depth; other requests run between pages.
 * A search ranks its rows, so its pages go by skip. Nothing is capped
 * (docs/decisions/027-keyset-paging-search-sitemap.md). Both exports (CSV and .xlsx) read this.
 */
export async function* exportPages<T extends { _id: string; createdAt: string }>(fetchPage: Fetch<T>, search: string) {
  let skip = 0;
  let after: string | undefined;
  for (;;) {
    await new Promise((resolve) => setImmediate(resolve));
    const rows = await fetchPage(
      search ? { limit: API_MAX_PAGE, skip, search } : { limit: API_MAX_PAGE, skip: 0, after },
    );
    if (rows.length) yield rows;
    skip += rows.length;
    const last = rows.at(-1);
    if (last) after = `${last.createdAt}_${last._id}`;
    if (rows.length < API_MAX_PAGE) return;
  }
}

const downloadHeaders = (contentType: string, filename: string) => ({
  "content-type": contentType,
  "content-disposition": `attachment; filename="${filename}"`,
  "cache-control": "private, no-store",
});

/**
 * Every row matching the search as a plain CSV file for tools, streamed page by page
 * (exportPages); a failed page fails the download instead of ending a file that looks complete.
 */
export function csvExport<T extends { _id: string; createdAt: string }>(
  filename: string,
  plan: CsvExport<T>,
  fetchPage: Fetch<T>,
  search: string,
) {
  const encoder = new TextEncoder();
  const pages = exportPages(fetchPage, search);
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
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(csvLines(next.value.map(plan.cells))));
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

/** The same rows as a spreadsheet (.xlsx) for people, streamed the same way (xlsx.server.ts). */
export function xlsxExport<T extends { _id: string; createdAt: string }>(
  filename: string,
  sheetName: string,
  plan: CsvExport<T>,
  fetchPage: Fetch<T>,
  search: string,
) {
  async function* rows() {
    for await (const page of exportPages(fetchPage, search)) yield page.map(plan.cells);
  }
  return new Response(xlsxStream(sheetName, plan.header, rows(), plan.widths), {
    headers: downloadHeaders("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", filename),
  });
}

/** The staff tabs' "new" counts: messages no one has read, applicants still at New. */
export async function inboxNewCounts(api: Upstream) {
  const [messages, applicants] = await Promise.all([api.contact.unreadCount(), api.applicants.counts()]);
  return { messages, applicants: applicants.new };
}
