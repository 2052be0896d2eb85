import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type Api, send, signedInStaff, startApi } from "../api/harness";

// Item 14: titles in other scripts all slug to "item"; the slug used to be found by probing
// item-2…item-999 one query at a time inside the write's transaction (and failing after that).
let api: Api;
let cookie: string;
beforeAll(async () => {
  api = await startApi({ rateLimitFactor: 1 });
  ({ cookie } = await signedInStaff(api));
});
afterAll(() => api.close());

const course = (title: string) =>
  send(api, "POST", "/api/courses", {
    cookie,
    json: {
      title,
      tutors: "Ada Obi",
      featuredImg: "course/demo/abc123",
      tag: "Popular",
      tipColor: "#7a1f5c",
      content: "<p>About the course.</p>",
    },
  });

describe("slugs without probing", () => {
  it("gives the 1000th and 1001st title in another script a free slug, quickly", async () => {
    const now = new Date().toISOString();
    const rows = Array.from({ length: 999 }, (_, i) => ({
      id: `seed${String(i).padStart(20, "0")}`,
      title: "美容",
      slug: i === 0 ? "item" : `item-${i + 1}`,
      tutors: "Ada",
      featured_img: "course/demo/abc123",
      tag: "x",
      tip_color: "#000000",
      content: "<p>x</p>",
      asset_folder: "course/1",
      created_at: now,
      updated_at: now,
    }));
    for (let i = 0; i < rows.length; i += 100)
      await api.db
        .insertInto("courses")
        .values(rows.slice(i, i + 100))
        .execute();
    const started = performance.now();
    const first = await course("美容と髪");
    expect(first.status).toBe(201);
    expect((await first.json()).slug).toBe("item-1000");
    const second = await course("ヘアスタイル");
    expect((await second.json()).slug).toBe("item-1001");
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it("still numbers Latin titles from 2", async () => {
    expect((await (await course("Nail Art")).json()).slug).toBe("nail-art");
    expect((await (await course("Nail Art")).json()).slug).toBe("nail-art-2");
    // A longer title sharing the prefix is not counted as a number.
    expect((await (await course("Nail Art 2025")).json()).slug).toBe("nail-art-2025");
    expect((await (await course("Nail Art")).json()).slug).toBe("nail-art-3");
  });
});
