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
  title: "Senior Hair Stylist",
  content: "<p>Join our <strong>Lekki</strong> salon.</p>",
  jobType: "Full-time",
  jobLocation: "Onsite",
  companyName: "Glow Salon Ltd",
  applicationDeadline: "2030-03-31",
  companyCoverImg: "job/1712345678/cover1",
  companyLogo: "job/1712345678/logo1",
  logoAccent: "#112233",
  assetFolder: "job/1712345678",
  howToApply: "jobs@glowsalon.ng",
};
const create = async (item: Record<string, unknown> = valid) =>
  (await send(api, "POST", "/api/jobs", { cookie, json: item })).json();

describe("POST /api/jobs", () => {
  it("creates a job and answers 201 with its id and a slug from the title", async () => {
    const res = await send(api, "POST", "/api/jobs", { cookie, json: valid });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({
      ...valid,
      _id: expect.stringMatching(/^[a-f0-9]{24}$/),
      slug: "senior-hair-stylist",
      postType: "job",
    });
    const stored = await api.db.selectFrom("posts").selectAll().where("id", "=", body._id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      post_type: "job",
      company_name: "Glow Salon Ltd",
      job_type: "Full-time",
      job_location: "Onsite",
      application_deadline: "2030-03-31",
    });
  });

  it.each(["Full-time", "Part-time", "Contract", "Internship"])("accepts the job type %s", async (jobType) => {
    expect((await send(api, "POST", "/api/jobs", { cookie, json: { ...valid, jobType } })).status).toBe(201);
  });

  it.each(["Remote", "Onsite", "Hybrid"])("accepts the job location %s", async (jobLocation) => {
    expect((await send(api, "POST", "/api/jobs", { cookie, json: { ...valid, jobLocation } })).status).toBe(201);
  });

  it("stores the deadline as the date picked, even from a full timestamp in Lagos time", async () => {
    expect((await create({ ...valid, applicationDeadline: "2030-03-31T12:00:00.000Z" })).applicationDeadline).toBe(
      "2030-03-31",
    );
    expect((await create({ ...valid, applicationDeadline: "2030-03-31T00:30:00+01:00" })).applicationDeadline).toBe(
      "2030-03-31",
    );
  });

  it("keeps slugs unique when titles repeat, across articles and jobs", async () => {
    await send(api, "POST", "/api/articles", { cookie, json: { title: "Senior Hair Stylist" } });
    expect((await create()).slug).toBe("senior-hair-stylist-2");
  });

  it("stores rich text without scripts, event handlers or javascript: links", async () => {
    const body = await create({
      ...valid,
      content: `<p onclick="x()">Apply</p><script>alert(1)</script><a href="javascript:void(0)">here</a>`,
    });
    const stored = await api.db
      .selectFrom("posts")
      .select("content")
      .where("id", "=", body._id)
      .executeTakeFirstOrThrow();
    expect(stored.content).not.toMatch(/script|onclick|javascript:/i);
    expect(stored.content).toContain("Apply");
  });

  it.each([
    ["no title", { title: undefined }, "Job Title Field is empty"],
    ["an empty title", { title: "" }, "Job Title Field is empty"],
    ["no job type", { jobType: undefined }, "Please select a valid Job type"],
    ["a job type not on the list", { jobType: "Freelance" }, "Please select a valid Job type"],
    ["a job type in the wrong case", { jobType: "full-time" }, "Please select a valid Job type"],
    ["no job location", { jobLocation: "" }, "Please select a valid Job Location"],
    ["a job location not on the list", { jobLocation: "Mars" }, "Please select a valid Job Location"],
    ["no company name", { companyName: undefined }, "Company Name Field is empty"],
    ["a blank company name", { companyName: "  " }, "Company Name Field is empty"],
    ["no application deadline", { applicationDeadline: undefined }, "Kindly select the application deadline"],
    ["an empty application deadline", { applicationDeadline: "" }, "Kindly select the application deadline"],
    [
      "an application deadline that is not a date",
      { applicationDeadline: "next week" },
      "Kindly select the application deadline",
    ],
    [
      "an application deadline of just a number",
      { applicationDeadline: "1" },
      "Kindly select the application deadline",
    ],
    [
      "an application deadline on a day the month lacks",
      { applicationDeadline: "2030-02-31" },
      "Kindly select the application deadline",
    ],
    [
      "an application deadline in another date format",
      { applicationDeadline: "12/31/2030" },
      "Kindly select the application deadline",
    ],
    ["a logo accent that is not a colour", { logoAccent: "blue" }, "logoAccent must be a colour like #1a2b3c"],
  ])("refuses %s with 400, the docs/product.md message, and stores nothing", async (_name, change, message) => {
    expect(
      await statusAndText(await send(api, "POST", "/api/jobs", { cookie, json: { ...valid, ...change } })),
    ).toEqual({ status: 400, text: message });
    expect(await rowCount(api, "posts")).toBe(0);
  });

  it("answers 401 without a session and stores nothing", async () => {
    expect((await send(api, "POST", "/api/jobs", { json: valid })).status).toBe(401);
    expect(await rowCount(api, "posts")).toBe(0);
  });
});

