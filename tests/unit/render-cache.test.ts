import { describe, expect, it } from "vitest";
import { NONCE_PLACEHOLDER, renderedOnce, renderKey, withNonce } from "~/utils/render-cache.server";

const etag = (html: string) => `W/"${html.length}"`;
const page = (text: string) => `<script nonce="${NONCE_PLACEHOLDER}">${text}</script>`;

describe("the render cache", () => {
  it("keys a page by its URL and its data: other data, other key", () => {
    const a = renderKey("http://x/courses?page=2", { list: [1, 2] });
    expect(renderKey("http://y/courses?page=2", { list: [1, 2] })).toBe(a);
    expect(renderKey("http://x/courses?page=2", { list: [1, 3] })).not.toBe(a);
    expect(renderKey("http://x/courses?page=3", { list: [1, 2] })).not.toBe(a);
  });

  it("renders once for visitors who arrive together, and gives each response its own nonce", async () => {
    let renders = 0;
    const render = async () => ({ html: page(`render ${++renders}`), errored: false });
    const key = renderKey("http://x/once", { n: 1 });
    const [a, b] = await Promise.all([renderedOnce(key, render, etag), renderedOnce(key, render, etag)]);
    const c = await renderedOnce(key, render, etag);
    expect(renders).toBe(1);
    expect(a).toBe(b);
    expect(c).toBe(a);
    expect("etag" in a && a.etag).toBe(etag(a.html));
    expect(withNonce(a.html, "n1")).toBe('<script nonce="n1">render 1</script>');
    expect(withNonce(a.html, "n2")).toBe('<script nonce="n2">render 1</script>');
  });

  it("keeps no failed render: the next visitor renders again", async () => {
    const key = renderKey("http://x/fails", {});
    const failed = await renderedOnce(key, async () => ({ html: "oops", errored: true }), etag);
    expect("errored" in failed && failed.errored).toBe(true);
    await expect(renderedOnce(key, async () => Promise.reject(new Error("shell")), etag)).rejects.toThrow("shell");
    const next = await renderedOnce(key, async () => ({ html: page("fine"), errored: false }), etag);
    expect(next.html).toBe(page("fine"));
  });
});
