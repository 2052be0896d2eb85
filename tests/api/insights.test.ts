import http from "node:http";
import type { AddressInfo } from "node:net";

import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { lagosDay } from "@domain/consent";

import { type Api, createStaff, loginCookie, minutesAgo, send, startApi } from "./harness";

// Visit counts (docs/decisions/064-cookie-free-visit-counts.md). The counting hook runs on every
// HTTP server of the process, as it does on remix-serve's: here a small page server stands in for
// the web tier's pages (a document per path, the root loader's session check through the API, the
// list loaders' search note), so each rule is proven on real requests; the browser suite
// (tests/e2e/staff-insights.spec.ts) proves the same through the real pages.
let api: Api;
let pages: http.Server;
let pageBase: string;
let staffCookie: string;
const PHONE =
  "Mozilla/5.0 (Linux; Android 13; SM-A135F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36";
const DESKTOP =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

let flushCounts: typeof import("../../api/lib/insight-counts").flushCounts;
let pendingCountRows: typeof import("../../api/lib/insight-counts").pendingCountRows;

beforeAll(async () => {
  api = await startApi({ env: { VISIT_FLUSH_SECONDS: "300" } });
  ({ flushCounts, pendingCountRows } = await import("../../api/lib/insight-counts"));
  const { handleApiRequest, noteSiteSearch } = await import("../../api/embedded");
  const staff = await createStaff(api, "insights@academy.test");
  staffCookie = await loginCookie(api, staff.email, staff.password);
  pages = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", "http://pages.test");
      // As the root loader: the session is checked through the API, which notes a staff member.
      if (req.headers.cookie)
        await handleApiRequest(
          new Request(`${api.base}/api/auth/isloggedin`, { headers: { cookie: req.headers.cookie } }),
        );
      if (url.pathname === "/courses" && url.searchParams.get("search"))
        noteSiteSearch("courses", url.searchParams.get("search")!, url.searchParams.get("search") === "makeup");
      if (url.pathname.startsWith("/missing")) {
        res.writeHead(404, { "content-type": "text/html; charset=utf-8" }).end("<h1>Not found</h1>");
      } else if (url.pathname.endsWith(".data")) {
        res.writeHead(200, { "content-type": "text/x-script" }).end("[]");
      } else if (url.pathname.endsWith(".css")) {
        res.writeHead(200, { "content-type": "text/css" }).end("body{}");
      } else {
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end("<h1>A page</h1>");
      }
    })();
  });
  await new Promise<void>((resolve) => pages.listen(0, "127.0.0.1", resolve));
  pageBase = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => pages.close(r));
  await api.close();
});
beforeEach(async () => {
  await flushCounts(api.db);
  await sql`delete from insight_counts`.execute(api.db);
});

const visit = (path: string, headers: Record<string, string> = {}, method = "GET") =>
  fetch(`${pageBase}${path}`, { method, headers: { "user-agent": DESKTOP, ...headers } }).then(async (r) => {
    await r.arrayBuffer();
    return r.status;
  });

async function counts() {
  await flushCounts(api.db);
  const rows = await api.db.selectFrom("insight_counts").selectAll().execute();
  return rows.map((r) => ({ day: r.day, dimension: r.dimension, value: r.value, count: Number(r.count) }));
}
const countOf = (rows: Awaited<ReturnType<typeof counts>>, dimension: string, value: string) =>
  rows.filter((r) => r.dimension === dimension && r.value === value).reduce((n, r) => n + r.count, 0);

