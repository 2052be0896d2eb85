import { json, redirect } from "@remix-run/node";
import { UpstreamError } from "~/upstream/index.server";

/** Loads one item, or null for an unknown id; other failures go to the error page. */
export async function loadOrNull<T>(load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 404) return null;
    throw error;
  }
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

/** Plain text of sanitized rich text, for descriptions and structured data. */
export function plainText(html: string) {
  return html
    .replace(/<(br|\/p|\/li|\/h\d)[^>]*>/gi, " ")
    .replace(/<[^>]+>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
}

/** Today's date in Lagos as YYYY-MM-DD (deadlines are calendar dates). */
export function todayInLagos(now = new Date()) {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Lagos", year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}
