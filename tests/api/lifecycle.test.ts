import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { type Api, fileOf, pngBytes, send, signedInStaff, startApi, statusAndText } from "./harness";
import { isStored } from "./stored-files";

// docs/product.md §4, docs/decisions/016-trash-and-scheduling.md: the trash and scheduled publishing.
let api: Api;
let cookie: string;
beforeAll(async () => {
  api = await startApi();
  ({ cookie } = await signedInStaff(api));
});
afterAll(() => api.close());
beforeEach(async () => {
  await sql`delete from posts`.execute(api.db);
  await sql`delete from courses`.execute(api.db);
});

const bodies = {
  courses: { title: "Bridal Makeup Masterclass", tutors: "Ada Obi", content: "<p>Glow.</p>" },
  articles: { title: "Caring for Braids in Harmattan", content: "<p>Moisture.</p>" },
  jobs: {
    title: "Salon Receptionist",
    content: "<p>Front desk.</p>",
    jobType: "Full-time",
    jobLocation: "Onsite",
    companyName: "Glow Salon Ltd",
    applicationDeadline: "2030-03-31",
    howToApply: "jobs@glowsalon.ng",
  },
} as const;
type Segment = keyof typeof bodies;
const SEGMENTS = Object.keys(bodies) as Segment[];

async function create(segment: Segment, extra: Record<string, unknown> = {}) {
  const res = await send(api, "POST", `/api/${segment}`, { cookie, json: { ...bodies[segment], ...extra } });
  expect(res.status).toBe(201);
  return (await res.json()) as { _id: string; slug: string; title: string; publishAt: string | null };
}

const listPath = (segment: Segment, search?: string) => {
  const q = search ? `&search=${encodeURIComponent(search)}` : "";
  return segment === "courses"
    ? `/api/courses?limit=100${q}`
    : `/api/post?limit=100&postType=${segment === "articles" ? "article" : "job"}${q}`;
};
async function anonymousIds(pathAndQuery: string, withCookie?: string) {
  const res = await send(api, "GET", pathAndQuery, { cookie: withCookie });
  expect(res.status).toBe(200);
  return ((await res.json()) as { _id: string }[]).map((i) => i._id);
}
/** What an anonymous visitor gets for the item: in the list, in a search for its title, its detail status. */
async function visitorView(segment: Segment, item: { _id: string; title: string }) {
  return {
    inList: (await anonymousIds(listPath(segment))).includes(item._id),
    inSearch: (await anonymousIds(listPath(segment, item.title))).includes(item._id),
    inBothPosts: segment === "courses" || (await anonymousIds("/api/post?limit=100")).includes(item._id),
    detail: (await send(api, "GET", `/api/${segment}/${item._id}`)).status,
  };
}
const PUBLIC = { inList: true, inSearch: true, inBothPosts: true, detail: 200 };

