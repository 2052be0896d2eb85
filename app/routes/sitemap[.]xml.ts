import type { LoaderFunctionArgs } from "@remix-run/node";
import { env } from "~/env.server";
import { coursePath, postPath } from "~/utils/paths";
import { upstream, type Upstream } from "~/upstream/index.server";

const STATIC_PATHS = ["/", "/about", "/courses", "/blog", "/registration-form", "/contact", "/privacy", "/terms"];
const BATCH = 100;

async function everything<T>(list: (p: { limit: number; skip: number }) => Promise<T[]>) {
  const all: T[] = [];
  for (let skip = 0; skip < 10_000; skip += BATCH) {
    const batch = await list({ limit: BATCH, skip });
    all.push(...batch);
    if (batch.length < BATCH) break;
  }
  return all;
}

async function contentEntries(api: Upstream) {
  const [courses, posts] = await Promise.all([
    everything((p) => api.courses.list(p)),
    everything((p) => api.posts.list(p)),
  ]);
  return [
    ...courses.map((c) => ({ path: coursePath(c), lastmod: c.updatedAt })),
    ...posts.map((p) => ({ path: postPath(p), lastmod: p.updatedAt })),
  ];
}

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export async function loader({ request }: LoaderFunctionArgs) {
  const entries: { path: string; lastmod?: string }[] = STATIC_PATHS.map((path) => ({ path }));
  try {
    entries.push(...(await contentEntries(upstream(request))));
  } catch (error) {
    console.error("[sitemap] content unavailable", error);
  }
  const urls = entries
    .map(
      (e) =>
        `  <url><loc>${escapeXml(env.publicUrl + e.path)}</loc>${e.lastmod ? `<lastmod>${e.lastmod.slice(0, 10)}</lastmod>` : ""}</url>`,
    )
    .join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
