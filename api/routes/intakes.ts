import { Hono } from "hono";

import { offeredCourseTypes } from "@domain/choices";
import { INTAKE_LIMITS } from "@domain/intakes";
import { KOBO_PER_NAIRA } from "@domain/payments";
import { lagosDate } from "@domain/schedule";

import { check, checkVisible, type Ctx, type Env, fail, limitBody, query, readBody, requirePermission } from "../http";
import { courseTypesOf } from "../lib/course-json";
import { newId, nowIso } from "../lib/ids";
import { intakeRoster, toPublicIntake, toStaffIntake, waitingCounts } from "../lib/intakes";
import { siteSettings } from "../lib/settings";
import { accountStatements, statementAnswer } from "../lib/statement";
import { isPublicAt, visibilityOf } from "../lib/visibility";
import { apiMessages } from "../messages";
import { intakeInput, intakeStaffQuery, intakeStatusInput } from "../validation/intakes";

// A course's intakes (docs/decisions/068-intakes-and-seats.md). Visitors read the open and closed
// ones with the seats as a word; staff with the "applicants" permission (Admissions and Admin:
// seats and waiting lists are admissions' decisions) create, change, close and archive them.
// The writes live under /courses/:id/ so the web tier's copies of the course's pages are dropped.

export const intakes = new Hono<Env>();

intakes.get("/courses/:id/intakes", async (c) => {
  const db = c.get("db");
  const course = await db.selectFrom("courses").selectAll().where("id", "=", c.req.param("id")).executeTakeFirst();
  if (!course) fail(404, apiMessages.courseNotFound);
  await checkVisible(c, visibilityOf(course, nowIso()), "Course");
  const rows = await db
    .selectFrom("intakes")
    .selectAll()
    .where("course_id", "=", course.id)
    .where("status", "in", ["open", "closed"])
    .orderBy("start_date")
    .orderBy("id")
    .limit(INTAKE_LIMITS.perCourse)
    .execute();
  const today = lagosDate();
  // Seats change with every admission: read fresh, kept by no one.
  return c.json(
    rows.map((r) => toPublicIntake(r, today)),
    200,
    { "cache-control": "no-store" },
  );
});

/** Every intake taking registrations today, of every public course: the registration form's choice. */
intakes.get("/intakes/open", async (c) => {
  const today = lagosDate();
  const rows = await c
    .get("db")
    .selectFrom("intakes")
    .innerJoin("courses", "courses.id", "intakes.course_id")
    .selectAll("intakes")
    .where("intakes.status", "=", "open")
    .where("intakes.opens_on", "<=", today)
    .where("intakes.closes_on", ">=", today)
    .where(isPublicAt(nowIso()))
    .orderBy("intakes.start_date")
    .orderBy("intakes.id")
    .limit(INTAKE_LIMITS.perCourse * 10)
    .execute();
  return c.json(
    rows.map((r) => toPublicIntake(r, today)),
    200,
    { "cache-control": "no-store" },
  );
});

intakes.get("/intakes", requirePermission("applicants"), async (c) => {
  const { course } = query(c, intakeStaffQuery);
  const db = c.get("db");
  const rows = await db
    .selectFrom("intakes")
    .selectAll()
    .where("course_id", "=", course)
    .orderBy("start_date", "desc")
    .orderBy("id")
    .limit(INTAKE_LIMITS.perCourse * 4)
    .execute();
  const waiting = await waitingCounts(
    db,
    rows.map((r) => r.id),
  );
  const today = lagosDate();
  return c.json(rows.map((r) => toStaffIntake(r, today, waiting.get(r.id) ?? 0)));
});

/** The course an intake is written for (not in the trash), and the types it offers. */
async function courseFor(c: Ctx) {
  const course = await c
    .get("db")
    .selectFrom("courses")
    .select(["id", "course_types"])
    .where("id", "=", c.req.param("id")!)
    .where("trashed_at", "is", null)
    .executeTakeFirst();
  if (!course) fail(404, apiMessages.courseNotFound);
  return course;
}

function intakeValues(input: ReturnType<typeof intakeInput.parse>, offered: readonly string[]) {
  const outside = input.courseTypes.filter((t) => !offered.includes(t));
  if (outside.length) fail(400, apiMessages.intakeCourseTypeNotOffered(offered));
  return {
    start_date: input.startDate,
    end_date: input.endDate ?? null,
    duration: input.duration ?? "",
    schedule_kind: input.scheduleKind,
    schedule: input.schedule,
    campus: input.campus,
    seats: input.seats,
    opens_on: input.opensOn,
    closes_on: input.closesOn,
    course_types: JSON.stringify(offeredCourseTypes(input.courseTypes)),
    fee_kobo: input.fee * KOBO_PER_NAIRA,
    instalments: input.instalments.length ? JSON.stringify(input.instalments) : null,
  };
}