describe("GET /api/jobs/{id}", () => {
  it("answers the job for editing", async () => {
    const { _id } = await create();
    const res = await send(api, "GET", `/api/jobs/${_id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ...valid, _id, postType: "job" });
  });

  it("answers 404 for an unknown id", async () => {
    expect(await statusAndText(await send(api, "GET", "/api/jobs/ffffffffffffffffffffffff"))).toEqual({
      status: 404,
      text: "Job not found",
    });
  });

  it("answers 404 for an article's id: article and job ids are not interchangeable", async () => {
    const article = await (await send(api, "POST", "/api/articles", { cookie, json: { title: "An Article" } })).json();
    expect((await send(api, "GET", `/api/jobs/${article._id}`)).status).toBe(404);
    expect((await send(api, "PATCH", `/api/jobs/${article._id}`, { cookie, json: valid })).status).toBe(404);
    expect(
      await api.db.selectFrom("posts").selectAll().where("id", "=", article._id).executeTakeFirstOrThrow(),
    ).toMatchObject({ post_type: "article", title: "An Article" });
  });
});

describe("PATCH /api/jobs/{id}", () => {
  it("updates the job and keeps the slug while the title stays", async () => {
    const { _id } = await create();
    const res = await send(api, "PATCH", `/api/jobs/${_id}`, {
      cookie,
      json: { ...valid, jobLocation: "Hybrid", applicationDeadline: "2030-04-30" },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      _id,
      slug: "senior-hair-stylist",
      jobLocation: "Hybrid",
      applicationDeadline: "2030-04-30",
    });
  });

  it("changes the slug when the title changes", async () => {
    const { _id } = await create();
    expect(
      (
        await (
          await send(api, "PATCH", `/api/jobs/${_id}`, { cookie, json: { ...valid, title: "Junior Hair Stylist" } })
        ).json()
      ).slug,
    ).toBe("junior-hair-stylist");
  });

  it("answers 404 for an unknown id", async () => {
    expect(
      await statusAndText(await send(api, "PATCH", "/api/jobs/ffffffffffffffffffffffff", { cookie, json: valid })),
    ).toEqual({ status: 404, text: "Job not found" });
  });

  it("refuses a job type not on the list with 400 and changes nothing", async () => {
    const { _id } = await create();
    expect(
      await statusAndText(await send(api, "PATCH", `/api/jobs/${_id}`, { cookie, json: { ...valid, jobType: "Gig" } })),
    ).toEqual({ status: 400, text: "Please select a valid Job type" });
    expect(
      (await api.db.selectFrom("posts").select("job_type").where("id", "=", _id).executeTakeFirstOrThrow()).job_type,
    ).toBe("Full-time");
  });

  it("answers 401 without a session and changes nothing", async () => {
    const { _id } = await create();
    expect((await send(api, "PATCH", `/api/jobs/${_id}`, { json: { ...valid, title: "Hacked" } })).status).toBe(401);
    expect(
      (await api.db.selectFrom("posts").select("title").where("id", "=", _id).executeTakeFirstOrThrow()).title,
    ).toBe(valid.title);
  });
});

describe("GET /api/post?deadline (docs/product.md §7)", () => {
  it("lists the jobs still open, or those past their deadline; the deadline day itself is still open", async () => {
    const { lagosDate } = await import("@domain/schedule");
    const today = lagosDate();
    const open = await create({ ...valid, title: "Open Stylist" });
    const lastDay = await create({ ...valid, title: "Last Day Stylist" });
    const closed = await create({ ...valid, title: "Closed Designer" });
    const article = await (
      await send(api, "POST", "/api/articles", { cookie, json: { title: "News", content: "<p>Hello</p>" } })
    ).json();
    await api.db.updateTable("posts").set({ application_deadline: today }).where("id", "=", lastDay._id).execute();
    await api.db
      .updateTable("posts")
      .set({ application_deadline: "2020-01-31" })
      .where("id", "=", closed._id)
      .execute();
    const list = async (q: string) =>
      ((await (await send(api, "GET", `/api/post?limit=20&${q}`)).json()) as { _id: string }[]).map((p) => p._id);

    expect(await list("postType=job&deadline=open")).toEqual([lastDay._id, open._id]);
    expect(await list("postType=job&deadline=closed")).toEqual([closed._id]);
    // Without a type, "open" keeps every article: the home page's Recent Posts.
    expect(await list("deadline=open")).toEqual([article._id, lastDay._id, open._id]);
    // Paged by key within a segment, as the jobs list's Load More does.
    const first = await (await send(api, "GET", "/api/post?postType=job&deadline=open&limit=1")).json();
    expect(await list(`postType=job&deadline=open&after=${first[0].createdAt}_${first[0]._id}`)).toEqual([open._id]);
    expect((await send(api, "GET", "/api/post?deadline=soon")).status).toBe(400);
  });
});

describe("GET /api/post?jobType&jobLocation (docs/product.md §2, Blog)", () => {
  it("lists a job's employer, type, place and pay on its card, and filters jobs by type and place", async () => {
    const salon = await create({ ...valid, title: "Salon Stylist", salaryMin: "80000", salaryMax: "120000" });
    const remote = await create({ ...valid, title: "Remote Writer", jobType: "Contract", jobLocation: "Remote" });
    const hybrid = await create({ ...valid, title: "Print Intern", jobType: "Internship", jobLocation: "Hybrid" });
    await send(api, "POST", "/api/articles", { cookie, json: { title: "News", content: "<p>Hello</p>" } });
    const list = async (q: string) =>
      (await (await send(api, "GET", `/api/post?limit=20&${q}`)).json()) as Record<string, unknown>[];

    const cards = await list("postType=job");
    expect(cards.find((c) => c._id === salon._id)).toMatchObject({
      companyName: "Glow Salon Ltd",
      jobType: "Full-time",
      jobLocation: "Onsite",
      salaryMin: 80000,
      salaryMax: 120000,
    });
    const ids = (rows: Record<string, unknown>[]) => rows.map((row) => row._id);
    expect(ids(await list("postType=job&jobType=Contract"))).toEqual([remote._id]);
    expect(ids(await list("postType=job&jobLocation=Hybrid"))).toEqual([hybrid._id]);
    expect(ids(await list("postType=job&jobType=Full-time&jobLocation=Onsite"))).toEqual([salon._id]);
    // With the open-first segments of the jobs list, and never an article.
    expect(ids(await list("postType=job&deadline=open&jobType=Internship"))).toEqual([hybrid._id]);
    expect(ids(await list("jobLocation=Remote"))).toEqual([remote._id]);
    expect((await send(api, "GET", "/api/post?jobType=Weekend")).status).toBe(400);
  });
});
