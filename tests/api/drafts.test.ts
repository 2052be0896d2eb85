import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { type Api, rowCount, send, signedInStaff, startApi, statusAndText } from "./harness";

let api: Api;
let ada: string;
let bola: string;
beforeAll(async () => {
  api = await startApi();
  ada = (await signedInStaff(api, "ada@academy.test")).cookie;
  bola = (await signedInStaff(api, "bola@academy.test")).cookie;
});
afterAll(() => api.close());
beforeEach(async () => {
  await sql`delete from drafts`.execute(api.db);
});

const save = (cookie: string, draft: Record<string, unknown>) =>
  send(api, "POST", "/api/draft", { cookie, json: draft });
const load = (cookie: string, type: string) => send(api, "GET", `/api/draft/${type}`, { cookie });

describe("GET /api/draft/{type}", () => {
  it.each(["job", "article", "course"])("answers 204 with no body when there is no %s draft", async (type) => {
    const res = await load(ada, type);
    expect(res.status).toBe(204);
    expect(await res.text()).toBe("");
  });

  it.each(["job", "article", "course"])("answers 401 for the %s draft without a session", async (type) => {
    expect((await send(api, "GET", `/api/draft/${type}`)).status).toBe(401);
  });

  it("answers 404 for a type that has no drafts", async () => {
    expect(await statusAndText(await load(ada, "applicant"))).toEqual({ status: 404, text: "Unknown draft type" });
  });
});

describe("POST /api/draft", () => {
  it("saves a draft, answers it, and gives it back on GET", async () => {
    const draft = {
      postType: "course",
      title: "Half-typed course",
      tutors: "Ada",
      tag: "New",
      assetFolder: "course/1712345678",
    };
    const res = await save(ada, draft);
    expect(res.status).toBe(200);
    // Fields not typed yet come back blank.
    const blanks = { featuredImg: "", tipColor: "", content: "" };
    expect(await res.json()).toEqual({ ...draft, ...blanks });
    const back = await load(ada, "course");
    expect(back.status).toBe(200);
    expect(await back.json()).toEqual({ ...draft, ...blanks });
  });

  it("overwrites the draft of the same type: one draft per type", async () => {
    await save(ada, { postType: "article", title: "First try" });
    await save(ada, { postType: "article", title: "Second try", content: "<p>More</p>" });
    expect(await (await load(ada, "article")).json()).toMatchObject({
      postType: "article",
      title: "Second try",
      content: "<p>More</p>",
    });
    expect(await rowCount(api, "drafts")).toBe(1);
  });

  it("keeps one draft per type side by side", async () => {
    await save(ada, { postType: "article", title: "An article" });
    await save(ada, { postType: "job", title: "A job" });
    expect((await (await load(ada, "article")).json()).title).toBe("An article");
    expect((await (await load(ada, "job")).json()).title).toBe("A job");
    expect((await load(ada, "course")).status).toBe(204);
  });

  it("keeps each staff member's drafts to themselves", async () => {
    await save(ada, { postType: "job", title: "Ada's job" });
    expect((await load(bola, "job")).status).toBe(204);
    await save(bola, { postType: "job", title: "Bola's job" });
    expect((await (await load(ada, "job")).json()).title).toBe("Ada's job");
    expect((await (await load(bola, "job")).json()).title).toBe("Bola's job");
  });

  it.each([
    {
      postType: "job",
      title: "",
      jobType: "",
      jobLocation: "",
      applicationDeadline: "",
      companyName: "",
      companyLogo: "job/1712345678/logo",
    },
    { postType: "course", title: "", tutors: "", featuredImg: "course/1712345678/img" },
    { postType: "article", title: "", featuredImg: "article/1712345678/img" },
  ])("keeps a half-filled $postType draft: required fields may still be blank", async (draft) => {
    const { status, text } = await statusAndText(await save(ada, draft));
    expect({ status, text: status === 200 ? "" : text }).toEqual({ status: 200, text: "" });
    expect(await (await load(ada, draft.postType)).json()).toMatchObject(draft);
  });

  it("sanitizes the draft's rich text before storing it", async () => {
    await save(ada, {
      postType: "article",
      content: `<p onclick="x()">Hi</p><script>alert(1)</script><a href="javascript:alert(1)">x</a>`,
    });
    const stored = await api.db.selectFrom("drafts").select("data").executeTakeFirstOrThrow();
    expect(stored.data).not.toMatch(/script|onclick|javascript:/i);
    expect((await (await load(ada, "article")).json()).content).toContain("<p>Hi</p>");
  });

  it.each([
    ["no postType", { title: "x" }, /postType/],
    ["an unknown postType", { postType: "applicant", title: "x" }, /postType/],
    ["a title that is not text", { postType: "article", title: ["x"] }, /^title: /],
    ["a tag that is not text", { postType: "course", tag: 5 }, /^tag/],
    ["a bad asset folder", { postType: "job", assetFolder: "/etc/passwd" }, /asset folder/],
  ])("refuses %s with 400 and stores nothing", async (_name, draft, message) => {
    const { status, text } = await statusAndText(await save(ada, draft));
    expect(status).toBe(400);
    if (typeof message === "string") expect(text).toBe(message);
    else expect(text).toMatch(message);
    expect(await rowCount(api, "drafts")).toBe(0);
  });

  it("answers 401 without a session and stores nothing", async () => {
    expect((await send(api, "POST", "/api/draft", { json: { postType: "article", title: "x" } })).status).toBe(401);
    expect(await rowCount(api, "drafts")).toBe(0);
  });
});

