import { env } from "~/env.server";
import type { Upstream } from "~/upstream/index.server";
import { itemPath } from "~/utils/paths";

// The sitemap as an index of files of at most 50,000 URLs (sitemaps.org), each streamed a page
// of narrow rows at a time, yielding to other requests between pages
// (docs/decisions/027-keyset-paging-search-sitemap.md). Nothing is capped: every public item is in a file.

export const STATIC_PATHS = [
  "/",
  "/about",
  "/courses",
  "/blog",
  "/registration-form",
  "/contact",
  "/privacy",
  "/terms",
];

const HEADERS = { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" };
const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const urlEntry = (path: string, lastmod?: string) =>
  `  <url><loc>${escapeXml(env.publicUrl + path)}</loc>${lastmod ? `<lastmod>${lastmod.slice(0, 10)}</lastmod>` : ""}</url>\n`;
const URLSET_OPEN = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n`;
const URLSET_CLOSE = "</urlset>\n";
/** Lets every request that arrived meanwhile run before the next page is read. */
const yieldToOthers = () => new Promise((resolve) => setImmediate(resolve));
/** Rows per page: small enough that reading, sending and writing one holds the event loop a few ms. */
const PAGE = 1000;

/** The index: the static pages' file, then each kind's numbered files. */
export async function sitemapIndex(api: Upstream) {
  const files = ["pages.xml"];
  const counts = await api.sitemap.files();
  for (let n = 1; n <= counts.courses; n++) files.push(`courses-${n}.xml`);
  for (let n = 1; n <= counts.posts; n++) files.push(`posts-${n}.xml`);
  const entries = files
    .map((f) => `  <sitemap><loc>${escapeXml(`${env.publicUrl}/sitemaps/${f}`)}</loc></sitemap>\n`)
    .join("");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}</sitemapindex>\n`;
  return new Response(xml, { headers: HEADERS });
}

/** `pages.xml`, `courses-N.xml` or `posts-N.xml`; null for any other name. */
export function sitemapFile(api: Upstream, name: string): Response | null {
  if (name === "pages.xml")
    return new Response(URLSET_OPEN + STATIC_PATHS.map((p) => urlEntry(p)).join("") + URLSET_CLOSE, {
      headers: HEADERS,
    });
  const match = /^(courses|posts)-([1-9]\d{0,3})\.xml$/.exec(name);
  if (!match) return null;
  const kind = match[1] as "courses" | "posts";
  const file = Number(match[2]);
  const encoder = new TextEncoder();
  // The next page is asked for as soon as one arrives (one turn later), so the API reads it while
  // this one is written out, and no further: two pages at most are held.
  const ask = (after?: string) => {
    const page = yieldToOthers().then(() => api.sitemap.page(kind, { file, after, limit: PAGE }));
    // Marked handled here (an unhandled rejection would end the process); it fails the file in its turn.
    page.catch(() => undefined);
    return page;
  };
  let coming: ReturnType<typeof ask> | null = null;
  let written = 0;
  let opened = false;
  const stream = new ReadableStream<Uint8Array>({
    start() {
      coming = ask();
    },
    async pull(controller) {
      if (!coming) return;
      if (!opened) {
        opened = true;
        controller.enqueue(encoder.encode(URLSET_OPEN));
      }
      try {
        const rows = await coming;
        const room = 50_000 - written;
        const taken = rows.slice(0, room);
        written += taken.length;
        const last = taken.at(-1)?._id;
        const ended = !last || taken.length < rows.length || written >= 50_000 || rows.length < PAGE;
        coming = ended ? null : ask(last);
        if (taken.length)
          controller.enqueue(encoder.encode(taken.map((r) => urlEntry(itemPath(r.type, r), r.updatedAt)).join("")));
        if (ended) {
          controller.enqueue(encoder.encode(URLSET_CLOSE));
          controller.close();
        }
      } catch (error) {
        // A file cut short must not look complete: the response fails instead of closing the XML.
        console.error("[sitemap] content unavailable", error);
        coming = null;
        controller.error(error);
      }
    },
    cancel() {
      coming = null;
    },
  });
  return new Response(stream, { headers: HEADERS });
}
