import { requireStaff } from "~/features/auth/auth.server";
import type { Upstream } from "~/upstream/index.server";
import { API_MAX_PAGE, INBOX_PAGE_SIZE } from "@domain/lists";

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

/** Every row matching the search, a page at a time (the API's largest page). */
export async function allOf<T>(
  fetchPage: (p: { limit: number; skip: number; search?: string }) => Promise<T[]>,
  search: string,
  max = 10_000,
) {
  const all: T[] = [];
  for (let skip = 0; skip < max; skip += API_MAX_PAGE) {
    const rows = await fetchPage({ limit: API_MAX_PAGE, skip, search: search || undefined });
    all.push(...rows);
    if (rows.length < API_MAX_PAGE) break;
  }
  return all;
}

export function csvResponse(filename: string, csv: string) {
  return new Response(`\uFEFF${csv}`, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${filename}"`,
      "cache-control": "private, no-store",
    },
  });
}

/** The staff tabs' "new" counts: messages no one has read, applicants still at New. */
export async function inboxNewCounts(api: Upstream) {
  const [messages, applicants] = await Promise.all([api.contact.unreadCount(), api.applicants.counts()]);
  return { messages, applicants: applicants.new };
}
