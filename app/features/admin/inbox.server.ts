import { API_MAX_PAGE, INBOX_PAGE_SIZE } from "@domain/lists";
import type { Permission } from "@domain/staff";
import { csvLines, toCsv } from "~/features/admin/csv";
import type { CsvExport } from "~/features/admin/csv-exports";
import { requirePermission } from "~/features/auth/auth.server";
import type { Upstream } from "~/upstream/index.server";

/** The staff guard (the page's permission) and the list parameters (?q=, ?page=) every inbox page reads. */
export async function inboxRequest(request: Request, permission: Permission) {
  const { api, user } = await requirePermission(request, permission);
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

/**
 * Every row matching the search as a CSV file, streamed: a page (the API's largest) is read only
 * when the one before has been sent, by the last row's key (`after`, docs/product.md §7), so
 * memory stays flat and each page costs the same at any depth; other requests run between pages.
 * A search ranks its rows, so its pages go by skip. Nothing is capped
 * (docs/decisions/027-keyset-paging-search-sitemap.md); a failed page fails the download
 * instead of ending a file that looks complete.
 */
export function csvExport<T extends { _id: string; createdAt: string }>(
  filename: string,
  plan: CsvExport<T>,
  fetchPage: (p: PageParams) => Promise<T[]>,
  search: string,
) {
  const encoder = new TextEncoder();
  let skip = 0;
  let after: string | undefined;
  let started = false;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`\uFEFF${toCsv(plan.header, [])}`));
        return;
      }
      await new Promise((resolve) => setImmediate(resolve));
      try {
        const rows = await fetchPage(
          search ? { limit: API_MAX_PAGE, skip, search } : { limit: API_MAX_PAGE, skip: 0, after },
        );
        if (rows.length) controller.enqueue(encoder.encode(csvLines(rows.map(plan.cells))));
        skip += rows.length;
        const last = rows.at(-1);
        if (last) after = `${last.createdAt}_${last._id}`;
        if (rows.length < API_MAX_PAGE) controller.close();
      } catch (error) {
        console.error("[export] a page failed", error);
        controller.error(error);
      }
    },
  });
  return new Response(stream, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${filename}"`,
      "cache-control": "private, no-store",
    },
  });
}

/** The staff tabs' "new" counts: messages no one has read, applicants still at New (each only for a role that sees it). */
export async function inboxNewCounts(api: Upstream, can: (p: Permission) => boolean) {
  const [messages, applicants] = await Promise.all([
    can("messages") ? api.contact.unreadCount() : undefined,
    can("applicants") ? api.applicants.counts() : undefined,
  ]);
  return { messages, applicants: applicants?.new };
}
