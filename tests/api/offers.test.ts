import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { type Api, send, signedInStaff, startApi, statusAndText } from "./harness";

// docs/decisions/019-course-and-job-offers.md: what a course and a job offer a visitor, and the course category filter.
let api: Api;
let cookie: string;
beforeAll(async () => {
  api = await startApi();
  ({ cookie } = await signedInStaff(api));
});
afterAll(() => api.close());
beforeEach(async () => {
  await sql`delete from courses`.execute(api.db);
  await sql`delete from posts`.execute(api.db);
});

const course = { title: "Hair Styling", tutors: "Ada Obi", content: "<p>Learn.</p>" };
const job = {
  title: "Stylist",
  jobType: "Full-time",
  jobLocation: "Onsite",
  companyName: "Glow",
  applicationDeadline: "2030-03-31",
  howToApply: "jobs@glow.ng",
};
const post = async (path: string, json: Record<string, unknown>) => send(api, "POST", path, { cookie, json });

describe("course offer fields", () => {
  it("stores category, fee, duration, level and next start, and gives them back", async () => {
    const res = await post("/api/courses", {
      ...course,
      category: "hairdressing-styling",
      fee: "₦150,000",
      duration: "3 months",
      level: "NVQ Level 2",
      nextStart: "2030-02-03",
    });
    expect(res.status).toBe(201);
    const { _id } = await res.json();
    const stored = await (await send(api, "GET", `/api/courses/${_id}`)).json();
    expect(stored).toMatchObject({
      category: "hairdressing-styling",
      fee: 150000,
      duration: "3 months",
      level: "NVQ Level 2",
      nextStart: "2030-02-03",
    });
  });

  it("keeps them optional: a course without them has nulls, and blanks clear them", async () => {
    const { _id } = await (await post("/api/courses", { ...course, fee: 90000 })).json();
    const cleared = await send(api, "PATCH", `/api/courses/${_id}`, {
      cookie,
      json: { ...course, fee: "", category: "", level: "", nextStart: "", duration: " " },
    });
    expect(await cleared.json()).toMatchObject({
      category: null,
      fee: null,
      duration: null,
      level: null,
      nextStart: null,
    });
  });

  it.each([
    ["an unknown category", { category: "cooking" }, "Select a course category"],
    ["a fee that is not whole naira", { fee: "12.5" }, "Enter the fee as a whole number of naira"],
    ["a negative fee", { fee: -5 }, "Enter the fee as a whole number of naira"],
    ["a fee over ₦100 million", { fee: 100_000_001 }, "Enter the fee as a whole number of naira"],
    ["a level that is not NVQ 1 to 3", { level: "NVQ Level 4" }, "Select an NVQ level"],
    ["a start date that does not exist", { nextStart: "2030-02-31" }, "Enter the next start date as YYYY-MM-DD"],
    ["a duration too long", { duration: "x".repeat(41) }, "duration must be at most 40 characters"],
  ])("refuses %s with a clear message and stores nothing", async (_, extra, text) => {
    expect(await statusAndText(await post("/api/courses", { ...course, ...extra }))).toEqual({ status: 400, text });
    expect(await (await send(api, "GET", "/api/courses")).json()).toEqual([]);
  });
});

describe("GET /api/courses?category=", () => {
  it("lists only that category, combines with search and pages", async () => {
    await post("/api/courses", { ...course, title: "Braiding", category: "hairdressing-styling" });
    await post("/api/courses", { ...course, title: "Wig Making", category: "hairdressing-styling" });
    await post("/api/courses", { ...course, title: "Portraits", category: "photography" });
    await post("/api/courses", { ...course, title: "Old course" });
    const titles = async (q: string) =>
      ((await (await send(api, "GET", `/api/courses${q}`)).json()) as { title: string }[]).map((c) => c.title);
    expect(await titles("?category=hairdressing-styling&limit=10")).toEqual(["Wig Making", "Braiding"]);
    expect(await titles("?category=hairdressing-styling&search=wig")).toEqual(["Wig Making"]);
    expect(await titles("?category=hairdressing-styling&limit=1&skip=1")).toEqual(["Braiding"]);
    expect(await titles("?category=photography&search=wig")).toEqual([]);
    expect(await titles("?limit=10")).toHaveLength(4);
  });

  it("refuses an unknown category with 400", async () => {
    const res = await send(api, "GET", "/api/courses?category=cooking");
    expect(res.status).toBe(400);
    expect(await res.text()).toMatch(/^category must be one of skincare-cosmetics/);
  });
});

