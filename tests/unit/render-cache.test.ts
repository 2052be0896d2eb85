import crypto from "node:crypto";
import zlib from "node:zlib";

import { describe, expect, it } from "vitest";

import {
  acceptedEncoding,
  NONCE_PLACEHOLDER,
  RENDER_CACHE_MAX_BYTES,
  renderCacheBytes,
  renderedOnce,
  renderKey,
  storable,
} from "~/utils/render-cache.server";

const appScript = (text: string, attributes = "") =>
  `<script nonce="${NONCE_PLACEHOLDER}"${attributes}>${text}</script>`;
const sha256 = (text: string) => `'sha256-${crypto.createHash("sha256").update(text).digest("base64")}'`;

describe("the render cache", () => {
  it("keys a page by its URL and its data: other data, other key", () => {
    const a = renderKey("http://x/courses?page=2", { list: [1, 2] });
    expect(renderKey("http://y/courses?page=2", { list: [1, 2] })).toBe(a);
    expect(renderKey("http://x/courses?page=2", { list: [1, 3] })).not.toBe(a);
    expect(renderKey("http://x/courses?page=3", { list: [1, 2] })).not.toBe(a);
  });

  it("knows data it has seen frozen by its identity, and still keys every change", () => {
    // Counts the reads of a frozen object's members: a cached visit must not write it out again.
    let reads = 0;
    const counted = <T extends object>(value: T): T =>
      new Proxy(value, {
        get(target, key, receiver) {
          reads++;
          return Reflect.get(target, key, receiver) as unknown;
        },
      });
    const settings = counted(Object.freeze({ phone: "0803", hours: Object.freeze(["8am", "6pm"]) }));
    const page = () => ({ root: { settings, toasts: [] }, home: { now: "10:00" } });
    const first = renderKey("http://x/", page());
    const seen = reads;
    expect(seen).toBeGreaterThan(0);
    expect(renderKey("http://x/", page())).toBe(first);
    expect(reads).toBe(seen);
    // A new answer (the read cache's after a save), what is not frozen, and what lies under it: other keys.
    const saved = Object.freeze({ phone: "0809", hours: Object.freeze(["8am", "6pm"]) });
    expect(renderKey("http://x/", { root: { settings: saved, toasts: [] }, home: { now: "10:00" } })).not.toBe(first);
    expect(renderKey("http://x/", { ...page(), home: { now: "10:01" } })).not.toBe(first);
    const hours = ["8am", "6pm"];
    const thawed = Object.freeze({ phone: "0803", hours });
    const before = renderKey("http://x/", { settings: thawed });
    hours[1] = "8pm";
    expect(renderKey("http://x/", { settings: thawed })).not.toBe(before);
    // A getter may answer differently each time, frozen or not.
    let phone = "0803";
    const withGetter = Object.freeze({
      get phone() {
        return phone;
      },
    });
    const byGetter = renderKey("http://x/", withGetter);
    phone = "0809";
    expect(renderKey("http://x/", withGetter)).not.toBe(byGetter);
  });

  it("keys what JSON would tell apart, and Maps and Sets by what they hold", () => {
    const keys = [
      { a: "1" },
      { a: 1 },
      { a: [1] },
      { a: Object.freeze([1]) },
      { a: null },
      { a: "#" },
      { a: new Map([["k", 1]]) },
      { a: new Map([["k", 2]]) },
      { a: new Set([1]) },
      { a: new Date(0) },
      { a: new Date(1) },
    ].map((data) => renderKey("http://x/", data));
    expect(new Set(keys).size).toBe(keys.length);
    // JSON leaves out undefined and functions, and writes them as null in a list.
    expect(renderKey("http://x/", { a: 1, b: undefined, c: () => 1 })).toBe(renderKey("http://x/", { a: 1 }));
    expect(renderKey("http://x/", [undefined])).toBe(renderKey("http://x/", [null]));
  });

  it("renders once for visitors who arrive together and keeps the page for the next", async () => {
    let renders = 0;
    const render = async () => ({ html: appScript(`render ${++renders}`), errored: false });
    const key = renderKey("http://x/once", { n: 1 });
    const [a, b] = await Promise.all([renderedOnce(key, render), renderedOnce(key, render)]);
    const c = await renderedOnce(key, render);
    expect(renders).toBe(1);
    expect(a).toBe(b);
    expect(c).toBe(a);
    expect(a.html).toBe("<script>render 1</script>");
  });

  it("keeps no failed render: the next visitor renders again", async () => {
    const key = renderKey("http://x/fails", {});
    const failed = await renderedOnce(key, async () => ({ html: appScript("oops"), errored: true }));
    expect(failed).toEqual({ html: appScript("oops"), errored: true });
    await expect(renderedOnce(key, async () => Promise.reject(new Error("shell")))).rejects.toThrow("shell");
    const next = await renderedOnce(key, async () => ({ html: appScript("fine"), errored: false }));
    expect(next.html).toBe("<script>fine</script>");
  });

  it("keeps at most RENDER_CACHE_MAX_BYTES of pages, the least recently used going first", async () => {
    // Pages of 512 K characters (1 MB counted): a few more than the bound holds.
    const count = Math.ceil(RENDER_CACHE_MAX_BYTES / (1024 * 1024)) + 4;
    const renders = new Map<number, number>();
    const page = (n: number) =>
      renderedOnce(renderKey(`http://x/big/${n}`, {}), async () => {
        renders.set(n, (renders.get(n) ?? 0) + 1);
        return { html: String(n % 10).repeat(512 * 1024), errored: false };
      });
    for (let n = 0; n < count; n++) await page(n);
    expect(renderCacheBytes()).toBeLessThanOrEqual(RENDER_CACHE_MAX_BYTES);
    await page(count - 1);
    expect(renders.get(count - 1)).toBe(1); // the newest is kept
    await page(0);
    expect(renders.get(0)).toBe(2); // the oldest was let go and is rendered again
  });
});

