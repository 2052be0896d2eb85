import { describe, expect, it } from "vitest";

import { exportPages } from "~/features/exports/exports.server";
import type { ExportCursor } from "~/upstream/index.server";

// An export reads its pages one ahead of the writer and no further
// (docs/decisions/047-fast-exports-and-seeds.md): the database works while a page is written,
// and memory holds two pages at most.

/** Pages of `size` numbers up to `total`, the cursor an offset as a search's is; records each ask. */
function pagesOf(total: number, size: number, failAt?: number) {
  const asked: number[] = [];
  const fetchPage = async (cursor: ExportCursor) => {
    const from = cursor.skip ?? 0;
    asked.push(from);
    if (from === failAt) throw new Error("page failed");
    const rows = Array.from({ length: Math.min(size, total - from) }, (_, i) => from + i);
    return { rows, next: from + size < total ? { skip: from + size } : null };
  };
  return { asked, fetchPage };
}

const turns = async (n: number) => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
};

describe("export pages", () => {
  it("yields every row once, in order", async () => {
    const { fetchPage } = pagesOf(1050, 100);
    const rows: number[] = [];
    for await (const page of exportPages(fetchPage)) rows.push(...page);
    expect(rows).toEqual(Array.from({ length: 1050 }, (_, i) => i));
  });

  it("asks for the next page while the writer holds one, and for no page beyond it", async () => {
    const { asked, fetchPage } = pagesOf(1000, 100);
    const pages = exportPages(fetchPage);
    expect((await pages.next()).value).toHaveLength(100);
    // The writer is busy with page one (other requests run meanwhile): page two is read, page three is not.
    await turns(5);
    expect(asked).toEqual([0, 100]);
    await pages.next();
    await turns(5);
    expect(asked).toEqual([0, 100, 200]);
    await pages.return(undefined);
  });

  it("fails the download at the page that failed, without an unhandled rejection meanwhile", async () => {
    const { fetchPage } = pagesOf(1000, 100, 200);
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", onUnhandled);
    try {
      const pages = exportPages(fetchPage);
      await pages.next();
      await pages.next();
      // Page three fails while page two is being written.
      await turns(5);
      await expect(pages.next()).rejects.toThrow("page failed");
      await turns(5);
      expect(unhandled).toEqual([]);
    } finally {
      process.off("unhandledRejection", onUnhandled);
    }
  });
});
