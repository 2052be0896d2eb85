import crypto from "node:crypto";
import { LRUCache } from "lru-cache";

// Rendered public pages, reused between anonymous visitors (docs/decisions/022-render-cache.md).
//
// A page is a function of its URL and its loader data: the key is both (the data hashed), so a
// write that changes what a page shows changes its key, whatever the write was, and nothing has
// to be told about it. The page is rendered once with a placeholder where the CSP nonce goes;
// each response gets a fresh nonce put in at send time, so no two responses share one.
// The TTL bounds what the data cannot tell: the footer's year.

/** Stands for the nonce in a stored page; drawn per process so no content can know it. */
export const NONCE_PLACEHOLDER = crypto.randomBytes(18).toString("base64url");

type Rendered = { html: string; etag: string };
type Render = { html: string; errored: boolean };

// A pending render is kept too, so the visitors who arrive while a page is rendered (a burst,
// or every visitor in the minute its data changes) wait for that one render instead of each
// starting their own.
const pages = new LRUCache<string, Promise<Rendered | Render>>({
  // ≈ 60 KB a page: ≤ 12 MB. A visitor varying the query string only evicts, never grows it.
  max: 200,
  ttl: 60_000,
});

/** The key of a page: its URL (path and query) and a digest of the data it was rendered from. */
export function renderKey(url: string, loaderData: unknown) {
  const { pathname, search } = new URL(url);
  const digest = crypto.createHash("sha1").update(JSON.stringify(loaderData)).digest("base64url");
  return `${pathname}${search}#${digest}`;
}

/**
 * The page for `key`: the stored one, or `render()`'s with the placeholder nonce and kept for the
 * next visitors, with its ETag. A render that failed is handed back (`errored`) and not kept.
 */
export function renderedOnce(key: string, render: () => Promise<Render>, etagOf: (html: string) => string) {
  const hit = pages.get(key);
  if (hit) return hit;
  const pending = render().then((page): Rendered | Render =>
    page.errored ? page : { html: page.html, etag: etagOf(page.html) },
  );
  pages.set(key, pending);
  pending.then(
    (page) => "errored" in page && pages.get(key) === pending && pages.delete(key),
    () => pages.get(key) === pending && pages.delete(key),
  );
  return pending;
}

/** The stored page with this response's nonce. */
export const withNonce = (html: string, nonce: string) => html.replaceAll(NONCE_PLACEHOLDER, nonce);
