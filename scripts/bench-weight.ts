// What a page costs a visitor in bytes, in the full and in the Lite mode (docs/decisions/041-lite-mode.md):
// the HTML (brotli, as the server sends it), its stylesheets, the icon sprite and JavaScript (gzip),
// and its images as a phone would fetch them (412 CSS px wide at 2× density, AVIF accepted;
// Lite: with Save-Data, as the visitor's browser sends it). "First screen" leaves out the images
// marked lazy, which a phone fetches only when they are scrolled to.
import zlib from "node:zlib";

type Weight = { html: number; css: number; js: number; images: number; lazyImages: number };
export type PageWeight = Weight & { firstScreen: number; all: number };

const PHONE_PIXELS = 412 * 2;

/** The image URL a 412 px phone at 2× picks from an <img>: its 2× candidate, or the narrowest wide enough. */
function chosenImage(tag: string) {
  const src = tag.match(/\ssrc="([^"]+)"/)?.[1];
  const srcset = tag.match(/\ssrcSet="([^"]+)"/i)?.[1];
  if (!srcset) return src;
  const candidates = srcset.split(", ").map((c) => {
    const [url, descriptor = "1x"] = c.trim().split(/\s+/);
    return { url, descriptor };
  });
  const dense = candidates.find((c) => c.descriptor === "2x");
  if (dense) return dense.url;
  const wide = candidates.map((c) => ({ url: c.url, w: Number.parseInt(c.descriptor, 10) })).sort((a, b) => a.w - b.w);
  return (wide.find((c) => c.w >= PHONE_PIXELS) ?? wide.at(-1))?.url ?? src;
}

const gzipSize = (text: string) => zlib.gzipSync(text, { level: 6 }).length;

export async function pageWeight(
  base: string,
  path: string,
  lite: boolean,
  scriptBytes: (html: string) => Promise<number>,
): Promise<PageWeight> {
  const headers: Record<string, string> = lite ? { "Save-Data": "on" } : {};
  const html = await (await fetch(base + path, { headers })).text();
  const w: Weight = {
    html: zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }).length,
    css: 0,
    js: await scriptBytes(html),
    images: 0,
    lazyImages: 0,
  };
  const sheets = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]);
  if (html.includes("/icons.svg#")) sheets.push("/icons.svg");
  for (const url of sheets) w.css += gzipSize(await (await fetch(new URL(url, base))).text());
  for (const m of html.matchAll(/<img\b[^>]*>/g)) {
    const url = chosenImage(m[0]);
    if (!url) continue;
    const res = await fetch(new URL(url.replace(/&amp;/g, "&"), base), {
      headers: { Accept: "image/avif,image/webp,image/*", ...headers },
    });
    const bytes = (await res.arrayBuffer()).byteLength;
    if (/\sloading="lazy"/.test(m[0])) w.lazyImages += bytes;
    else w.images += bytes;
  }
  const firstScreen = w.html + w.css + w.js + w.images;
  return { ...w, firstScreen, all: firstScreen + w.lazyImages };
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export const describeWeight = (w: PageWeight) =>
  `first screen ${kb(w.firstScreen)}, all ${kb(w.all)} (HTML ${kb(w.html)}, CSS+icons ${kb(w.css)}, JS ${kb(w.js)}, images ${kb(w.images)} + ${kb(w.lazyImages)} lazy)`;