intakes.post("/courses/:id/intakes", limitBody(16 * 1024), requirePermission("applicants"), async (c) => {
  const input = check(intakeInput, await readBody(c));
  const course = await courseFor(c);
  const now = nowIso();
  const user = c.get("user")!.id;
  const row = {
    id: newId(),
    course_id: course.id,
    ...intakeValues(input, courseTypesOf(course)),
    seats_taken: 0,
    status: "open" as const,
    created_at: now,
    updated_at: now,
    created_by: user,
    updated_by: user,
  };
  await c.get("db").insertInto("intakes").values(row).execute();
  return c.json(toStaffIntake(row, lagosDate(), 0), 201);
});

intakes.patch("/courses/:id/intakes/:intakeId", limitBody(16 * 1024), requirePermission("applicants"), async (c) => {
  const input = check(intakeInput, await readBody(c));
  const course = await courseFor(c);
  const db = c.get("db");
  const values = { ...intakeValues(input, courseTypesOf(course)), updated_at: nowIso(), updated_by: c.get("user")!.id };
  // Never fewer seats than are taken: the condition, not a read before it, decides.
  const changed = await db
    .updateTable("intakes")
    .set(values)
    .where("id", "=", c.req.param("intakeId"))
    .where("course_id", "=", course.id)
    .where("seats_taken", "<=", values.seats)
    .executeTakeFirst();
  const row = await db
    .selectFrom("intakes")
    .selectAll()
    .where("id", "=", c.req.param("intakeId"))
    .where("course_id", "=", course.id)
    .executeTakeFirst();
  if (!row) fail(404, apiMessages.intakeNotFound);
  if (Number(changed.numUpdatedRows) === 0) fail(400, apiMessages.intakeSeatsBelowTaken(Number(row.seats_taken)));
  const waiting = await waitingCounts(db, [row.id]);
  return c.json(toStaffIntake(row, lagosDate(), waiting.get(row.id) ?? 0));
});

/** Close (no more registrations), archive (hidden, kept for its applicants) or open again. */
intakes.post(
  "/courses/:id/intakes/:intakeId/status",
  limitBody(4 * 1024),
  requirePermission("applicants"),
  async (c) => {
    const { status } = check(intakeStatusInput, await readBody(c));
    const course = await courseFor(c);
    const db = c.get("db");
    const changed = await db
      .updateTable("intakes")
      .set({ status, updated_at: nowIso(), updated_by: c.get("user")!.id })
      .where("id", "=", c.req.param("intakeId"))
      .where("course_id", "=", course.id)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) === 0) fail(404, apiMessages.intakeNotFound);
    const row = await db
      .selectFrom("intakes")
      .selectAll()
      .where("id", "=", c.req.param("intakeId"))
      .executeTakeFirstOrThrow();
    const waiting = await waitingCounts(db, [row.id]);
    return c.json(toStaffIntake(row, lagosDate(), waiting.get(row.id) ?? 0));
  },
);

/** An intake's class list, with the intake and its course (docs/decisions/076-the-admissions-desk.md). */
intakes.get("/intakes/:intakeId/roster", requirePermission("applicants"), async (c) => {
  const db = c.get("db");
  const row = await db
    .selectFrom("intakes")
    .innerJoin("courses", "courses.id", "intakes.course_id")
    .selectAll("intakes")
    .select("courses.title as course_title")
    .where("intakes.id", "=", c.req.param("intakeId"))
    .executeTakeFirst();
  if (!row) fail(404, apiMessages.intakeNotFound);
  const { course_title, ...intake } = row;
  const waiting = await waitingCounts(db, [intake.id]);
  const roster = await intakeRoster(db, intake.id);
  // Each one's statement of account: the Payment column counts online payments and says what is
  // owed, not only whether a transfer receipt was confirmed (docs/decisions/093).
  const statements = await accountStatements(
    db,
    roster.map((r) => ({ id: r._id, status: r.status, intake_id: intake.id, payment_proof: r.paymentProof })),
    await siteSettings(),
  );
  return c.json(
    {
      intake: { ...toStaffIntake(intake, lagosDate(), waiting.get(intake.id) ?? 0), courseTitle: course_title },
      applicants: roster.map((r) => ({ ...r, statement: statementAnswer(statements.get(r._id)!) })),
    },
    200,
    { "cache-control": "no-store" },
  );
});