describe.each(SEGMENTS)("the trash: /api/%s", (segment) => {
  it("moving to the trash hides the item from lists, search and its detail (410); restoring brings it back with the same id and slug", async () => {
    const item = await create(segment);
    expect(await visitorView(segment, item)).toEqual(PUBLIC);

    const trashed = await send(api, "DELETE", `/api/${segment}/${item._id}`, { cookie });
    expect(trashed.status).toBe(200);
    expect(await visitorView(segment, item)).toEqual({
      inList: false,
      inSearch: false,
      inBothPosts: segment === "courses",
      detail: 410,
    });
    // Staff lists are the public lists: a trashed item is not in them either.
    expect(await anonymousIds(listPath(segment), cookie)).not.toContain(item._id);

    const restored = await send(api, "POST", `/api/${segment}/${item._id}/restore`, { cookie });
    expect(restored.status).toBe(200);
    expect(await restored.json()).toMatchObject({ _id: item._id, slug: item.slug });
    expect(await visitorView(segment, item)).toEqual(PUBLIC);
    const detail = await (await send(api, "GET", `/api/${segment}/${item._id}`)).json();
    expect(detail).toMatchObject({ _id: item._id, slug: item.slug, title: item.title });
  });

  it("lists the trashed item at /api/trash with who trashed it, when, and when it will be purged", async () => {
    const item = await create(segment);
    await send(api, "DELETE", `/api/${segment}/${item._id}`, { cookie });
    const list = await (await send(api, "GET", "/api/trash", { cookie })).json();
    expect(list).toEqual([
      expect.objectContaining({ _id: item._id, title: item.title, slug: item.slug, trashedBy: "Test Staff" }),
    ]);
    const { trashedAt, purgeAt } = list[0];
    expect(Date.parse(purgeAt) - Date.parse(trashedAt)).toBe(30 * 24 * 60 * 60 * 1000);
    expect(Math.abs(Date.now() - Date.parse(trashedAt))).toBeLessThan(60_000);
  });

  it("deletes for good only from the trash (409 before), then the item is gone (404) and cannot be restored", async () => {
    const item = await create(segment);
    expect(
      await statusAndText(await send(api, "DELETE", `/api/${segment}/${item._id}?permanent=1`, { cookie })),
    ).toEqual({ status: 409, text: expect.stringContaining("trash first") });
    await send(api, "DELETE", `/api/${segment}/${item._id}`, { cookie });
    expect((await send(api, "DELETE", `/api/${segment}/${item._id}?permanent=1`, { cookie })).status).toBe(200);
    expect((await send(api, "GET", `/api/${segment}/${item._id}`)).status).toBe(404);
    expect((await send(api, "POST", `/api/${segment}/${item._id}/restore`, { cookie })).status).toBe(404);
    expect(await (await send(api, "GET", "/api/trash", { cookie })).json()).toEqual([]);
  });

  it("answers 401 without a session and changes nothing", async () => {
    const item = await create(segment);
    expect((await send(api, "DELETE", `/api/${segment}/${item._id}`)).status).toBe(401);
    expect((await send(api, "POST", `/api/${segment}/${item._id}/restore`)).status).toBe(401);
    expect((await send(api, "DELETE", `/api/${segment}/${item._id}?permanent=1`)).status).toBe(401);
    expect((await send(api, "GET", `/api/${segment}/${item._id}`)).status).toBe(200);
  });

  it("answers 404 for an unknown id, a second trash, a restore of a live item and an edit of a trashed one", async () => {
    expect((await send(api, "DELETE", `/api/${segment}/000000000000000000000000`, { cookie })).status).toBe(404);
    expect((await send(api, "POST", `/api/${segment}/000000000000000000000000/restore`, { cookie })).status).toBe(404);
    const item = await create(segment);
    expect((await send(api, "POST", `/api/${segment}/${item._id}/restore`, { cookie })).status).toBe(404);
    await send(api, "DELETE", `/api/${segment}/${item._id}`, { cookie });
    expect((await send(api, "DELETE", `/api/${segment}/${item._id}`, { cookie })).status).toBe(404);
    expect((await send(api, "PATCH", `/api/${segment}/${item._id}`, { cookie, json: bodies[segment] })).status).toBe(
      404,
    );
  });
});

it("a course id is not an article: trashing a course through /api/articles answers 404", async () => {
  const course = await create("courses");
  expect((await send(api, "DELETE", `/api/articles/${course._id}`, { cookie })).status).toBe(404);
  expect((await send(api, "GET", `/api/courses/${course._id}`)).status).toBe(200);
});

it("GET /api/trash and /api/scheduled answer 401 without a session", async () => {
  expect((await send(api, "GET", "/api/trash")).status).toBe(401);
  expect((await send(api, "GET", "/api/scheduled")).status).toBe(401);
});

