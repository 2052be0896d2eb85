import crypto from "node:crypto";

import { PROXIED_PUBLIC_CACHE, proxyExpiry, proxyPageCacheInFront } from "@api/embedded";
import { hasSessionCookie } from "~/upstream/transport.server";

// HTTP caching of pages and their loader data, in one place (docs/decisions/015-http-caching.md):
// - an anonymous visitor's public page or loader data: any cache may keep it briefly and serve it
//   stale while it fetches a fresh one; an ETag lets a repeat visit cost a 304, not the page;
// - anything answered to a staff session, anything that sets a cookie, any page whose data
//   carries a per-visitor token (the honeypot on the forms): private, no-store.
// Behind nginx's page cache a publish must be seen on the next request, so no shared cache may
// keep a public page more than a second or two (api/lib/proxy-cache.ts).
export const PUBLIC_CACHE = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";
export const PRIVATE_NO_STORE = "private, no-store";

type Decision = { request: Request; status: number; headers: Headers; visitorToken: boolean };

/** The Cache-Control a page or data response gets; a stricter one a route set itself is kept. */
export function cacheControlFor({ request, status, headers, visitorToken }: Decision): string {
  const own = headers.get("Cache-Control");
  if (own && /no-store|private/.test(own)) return own;
  if (request.method !== "GET" && request.method !== "HEAD") return PRIVATE_NO_STORE;
  if (hasSessionCookie(request) || headers.has("Set-Cookie") || visitorToken) return PRIVATE_NO_STORE;
  if (status !== 200) return "no-cache";
  return own ?? (proxyPageCacheInFront() ? PROXIED_PUBLIC_CACHE : PUBLIC_CACHE);
}

/** Dates a public answer for nginx's page cache, which keeps nothing undated (decision 024); no-op without one. */
export function dateForProxy(headers: Headers) {
  const until = proxyExpiry();
  if (until) headers.set("X-Accel-Expires", until);
}

/** Whether loader data carries a per-visitor token (the honeypot's encrypted time). */
export const carriesVisitorToken = (loaderData: Record<string, unknown> | undefined) =>
  Object.values(loaderData ?? {}).some((d) => !!(d && typeof d === "object" && (d as { honeypot?: unknown }).honeypot));

/** A weak validator over the body: weak, since the body is sent compressed or not. */
export const weakEtag = (body: string) => `W/"${crypto.createHash("sha1").update(body).digest("base64url")}"`;

const etagMatches = (request: Request, etag: string) =>
  (request.headers.get("If-None-Match") ?? "").split(",").some((t) => t.trim() === etag || t.trim() === "*");

/**
 * The response for a shareable body: 304 when the visitor already has it. A 304 carries only the
 * validator and caching headers: the stored copy keeps its own Content-Security-Policy, which
 * allows the stored body's scripts.
 */
export function withValidator(
  request: Request,
  body: string | Uint8Array<ArrayBuffer>,
  status: number,
  headers: Headers,
  etag: string,
): Response {
  headers.set("ETag", etag);
  // The Lite page (docs/decisions/041-lite-mode.md) is chosen by a cookie or by Save-Data.
  headers.append("Vary", "Cookie, Save-Data");
  if (etagMatches(request, etag)) {
    const short = new Headers();
    for (const name of ["ETag", "Cache-Control", "Vary"]) {
      const value = headers.get(name);
      if (value) short.set(name, value);
    }
    return new Response(null, { status: 304, headers: short });
  }
  return new Response(body, { status, headers });
}
