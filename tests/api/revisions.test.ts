import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { type Api, createStaff, loginCookie, rowCount, send, signedInStaff, startApi, statusAndText } from "./harness";

// docs/product.md §4: every publish or update keeps the version it replaces; staff list,
// read and restore them; restoring is itself a new version; the last 50 are kept.
let api: Api;
let cookie: string;
let staffId: string;
let other: { id: string; cookie: string };
beforeAll(async () => {
  api = await startApi();
  ({ cookie, id: staffId } = await signedInStaff(api));
  const second = await createStaff(api, "second@academy.test");
  other = { id: second.id, cookie: await loginCookie(api, second.email, second.password) };
});
afterAll(() => api.close());
beforeEach(async () => {
  await sql`delete from revisions`.execute(api.db);
  await sql`delete from posts`.execute(api.db);
  await sql`delete from courses`.execute(api.db);
});

const article = { title: "First title", content: "<p>First words</p>", featuredImg: "", assetFolder: "article/111" };
const course = {
  title: "Hair Styling",
  tutors: "Ada, Bisi",
  content: "<p>Weaves</p>",
  tag: "New",
  tipColor: "#112233",
  featuredImg: "",
  assetFolder: "course/111",
};
const job = {
  title: "Salon Assistant",
  content: "<p>Help</p>",
  jobType: "Full-time",
  jobLocation: "Onsite",
  companyName: "Glow Ltd",
  applicationDeadline: "2030-01-31",
  companyCoverImg: "",
  companyLogo: "",
  logoAccent: "",
  assetFolder: "job/111",
  howToApply: "jobs@glow.ng",
  salaryMin: 50000,
};