describe("the trash and the schedule page by key", () => {
  type Row = { _id: string; type: string; trashedAt?: string; publishAt?: string };
  const key = (at: string, id: string) => encodeURIComponent(`${at}_${id}`);
  /** Every page of a list, `limit` at a time, each after the last row of the one before. */
  async function everyPage(path: string, limit: number, dateOf: (r: Row) => string) {
    const pages: Row[][] = [];
    let after = "";
    for (;;) {
      const res = await send(api, "GET", `${path}?limit=${limit}${after}`, { cookie });
      expect(res.status).toBe(200);
      const page = (await res.json()) as Row[];
      if (!page.length) break;
      pages.push(page);
      const last = page.at(-1)!;
      after = `&after=${key(dateOf(last), last._id)}`;
    }
    return pages;
  }

  it("lists every trashed item of both tables, last trashed first, a page at a time, and back with before", async () => {
    const items = [];
    for (const segment of ["courses", "articles", "jobs", "courses", "articles"] as const)
      items.push({ segment, ...(await create(segment, { title: `Trashed ${items.length} ${segment}` })) });
    // Trashed a minute apart, alternating tables, the last two in the same millisecond (id breaks the tie).
    const base = Date.parse("2030-01-01T00:00:00.000Z");
    for (const [i, item] of items.entries()) {
      await send(api, "DELETE", `/api/${item.segment}/${item._id}`, { cookie });
      await api.db
        .updateTable(item.segment === "courses" ? "courses" : "posts")
        .set({ trashed_at: new Date(base + Math.min(i, 3) * 60_000).toISOString() })
        .where("id", "=", item._id)
        .execute();
    }
    const pages = await everyPage("/api/trash", 2, (r) => r.trashedAt!);
    expect(pages.map((p) => p.length)).toEqual([2, 2, 1]);
    const all = pages.flat();
    const expected = items
      .map((item, i) => ({ id: item._id, at: Math.min(i, 3) }))
      .sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : -1))
      .map((r) => r.id);
    expect(all.map((r) => r._id)).toEqual(expected);
    // Newer: the page just before the first row of the last page is the middle page.
    const last = pages[2][0];
    const before = await send(api, "GET", `/api/trash?limit=2&before=${key(last.trashedAt!, last._id)}`, { cookie });
    expect(((await before.json()) as Row[]).map((r) => r._id)).toEqual(pages[1].map((r) => r._id));
    // One trashed item by id, however deep in the trash; 404 for a live one.
    const deepest = items[0];
    const one = await send(api, "GET", `/api/trash/${deepest.segment}/${deepest._id}`, { cookie });
    expect(await one.json()).toMatchObject({ _id: deepest._id, title: deepest.title, trashedBy: "Test Staff" });
    const live = await create("jobs");
    expect((await send(api, "GET", `/api/trash/jobs/${live._id}`, { cookie })).status).toBe(404);
    expect((await send(api, "GET", `/api/trash/jobs/${live._id}`)).status).toBe(401);
  });

  it("lists every scheduled item of both tables, soonest first, a page at a time", async () => {
    const made = [];
    for (const [i, segment] of (["jobs", "courses", "articles", "courses", "jobs"] as const).entries())
      made.push(
        await create(segment, {
          publishAt: new Date(Date.parse("2031-06-01T00:00:00.000Z") - i * 3600_000).toISOString(),
        }),
      );
    const pages = await everyPage("/api/scheduled", 2, (r) => r.publishAt!);
    expect(pages.map((p) => p.length)).toEqual([2, 2, 1]);
    expect(pages.flat().map((r) => r._id)).toEqual(made.map((m) => m._id).reverse());
    const third = pages[1][0];
    const before = await send(api, "GET", `/api/scheduled?limit=5&before=${key(third.publishAt!, third._id)}`, {
      cookie,
    });
    expect(((await before.json()) as Row[]).map((r) => r._id)).toEqual(pages[0].map((r) => r._id));
  });
});

