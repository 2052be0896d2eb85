import { describe, expect, it } from "vitest";

import { loadJobsOpenFirst } from "~/features/lists/jobs-list.server";
import type { PostListItem } from "~/upstream/schemas";

// The jobs list's two segments, each read by key (docs/product.md §2, Blog): open jobs first.
const job = (n: number, deadline: string): PostListItem =>
  ({
    _id: `id${String(n).padStart(4, "0")}`,
    postType: "job",
    title: `Job ${n}`,
    slug: `job-${n}`,
    description: "",
    applicationDeadline: deadline,
    createdAt: `2026-01-01T00:00:${String(60 - (n % 60)).padStart(2, "0")}.000Z`,
    updatedAt: "2026-01-01T00:00:00.000Z",
  }) as PostListItem;
const open = Array.from({ length: 14 }, (_, i) => job(i, "2999-01-01"));
const closed = Array.from({ length: 5 }, (_, i) => job(100 + i, "2000-01-01"));
const calls: string[] = [];
const fetch = async ({ limit, after, deadline }: { limit: number; after?: string; deadline: "open" | "closed" }) => {
  calls.push(`${deadline}:${after ?? "-"}:${limit}`);
  const rows = deadline === "open" ? open : closed;
  const start = after ? rows.findIndex((r) => `${r.createdAt}_${r._id}` === after) + 1 : 0;
  return rows.slice(start, start + limit);
};

describe("loadJobsOpenFirst", () => {
  it("fills page 2 (JavaScript off) with the rest of the open jobs, then the closed ones", async () => {
    calls.length = 0;
    const { items, hasMore } = await loadJobsOpenFirst({ search: "", page: 2, chunk: false }, null, fetch);
    expect(items.map((i) => i.title)).toEqual([...open, ...closed].map((i) => i.title));
    expect(items.filter((i) => i.closed).map((i) => i.title)).toEqual(closed.map((i) => i.title));
    expect(hasMore).toBe(false);
    expect(calls).toEqual(["open:-:24", "closed:-:10"]);
  });
  it("continues by key within the segment Load More names", async () => {
    const last = open[11];
    const after = `${last.createdAt}_${last._id}`;
    const fromOpen = await loadJobsOpenFirst({ search: "", page: 2, chunk: true, after }, "open", fetch);
    expect(fromOpen.items.map((i) => i.title)).toEqual([...open.slice(12), ...closed].map((i) => i.title));
    const lastClosed = closed[1];
    const fromClosed = await loadJobsOpenFirst(
      { search: "", page: 3, chunk: true, after: `${lastClosed.createdAt}_${lastClosed._id}` },
      "closed",
      fetch,
    );
    expect(fromClosed.items.map((i) => i.title)).toEqual(closed.slice(2).map((i) => i.title));
    expect(fromClosed.hasMore).toBe(false);
  });
});