describe("a stored page", () => {
  it("allows by hash exactly the scripts the app rendered, not a script that came with content", async () => {
    const rendered = [
      "<html><body>",
      '<article><script>alert("from an article")</script></article>',
      appScript("window.__ctx = 1;"),
      appScript('import "/build/entry.js";', ' type="module" async=""'),
      appScript("window.__ctx = 1;"),
      `<script type="application/ld+json">{"@type":"Course"}</script>`,
      "</body></html>",
    ].join("");
    const page = await storable(rendered);
    expect(page.scriptHashes).toEqual([sha256("window.__ctx = 1;"), sha256('import "/build/entry.js";')]);
    expect(page.scriptHashes).not.toContain(sha256('alert("from an article")'));
    expect(page.html).not.toContain(NONCE_PLACEHOLDER);
    expect(page.html).toContain('<script type="module" async="">import "/build/entry.js";</script>');
    expect(page.html).toContain('<article><script>alert("from an article")</script></article>');
  });

  it("is compressed once, both ways, to the same bytes, with one validator", async () => {
    const page = await storable(`<p>${"Lagos ".repeat(500)}</p>`);
    expect(zlib.brotliDecompressSync(page.br).toString()).toBe(page.html);
    expect(zlib.gunzipSync(page.gzip).toString()).toBe(page.html);
    expect(page.br.length).toBeLessThan(page.html.length / 10);
    expect(page.etag).toMatch(/^W\/".+"$/);
    expect((await storable(page.html)).etag).toBe(page.etag);
  });

  it("is sent in the best encoding the visitor accepts", () => {
    expect(acceptedEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(acceptedEncoding("gzip, deflate")).toBe("gzip");
    expect(acceptedEncoding("br;q=0, gzip;q=0.8")).toBe("gzip");
    expect(acceptedEncoding("*")).toBe("gzip");
    expect(acceptedEncoding("gzip;q=0")).toBeNull();
    expect(acceptedEncoding("identity")).toBeNull();
    expect(acceptedEncoding(null)).toBeNull();
  });
});
