import { LIST_PAGE_SIZE as PAGE_SIZE } from "@domain/lists";

const MAX_PAGE = 40;
/** A page read by key costs the same at any depth; its number is only a label. */
const MAX_KEYED_PAGE = 1_000_000;
const API_MAX_LIMIT = 96; // the API caps `limit` at 100; stay on whole pages

export type ListQuery = { search: string; page: number; chunk: boolean; after?: string };

/** An item's place in the list, as the API's `after` takes it (docs/product.md §7). */
const LIST_KEY = /^\d{4}-\d{2}-\d{2}T[\d:.]+Z_[\w-]{1,64}$/;

/**
 * Reads `?search=…&page=N`, and `after`, the key of the last item shown: a Load More link (with
 * or without JavaScript) names it, so the next page is read by key at any depth and `page` only
 * numbers it. `chunk` is set by Load More's fetcher (that page only). An old `?page=N` link
 * without a key, and a search (its order is not the key's), still page by position.
 */
export function readListQuery(url: URL): ListQuery {
  const after = url.searchParams.get("after") ?? "";
  const search = (url.searchParams.get("search") ?? "").trim();
  const keyed = LIST_KEY.test(after) && !search;
  const page = Math.min(
    Math.max(Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1, keyed ? 2 : 1),
    keyed ? MAX_KEYED_PAGE : MAX_PAGE,
  );
  return { search, page, chunk: url.searchParams.has("chunk"), after: keyed ? after : undefined };
}

/**
 * By key, one page after the given item (`offset`: how many items come before it, so its cards
 * keep their numbers). Otherwise page N by position: without JavaScript items 1 … 12·N (an old
 * link or a search never loses the visitor's place), with Load More's fetcher page N alone.
 * The list ends when a page comes back short.
 */
export async function loadListPage<T>(
  query: ListQuery,
  fetchSlice: (params: { limit: number; skip: number; search?: string; after?: string }) => Promise<T[]>,
) {
  if (query.after) {
    const items = await fetchSlice({ limit: PAGE_SIZE, skip: 0, after: query.after });
    return { items, hasMore: items.length >= PAGE_SIZE, offset: (query.page - 1) * PAGE_SIZE };
  }
  const start = query.chunk ? (query.page - 1) * PAGE_SIZE : 0;
  const end = query.page * PAGE_SIZE;
  const items: T[] = [];
  for (let skip = start; skip < end; skip += API_MAX_LIMIT) {
    const limit = Math.min(API_MAX_LIMIT, end - skip);
    const slice = await fetchSlice({ limit, skip, search: query.search || undefined });
    items.push(...slice);
    if (slice.length < limit) break;
  }
  const lastPageCount = items.length - (query.chunk ? 0 : (query.page - 1) * PAGE_SIZE);
  return { items, hasMore: lastPageCount >= PAGE_SIZE, offset: start };
}

export type ListResult<T> = { items: T[]; hasMore: boolean; failed: boolean; offset: number };

/** Same as loadListPage, but a failed call gives an empty, failed list (docs/product.md §8): the page still renders. */
export async function loadListOrFail<T>(
  query: ListQuery,
  fetchSlice: Parameters<typeof loadListPage<T>>[1],
): Promise<ListResult<T>> {
  try {
    return { ...(await loadListPage(query, fetchSlice)), failed: false };
  } catch (error) {
    console.error("[lists] list failed", error);
    return { items: [], hasMore: false, failed: true, offset: 0 };
  }
}
