import { sql } from "kysely";

import { lagosDay } from "@domain/consent";
import { FUNNEL_STEPS, type FunnelStep, INSIGHT_MAX_RANGE_DAYS, type InsightDimension } from "@domain/insights";

import type { DB } from "../db";
import { apiMessages } from "../messages";
import { fail } from "./fail";

// What the staff page reads (docs/decisions/064-cookie-free-visit-counts.md). Every figure is one
// index range of insight_counts (dimension, then day) of at most INSIGHT_MAX_RANGE_DAYS days, or
// one range of applicants by course and time: the work grows with the days asked for, never with
// the years kept.

const DAY_MS = 86_400_000;
const TOP = 20;

export const dayPlus = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The range asked for, or the 30 days to today (Lagos), never longer than INSIGHT_MAX_RANGE_DAYS. */
export function insightRange(q: { from?: string; to?: string }, now = new Date()) {
  const to = q.to ?? lagosDay(now);
  const from = q.from ?? dayPlus(to, -29);
  return {
    from: from < dayPlus(to, -(INSIGHT_MAX_RANGE_DAYS - 1)) ? dayPlus(to, -(INSIGHT_MAX_RANGE_DAYS - 1)) : from,
    to,
  };
}

/** Each day of the range with its count of `views` (0 for a day without). */
async function daily(db: DB, from: string, to: string) {
  const rows = await db
    .selectFrom("insight_counts")
    .select(["day", "count"])
    .where("dimension", "=", "views")
    .where("day", ">=", from)
    .where("day", "<=", to)
    .where("value", "=", "")
    .execute();
  const byDay = new Map(rows.map((r) => [r.day, Number(r.count)]));
  const days: { day: string; views: number }[] = [];
  for (let d = from; d <= to; d = dayPlus(d, 1)) days.push({ day: d, views: byDay.get(d) ?? 0 });
  return days;
}

/** The values of one dimension in the range, most counted first (ties by value), at most `limit`. */
export async function top(db: DB, dimension: InsightDimension, from: string, to: string, limit = TOP) {
  const total = sql<number>`sum(${sql.ref("count")})`;
  const rows = await db
    .selectFrom("insight_counts")
    .select(["value", total.as("total")])
    .where("dimension", "=", dimension)
    .where("day", ">=", from)
    .where("day", "<=", to)
    .groupBy("value")
    .orderBy(total, "desc")
    .orderBy("value")
    .limit(limit)
    .execute();
  return rows.map((r) => ({ value: r.value, count: Number(r.total) }));
}

async function courseTitles(db: DB, ids: string[]) {
  if (!ids.length) return new Map<string, string>();
  const rows = await db.selectFrom("courses").select(["id", "title"]).where("id", "in", ids).execute();
  return new Map(rows.map((r) => [r.id, r.title]));
}

/** The content figures every staff role may read: visits, pages, courses, sources, devices, searches. */
export async function contentFigures(db: DB, range: { from: string; to: string }) {
  const { from, to } = range;
  const yearFrom = dayPlus(to, -(INSIGHT_MAX_RANGE_DAYS - 1));
  const [days, year, pages, courses, referrers, utmSources, utmCampaigns, devices, searches, nothing] =
    await Promise.all([
      daily(db, from, to),
      daily(db, yearFrom, to),
      top(db, "page", from, to),
      top(db, "course", from, to),
      top(db, "referrer", from, to),
      top(db, "utm_source", from, to),
      top(db, "utm_campaign", from, to),
      top(db, "device", from, to, 3),
      Promise.all([top(db, "search:courses", from, to), top(db, "search:blog", from, to)]),
      Promise.all([top(db, "nothing:courses", from, to), top(db, "nothing:blog", from, to)]),
    ]);
  const titles = await courseTitles(
    db,
    courses.map((c) => c.value),
  );
  const searched = (lists: { value: string; count: number }[][]) =>
    lists
      .flatMap((list, i) => list.map((r) => ({ page: i === 0 ? "courses" : "blog", words: r.value, count: r.count })))
      .sort((a, b) => b.count - a.count || a.words.localeCompare(b.words))
      .slice(0, TOP);
  return {
    from,
    to,
    days,
    year,
    pages: pages.map((p) => ({ path: p.value, views: p.count })),
    courses: courses.map((c) => ({ id: c.value, title: titles.get(c.value) ?? null, views: c.count })),
    referrers: referrers.map((r) => ({ domain: r.value, visits: r.count })),
    utmSources: utmSources.map((r) => ({ label: r.value, visits: r.count })),
    utmCampaigns: utmCampaigns.map((r) => ({ label: r.value, visits: r.count })),
    devices: devices.map((d) => ({ device: d.value, views: d.count })),
    searches: searched(searches),
    nothingFound: searched(nothing),
  };
}

