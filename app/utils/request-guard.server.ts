import { securityText } from "~/content/security";
import { env } from "~/env.server";

// Cross-site request refusal for every action (docs/security.md). SameSite=Lax cookies already
// keep the staff session off cross-site POSTs; this also refuses anonymous forms posted from
// another site, and it does so before a single byte of the body is read.

function sameOriginAs(origin: string, request: Request) {
  if (origin === new URL(env.publicUrl).origin) return true;
  try {
    const from = new URL(origin);
    // Behind a TLS proxy the request URL says http:, the browser's Origin https: — the host decides.
    return from.host === (request.headers.get("host") ?? new URL(request.url).host);
  } catch {
    return false;
  }
}

/**
 * True when the browser says this state-changing request comes from anywhere but this origin:
 * a sibling subdomain is "same-site", which SameSite cookies do not stop.
 */
export function isCrossSite(request: Request) {
  const site = request.headers.get("sec-fetch-site");
  if (site !== null && site !== "same-origin" && site !== "none") return true;
  const origin = request.headers.get("origin");
  // No Origin: a non-browser client or an old browser; the session cookie's SameSite=Lax covers it.
  if (origin === null) return false;
  return !sameOriginAs(origin, request);
}

/** Throws a 403 for a cross-site POST; every action calls it (through readForm or directly). */
export function refuseCrossSite(request: Request) {
  if (request.method !== "GET" && request.method !== "HEAD" && isCrossSite(request)) {
    throw new Response(securityText.crossSite, {
      status: 403,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
}