async function created(path: string, body: Record<string, unknown>, as = cookie) {
  const res = await send(api, "POST", path, { cookie: as, json: body });
  expect(res.status).toBe(201);
  return (await res.json()) as { _id: string; slug: string };
}
async function updated(path: string, body: Record<string, unknown>, as = cookie) {
  const res = await send(api, "PATCH", path, { cookie: as, json: body });
  expect(res.status).toBe(200);
  return res.json();
}
type History = {
  item: {
    _id: string;
    title: string;
    createdBy: { id: string; name: string; email: string } | null;
    updatedBy: { id: string; email: string } | null;
  };
  revisions: {
    _id: string;
    version: number;
    title: string;
    madeAt: string;
    madeBy: { email: string } | null;
    replacedBy: { email: string } | null;
  }[];
};
async function history(kinds: string, id: string) {
  const res = await send(api, "GET", `/api/${kinds}/${id}/revisions`, { cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as History;
}

describe("who created and who last changed an item", () => {
  it("records the creator and the last editor of an article, with name and e-mail", async () => {
    const { _id } = await created("/api/articles", article);
    let h = await history("articles", _id);
    expect(h.item.createdBy).toEqual({ id: staffId, name: "Test Staff", email: "staff@academy.test" });
    expect(h.item.updatedBy?.email).toBe("staff@academy.test");
    expect(h.revisions).toEqual([]);

    await updated(`/api/articles/${_id}`, { ...article, title: "Second title" }, other.cookie);
    h = await history("articles", _id);
    expect(h.item.createdBy?.email).toBe("staff@academy.test");
    expect(h.item.updatedBy).toMatchObject({ id: other.id, email: "second@academy.test" });
  });

  it("still lists a version whose author's account was removed, without a name", async () => {
    const gone = await createStaff(api, "gone@academy.test");
    const goneCookie = await loginCookie(api, gone.email, gone.password);
    const { _id } = await created("/api/articles", article, goneCookie);
    await updated(`/api/articles/${_id}`, { ...article, title: "Second title" });
    await api.db.deleteFrom("users").where("id", "=", gone.id).execute();
    const h = await history("articles", _id);
    expect(h.item.createdBy).toEqual({ id: gone.id, name: null, email: null });
    expect(h.revisions[0].madeBy).toEqual({ id: gone.id, name: null, email: null });
  });
});

describe("GET /api/{courses|articles|jobs}/{id}/revisions", () => {
  it("keeps the version each update replaces, newest first, with who made it and when", async () => {
    const { _id } = await created("/api/articles", article);
    const first = await api.db.selectFrom("posts").select("updated_at").where("id", "=", _id).executeTakeFirstOrThrow();
    await updated(
      `/api/articles/${_id}`,
      { ...article, title: "Second title", content: "<p>Second words</p>" },
      other.cookie,
    );
    await updated(`/api/articles/${_id}`, { ...article, title: "Third title", content: "<p>Third words</p>" });

    const h = await history("articles", _id);
    expect(h.item.title).toBe("Third title");
    expect(h.revisions.map((r) => [r.version, r.title, r.madeBy?.email, r.replacedBy?.email])).toEqual([
      [2, "Second title", "second@academy.test", "staff@academy.test"],
      [1, "First title", "staff@academy.test", "second@academy.test"],
    ]);
    expect(h.revisions[1].madeAt).toBe(first.updated_at);
  });

  it.each([
    ["courses", course, { ...course, tutors: "Chidi" }],
    ["jobs", job, { ...job, companyName: "Shine Ltd" }],
  ] as const)("keeps versions of %s too", async (kinds, body, change) => {
    const { _id } = await created(`/api/${kinds}`, body);
    await updated(`/api/${kinds}/${_id}`, change);
    const h = await history(kinds, _id);
    expect(h.revisions).toHaveLength(1);
    const one = await (
      await send(api, "GET", `/api/${kinds}/${_id}/revisions/${h.revisions[0]._id}`, { cookie })
    ).json();
    if (kinds === "courses") expect(one.item).toMatchObject({ _id, tutors: "Ada, Bisi", tipColor: "#112233" });
    else
      expect(one.item).toMatchObject({
        _id,
        companyName: "Glow Ltd",
        applicationDeadline: "2030-01-31",
        jobType: "Full-time",
      });
  });

  it("keeps every version when edits of one item arrive at the same moment", async () => {
    const { _id } = await created("/api/articles", article);
    const answers = await Promise.all(
      [1, 2, 3].map((i) =>
        send(api, "PATCH", `/api/articles/${_id}`, { cookie, json: { ...article, title: `Title ${i}` } }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    const h = await history("articles", _id);
    expect(h.revisions.map((r) => r.version)).toEqual([3, 2, 1]);
    expect(h.revisions[2].title).toBe("First title");
    // Each kept version is a distinct one: the three edits and the first, once each.
    expect(new Set([h.item.title, ...h.revisions.map((r) => r.title)]).size).toBe(4);
  });

  it("keeps only the last 50 versions of an item", async () => {
    const { _id } = await created("/api/articles", article);
    for (let i = 1; i <= 52; i++) await updated(`/api/articles/${_id}`, { ...article, title: `Title ${i}` });
    const h = await history("articles", _id);
    expect(h.revisions).toHaveLength(50);
    expect(h.revisions[0]).toMatchObject({ version: 52, title: "Title 51" });
    expect(h.revisions[49]).toMatchObject({ version: 3, title: "Title 2" });
    expect(await rowCount(api, "revisions")).toBe(50);
  });

  it("answers 404 for an unknown item, or an id of another kind", async () => {
    const { _id } = await created("/api/articles", article);
    expect(
      await statusAndText(await send(api, "GET", "/api/articles/000000000000000000000000/revisions", { cookie })),
    ).toEqual({ status: 404, text: "Article not found" });
    expect(await statusAndText(await send(api, "GET", `/api/jobs/${_id}/revisions`, { cookie }))).toEqual({
      status: 404,
      text: "Job not found",
    });
    expect((await send(api, "GET", `/api/courses/${_id}/revisions`, { cookie })).status).toBe(404);
  });

  it("is for staff only: 401 without a session, for every call", async () => {
    const { _id } = await created("/api/articles", article);
    await updated(`/api/articles/${_id}`, { ...article, title: "Second title" });
    const [rev] = (await history("articles", _id)).revisions;
    for (const [method, path] of [
      ["GET", `/api/articles/${_id}/revisions`],
      ["GET", `/api/articles/${_id}/revisions/${rev._id}`],
      ["POST", `/api/articles/${_id}/revisions/${rev._id}/restore`],
    ] as const) {
      expect(await statusAndText(await send(api, method, path))).toEqual({
        status: 401,
        text: "You need to be logged in to do this",
      });
    }
    expect((await send(api, "GET", `/api/articles/${_id}`)).status).toBe(200);
    expect((await (await send(api, "GET", `/api/articles/${_id}`)).json()).title).toBe("Second title");
  });
});

describe("GET …/revisions/{revId}", () => {
  it("answers the version as it read then, with the item's id and slug", async () => {
    const { _id, slug } = await created("/api/articles", article);
    await updated(`/api/articles/${_id}`, { ...article, content: "<p>Other words</p>" });
    const [rev] = (await history("articles", _id)).revisions;
    const res = await send(api, "GET", `/api/articles/${_id}/revisions/${rev._id}`, { cookie });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      _id: rev._id,
      version: 1,
      madeBy: { email: "staff@academy.test" },
      replacedBy: { email: "staff@academy.test" },
    });
    expect(body.item).toMatchObject({
      _id,
      slug,
      postType: "article",
      title: "First title",
      content: "<p>First words</p>",
    });
  });

  it("answers 404 for an unknown revision or one of another item", async () => {
    const a = await created("/api/articles", article);
    const b = await created("/api/articles", { ...article, title: "Other" });
    await updated(`/api/articles/${a._id}`, { ...article, title: "Changed" });
    const [rev] = (await history("articles", a._id)).revisions;
    expect(await statusAndText(await send(api, "GET", `/api/articles/${a._id}/revisions/nope`, { cookie }))).toEqual({
      status: 404,
      text: "Revision not found",
    });
    expect((await send(api, "GET", `/api/articles/${b._id}/revisions/${rev._id}`, { cookie })).status).toBe(404);
    expect((await send(api, "POST", `/api/articles/${b._id}/revisions/${rev._id}/restore`, { cookie })).status).toBe(
      404,
    );
    expect(
      (await send(api, "POST", `/api/articles/000000000000000000000000/revisions/${rev._id}/restore`, { cookie }))
        .status,
    ).toBe(404);
    expect((await (await send(api, "GET", `/api/articles/${b._id}`)).json()).title).toBe("Other");
  });
});

describe("POST …/revisions/{revId}/restore", () => {
  it("a restore after an edit keeps both versions, and the item reads as the restored one", async () => {
    const { _id, slug } = await created("/api/articles", article);
    await updated(`/api/articles/${_id}`, { ...article, title: "Edited title", content: "<p>Edited words</p>" });
    const [first] = (await history("articles", _id)).revisions;

    const res = await send(api, "POST", `/api/articles/${_id}/revisions/${first._id}/restore`, {
      cookie: other.cookie,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ _id, slug, title: "First title", content: "<p>First words</p>" });

    // Anyone reading the article now reads the restored version, under the same address.
    expect(await (await send(api, "GET", `/api/articles/${_id}`)).json()).toMatchObject({
      _id,
      slug,
      title: "First title",
      content: "<p>First words</p>",
    });
    const h = await history("articles", _id);
    expect(h.item.updatedBy?.email).toBe("second@academy.test");
    expect(h.revisions.map((r) => [r.version, r.title, r.replacedBy?.email])).toEqual([
      [2, "Edited title", "second@academy.test"],
      [1, "First title", "staff@academy.test"],
    ]);
    const edited = await (
      await send(api, "GET", `/api/articles/${_id}/revisions/${h.revisions[0]._id}`, { cookie })
    ).json();
    expect(edited.item.content).toBe("<p>Edited words</p>");
  });

  it("restores a job's every field, and an earlier title's slug when the title changed back", async () => {
    const { _id, slug } = await created("/api/jobs", job);
    const changed = await updated(`/api/jobs/${_id}`, {
      ...job,
      title: "Head Stylist",
      companyName: "Shine Ltd",
      jobType: "Contract",
      applicationDeadline: "2031-05-01",
      howToApply: "https://shine.ng/jobs",
      salaryMin: 90000,
    });
    expect(changed.slug).toBe("head-stylist");
    const [first] = (await history("jobs", _id)).revisions;
    const restored = await (
      await send(api, "POST", `/api/jobs/${_id}/revisions/${first._id}/restore`, { cookie })
    ).json();
    expect(restored).toMatchObject({
      _id,
      slug,
      title: "Salon Assistant",
      companyName: "Glow Ltd",
      jobType: "Full-time",
      applicationDeadline: "2030-01-31",
      // The offer fields (docs/decisions/019-course-and-job-offers.md) come back too, a number as a number.
      howToApply: "jobs@glow.ng",
      salaryMin: 50000,
    });
  });

  it("tells the readers that keep copies for visitors (the read cache) that the item changed", async () => {
    const { onContentChange } = await import("../../api/lib/content-events");
    const { _id } = await created("/api/articles", article);
    await updated(`/api/articles/${_id}`, { ...article, title: "Edited title" });
    const [first] = (await history("articles", _id)).revisions;
    const changes: { kind: string; method: string }[] = [];
    const stop = onContentChange((change) => changes.push(change));
    try {
      expect((await send(api, "POST", `/api/articles/${_id}/revisions/${first._id}/restore`, { cookie })).status).toBe(
        200,
      );
      expect((await send(api, "POST", `/api/articles/${_id}/revisions/nope/restore`, { cookie })).status).toBe(404);
    } finally {
      stop();
    }
    expect(changes).toEqual([
      { kind: "article", method: "POST", path: `/api/articles/${_id}/revisions/${first._id}/restore` },
    ]);
  });

  it("restores a course", async () => {
    const { _id } = await created("/api/courses", course);
    await updated(`/api/courses/${_id}`, { ...course, tutors: "Chidi", content: "<p>Braids</p>" });
    const [first] = (await history("courses", _id)).revisions;
    const restored = await (
      await send(api, "POST", `/api/courses/${_id}/revisions/${first._id}/restore`, { cookie })
    ).json();
    expect(restored).toMatchObject({ _id, tutors: "Ada, Bisi", content: "<p>Weaves</p>" });
    expect((await history("courses", _id)).revisions).toHaveLength(2);
  });
});
