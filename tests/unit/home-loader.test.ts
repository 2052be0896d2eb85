import { describe, expect, it, vi } from "vitest";

// The home loader with an upstream whose lists fail: the page still renders, with docs/product.md §8's toast.
const failing = vi.hoisted(() => ({ courses: false, posts: false }));
vi.mock("~/upstream/index.server", () => ({
  upstream: () => ({
    courses: {
      list: async () => {
        if (failing.courses) throw new Error("down");
        return [];
      },
    },
    posts: {
      list: async () => {
        if (failing.posts) throw new Error("down");
        return [];
      },
    },
  }),
}));

const { loader } = await import("~/routes/_index");
const run = () => loader({ request: new Request("http://x/"), params: {}, context: {} });

describe("home page lists (docs/product.md §8)", () => {
  it("shows a persistent toast when courses or posts cannot be fetched", async () => {
    failing.courses = true;
    const data = await run();
    expect(data.pageToast).toEqual({
      message: "Couldn't fetch posts/courses from server",
      type: "error",
      persistent: true,
    });
    expect(data.courses).toBeNull();
    expect(data.posts).toEqual([]);
    expect(data.content.faqs).toHaveLength(11);
  });
  it("shows no toast when both lists load", async () => {
    failing.courses = false;
    failing.posts = false;
    const data = await run();
    expect(data.pageToast).toBeUndefined();
  });
});
