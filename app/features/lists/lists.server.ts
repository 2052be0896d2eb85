import { LIST_PAGE_SIZE as PAGE_SIZE } from "@domain/lists";

const MAX_PAGE = 40;
const API_MAX_LIMIT = 96; // the API caps `limit` at 100; stay on whole pages

export type ListQuery = { search: string; page: number; chunk: boolean };

/** Reads `?search=…&page=N` (and `chunk`, set by Load More's fetcher: that page only). */
export function readListQuery(url: URL): ListQuery {
  const page = Math.min(Math.max(Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1, 1), MAX_PAGE);
  return { search: (url.searchParams.get("search") ?? "").trim(), page, chunk: url.searchParams.has("chunk") };
}

/**
 * Without JavaScript, page N shows everything so far (items 1 … 12·N), so a visitor never
 * loses their place; Load More's fetcher asks for page N alone. The list ends when a page
 * comes back short.
 */
export async function loadListPage<T>(
  query: ListQuery,
  fetchSlice: (params: { limit: number; skip: number; search?: string }) => Promise<T[]>,
) {
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