type Steps = Record<FunnelStep, number>;
const noSteps = (): Steps => Object.fromEntries(FUNNEL_STEPS.map((s) => [s, 0])) as Steps;

/** The Monday (a Lagos day) of the week a day is in. */
export function weekOf(day: string) {
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return dayPlus(day, -weekday);
}

/**
 * The admissions funnel in the range, per course (the courses with any step), and per week for
 * one course or for all together. Applications are counted by the day they were made, and each
 * by how far it has gone since: offered, paid, enrolled.
 */
export async function funnel(db: DB, range: { from: string; to: string }, courseId?: string) {
  const { from, to } = range;
  const { courseRows, intakes } = await funnelChoices(db, courseId);
  const perCourse = new Map<string, Steps>();
  const perWeek = new Map<string, Steps>();
  const add = (course: string, day: string, step: FunnelStep, n: number) => {
    if (!perCourse.has(course)) perCourse.set(course, noSteps());
    perCourse.get(course)![step] += n;
    if (courseId && course !== courseId) return;
    const week = weekOf(day);
    if (!perWeek.has(week)) perWeek.set(week, noSteps());
    perWeek.get(week)![step] += n;
  };
  const counted: [InsightDimension, FunnelStep][] = [
    ["course", "coursePage"],
    ["form", "formViews"],
    ["saved", "savedForms"],
  ];
  for (const [dimension, step] of counted) {
    const rows = await db
      .selectFrom("insight_counts")
      .select(["day", "value", "count"])
      .where("dimension", "=", dimension)
      .where("day", ">=", from)
      .where("day", "<=", to)
      .where("value", "in", courseRows.length ? courseRows.map((c) => c.id) : [""])
      .execute();
    for (const r of rows) add(r.value, r.day, step, Number(r.count));
  }
  // Applications by course title (the applicant keeps the title it applied for), day and status:
  // one index range (course_title, created_at) per course, at most a row per day and status.
  const wanted = courseId ? courseRows.filter((c) => c.id === courseId) : courseRows;
  const startAt = `${from}T00:00:00.000Z`;
  const endAt = `${dayPlus(to, 1)}T00:00:00.000Z`;
  for (const course of wanted) {
    const rows = await db
      .selectFrom("applicants")
      .select([sql<string>`substr(created_at, 1, 10)`.as("day"), "status", sql<number>`count(*)`.as("n")])
      .where("course_title", "=", course.title)
      .where("created_at", ">=", startAt)
      .where("created_at", "<", endAt)
      .groupBy([sql`substr(created_at, 1, 10)`, "status"])
      .execute();
    for (const r of rows) {
      const n = Number(r.n);
      add(course.id, r.day, "applications", n);
      if (r.status === "offered" || r.status === "accepted" || r.status === "paid" || r.status === "enrolled")
        add(course.id, r.day, "offered", n);
      if (r.status === "paid" || r.status === "enrolled") add(course.id, r.day, "paid", n);
      if (r.status === "enrolled") add(course.id, r.day, "enrolled", n);
    }
  }
  const total = noSteps();
  for (const [id, steps] of perCourse)
    if (!courseId || id === courseId) for (const s of FUNNEL_STEPS) total[s] += steps[s];
  return {
    course: courseId ?? null,
    courses: courseRows
      .filter((c) => perCourse.has(c.id))
      .map((c) => ({ id: c.id, title: c.title, steps: perCourse.get(c.id)! })),
    weeks: [...perWeek].sort(([a], [b]) => (a < b ? -1 : 1)).map(([week, steps]) => ({ week, steps })),
    total,
    choices: courseRows.map((c) => ({ id: c.id, title: c.title })),
    intakes,
    intake: null,
  };
}

