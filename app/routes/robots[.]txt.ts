import { env } from "~/env.server";

// Staff, editor and API paths stay out of search results.
export function loader() {
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    "Disallow: /fla-admin",
    "Disallow: /password-reset",
    "Disallow: /admin/",
    "Disallow: /edit/",
    "Disallow: /course/new",
    "Disallow: /article/new",
    "Disallow: /job/new",
    "",
    `Sitemap: ${env.publicUrl}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
