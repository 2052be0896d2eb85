import { INBOX_PAGE_SIZE } from "@domain/lists";
import type { Permission } from "@domain/staff";
import { requireStaffRoute } from "~/features/auth/auth.server";
import type { StaffRouteId } from "~/features/auth/staff-routes";
import type { Upstream } from "~/upstream/index.server";

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

/** The staff tabs' "new" counts: messages no one has read, applicants still at New (each only for a role that sees it). */
export async function inboxNewCounts(api: Upstream, can: (p: Permission) => boolean) {
  // Each count stops at a bound (docs/decisions/078-bounded-counts-and-the-new-lists.md): these run on every staff page.
  const [messages, applicants] = await Promise.all([
    can("messages") ? api.contact.unreadCount() : undefined,
    can("applicants") ? api.applicants.newCount() : undefined,
  ]);
  return { messages, applicants };
}
