import { describe, expect, it } from "vitest";

import { cachedPublicRead, derivedOnce } from "~/upstream/read-cache.server";

import { publishContentChange } from "../../api/lib/content-events";

const change = { kind: "course" as const, method: "POST", path: "/api/courses" };

describe("the public read cache", () => {
  it("makes one call for many readers, and a new one after a content change", async () => {
    let calls = 0;
    const read = async () => ({ n: ++calls });
    const [a, b] = await Promise.all([cachedPublicRead("/api/t1", read), cachedPublicRead("/api/t1", read)]);
    expect([a.n, b.n, calls]).toEqual([1, 1, 1]);
    publishContentChange(change);
    expect((await cachedPublicRead("/api/t1", read)).n).toBe(2);
  });

  it("does not keep a read that was pending when the write happened", async () => {
    let calls = 0;
    let release!: () => void;
    const slow = () =>
      new Promise<{ n: number }>((r) => {
        release = () => r({ n: ++calls });
      });
    const pending = cachedPublicRead("/api/t2", slow);
    publishContentChange(change);
    release();
    await pending;
    expect((await cachedPublicRead("/api/t2", async () => ({ n: 99 }))).n).toBe(99);
  });

  it("does not keep a failed read, and hands out answers no caller can change", async () => {
    await expect(
      cachedPublicRead("/api/t3", async () => {
        throw new Error("down");
      }),
    ).rejects.toThrow("down");
    const value = await cachedPublicRead("/api/t3", async () => ({ list: [{ title: "A" }] }));
    expect(value.list[0].title).toBe("A");
    expect(() => {
      (value.list as { title: string }[]).push({ title: "B" });
    }).toThrow();
  });

  it("makes a view of an answer once, until a write brings another answer", async () => {
    let made = 0;
    const view = derivedOnce((answer: { list: { title: string }[] }) => ({
      titles: answer.list.map((i) => i.title),
      n: ++made,
    }));
    const answer = await cachedPublicRead("/api/t4", async () => ({ list: [{ title: "A" }] }));
    expect(view(answer)).toBe(view(answer));
    expect(view(answer)).toEqual({ titles: ["A"], n: 1 });
    expect(Object.isFrozen(view(answer).titles)).toBe(true);
    publishContentChange(change);
    const next = await cachedPublicRead("/api/t4", async () => ({ list: [{ title: "B" }] }));
    expect(view(next)).toEqual({ titles: ["B"], n: 2 });
    // An answer that can change (a stand-in read when the API failed) is viewed afresh each time.
    const standIn = { list: [{ title: "C" }] };
    expect(view(standIn).n).toBe(3);
    standIn.list[0].title = "D";
    expect(view(standIn)).toEqual({ titles: ["D"], n: 4 });
  });
});
