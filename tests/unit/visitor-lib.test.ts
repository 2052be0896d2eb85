import { describe, expect, it } from "vitest";

import { tagColours } from "~/features/lists/cards";
import { loadListPage, readListQuery } from "~/features/lists/lists.server";
import { imageUrl } from "~/utils/images";

describe("Load More paging", () => {
  const items = Array.from({ length: 30 }, (_, i) => i + 1);
  const fetchSlice = async ({ limit, skip }: { limit: number; skip: number }) => items.slice(skip, skip + limit);

  it("renders everything so far for ?page=N (no JavaScript)", async () => {
    const page = await loadListPage(readListQuery(new URL("http://x/blog?page=2")), fetchSlice);
    expect(page.items).toEqual(items.slice(0, 24));
    expect(page.hasMore).toBe(true);
  });
  it("answers one page for the fetcher, and ends when a page comes back short", async () => {
    const page = await loadListPage(readListQuery(new URL("http://x/blog?page=3&chunk=1")), fetchSlice);
    expect(page.items).toEqual(items.slice(24, 30));
    expect(page.hasMore).toBe(false);
  });
  it("reads the search and keeps the page number sane", () => {
    expect(readListQuery(new URL("http://x/courses?search=%20hair%20&page=-3"))).toEqual({
      search: "hair",
      page: 1,
      chunk: false,
    });
    expect(readListQuery(new URL("http://x/courses?page=abc")).page).toBe(1);
  });
});

describe("images", () => {
  it("builds Cloudinary-style URLs capped at 2000 px", () => {
    expect(imageUrl("/api/images", "course/a/b", { width: 360, height: 225 })).toBe(
      "/api/images/w_360,h_225,c_fill,f_auto,q_auto/course/a/b",
    );
    expect(imageUrl("/api/images", "x", { width: 1000, height: 625, dpr: 2 })).toBe(
      "/api/images/w_1000,h_625,c_fill,dpr_2,f_auto,q_auto/x",
    );
    expect(imageUrl("/api/images", "x", { width: 4000 })).toBe("/api/images/w_2000,c_limit,f_auto,q_auto/x");
  });
});

describe("tag colours", () => {
  const contrast = (a: string, b: string) => {
    const lum = (hex: string) => {
      const [r, g, bl] = [1, 3, 5].map((i) => {
        const c = parseInt(hex.slice(i, i + 2), 16) / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
    };
    const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
    return (hi + 0.05) / (lo + 0.05);
  };
  it("always reaches 4.5:1, whatever colour staff pick", () => {
    for (const tip of ["#3b7dd8", "#ffffff", "#f4c7c3", "#8a1c5c", "#2f7a52", "#e06a2c", "#777777", "nonsense"]) {
      const { background, color } = tagColours(tip);
      expect(contrast(background, color === "#fff" ? "#ffffff" : color)).toBeGreaterThanOrEqual(4.5);
    }
  });
});
