import crypto from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";

import { LRUCache } from "lru-cache";

import { countCacheLookup } from "@api/embedded";
import { weakEtag } from "~/utils/cache-control.server";

// Rendered public pages, reused between anonymous visitors (docs/decisions/022-render-cache.md).
//
// A page is a function of its URL and its loader data: the key is both (the data hashed), so a
// write that changes what a page shows changes its key, whatever the write was, and nothing has
// to be told about it. The TTL bounds what the data cannot tell: the footer's year.
//
// A stored page is the same bytes for every visitor, so it is compressed once, not per response.
// Its scripts are allowed by their hashes, not by a nonce: a nonce shared by every visitor would
// be no nonce. Only the scripts the app rendered are hashed: React gives them the placeholder
// nonce, which is random per process, so no content (an article, a name) can carry it.

/** Marks the scripts the app renders in a page that will be stored; never sent. */
export const NONCE_PLACEHOLDER = crypto.randomBytes(18).toString("base64url");

export type StoredPage = {
  html: string;
  etag: string;
  /** CSP sources allowing exactly this page's own inline scripts. */
  scriptHashes: string[];
  br: Uint8Array<ArrayBuffer>;
  gzip: Uint8Array<ArrayBuffer>;
};
type Render = { html: string; errored: boolean };
type FailedRender = { html: string; errored: true };

/** Bytes the stored pages may take in all (their HTML, counted at two bytes a character, and both compressed forms). */
export const RENDER_CACHE_MAX_BYTES = 16 * 1024 * 1024;

// Counted in bytes, not pages: an article page can be ten times the size of a list's, and a
// visitor varying the query string only evicts, never grows it (docs/decisions/046-resident-memory.md).
const pages = new LRUCache<string, StoredPage>({
  max: 200,
  maxSize: RENDER_CACHE_MAX_BYTES,
  sizeCalculation: (page) => page.html.length * 2 + page.br.byteLength + page.gzip.byteLength,
  ttl: 60_000,
});
// A pending render is kept apart, so the visitors who arrive while a page is rendered (a burst,
// or every visitor in the minute its data changes) wait for that one render instead of each
// starting their own. It holds one entry per page being rendered, gone when the render ends.
const rendering = new Map<string, Promise<StoredPage | FailedRender>>();

/** The key of a page: its URL (path and query) and a digest of the data it was rendered from. */
export function renderKey(url: string, loaderData: unknown) {
  const { pathname, search } = new URL(url);
  const digest = crypto.createHash("sha1").update(dataText(loaderData)).digest("base64url");
  return `${pathname}${search}#${digest}`;
}

// The data as one text to hash, which only the same data can give: JSON's, except that an object
// that can never change (frozen, all the way down: the read cache's answers, views made once from
// them) stands as `#` and the digest of its own text, made the first time it is seen and kept
// against the object. A cached visit's data is mostly such objects, so it is not written out and
// hashed whole on every request (docs/decisions/083-home-throughput.md). A `#` cannot begin a
// JSON value and a digest has one length, so no other data gives the same text.
const digests = new WeakMap<object, string>();
/** Set false by `textOf` when a value under the object being read can change. */
let unchanging = true;

const dataText = (data: unknown) => textOf(data) ?? "";

/** The text of `value`, as JSON.stringify would write it (undefined where it leaves a value out). */
function textOf(value: unknown): string | undefined {
  if (value === null || typeof value !== "object") {
    if (typeof value === "function" || typeof value === "symbol") return undefined;
    return JSON.stringify(value);
  }
  const known = digests.get(value);
  if (known) return known;
  const proto = Object.getPrototypeOf(value) as unknown;
  const plain = proto === Object.prototype || proto === null || Array.isArray(value);
  if (!plain) {
    // A Date, a Map or a class instance: nothing here keeps it, and what it holds is written out.
    unchanging = false;
    if (value instanceof Map || value instanceof Set) return `${value instanceof Map ? "M" : "S"}${textOf([...value])}`;
    return JSON.stringify(value);
  }
  if (!Object.isFrozen(value) || hasAccessor(value)) {
    unchanging = false;
    return written(value);
  }
  const outer = unchanging;
  unchanging = true;
  const text = written(value);
  if (!unchanging) {
    unchanging = false;
    return text;
  }
  unchanging = outer;
  const digest = `#${crypto.createHash("sha1").update(text).digest("base64url")}`;
  digests.set(value, digest);
  return digest;
}