describe("job offer fields", () => {
  it("stores how to apply, the salary range and the address", async () => {
    const res = await post("/api/jobs", {
      ...job,
      howToApply: "https://glow.ng/careers",
      salaryMin: "80,000",
      salaryMax: 120000,
      jobAddress: "Admiralty Way, Lekki",
    });
    expect(res.status).toBe(201);
    const { _id } = await res.json();
    expect(await (await send(api, "GET", `/api/jobs/${_id}`)).json()).toMatchObject({
      howToApply: "https://glow.ng/careers",
      salaryMin: 80000,
      salaryMax: 120000,
      jobAddress: "Admiralty Way, Lekki",
    });
  });

  it("keeps no address for a remote job", async () => {
    const body = await (await post("/api/jobs", { ...job, jobLocation: "Remote", jobAddress: "Lekki" })).json();
    expect(body.jobAddress).toBeNull();
  });

  it.each([
    ["no way to apply", { howToApply: undefined }, "Enter how to apply: an e-mail address or a web address"],
    [
      "a way to apply that is neither e-mail nor web address",
      { howToApply: "call 0803 000 0000" },
      "Enter how to apply: an e-mail address or a web address",
    ],
    [
      "a javascript: link",
      { howToApply: "javascript:alert(1)" },
      "Enter how to apply: an e-mail address or a web address",
    ],
    ["a salary that is not a number", { salaryMin: "a lot" }, "Enter the salary as a whole number of naira"],
    [
      "a salary range upside down",
      { salaryMin: 200000, salaryMax: 100000 },
      "The highest salary must not be below the lowest",
    ],
  ])("refuses %s and stores nothing", async (_, extra, text) => {
    expect(await statusAndText(await post("/api/jobs", { ...job, ...extra }))).toEqual({ status: 400, text });
    expect(await (await send(api, "GET", "/api/post?postType=job")).json()).toEqual([]);
  });

  it("an older job without the new fields still reads, and updating it needs how to apply", async () => {
    const at = new Date().toISOString();
    await api.db
      .insertInto("posts")
      .values({
        id: "old000000000000000000001",
        post_type: "job",
        title: "Old job",
        slug: "old-job",
        description: "",
        content: "",
        featured_img: "",
        company_cover_img: "",
        company_logo: "",
        logo_accent: "",
        company_name: "Glow",
        job_type: "Contract",
        job_location: "Onsite",
        application_deadline: "2030-01-01",
        asset_folder: "",
        created_at: at,
        updated_at: at,
      })
      .execute();
    const old = await (await send(api, "GET", "/api/jobs/old000000000000000000001")).json();
    expect(old).toMatchObject({
      title: "Old job",
      howToApply: null,
      salaryMin: null,
      salaryMax: null,
      jobAddress: null,
    });
    const withoutApply: Partial<typeof job> = { ...job };
    delete withoutApply.howToApply;
    const refused = await send(api, "PATCH", "/api/jobs/old000000000000000000001", { cookie, json: withoutApply });
    expect(refused.status).toBe(400);
    const updated = await send(api, "PATCH", "/api/jobs/old000000000000000000001", { cookie, json: job });
    expect((await updated.json()).howToApply).toBe("jobs@glow.ng");
  });
});
