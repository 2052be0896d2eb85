import { LIST_PAGE_SIZE as PAGE_SIZE } from "@domain/lists";

const MAX_PAGE = 40;
const API_MAX_LIMIT = 96; // the API caps `limit` at 100; stay on whole pages

export type ListQuery = { search: string; page: number; chunk: boolean; after?: string };

/** An item's place in the list, as the API's `after` takes it (docs/product.md §7). */
const LIST_KEY = /^\d{4}-\d{2}-\d{2}T[\d:.]+Z_[\w-]{1,64}$/;

/**
 * Reads `?search=…&page=N` (and `chunk`, set by Load More's fetcher: that page only, with
 * `after`, the last shown item's key, so the page is read by key at any depth).
 */
export function readListQuery(url: URL): ListQuery {
  const page = Math.min(Math.max(Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1, 1), MAX_PAGE);
  const after = url.searchParams.get("after") ?? "";
  return {
    search: (url.searchParams.get("search") ?? "").trim(),
    page,
    chunk: url.searchParams.has("chunk"),
    after: LIST_KEY.test(after) ? after : undefined,
  };
}

/**
 * Without JavaScript, page N shows everything so far (items 1 … 12·N), so a visitor never
 * loses their place; Load More's fetcher asks for page N alone. The list ends when a page
 * comes back short.
 */
export async function loadListPage<T>(
  query: ListQuery,
  fetchSlice: (params: { limit: number; skip: number; search?: string; after?: string }) => Promise<T[]>,
) {
  // Load More's page by key: one page after the last item shown (a search pages by position).
  if (query.chunk && query.after && !query.search) {
    const items = await fetchSlice({ limit: PAGE_SIZE, skip: 0, after: query.after });
    return { items, hasMore: items.length >= PAGE_SIZE };
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
  return { items, hasMore: lastPageCount >= PAGE_SIZE };
}

export type ListResult<T> = { items: T[]; hasMore: boolean; failed: boolean };

/** Same as loadListPage, but a failed call gives an empty, failed list (docs/product.md §8): the page still renders. */
export async function loadListOrFail<T>(
  query: ListQuery,
  fetchSlice: Parameters<typeof loadListPage<T>>[1],
): Promise<ListResult<T>> {
  try {
    return { ...(await loadListPage(query, fetchSlice)), failed: false };
  } catch (error) {
    console.error("[lists] list failed", error);
    return { items: [], hasMore: false, failed: true };
  }
}
