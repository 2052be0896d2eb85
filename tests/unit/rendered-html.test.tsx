import { Writable } from "node:stream";

import { renderToPipeableStream, renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { wholePageSink } from "~/utils/rendered-html.server";

// React 18 pads its 2 KB chunks with zero bytes when a multi-byte character falls on the edge
// (a CI run found U+0000 in the staff inbox, just before a "·"). The page must come out whole.
function render(node: React.ReactElement, sinkOf: (done: (html: string) => void) => Writable) {
  return new Promise<string>((resolve, reject) => {
    const { pipe } = renderToPipeableStream(node, { onAllReady: () => pipe(sinkOf(resolve)), onShellError: reject });
  });
}
const naive = (done: (html: string) => void) => {
  const chunks: Buffer[] = [];
  return new Writable({
    write(chunk, _e, next) {
      chunks.push(Buffer.from(chunk));
      next();
    },
    final(next) {
      done(Buffer.concat(chunks).toString("utf8"));
      next();
    },
  });
};

describe("a whole page from React's stream", () => {
  // A two-byte character ("·") running over React's 2 KB chunk at an odd or even offset.
  const pages = Array.from({ length: 4 }, (_, shift) => (
    <main>
      <p>{"a".repeat(600 + shift)}</p>
      <p>{"·".repeat(600)}</p>
      <p>{"₦80,000 – ".repeat(60)}</p>
    </main>
  ));

  it("React alone pads some of them with zero bytes (the reason for the sink)", async () => {
    const rendered = await Promise.all(pages.map((page) => render(page, naive)));
    expect(rendered.some((html) => html.includes("\u0000"))).toBe(true);
  });

  it("the sink gives exactly what renderToString renders, with no U+0000", async () => {
    for (const page of pages) {
      const html = await render(page, wholePageSink);
      expect(html).not.toContain("\u0000");
      expect(html).toBe(renderToString(page));
    }
  });
});