/** A plain object's or array's JSON, its members by `textOf`. */
function written(value: object): string {
  if (Array.isArray(value)) {
    let text = "[";
    for (let i = 0; i < value.length; i++) text += `${i ? "," : ""}${textOf(value[i]) ?? "null"}`;
    return `${text}]`;
  }
  let text = "{";
  for (const key of Object.keys(value)) {
    const member = textOf((value as Record<string, unknown>)[key]);
    if (member !== undefined) text += `${text.length > 1 ? "," : ""}${JSON.stringify(key)}:${member}`;
  }
  return `${text}}`;
}

/** A getter may answer differently each time, frozen or not. */
function hasAccessor(value: object) {
  for (const descriptor of Object.values(Object.getOwnPropertyDescriptors(value)))
    if (descriptor.get || descriptor.set) return true;
  return false;
}

/**
 * The page for `key`: the stored one, or `render()`'s (rendered with NONCE_PLACEHOLDER) made
 * ready to store and kept for the next visitors. A render that failed is handed back as it is
 * (`errored`, placeholder and all) and not kept.
 */
export function renderedOnce(key: string, render: () => Promise<Render>): Promise<StoredPage | FailedRender> {
  const stored = pages.get(key);
  countCacheLookup("render", !!stored);
  if (stored) return Promise.resolve(stored);
  const under = rendering.get(key);
  if (under) return under;
  const pending = render().then<StoredPage | FailedRender>((page) =>
    page.errored ? { html: page.html, errored: true } : storable(page.html),
  );
  rendering.set(key, pending);
  // Settled in the first handler: a visitor awaiting `pending` then finds the page stored, or none.
  const settle = () => rendering.get(key) === pending && rendering.delete(key);
  pending.then((page) => {
    settle();
    if (!("errored" in page)) pages.set(key, page);
  }, settle);
  return pending;
}

/** Bytes the stored pages take now (the tests read it). */
export const renderCacheBytes = () => pages.calculatedSize;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;

/** A rendered page as it is stored: app scripts hashed and their placeholder taken out, compressed. */
export async function storable(rendered: string): Promise<StoredPage> {
  const marker = ` nonce="${NONCE_PLACEHOLDER}"`;
  const scriptHashes: string[] = [];
  const html = rendered.replace(SCRIPT, (whole, attributes: string, text: string) => {
    if (!attributes.includes(marker)) return whole;
    const hash = `'sha256-${crypto.createHash("sha256").update(text).digest("base64")}'`;
    if (!scriptHashes.includes(hash)) scriptHashes.push(hash);
    return `<script${attributes.replace(marker, "")}>${text}</script>`;
  });
  // Compressed off the main thread, once per stored page: quality over speed.
  const [br, gz] = await Promise.all([
    brotli(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }),
    gzip(html, { level: 9 }),
  ]);
  return { html, etag: weakEtag(html), scriptHashes, br: Uint8Array.from(br), gzip: Uint8Array.from(gz) };
}

/**
 * A page rendered for one response, compressed for it off the main thread: quick settings, as
 * this runs on every such request (the stored pages above are compressed once, for quality).
 */
export async function compressedOnce(html: string, encoding: "br" | "gzip"): Promise<Uint8Array<ArrayBuffer>> {
  const bytes =
    encoding === "br"
      ? await brotli(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } })
      : await gzip(html, { level: 6 });
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) as Uint8Array<ArrayBuffer>;
}

/** The best encoding of a stored page this request accepts: brotli, gzip, or none. */
export function acceptedEncoding(acceptEncoding: string | null): "br" | "gzip" | null {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? "").toLowerCase().split(",")) {
    const [coding, ...params] = part.split(";").map((s) => s.trim());
    const q = params.find((p) => p.startsWith("q="));
    if (coding && !(q && Number(q.slice(2)) === 0)) accepted.add(coding);
  }
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip") || accepted.has("*")) return "gzip";
  return null;
}
