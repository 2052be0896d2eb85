import { json, redirect } from "@remix-run/node";

import type { ItemType } from "@domain/items";
import { lagosDate } from "@domain/schedule";
import { auditForStaff } from "~/features/lifecycle/history.server";
import { type ItemDetail, upstream, UpstreamError } from "~/upstream/index.server";
import { hasSessionCookie } from "~/upstream/transport.server";

/**
 * Loads an item for its page: null for an unknown id or one scheduled for later, "gone" for one
 * in the trash (docs/product.md §4). Only for a request carrying a staff session cookie is a
 * hidden item asked for again as a preview (which the API answers only to staff): the public
 * read stays the same for every visitor, so a shared read cache never holds a staff answer.
 */
export async function loadForPage<T>(
  request: Request,
  load: (options: { preview: boolean }) => Promise<T>,
): Promise<T | null | "gone"> {
  const attempt = async (preview: boolean) => {
    try {
      return await load({ preview });
    } catch (error) {
      if (error instanceof UpstreamError && error.status === 404) return null;
      if (error instanceof UpstreamError && error.status === 410) return "gone" as const;
      throw error;
    }
  };
  const item = await attempt(false);
  if (item === null && hasSessionCookie(request)) return attempt(true);
  return item;
}

/**
 * The 410 page's data: a trashed item, shown in the 404 page's style. A 410 is cacheable by
 * default (RFC 9110 §15.5.11) and a restore must show at once: browsers and caches ask again.
 */
export function gone() {
  return json(
    { notFound: true as const, gone: true as const },
    { status: 410, headers: { "Cache-Control": "no-cache" } },
  );
}

/** When a scheduled item goes public, for staff; null once public (read at request time, not in render). */
export function scheduledAt(item: { publishAt?: string | null }, now = Date.now()) {
  return item.publishAt && Date.parse(item.publishAt) > now ? item.publishAt : null;
}

/** The 404 page's data: the root hides the shared layout for any route answering `notFound`. */
export function notFound() {
  return json({ notFound: true as const }, { status: 404 });
}

/** A wrong or missing slug answers 301 to the item's one address, keeping the query string. */
export function redirectToSlug(request: Request, canonicalPath: string) {
  const url = new URL(request.url);
  if (url.pathname === canonicalPath) return;
  throw redirect(`${canonicalPath}${url.search}`, 301);
}

/** Today's date in Lagos as YYYY-MM-DD (deadlines are calendar dates). */
export function todayInLagos(now = new Date()) {
  return lagosDate(now);
}

/** A detail route's `headers`: the page keeps its loader's Cache-Control (the 410's no-cache). */
export function detailHeaders({ loaderHeaders }: { loaderHeaders: Headers }) {
  const headers = new Headers();
  const cacheControl = loaderHeaders.get("Cache-Control");
  if (cacheControl) headers.set("Cache-Control", cacheControl);
  return headers;
}

/**
 * A detail page's loader, the part the three item types share: the item (a preview for staff),
 * 410 for one in the trash, 404 for none, the 301 to its one address, and for staff when it goes
 * public and its audit line. `missing`: the 404 or 410 to answer instead.
 */
export async function loadDetail<T extends ItemType>(
  request: Request,
  type: T,
  id: string,
  pathOf: (item: ItemDetail<T>) => string,
) {
  const api = upstream(request);
  const item = await loadForPage(request, (options) => api.items(type).get(id, options));
  if (item === "gone") return { missing: gone() };
  if (!item) return { missing: notFound() };
  redirectToSlug(request, pathOf(item));
  return { api, item, scheduledAt: scheduledAt(item), audit: await auditForStaff(request, api, type, item._id) };
}
