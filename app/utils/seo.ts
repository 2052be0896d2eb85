import type { MetaDescriptor } from "@remix-run/node";

import { chrome } from "~/content/site";

type Matches = readonly { id: string; data: unknown }[];

/** The site's public origin, from the root loader (PUBLIC_URL). */
export function siteUrlFrom(matches: Matches) {
  const root = matches.find((m) => m.id === "root")?.data as { siteUrl?: string } | undefined;
  return root?.siteUrl ?? "";
}

/**
 * The academy's name, as its settings say (the root loader reads them): every title, brand and
 * structured datum names the academy this way, never a name written into the code
 * (docs/decisions/096-one-academy-name.md). Empty only on the root's error page, which has no data.
 */
export function academyNameFrom(matches: Matches): string {
  const root = matches.find((m) => m.id === "root")?.data as { academyName?: string } | undefined;
  return root?.academyName ?? "";
}

/** A page's title followed by the academy's name ("Settings | Glow Beauty School"). */
export function titled(matches: Matches, title: string) {
  const name = academyNameFrom(matches);
  return name && title !== name ? `${title} | ${name}` : title;
}

/** An absolute URL for a site path (image URLs from the image host already are). */
export function absolute(matches: Matches, url: string) {
  return url.startsWith("http") ? url : `${siteUrlFrom(matches)}${url}`;
}

/** Where images are delivered from, from the root loader. */
export function imageBaseFrom(matches: Matches) {
  const root = matches.find((m) => m.id === "root")?.data as { env?: { imageBase?: string } } | undefined;
  return root?.env?.imageBase ?? "/api/images";
}

/** Title, description, canonical URL and Open Graph tags for one page. */
export function seo(
  matches: Matches,
  {
    title,
    description,
    path,
    image,
    type = "website",
  }: { title: string; description: string; path: string; image?: string; type?: string },
): MetaDescriptor[] {
  const origin = siteUrlFrom(matches);
  const url = `${origin}${path}`;
  const fullTitle = titled(matches, title);
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: academyNameFrom(matches) },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:type", content: type },
    { property: "og:url", content: url },
    { property: "og:locale", content: "en_NG" },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
  ];
  if (image) tags.push({ property: "og:image", content: absolute(matches, image) });
  return tags;
}

/** Trims text for a meta description. */
export function summary(text: string, max = 160) {
  const clean = text.replace(/\s+/g, " ").trim();
  return clean.length <= max ? clean : `${clean.slice(0, max - 1).replace(/\s+\S*$/, "")}…`;
}

/** The 404 page's head (docs/product.md §2): its title, and no search engine keeps it. */
export const notFoundMeta: MetaDescriptor[] = [
  { title: chrome.notFound.title },
  { name: "robots", content: "noindex" },
];