/**
 * What the page's form offers: the courses (by title, at most 500) and, once a course is chosen,
 * its intakes, latest start first (at most 50, through the course's intake index).
 */
async function funnelChoices(db: DB, courseId: string | undefined) {
  const courseRows = await db
    .selectFrom("courses")
    .select(["id", "title"])
    .where("trashed_at", "is", null)
    .orderBy("title")
    .limit(500)
    .execute();
  const intakes = courseId
    ? await db
        .selectFrom("intakes")
        .select(["id", "start_date as startDate"])
        .where("course_id", "=", courseId)
        .orderBy("start_date", "desc")
        .limit(50)
        .execute()
    : [];
  return { courseRows, intakes };
}

/** The steps counted per course even when one intake is asked for: views carry no intake. */
const PER_COURSE_STEPS: FunnelStep[] = ["coursePage", "formViews"];

/**
 * The admissions funnel of one intake in the range, per week. Its course's page and form views
 * are the course's (a view does not say which intake the visitor will choose); saved forms are
 * those saved with the intake chosen, and applications those made for it, each by how far it has
 * gone since. One index range of insight_counts per step, and the intake's applicants through
 * their intake index: the work grows with the intake, never with the table
 * (docs/decisions/078-bounded-counts-and-the-new-lists.md).
 */
export async function intakeFunnel(db: DB, range: { from: string; to: string }, intakeId: string) {
  const { from, to } = range;
  const intake = await db
    .selectFrom("intakes")
    .innerJoin("courses", "courses.id", "intakes.course_id")
    .select(["intakes.id", "intakes.course_id", "intakes.start_date", "courses.title"])
    .where("intakes.id", "=", intakeId)
    .executeTakeFirst();
  if (!intake) fail(404, apiMessages.intakeNotFound);
  const perWeek = new Map<string, Steps>();
  const total = noSteps();
  const add = (day: string, step: FunnelStep, n: number) => {
    const week = weekOf(day);
    if (!perWeek.has(week)) perWeek.set(week, noSteps());
    perWeek.get(week)![step] += n;
    total[step] += n;
  };
  const counted: [InsightDimension, string, FunnelStep][] = [
    ["course", intake.course_id, "coursePage"],
    ["form", intake.course_id, "formViews"],
    ["saved_intake", intake.id, "savedForms"],
  ];
  for (const [dimension, value, step] of counted) {
    const rows = await db
      .selectFrom("insight_counts")
      .select(["day", "count"])
      .where("dimension", "=", dimension)
      .where("day", ">=", from)
      .where("day", "<=", to)
      .where("value", "=", value)
      .execute();
    for (const r of rows) add(r.day, step, Number(r.count));
  }
  const rows = await db
    .selectFrom("applicants")
    .select([sql<string>`substr(created_at, 1, 10)`.as("day"), "status", sql<number>`count(*)`.as("n")])
    .where("intake_id", "=", intake.id)
    .where("created_at", ">=", `${from}T00:00:00.000Z`)
    .where("created_at", "<", `${dayPlus(to, 1)}T00:00:00.000Z`)
    .groupBy([sql`substr(created_at, 1, 10)`, "status"])
    .execute();
  for (const r of rows) {
    const n = Number(r.n);
    add(r.day, "applications", n);
    if (r.status === "offered" || r.status === "accepted" || r.status === "paid" || r.status === "enrolled")
      add(r.day, "offered", n);
    if (r.status === "paid" || r.status === "enrolled") add(r.day, "paid", n);
    if (r.status === "enrolled") add(r.day, "enrolled", n);
  }
  const { courseRows, intakes } = await funnelChoices(db, intake.course_id);
  return {
    course: intake.course_id,
    courses: [],
    weeks: [...perWeek].sort(([a], [b]) => (a < b ? -1 : 1)).map(([week, steps]) => ({ week, steps })),
    total,
    choices: courseRows.map((c) => ({ id: c.id, title: c.title })),
    intakes,
    intake: { id: intake.id, courseId: intake.course_id, courseTitle: intake.title, startDate: intake.start_date },
    perCourse: PER_COURSE_STEPS,
  };
}