describe("the 30-day purge", () => {
  it("deletes items trashed more than 30 days ago, and their images unless something else uses them", async () => {
    const upload = async () => {
      const form = new FormData();
      form.set("file", fileOf(await pngBytes(), "a.png", "image/png"));
      form.set("asset_folder", "course/purge1");
      return (
        (await (await send(api, "POST", "/api/images", { cookie, multipart: form })).json()) as { public_id: string }
      ).public_id;
    };
    const own = await upload();
    const shared = await upload();
    const inText = await upload();
    const old = await create("courses", {
      featuredImg: own,
      content: `<p><img src="/api/images/f_auto,c_limit,w_1600/${inText}" alt=""></p>`,
    });
    const keeper = await create("articles", { featuredImg: shared });
    const recent = await create("courses", { title: "Recent Course", featuredImg: shared });
    await send(api, "DELETE", `/api/courses/${old._id}`, { cookie });
    await send(api, "DELETE", `/api/courses/${recent._id}`, { cookie });
    const longAgo = new Date(Date.now() - 31 * 24 * 60 * 60 * 1000).toISOString();
    await api.db
      .updateTable("courses")
      .set({ trashed_at: longAgo, featured_img: shared })
      .where("id", "=", old._id)
      .execute();
    // The old course shows `shared` (also on a live article) and `inText`; its former image `own` is unused.
    const { purgeTrash, purgeBefore, removeUnusedImages } = await import("../../api/lib/trash");
    expect(await purgeTrash(api.db, purgeBefore(new Date()))).toBe(1);

    const ids = (await api.db.selectFrom("courses").select("id").execute()).map((r) => r.id);
    expect(ids).toEqual([recent._id]);
    expect(await isStored("images", inText)).toBe(false);
    expect(await isStored("images", shared)).toBe(true);
    expect(await isStored("images", own)).toBe(true);
    expect(await removeUnusedImages(api.db, [own])).toEqual([own]);
    expect(await isStored("images", own)).toBe(false);
    expect((await send(api, "GET", `/api/articles/${keeper._id}`)).status).toBe(200);
  });
});

describe.each(SEGMENTS)("scheduled publishing: /api/%s", (segment) => {
  const inAnHour = () => new Date(Date.now() + 60 * 60 * 1000).toISOString();

  it("a scheduled item is hidden from visitors (lists, search, detail 404) and public once its time has passed", async () => {
    const at = inAnHour();
    const item = await create(segment, { publishAt: at });
    expect(item.publishAt).toBe(at);
    expect(await visitorView(segment, item)).toEqual({
      inList: false,
      inSearch: false,
      inBothPosts: segment === "courses",
      detail: 404,
    });
    // No timer: moving the time into the past is all it takes.
    await api.db
      .updateTable(segment === "courses" ? "courses" : "posts")
      .set({ publish_at: new Date(Date.now() - 1000).toISOString() })
      .where("id", "=", item._id)
      .execute();
    expect(await visitorView(segment, item)).toEqual(PUBLIC);
  });

  it("staff see it with ?preview=1 and in /api/scheduled; a visitor's ?preview=1 still answers 404", async () => {
    const at = inAnHour();
    const item = await create(segment, { publishAt: at });
    const preview = await send(api, "GET", `/api/${segment}/${item._id}?preview=1`, { cookie });
    expect(preview.status).toBe(200);
    expect(await preview.json()).toMatchObject({ _id: item._id, publishAt: at });
    expect((await send(api, "GET", `/api/${segment}/${item._id}?preview=1`)).status).toBe(404);
    expect((await send(api, "GET", `/api/${segment}/${item._id}`, { cookie })).status).toBe(404);
    expect(await (await send(api, "GET", "/api/scheduled", { cookie })).json()).toEqual([
      {
        _id: item._id,
        type: segment === "courses" ? "course" : segment.slice(0, -1),
        title: item.title,
        slug: item.slug,
        publishAt: at,
      },
    ]);
  });

  it("reads a datetime-local value as Lagos time (UTC+1), keeps the schedule on an update without the field and clears it with an empty one", async () => {
    const item = await create(segment, { publishAt: "2031-01-15T09:30" });
    expect(item.publishAt).toBe("2031-01-15T08:30:00.000Z");
    const kept = await (
      await send(api, "PATCH", `/api/${segment}/${item._id}`, { cookie, json: bodies[segment] })
    ).json();
    expect(kept.publishAt).toBe("2031-01-15T08:30:00.000Z");
    const cleared = await (
      await send(api, "PATCH", `/api/${segment}/${item._id}`, { cookie, json: { ...bodies[segment], publishAt: "" } })
    ).json();
    expect(cleared.publishAt).toBeNull();
    expect(await visitorView(segment, item)).toEqual(PUBLIC);
  });

  it.each(["tomorrow", "2031-02-30T10:00", "2031-01-15T25:00", "2031-01-15", 12])(
    "refuses publishAt %s with a clear message and stores nothing",
    async (publishAt) => {
      const res = await send(api, "POST", `/api/${segment}`, { cookie, json: { ...bodies[segment], publishAt } });
      expect(await statusAndText(res)).toEqual({
        status: 400,
        text: expect.stringContaining("Kindly choose a valid publish date and time"),
      });
      expect(
        await api.db
          .selectFrom(segment === "courses" ? "courses" : "posts")
          .select("id")
          .execute(),
      ).toEqual([]);
    },
  );
});

