import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type Api, minutesAgo, send, startApi, statusAndText } from "./harness";

// GET /api/post: the one list of articles and jobs (blog, home page, jobs board).
let api: Api;
beforeAll(async () => {
  api = await startApi();
  // A1…A6 are articles, J1…J4 jobs; the higher the number, the newer. Articles and jobs interleave.
  let age = 1000;
  for (let i = 1; i <= 6; i++) {
    await seedPost("article", `A${i} Article`, age--);
    if (i <= 4) await seedPost("job", `J${i} Job`, age--, i === 2 ? "Glow Salon Ltd" : "Lagos Spa");
  }
  await seedPost("article", "Save 50% Today", 2000);
  await seedPost("article", "Save 50 Today", 2001);
  await seedPost("job", "Nail_Tech wanted", 2002, "Beauty_Co");
  await seedPost("job", "NailsTech wanted", 2003, "BeautyXCo");
});
afterAll(() => api.close());

let seq = 0;
async function seedPost(type: "article" | "job", title: string, age: number, company = "") {
  const at = minutesAgo(age);
  await api.db
    .insertInto("posts")
    .values({
      id: `post${String(++seq).padStart(20, "0")}`,
      post_type: type,
      title,
      slug: `post-${seq}`,
      description: `About ${title}`,
      content: `<p>About ${title}</p>`,
      featured_img: "",
      company_cover_img: "",
      company_logo: "",
      logo_accent: "",
      company_name: company,
      job_type: type === "job" ? "Full-time" : "",
      job_location: type === "job" ? "Onsite" : "",
      application_deadline: type === "job" ? "2030-01-31" : null,
      asset_folder: "",
      created_at: at,
      updated_at: at,
    })
    .execute();
}

async function titles(q = "") {
  const res = await send(api, "GET", `/api/post${q}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { title: string }[]).map((p) => p.title);
}

describe("GET /api/post", () => {
  it("answers the 4 newest posts of both kinds by default", async () => {
    expect(await titles()).toEqual(["A6 Article", "A5 Article", "J4 Job", "A4 Article"]);
  });

  it("pages with limit and skip, newest first", async () => {
    expect(await titles("?limit=3&skip=2")).toEqual(["J4 Job", "A4 Article", "J3 Job"]);
    expect(await titles("?skip=4")).toEqual(["J3 Job", "A3 Article", "J2 Job", "A2 Article"]);
  });

  it("answers an empty array past the last page", async () => {
    expect(await titles("?limit=12&skip=100")).toEqual([]);
  });

  it("filters by postType", async () => {
    expect(await titles("?postType=job&limit=4")).toEqual(["J4 Job", "J3 Job", "J2 Job", "J1 Job"]);
    expect(await titles("?postType=article&limit=2&skip=1")).toEqual(["A5 Article", "A4 Article"]);
  });

  it("treats an empty postType as no filter", async () => {
    expect(await titles("?postType=")).toEqual(await titles());
  });

  it("answers the list item fields, with applicationDeadline only on jobs", async () => {
    const res = await send(api, "GET", "/api/post?limit=3");
    const [article, , job] = (await res.json()) as Record<string, unknown>[];
    expect(article).toMatchObject({
      postType: "article",
      title: "A6 Article",
      description: "About A6 Article",
      slug: expect.any(String),
      _id: expect.any(String),
    });
    expect(article).not.toHaveProperty("applicationDeadline");
    expect(job).toMatchObject({ postType: "job", title: "J4 Job", applicationDeadline: "2030-01-31" });
    for (const key of ["featuredImg", "companyCoverImg", "createdAt", "updatedAt"]) expect(job).toHaveProperty(key);
  });

  it("searches titles case-insensitively", async () => {
    expect(await titles("?search=a3 ARTICLE")).toEqual(["A3 Article"]);
  });

  it("searches the company of jobs", async () => {
    expect(await titles("?search=glow salon")).toEqual(["J2 Job"]);
  });

  it("combines search with postType", async () => {
    expect(await titles("?search=lagos spa&postType=job&limit=10")).toEqual(["J4 Job", "J3 Job", "J1 Job"]);
    expect(await titles("?search=lagos spa&postType=article")).toEqual([]);
  });

  it("treats % and _ in a search as plain characters", async () => {
    expect(await titles("?search=" + encodeURIComponent("50%"))).toEqual(["Save 50% Today"]);
    expect(await titles("?search=" + encodeURIComponent("nail_"))).toEqual(["Nail_Tech wanted"]);
    expect(await titles("?search=" + encodeURIComponent("beauty_co"))).toEqual(["Nail_Tech wanted"]);
  });

  it.each([
    ["postType=course", "postType must be article or job"],
    ["limit=0", "limit must be a whole number from 1 to 100"],
    ["limit=ten", "limit must be a whole number from 1 to 100"],
    ["skip=-4", "skip must be a whole number from 0"],
  ])("refuses %s with 400 and a clear message", async (q, message) => {
    expect(await statusAndText(await send(api, "GET", `/api/post?${q}`))).toEqual({ status: 400, text: message });
  });

  it("refuses a search longer than 100 characters", async () => {
    const { status, text } = await statusAndText(await send(api, "GET", `/api/post?search=${"x".repeat(101)}`));
    expect(status).toBe(400);
    expect(text).toMatch(/^search /);
  });
});