describe("publishing ends the draft", () => {
  const published = {
    course: { path: "/api/courses", item: { title: "Published course", tutors: "Ada" } },
    article: { path: "/api/articles", item: { title: "Published article" } },
    job: {
      path: "/api/jobs",
      item: {
        title: "Published job",
        jobType: "Contract",
        jobLocation: "Remote",
        companyName: "Glow",
        applicationDeadline: "2030-01-01",
        howToApply: "jobs@glow.ng",
      },
    },
  } as const;

  it.each(["course", "article", "job"] as const)(
    "publishing a %s deletes that type's draft of that staff member only",
    async (type) => {
      for (const t of ["course", "article", "job"]) await save(ada, { postType: t, title: `Ada's ${t} draft` });
      await save(bola, { postType: type, title: `Bola's ${type} draft` });

      const res = await send(api, "POST", published[type].path, { cookie: ada, json: published[type].item });
      expect(res.status).toBe(201);

      expect((await load(ada, type)).status).toBe(204);
      for (const other of ["course", "article", "job"].filter((t) => t !== type))
        expect((await load(ada, other)).status).toBe(200);
      expect((await (await load(bola, type)).json()).title).toBe(`Bola's ${type} draft`);
    },
  );

  it("keeps the draft when the publish is refused", async () => {
    await save(ada, { postType: "article", title: "Keep me" });
    expect((await send(api, "POST", "/api/articles", { cookie: ada, json: { title: "" } })).status).toBe(400);
    expect((await load(ada, "article")).status).toBe(200);
  });

  it("keeps the draft when an existing item is updated (auto-save is off on edit)", async () => {
    const created = await (await send(api, "POST", "/api/articles", { cookie: ada, json: { title: "Live" } })).json();
    await save(ada, { postType: "article", title: "Next article" });
    expect(
      (await send(api, "PATCH", `/api/articles/${created._id}`, { cookie: ada, json: { title: "Live, edited" } }))
        .status,
    ).toBe(200);
    expect((await (await load(ada, "article")).json()).title).toBe("Next article");
  });
});

describe("DELETE /api/draft/{type} (docs/product.md §2, Editors: Discard draft)", () => {
  it("says when a draft was saved, and throws away only the caller's own draft of that type", async () => {
    const before = Date.now();
    await save(ada, { postType: "job", title: "Abandoned job" });
    await save(ada, { postType: "article", title: "Kept article" });
    const saved = await load(ada, "job");
    const at = Date.parse(saved.headers.get("X-Draft-Saved-At") ?? "");
    expect(at).toBeGreaterThanOrEqual(before - 1000);

    expect((await send(api, "DELETE", "/api/draft/job")).status).toBe(401);
    expect((await send(api, "DELETE", "/api/draft/job", { cookie: ada })).status).toBe(204);
    expect((await load(ada, "job")).status).toBe(204);
    expect((await load(ada, "article")).status).toBe(200);
    // Nothing to throw away is not an error.
    expect((await send(api, "DELETE", "/api/draft/job", { cookie: ada })).status).toBe(204);
    expect(await statusAndText(await send(api, "DELETE", "/api/draft/applicant", { cookie: ada }))).toEqual({
      status: 404,
      text: "Unknown draft type",
    });
  });
});