describe("read caches at a scheduled time", () => {
  it("announces a schedule moved into the past straight in the database (another instance, an operator) at the next look", async () => {
    const { onContentChange } = await import("../../api/lib/content-events");
    const { rearmScheduleWatch } = await import("../../api/lib/schedule-watch");
    const course = await create("courses", { publishAt: new Date(Date.now() + 60 * 60 * 1000).toISOString() });
    await rearmScheduleWatch();
    const seen: string[] = [];
    const stop = onContentChange((change) => seen.push(`${change.kind} ${change.method}`));
    try {
      await rearmScheduleWatch();
      expect(seen).toEqual([]);
      await api.db
        .updateTable("courses")
        .set({ publish_at: new Date(Date.now() - 1000).toISOString() })
        .where("id", "=", course._id)
        .execute();
      // The periodic look (every 15 s) is this call.
      await rearmScheduleWatch();
      expect(seen).toEqual(["course SCHEDULE"]);
    } finally {
      stop();
    }
  });

  it("announces a content change when a scheduled item's time comes, with no write then", async () => {
    const { onContentChange } = await import("../../api/lib/content-events");
    const seen: { kind: string; method: string }[] = [];
    const stop = onContentChange((change) => seen.push(change));
    try {
      await create("articles", { publishAt: new Date(Date.now() + 1500).toISOString() });
      await new Promise((r) => setTimeout(r, 600));
      expect(seen.filter((c) => c.method === "SCHEDULE")).toEqual([]);
      // Its time has come: announced once (a loaded machine may fire the timer late, so wait for it).
      await expect
        .poll(() => seen.filter((c) => c.method === "SCHEDULE"), { timeout: 15_000 })
        .toEqual([expect.objectContaining({ kind: "article" })]);
    } finally {
      stop();
    }
  });
});

it("moving to the trash, restoring and deleting for good each announce a content change (read caches drop their copies)", async () => {
  const { onContentChange } = await import("../../api/lib/content-events");
  const seen: { kind: string; method: string; path: string }[] = [];
  const stop = onContentChange((change) => seen.push(change));
  try {
    const job = await create("jobs");
    seen.length = 0;
    await send(api, "DELETE", `/api/jobs/${job._id}`, { cookie });
    await send(api, "POST", `/api/jobs/${job._id}/restore`, { cookie });
    await send(api, "DELETE", `/api/jobs/${job._id}`, { cookie });
    await send(api, "DELETE", `/api/jobs/${job._id}?permanent=1`, { cookie });
    // A refused call (already gone) announces nothing.
    await send(api, "POST", `/api/jobs/${job._id}/restore`, { cookie });
    expect(seen.map((c) => `${c.kind} ${c.method} ${c.path}`)).toEqual([
      `job DELETE /api/jobs/${job._id}`,
      `job POST /api/jobs/${job._id}/restore`,
      `job DELETE /api/jobs/${job._id}`,
      `job DELETE /api/jobs/${job._id}`,
    ]);
  } finally {
    stop();
  }
});