describe("what a page view counts", () => {
  it("a phone visit from Instagram with a flyer's utm_source counts once, in each of its figures", async () => {
    expect(
      await visit("/course/c1/hair-styling?utm_source=Flyer&utm_campaign=open-day", {
        "user-agent": PHONE,
        referer: "https://l.instagram.com/?u=https%3A%2F%2Facademy.test",
        "x-forwarded-for": "203.0.113.9",
      }),
    ).toBe(200);
    const rows = await counts();
    const today = lagosDay();
    expect(rows.every((r) => r.day === today)).toBe(true);
    expect(countOf(rows, "views", "")).toBe(1);
    expect(countOf(rows, "page", "/course/c1/hair-styling")).toBe(1);
    expect(countOf(rows, "course", "c1")).toBe(1);
    expect(countOf(rows, "device", "phone")).toBe(1);
    expect(countOf(rows, "referrer", "instagram.com")).toBe(1);
    expect(countOf(rows, "utm_source", "flyer")).toBe(1);
    expect(countOf(rows, "utm_campaign", "open-day")).toBe(1);
    expect(rows).toHaveLength(7);
  });

  it("a bot, a staff member, a prefetch, a HEAD, a 404, an asset and a fetcher's data are not counted", async () => {
    expect(await visit("/courses", { "user-agent": GOOGLEBOT })).toBe(200);
    expect(await visit("/courses", { cookie: staffCookie })).toBe(200);
    expect(await visit("/courses", { "sec-purpose": "prefetch" })).toBe(200);
    expect(await visit("/courses", { purpose: "prefetch" })).toBe(200);
    expect(await visit("/courses", {}, "HEAD")).toBe(200);
    expect(await visit("/missing-page")).toBe(404);
    expect(await visit("/styles/app.css")).toBe(200);
    expect(await visit("/courses.data?_routes=routes%2Fcourses")).toBe(200);
    expect(await visit("/courses", { "user-agent": "" })).toBe(200);
    expect(await counts()).toEqual([]);
    // The same page, as a visitor: counted, so the refusals above were the rules, not a broken page.
    expect(await visit("/courses")).toBe(200);
    expect(await visit("/courses.data")).toBe(200);
    const rows = await counts();
    expect(countOf(rows, "page", "/courses")).toBe(2);
    expect(countOf(rows, "device", "desktop")).toBe(2);
  });

  it("a path with a token is counted under its pattern, never as it was asked for", async () => {
    const token = "Zk3v9QeB1yLm0Pq7Xs5Tn2Wd8Hc4Ja6R";
    await visit(`/application/${token}`);
    await visit(`/registration-form?resume=${token}&courseid=c1`);
    await visit(`/somewhere/${token}`);
    const rows = await counts();
    expect(countOf(rows, "page", "/application/:token")).toBe(1);
    expect(countOf(rows, "page", "/registration-form")).toBe(1);
    expect(countOf(rows, "form", "c1")).toBe(1);
    expect(countOf(rows, "page", "/somewhere/:secret")).toBe(1);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it("keeps no address, user agent or cookie: only days, dimensions, values and counts", async () => {
    await visit("/about?utm_source=whatsapp", { "user-agent": PHONE, "x-forwarded-for": "198.51.100.77" });
    await visit("/", { referer: "https://www.google.com/search?q=academy" });
    const rows = await counts();
    expect(rows.length).toBeGreaterThan(0);
    const stored = JSON.stringify(rows);
    for (const secret of ["127.0.0.1", "198.51.100.77", "Android", "Chrome", "Mozilla", "academy_session", "q=academy"])
      expect(stored).not.toContain(secret);
    const columns = Object.keys(
      (await api.db.selectFrom("insight_counts").selectAll().executeTakeFirstOrThrow()) ?? {},
    );
    expect(columns.sort()).toEqual(["count", "day", "dimension", "value"]);
  });

  it("a search on /courses is counted by its folded words, and one that found nothing among the empty ones", async () => {
    await visit(`/courses?search=${encodeURIComponent("  Bridal   MAKÉUP!! ")}`);
    await visit("/courses?search=makeup");
    await visit("/courses?search=nail%20art", { "user-agent": GOOGLEBOT });
    const rows = await counts();
    expect(countOf(rows, "search:courses", "bridal makeup")).toBe(1);
    expect(countOf(rows, "nothing:courses", "bridal makeup")).toBe(1);
    expect(countOf(rows, "search:courses", "makeup")).toBe(1);
    expect(countOf(rows, "nothing:courses", "makeup")).toBe(0);
    expect(countOf(rows, "search:courses", "nail art")).toBe(0);
  });
});

describe("batched in memory, added by upserts", () => {
  it("1,000 concurrent visits are all counted after the flush, and nothing is left waiting", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 100 });
    const one = () =>
      new Promise<number>((resolve, reject) => {
        http
          .get(`${pageBase}/`, { agent, headers: { "user-agent": PHONE } }, (res) => {
            res.resume();
            res.on("end", () => resolve(res.statusCode ?? 0));
          })
          .on("error", reject);
      });
    const statuses = await Promise.all(Array.from({ length: 1000 }, one));
    agent.destroy();
    expect(statuses.every((s) => s === 200)).toBe(true);
    const rows = await counts();
    expect(pendingCountRows()).toBe(0);
    expect(countOf(rows, "views", "")).toBe(1000);
    expect(countOf(rows, "page", "/")).toBe(1000);
    expect(countOf(rows, "device", "phone")).toBe(1000);
  });

  it("two flushes adding to the same rows at once add up (as two instances do)", async () => {
    const { addCount } = await import("../../api/lib/insight-counts");
    addCount("page", "/blog", 5);
    const first = flushCounts(api.db);
    addCount("page", "/blog", 7);
    const second = flushCounts(api.db);
    await Promise.all([first, second]);
    // Another instance's flush: the same row written directly with the same statement's shape.
    await sql`insert into insight_counts (day, dimension, value, count) values (${lagosDay()}, 'page', '/blog', 30)
      on conflict (day, dimension, value) do update set count = insight_counts.count + excluded.count`.execute(api.db);
    expect(countOf(await counts(), "page", "/blog")).toBe(42);
  });
});

