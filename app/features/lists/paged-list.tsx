import { Link, useFetcher } from "@remix-run/react";
import { type ReactNode, useEffect, useRef, useState } from "react";

import { LIST_PAGE_SIZE as PAGE_SIZE } from "@domain/lists";
import { Spinner } from "~/components/spinner";
import { messages } from "~/content/messages";

export const LIST_FAILED = messages.networkError;

export type ListPage<T> = { items: T[]; hasMore: boolean; failed: boolean; page: number; offset: number };

/**
 * A list with Load More. With JavaScript the next page is fetched and appended in place;
 * without it, Load More is a link to the next page by key (`?after=<last item's key>&page=N+1`),
 * which shows that page and jumps to its first item, with a way back to the newest. Both read
 * the page after the last item shown, so a deep page costs what the first costs
 * (docs/decisions/029-every-list-by-key-and-fast-exports.md). A search pages by position
 * (`?page=N`, everything so far). A list is keyed by its query, so a new search starts from page 1.
 */
export function PagedList<T extends { _id: string; createdAt?: string }>({
  first,
  path,
  query,
  emptyText,
  renderItem,
  pageKey,
  emptyExtra,
}: {
  first: ListPage<T>;
  path: string;
  query: URLSearchParams;
  emptyText: string;
  renderItem: (item: T, index: number) => ReactNode;
  /** Load More's key from the last item, when a list needs more than its place (the jobs list's segment). */
  pageKey?: (last: T) => Record<string, string>;
  /** Shown under the empty text: where to go instead. */
  emptyExtra?: ReactNode;
}) {
  const [list, setList] = useState(first);
  // The fetcher answers the same loader as `first`, so its items have T's (serialized) shape.
  const fetcher = useFetcher();
  const fetched = fetcher.data as ListPage<T> | undefined;
  const appended = useRef<ListPage<T> | null>(null);

  useEffect(() => {
    const next = fetched;
    if (fetcher.state !== "idle" || !next || appended.current === next) return;
    appended.current = next;
    setList((l) => ({
      items: [...l.items, ...next.items],
      hasMore: next.hasMore,
      failed: next.failed,
      page: next.failed ? l.page : next.page,
      offset: l.offset,
    }));
    if (next.items.length) {
      // Keyboard and screen-reader users continue at the first new item.
      requestAnimationFrame(() =>
        document.querySelector<HTMLElement>(`#item-${(next.page - 1) * PAGE_SIZE + 1} a`)?.focus(),
      );
    }
  }, [fetcher.state, fetched]);

  if (first.failed)
    return (
      <p className="list-error" role="alert">
        {LIST_FAILED}
      </p>
    );
  if (!list.items.length)
    return (
      <>
        <p className="empty">{emptyText}</p>
        {emptyExtra}
      </>
    );

  const nextPage = list.page + 1;
  const withPage = (extra: Record<string, string>) => {
    const q = new URLSearchParams(query);
    q.set("page", String(nextPage));
    for (const [k, v] of Object.entries(extra)) q.set(k, v);
    return `${path}?${q}`;
  };
  const loading = fetcher.state !== "idle";
  // The last item's key: the next page is read by key, not by position (docs/product.md §7).
  const last = list.items.at(-1);
  const key: Record<string, string> =
    last?.createdAt && !query.has("search") ? (pageKey?.(last) ?? { after: `${last.createdAt}_${last._id}` }) : {};
  const newest = query.toString() ? `${path}?${query}` : path;

  return (
    <>
      {first.offset > 0 ? (
        <p className="list-start">
          <Link to={newest}>← {messages.backToNewest}</Link>
        </p>
      ) : null}
      <div className="card-grid">{list.items.map((item, i) => renderItem(item, first.offset + i))}</div>
      <div className="load-more">
        {list.failed ? (
          <p className="list-error" role="alert">
            {LIST_FAILED}
          </p>
        ) : list.hasMore ? (
          <Link
            to={`${withPage(key)}#item-${list.page * PAGE_SIZE + 1}`}
            className="btn btn-outline"
            aria-disabled={loading || undefined}
            preventScrollReset
            onClick={(event) => {
              event.preventDefault();
              if (!loading) fetcher.load(withPage({ chunk: "1", ...key }));
            }}
          >
            {loading ? (
              <>
                <Spinner label="" /> Loading…
              </>
            ) : (
              "Load More"
            )}
          </Link>
        ) : (
          <p className="end-of-list">{messages.noMore}</p>
        )}
      </div>
    </>
  );
}
