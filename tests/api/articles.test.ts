import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { type Api, rowCount, send, signedInStaff, startApi, statusAndText } from "./harness";

let api: Api;
let cookie: string;
beforeAll(async () => {
  api = await startApi();
  ({ cookie } = await signedInStaff(api));
});
afterAll(() => api.close());
beforeEach(async () => {
  await sql`delete from posts`.execute(api.db);
});

const valid = {
  title: "Five Skin Care Myths",
  content: "<h2>Myth one</h2><p>Oily skin needs <em>no</em> moisturiser.</p>",
  featuredImg: "article/1712345678/abc123",
  assetFolder: "article/1712345678",
};
const create = async (item: Record<string, unknown> = valid) =>
  (await send(api, "POST", "/api/articles", { cookie, json: item })).json();

describe("POST /api/articles", () => {
  it("creates an article and answers 201 with its id and a slug from the title", async () => {
    const res = await send(api, "POST", "/api/articles", { cookie, json: valid });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({
      _id: expect.stringMatching(/^[a-f0-9]{24}$/),
      slug: "five-skin-care-myths",
      postType: "article",
      title: valid.title,
      featuredImg: valid.featuredImg,
    });
    const stored = await api.db.selectFrom("posts").selectAll().where("id", "=", body._id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      post_type: "article",
      title: valid.title,
      description: "Myth one Oily skin needs no moisturiser.",
    });
  });

  it("keeps slugs unique when titles repeat", async () => {
    expect([(await create()).slug, (await create()).slug]).toEqual(["five-skin-care-myths", "five-skin-care-myths-2"]);
  });

  it("keeps slugs unique when the same title is published at the same moment (a double click)", async () => {
    const answers = await Promise.all([1, 2, 3].map(() => send(api, "POST", "/api/articles", { cookie, json: valid })));
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201]);
    const slugs = await Promise.all(answers.map(async (r) => (await r.json()).slug));
    expect([...slugs].sort()).toEqual(["five-skin-care-myths", "five-skin-care-myths-2", "five-skin-care-myths-3"]);
  });

  it("stores rich text without scripts, event handlers or javascript: links", async () => {
    const body = await create({
      ...valid,
      content: `<p onmouseover="x()">Hi</p><script>alert(1)</script><a href="javascript:alert(1)">go</a><a href="https://academy.test">ok</a>`,
    });
    const stored = await api.db
      .selectFrom("posts")
      .select("content")
      .where("id", "=", body._id)
      .executeTakeFirstOrThrow();
    expect(stored.content).not.toMatch(/script|onmouseover|javascript:/i);
    expect(stored.content).toContain('href="https://academy.test"');
  });

  it.each([
    ["no title", { title: undefined }, "Title Field is empty"],
    ["an empty title", { title: "" }, "Title Field is empty"],
    ["a title that is not text", { title: 42 }, "Title Field is empty"],
    ["a featured image that is not a public id", { featuredImg: "<img>" }, /image/],
  ])("refuses %s with 400 and stores nothing", async (_name, change, message) => {
    const { status, text } = await statusAndText(
      await send(api, "POST", "/api/articles", { cookie, json: { ...valid, ...change } }),
    );
    expect(status).toBe(400);
    if (typeof message === "string") expect(text).toBe(message);
    else expect(text).toMatch(message);
    expect(await rowCount(api, "posts")).toBe(0);
  });

  it("answers 401 without a session and stores nothing", async () => {
    expect((await send(api, "POST", "/api/articles", { json: valid })).status).toBe(401);
    expect(await rowCount(api, "posts")).toBe(0);
  });
});

describe("GET /api/articles/{id}", () => {
  it("answers the article for editing, content included", async () => {
    const { _id } = await create();
    const res = await send(api, "GET", `/api/articles/${_id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      _id,
      postType: "article",
      title: valid.title,
      content: valid.content,
      assetFolder: valid.assetFolder,
    });
  });

  it("answers 404 for an unknown id", async () => {
    expect(await statusAndText(await send(api, "GET", "/api/articles/ffffffffffffffffffffffff"))).toEqual({
      status: 404,
      text: "Article not found",
    });
  });

  it("answers 404 for a job's id: article and job ids are not interchangeable", async () => {
    const job = await (
      await send(api, "POST", "/api/jobs", {
        cookie,
        json: {
          title: "Stylist",
          jobType: "Full-time",
          jobLocation: "Onsite",
          companyName: "Glow",
          applicationDeadline: "2030-05-01",
          howToApply: "jobs@glow.ng",
        },
      })
    ).json();
    expect((await send(api, "GET", `/api/articles/${job._id}`)).status).toBe(404);
    expect((await send(api, "PATCH", `/api/articles/${job._id}`, { cookie, json: valid })).status).toBe(404);
    const stored = await api.db.selectFrom("posts").selectAll().where("id", "=", job._id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ post_type: "job", title: "Stylist" });
  });
});

describe("PATCH /api/articles/{id}", () => {
  it("updates the article and keeps the slug while the title stays", async () => {
    const { _id } = await create();
    const res = await send(api, "PATCH", `/api/articles/${_id}`, {
      cookie,
      json: { ...valid, content: "<p>Rewritten</p>" },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      _id,
      slug: "five-skin-care-myths",
      content: "<p>Rewritten</p>",
      description: "Rewritten",
    });
  });

  it("changes the slug when the title changes", async () => {
    const { _id } = await create();
    const body = await (
      await send(api, "PATCH", `/api/articles/${_id}`, { cookie, json: { ...valid, title: "Six Skin Care Myths" } })
    ).json();
    expect(body.slug).toBe("six-skin-care-myths");
  });

  it("takes a free slug when the new title is another post's", async () => {
    await create({ ...valid, title: "Taken Title" });
    const { _id } = await create();
    const body = await (
      await send(api, "PATCH", `/api/articles/${_id}`, { cookie, json: { ...valid, title: "Taken Title" } })
    ).json();
    expect(body.slug).toBe("taken-title-2");
  });

  it("answers 404 for an unknown id", async () => {
    expect(
      await statusAndText(await send(api, "PATCH", "/api/articles/ffffffffffffffffffffffff", { cookie, json: valid })),
    ).toEqual({ status: 404, text: "Article not found" });
  });

  it("refuses an invalid update with 400 and changes nothing", async () => {
    const { _id } = await create();
    expect(
      await statusAndText(await send(api, "PATCH", `/api/articles/${_id}`, { cookie, json: { ...valid, title: " " } })),
    ).toEqual({ status: 400, text: "Title Field is empty" });
    expect(
      (await api.db.selectFrom("posts").select("title").where("id", "=", _id).executeTakeFirstOrThrow()).title,
    ).toBe(valid.title);
  });

  it("answers 401 without a session and changes nothing", async () => {
    const { _id } = await create();
    expect((await send(api, "PATCH", `/api/articles/${_id}`, { json: { ...valid, title: "Hacked" } })).status).toBe(
      401,
    );
    expect(
      (await api.db.selectFrom("posts").select("title").where("id", "=", _id).executeTakeFirstOrThrow()).title,
    ).toBe(valid.title);
  });
});