describe("what staff read", () => {
  const courseId = "c0000000000000000000001a";
  beforeAll(async () => {
    const now = new Date().toISOString();
    await api.db
      .insertInto("courses")
      .values({
        id: courseId,
        title: "Hair Styling",
        slug: "hair-styling",
        tutors: "[]",
        featured_img: "",
        tag: "",
        tip_color: "",
        content: "",
        asset_folder: "",
        created_at: now,
        updated_at: now,
        category: null,
        fee: null,
        duration: null,
        level: null,
        next_start: null,
        trashed_at: null,
        trashed_by: null,
        publish_at: null,
        course_types: null,
      })
      .execute();
    const statuses = ["new", "contacted", "offered", "accepted", "paid", "enrolled"] as const;
    for (const [i, status] of statuses.entries())
      await api.db
        .insertInto("applicants")
        .values({
          id: `f${String(i).padStart(23, "0")}`,
          firstname: "Ada",
          lastname: "Obi",
          gender: "Female",
          dob: "2000-01-01",
          email: `funnel${i}@example.com`,
          phone: "08031234567",
          street: "1 Broad St",
          city: "Lagos",
          state: "lagos",
          postal_code: "100001",
          course_title: "Hair Styling",
          course_type: "Physical",
          id_cards: "[]",
          parent_consent: "No",
          school_name: "Queens College",
          graduation_year: 2018,
          highest_education: "ssce",
          emergency_fullname: "Ngozi Obi",
          emergency_relationship: "Parent",
          emergency_phone: "08037654321",
          reg_terms: 1,
          reg_privacy: 1,
          created_at: minutesAgo(30),
          status,
        })
        .execute();
  });

  async function as(role: "admin" | "admissions" | "editor", path: string) {
    const staff = await createStaff(api, `${role}-${Math.random().toString(36).slice(2)}@academy.test`, undefined, {
      role,
      twoFactor: role !== "editor",
    });
    const cookie = await loginCookie(api, staff.email, staff.password);
    return fetch(api.url(path), { headers: { cookie } });
  }

  it("the funnel per course: page views, form views, saves, then applications and how far they went", async () => {
    for (let i = 0; i < 10; i++) await visit(`/course/${courseId}/hair-styling`);
    for (let i = 0; i < 6; i++) await visit(`/registration-form?courseid=${courseId}`);
    const { addCount } = await import("../../api/lib/insight-counts");
    addCount("saved", courseId, 5);
    await flushCounts(api.db);
    const res = await as("admissions", `/api/insights/funnel?course=${courseId}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      total: Record<string, number>;
      courses: { title: string }[];
      weeks: unknown[];
    };
    expect(body.total).toEqual({
      coursePage: 10,
      formViews: 6,
      savedForms: 5,
      applications: 6,
      offered: 4,
      paid: 2,
      enrolled: 1,
    });
    expect(body.courses.map((c) => c.title)).toEqual(["Hair Styling"]);
    expect(body.weeks.length).toBeGreaterThan(0);
  });

  it("the funnel per intake: the course's views, then the intake's saves and applications and how far they went", async () => {
    const now = new Date().toISOString();
    const intakeId = "i0000000000000000000001a";
    const intake = {
      course_id: courseId,
      start_date: "2031-01-12",
      end_date: null,
      duration: "3 months",
      schedule_kind: "weekday" as const,
      schedule: "Mon–Fri 9am–1pm",
      campus: "Lekki",
      seats: 20,
      opens_on: "2030-11-01",
      closes_on: "2031-01-10",
      course_types: '["Physical"]',
      fee_kobo: 0,
      instalments: null,
      status: "open" as const,
      created_at: now,
      updated_at: now,
      created_by: null,
      updated_by: null,
    };
    await api.db
      .insertInto("intakes")
      .values([
        { id: intakeId, ...intake },
        { id: "i0000000000000000000002b", ...intake, start_date: "2031-04-12" },
      ])
      .execute();
    // Of the course's six applicants, the offered, paid and enrolled ones chose this intake, the
    // contacted one the other: the other intake's and the intake-less ones are not counted here.
    await api.db
      .updateTable("applicants")
      .set({ intake_id: intakeId })
      .where("status", "in", ["offered", "paid", "enrolled"])
      .execute();
    await api.db
      .updateTable("applicants")
      .set({ intake_id: "i0000000000000000000002b" })
      .where("status", "=", "contacted")
      .execute();
    for (let i = 0; i < 3; i++) await visit(`/course/${courseId}/hair-styling`);
    for (let i = 0; i < 2; i++) await visit(`/registration-form?courseid=${courseId}`);
    // A form saved with the intake chosen counts for it; saving it again does not.
    const saved = await send(api, "POST", "/api/applicant/saved", {
      json: { fields: { firstname: "Ada", courseId, intakeId }, files: [] },
    });
    expect(saved.status).toBe(201);
    const { token } = (await saved.json()) as { token: string };
    const again = await send(api, "POST", "/api/applicant/saved", {
      json: { fields: { firstname: "Ada", courseId, intakeId }, files: [], replaces: token },
    });
    expect(again.status).toBe(201);
    // The course's funnel counts it too, by the course the form names as `courseId`.
    expect(countOf(await counts(), "saved", courseId)).toBe(1);
    const { addCount } = await import("../../api/lib/insight-counts");
    addCount("saved_intake", intakeId, 3);
    addCount("saved_intake", "i0000000000000000000002b", 9);
    await flushCounts(api.db);
    const res = await as("admissions", `/api/insights/funnel?intake=${intakeId}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      intake: { id: string; courseId: string; courseTitle: string };
      course: string;
      intakes: { id: string; startDate: string }[];
      choices: { id: string }[];
      perCourse: string[];
      total: Record<string, number>;
      weeks: { week: string; steps: Record<string, number> }[];
    };
    expect(body.intake).toMatchObject({ id: intakeId, courseId, courseTitle: "Hair Styling" });
    expect(body.perCourse).toEqual(["coursePage", "formViews"]);
    // The course's page and form views, not split by intake.
    expect(body.total).toEqual({
      coursePage: 3,
      formViews: 2,
      savedForms: 4,
      applications: 3,
      offered: 3,
      paid: 2,
      enrolled: 1,
    });
    expect(body.weeks.reduce((n, w) => n + w.steps.applications, 0)).toBe(3);
    // The page's form offers the course's intakes, latest first, with the one shown and its course.
    expect(body.course).toBe(courseId);
    expect(body.intakes).toEqual([
      { id: "i0000000000000000000002b", startDate: "2031-04-12" },
      { id: intakeId, startDate: "2031-01-12" },
    ]);
    expect(body.choices.map((c) => c.id)).toContain(courseId);
    const byCourse = (await (await as("admissions", `/api/insights/funnel?course=${courseId}`)).json()) as {
      intakes: { id: string }[];
      intake: unknown;
    };
    expect(byCourse.intakes.map((i) => i.id)).toEqual(["i0000000000000000000002b", intakeId]);
    expect(byCourse.intake).toBeNull();
    expect((await as("admissions", "/api/insights/funnel?intake=i0000000000000000000009z")).status).toBe(404);
    expect((await as("admissions", "/api/insights/funnel?intake=%27%20or%201%3D1")).status).toBe(400);
    expect((await as("editor", `/api/insights/funnel?intake=${intakeId}`)).status).toBe(403);
  });

  it("an Editor reads the content figures but not the funnel; a visitor neither", async () => {
    await visit("/blog");
    await flushCounts(api.db);
    const content = await as("editor", "/api/insights");
    expect(content.status).toBe(200);
    const figures = (await content.json()) as { days: { views: number }[]; pages: { path: string }[] };
    expect(figures.days).toHaveLength(30);
    expect(figures.pages.map((p) => p.path)).toContain("/blog");
    expect((await as("editor", "/api/insights/funnel")).status).toBe(403);
    expect((await fetch(api.url("/api/insights"))).status).toBe(401);
  });

  it("refuses a range longer than 365 days or upside down, with a sentence", async () => {
    expect((await as("admin", "/api/insights?from=2024-01-01&to=2025-06-01")).status).toBe(400);
    expect((await as("admin", "/api/insights?from=2025-06-01&to=2025-01-01")).status).toBe(400);
    expect((await as("admin", "/api/insights?from=2025-01-01&to=2025-12-31")).status).toBe(200);
  });

  it("the retention job deletes counts older than two years and keeps the rest", async () => {
    const { applyRetention } = await import("../../api/privacy/retention");
    await api.db
      .insertInto("insight_counts")
      .values([
        { day: "2020-01-01", dimension: "views", value: "", count: 3 },
        { day: lagosDay(), dimension: "views", value: "", count: 4 },
      ])
      .execute();
    const result = await applyRetention(api.db, new Date());
    expect(result.visitCountsDeleted).toBe(1);
    const left = await api.db.selectFrom("insight_counts").select("day").execute();
    expect(left.map((r) => r.day)).toEqual([lagosDay()]);
  });
});
