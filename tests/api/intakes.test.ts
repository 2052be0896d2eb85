import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { dayFromToday, intakeJson } from "../fixtures/intake";
import { validApplicant } from "../fixtures/registration";
import {
  type Api,
  applicantRow,
  fileOf,
  pdfBytes,
  send,
  signedInStaff,
  startApi,
  statusAndText,
  uploadTokenHeader,
} from "./harness";

// A course's intakes and their seats (docs/decisions/068-intakes-and-seats.md): staff write them,
// visitors read them with the seats as a word, a registration names one (checked), a full one
// takes registrations onto its waiting list, and admissions never take more seats than there are.

let api: Api;
let admin: string;
let admissions: string;
let editor: string;
let courseId: string;
let otherCourseId: string;

beforeAll(async () => {
  api = await startApi();
  ({ cookie: admin } = await signedInStaff(api));
  ({ cookie: admissions } = await signedInStaff(api, "admissions@academy.test", { role: "admissions" }));
  ({ cookie: editor } = await signedInStaff(api, "editor@academy.test", { role: "editor", twoFactor: false }));
  for (const [title, slot] of [
    ["Professional Hairdressing", "main"],
    ["Wig Making", "other"],
  ] as const) {
    const res = await send(api, "POST", "/api/courses", {
      cookie: admin,
      json: { title, tutors: "Staff", courseTypes: ["Full Course", "Crash Course"] },
    });
    expect(res.status).toBe(201);
    const { _id } = (await res.json()) as { _id: string };
    if (slot === "main") courseId = _id;
    else otherCourseId = _id;
  }
});
afterAll(() => api.close());
beforeEach(async () => {
  await sql`delete from application_links`.execute(api.db);
  await sql`delete from private_files`.execute(api.db);
  await sql`delete from applicants`.execute(api.db);
  await sql`delete from intakes`.execute(api.db);
});

async function create(json: object, cookie = admissions, course = courseId) {
  return send(api, "POST", `/api/courses/${course}/intakes`, { cookie, json });
}
async function created(json: object = intakeJson(), course = courseId) {
  const res = await create(json, admissions, course);
  expect(res.status).toBe(201);
  return (await res.json()) as { _id: string; seats: number; seatsTaken: number; status: string };
}
async function idFile() {
  const form = new FormData();
  form.set("group", "idCards");
  form.set("file", fileOf(pdfBytes(), "nin.pdf"));
  const res = await send(api, "POST", "/api/applicant/files", {
    multipart: form,
    headers: await uploadTokenHeader(api),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { public_id: string }[])[0]!.public_id;
}
async function register(fields: Record<string, string> = {}) {
  const form = { ...validApplicant, courseId, ...fields, files: await idFile() };
  return send(api, "POST", "/api/applicant", { form });
}
// Staff confirm the fees still owed (docs/decisions/093): these tests are about seats.
const admit = (id: string, cookie = admissions) =>
  send(api, "PATCH", `/api/applicants/${id}/status`, { cookie, json: { status: "enrolled", confirmOwed: true } });

/** An applicant of the intake, written straight to the table (the concurrency test needs fifty). */
async function insertApplicant(intakeId: string, n: number) {
  const { newId, nowIso } = await import("../../api/lib/ids");
  const id = newId();
  await api.db
    .insertInto("applicants")
    .values(
      applicantRow({
        id,
        firstname: `Applicant${n}`,
        lastname: "Test",
        email: `a${n}@example.com`,
        created_at: nowIso(),
        intake_id: intakeId,
      }),
    )
    .execute();
  return id;
}
const seatsTaken = async (id: string) =>
  Number(
    (await api.db.selectFrom("intakes").select("seats_taken").where("id", "=", id).executeTakeFirstOrThrow())
      .seats_taken,
  );

describe("staff write a course's intakes", () => {
  it("creates one (Admissions and Admin), answering the numbers, the fee in naira", async () => {
    const res = await create(intakeJson());
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({
      courseId,
      startDate: dayFromToday(30),
      scheduleKind: "weekend",
      campus: "Ikeja",
      seats: 10,
      seatsTaken: 0,
      waiting: 0,
      fee: 650000,
      status: "open",
      seatsLeft: "available",
      registrationOpen: true,
      courseTypes: ["Full Course"],
    });
    const row = await api.db.selectFrom("intakes").selectAll().where("id", "=", body._id).executeTakeFirstOrThrow();
    expect(Number(row.fee_kobo)).toBe(65_000_000);
    expect((await create(intakeJson(), admin)).status).toBe(201);
  });

  it("refuses an editor (content only) and a visitor", async () => {
    expect(await statusAndText(await create(intakeJson(), editor))).toEqual({
      status: 403,
      text: "Your role cannot see applicants and their documents. Ask an administrator if you need to.",
    });
    expect((await send(api, "POST", `/api/courses/${courseId}/intakes`, { json: intakeJson() })).status).toBe(401);
    expect((await send(api, "GET", `/api/intakes?course=${courseId}`, { cookie: editor })).status).toBe(403);
    expect(await api.db.selectFrom("intakes").select("id").execute()).toEqual([]);
  });

  it.each([
    [{ seats: 0 }, "Enter the seats as a whole number from 1 to 1000"],
    [{ endDate: "", duration: "" }, "Give an end date or a duration"],
    [{ endDate: dayFromToday(1) }, "The end date comes before the start date"],
    [{ closesOn: dayFromToday(-5) }, "Registration closes before it opens"],
    [{ campus: " " }, "Name the campus"],
    [{ scheduleKind: "evenings" }, "Choose weekdays, weekends or both"],
    [{ fee: "lots" }, "Enter the fee as a whole number of naira"],
    // Kept as kobo in a 32-bit integer column: ₦20,000,000 is the most it takes.
    [{ fee: 20_000_001 }, "Enter the fee as a whole number of naira"],
    [{ startDate: "2026-02-31" }, "Enter the start date as YYYY-MM-DD"],
    [{ courseTypes: [] }, "Choose at least one course type"],
    [
      { courseTypes: ["Full Course with Accomodation"] },
      "courseTypes: the course offers only Crash Course, Full Course; an intake offers some of those.",
    ],
  ])("refuses %j with its field's message and stores nothing", async (over, text) => {
    expect(await statusAndText(await create(intakeJson(over)))).toEqual({ status: 400, text });
    expect(await api.db.selectFrom("intakes").select("id").execute()).toEqual([]);
  });

  it("takes a duration instead of an end date, and a form post as well as JSON", async () => {
    const form = { ...intakeJson({ endDate: "", duration: "6 months" }), seats: "12", fee: "250,000" } as Record<
      string,
      string | string[]
    >;
    const res = await send(api, "POST", `/api/courses/${courseId}/intakes`, { cookie: admissions, form });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ endDate: null, duration: "6 months", seats: 12, fee: 250000 });
  });

  it("edits one, never below the seats taken; 404 for another course's or an unknown intake", async () => {
    const one = await created(intakeJson({ seats: 2 }));
    const patch = (json: object, course = courseId, id = one._id) =>
      send(api, "PATCH", `/api/courses/${course}/intakes/${id}`, { cookie: admissions, json });
    const res = await patch(intakeJson({ seats: 3, campus: "Lekki" }));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ seats: 3, campus: "Lekki" });
    const applicant = await insertApplicant(one._id, 1);
    expect((await admit(applicant)).status).toBe(200);
    expect(await statusAndText(await patch(intakeJson({ seats: 0 })))).toMatchObject({ status: 400 });
    expect(await statusAndText(await patch(intakeJson({ seats: 1 })))).toMatchObject({ status: 200 });
    expect(await statusAndText(await patch(intakeJson({ seats: 1 }), otherCourseId))).toEqual({
      status: 404,
      text: "Intake not found",
    });
    expect((await patch(intakeJson(), courseId, "0123456789abcdef01234567")).status).toBe(404);
  });

  it("closes, archives and opens again; the staff list shows all with the numbers, the public only open and closed", async () => {
    const a = await created(intakeJson({ startDate: dayFromToday(40) }));
    const b = await created(intakeJson({ startDate: dayFromToday(50) }));
    const c = await created(intakeJson({ startDate: dayFromToday(60) }));
    const state = (id: string, status: string) =>
      send(api, "POST", `/api/courses/${courseId}/intakes/${id}/status`, { cookie: admissions, json: { status } });
    expect((await state(b._id, "closed")).status).toBe(200);
    expect((await state(c._id, "archived")).status).toBe(200);
    expect(await statusAndText(await state(a._id, "deleted"))).toEqual({
      status: 400,
      text: "status must be open, closed or archived",
    });
    const staffList = (await (
      await send(api, "GET", `/api/intakes?course=${courseId}`, { cookie: admissions })
    ).json()) as {
      _id: string;
      status: string;
      seats: number;
    }[];
    expect(staffList.map((i) => [i._id, i.status])).toEqual([
      [c._id, "archived"],
      [b._id, "closed"],
      [a._id, "open"],
    ]);
    const publicRes = await send(api, "GET", `/api/courses/${courseId}/intakes`);
    expect(publicRes.headers.get("cache-control")).toBe("no-store");
    const publicList = (await publicRes.json()) as Record<string, unknown>[];
    expect(publicList.map((i) => [i._id, i.status, i.registrationOpen])).toEqual([
      [a._id, "open", true],
      [b._id, "closed", false],
    ]);
    // Never the numbers: the seats left only as a word.
    expect(publicList[0]).not.toHaveProperty("seats");
    expect(publicList[0]).not.toHaveProperty("seatsTaken");
    expect(publicList[0]).toMatchObject({ seatsLeft: "available" });
    expect((await state(c._id, "open")).status).toBe(200);
    expect((await send(api, "GET", `/api/courses/0123456789abcdef01234567/intakes`)).status).toBe(404);
  });
});

describe("the registration form's list", () => {
  it("answers every intake taking registrations today, of public courses only", async () => {
    const open = await created();
    const closed = await created();
    await send(api, "POST", `/api/courses/${courseId}/intakes/${closed._id}/status`, {
      cookie: admissions,
      json: { status: "closed" },
    });
    await created(
      intakeJson({
        opensOn: "2099-01-01",
        closesOn: "2099-02-01",
        startDate: "2099-03-01",
        endDate: "",
        duration: "3 months",
      }),
    );
    await created(intakeJson({ opensOn: "2020-01-01", closesOn: "2020-12-15" }));
    const elsewhere = await created(intakeJson(), otherCourseId);
    const ids = async () =>
      ((await (await send(api, "GET", "/api/intakes/open")).json()) as { _id: string }[]).map((i) => i._id).sort();
    expect(await ids()).toEqual([open._id, elsewhere._id].sort());
    // A course in the trash takes no registrations: its intakes are not offered.
    await api.db
      .updateTable("courses")
      .set({ trashed_at: new Date().toISOString() })
      .where("id", "=", otherCourseId)
      .execute();
    try {
      expect(await ids()).toEqual([open._id]);
    } finally {
      await api.db.updateTable("courses").set({ trashed_at: null }).where("id", "=", otherCourseId).execute();
    }
  });
});

describe("a registration names an intake", () => {
  it("is kept with the intake it names", async () => {
    const one = await created();
    const res = await register({ intakeId: one._id });
    expect(res.status).toBe(201);
    const { _id, statusToken } = (await res.json()) as { _id: string; statusToken: string };
    const row = await api.db.selectFrom("applicants").selectAll().where("id", "=", _id).executeTakeFirstOrThrow();
    expect([row.intake_id, row.waitlisted_at]).toEqual([one._id, null]);
    const page = await (await send(api, "GET", `/api/application/${statusToken}`)).json();
    expect(page.intake).toEqual({
      startDate: dayFromToday(30),
      campus: "Ikeja",
      schedule: "Saturdays 9am–3pm",
      seatHeld: false,
      waitingPosition: null,
    });
  });

  it("refuses an archived, closed, not yet open, ended or another course's intake, by the field, storing nothing", async () => {
    const archived = await created();
    await send(api, "POST", `/api/courses/${courseId}/intakes/${archived._id}/status`, {
      cookie: admissions,
      json: { status: "archived" },
    });
    const closed = await created();
    await send(api, "POST", `/api/courses/${courseId}/intakes/${closed._id}/status`, {
      cookie: admissions,
      json: { status: "closed" },
    });
    const later = await created(
      intakeJson({
        opensOn: "2099-01-01",
        closesOn: "2099-02-01",
        startDate: "2099-03-01",
        endDate: "",
        duration: "3 months",
      }),
    );
    const ended = await created(intakeJson({ opensOn: "2020-01-01", closesOn: "2020-12-15" }));
    const elsewhere = await created(intakeJson(), otherCourseId);
    expect(await statusAndText(await register({ intakeId: archived._id }))).toEqual({
      status: 400,
      text: "intakeId: That intake is no longer offered. Please choose another intake.",
    });
    expect(await statusAndText(await register({ intakeId: closed._id }))).toEqual({
      status: 400,
      text: "intakeId: Registration for that intake is closed. Please choose another intake.",
    });
    expect(await statusAndText(await register({ intakeId: later._id }))).toEqual({
      status: 400,
      text: "intakeId: Registration for that intake opens on 1 Jan 2099. Please choose another intake or come back then.",
    });
    expect(await statusAndText(await register({ intakeId: ended._id }))).toEqual({
      status: 400,
      text: "intakeId: Registration for that intake closed on 15 Dec 2020. Please choose another intake.",
    });
    expect(await statusAndText(await register({ intakeId: elsewhere._id }))).toEqual({
      status: 400,
      text: "intakeId: That intake is not one of this course's intakes. Please choose one of its intakes.",
    });
    expect(await statusAndText(await register({ intakeId: "no-such-intake" }))).toMatchObject({ status: 400 });
    expect(await statusAndText(await register({ intakeId: ended._id.padEnd(101, "x") }))).toMatchObject({
      status: 400,
    });
    const crashOnly = await created(intakeJson({ courseTypes: ["Crash Course"] }));
    expect(await statusAndText(await register({ intakeId: crashOnly._id }))).toEqual({
      status: 400,
      text: "courseType: That intake offers only Crash Course. Please choose one of those or another intake.",
    });
    expect(await api.db.selectFrom("applicants").select("id").execute()).toEqual([]);
  });

  it("onto a full intake's waiting list, first come first served; the status page shows the position", async () => {
    const one = await created(intakeJson({ seats: 1 }));
    const first = (await (await register({ intakeId: one._id })).json()) as { _id: string };
    expect((await admit(first._id)).status).toBe(200);
    const publicList = (await (await send(api, "GET", `/api/courses/${courseId}/intakes`)).json()) as {
      seatsLeft: string;
    }[];
    expect(publicList[0]!.seatsLeft).toBe("full");
    const tokens: string[] = [];
    for (const email of ["b@example.com", "c@example.com", "d@example.com"]) {
      const res = await register({ intakeId: one._id, email });
      expect(res.status).toBe(201);
      tokens.push(((await res.json()) as { statusToken: string }).statusToken);
    }
    const positions = async () =>
      Promise.all(
        tokens.map(async (t) => {
          const res = await send(api, "GET", `/api/application/${t}`);
          return ((await res.json()) as { intake: { waitingPosition: number | null } }).intake.waitingPosition;
        }),
      );
    expect(await positions()).toEqual([1, 2, 3]);
    const staffList = (await (
      await send(api, "GET", `/api/intakes?course=${courseId}`, { cookie: admissions })
    ).json()) as {
      waiting: number;
      seatsTaken: number;
    }[];
    expect(staffList[0]).toMatchObject({ waiting: 3, seatsTaken: 1 });
    // The first in line withdraws: the others move up.
    const withdrawn = await api.db
      .selectFrom("applicants")
      .select("id")
      .where("email", "=", "b@example.com")
      .executeTakeFirstOrThrow();
    expect(
      (
        await send(api, "PATCH", `/api/applicants/${withdrawn.id}/status`, {
          cookie: admissions,
          json: { status: "withdrawn" },
        })
      ).status,
    ).toBe(200);
    expect(await positions()).toEqual([null, 1, 2]);
  });
});

describe("seats are never oversold", () => {
  it("admitting takes one seat once; declining gives it back; a full intake answers 409 and changes nothing", async () => {
    const one = await created(intakeJson({ seats: 1 }));
    const a = await insertApplicant(one._id, 1);
    const b = await insertApplicant(one._id, 2);
    expect((await admit(a)).status).toBe(200);
    expect((await admit(a)).status).toBe(200);
    expect(await seatsTaken(one._id)).toBe(1);
    expect(await statusAndText(await admit(b))).toEqual({
      status: 409,
      text: "No seat is left in this applicant's intake: all 1 are taken. They stay on the waiting list; free a seat (decline or withdraw an admission) or add seats first.",
    });
    const row = await api.db.selectFrom("applicants").selectAll().where("id", "=", b).executeTakeFirstOrThrow();
    expect([row.status, row.intake_seat]).toEqual(["new", 0]);
    expect(
      (await send(api, "PATCH", `/api/applicants/${a}/status`, { cookie: admissions, json: { status: "declined" } }))
        .status,
    ).toBe(200);
    expect(await seatsTaken(one._id)).toBe(0);
    expect((await admit(b)).status).toBe(200);
    expect(await seatsTaken(one._id)).toBe(1);
  });

  it("50 admissions at once for 10 seats: exactly 10 admitted, 40 told it is full", async () => {
    const one = await created(intakeJson({ seats: 10 }));
    const ids: string[] = [];
    for (let n = 0; n < 50; n++) ids.push(await insertApplicant(one._id, n));
    const answers = await Promise.all(ids.map((id) => admit(id).then(statusAndText)));
    const byStatus = answers.reduce<Record<number, number>>(
      (acc, a) => ({ ...acc, [a.status]: (acc[a.status] ?? 0) + 1 }),
      {},
    );
    expect(byStatus).toEqual({ 200: 10, 409: 40 });
    expect(new Set(answers.filter((a) => a.status === 409).map((a) => a.text))).toEqual(
      new Set([
        "No seat is left in this applicant's intake: all 10 are taken. They stay on the waiting list; free a seat (decline or withdraw an admission) or add seats first.",
      ]),
    );
    expect(await seatsTaken(one._id)).toBe(10);
    const holders = await api.db
      .selectFrom("applicants")
      .select(["status", "intake_seat"])
      .where("intake_id", "=", one._id)
      .where("intake_seat", "=", 1)
      .execute();
    expect(holders).toHaveLength(10);
    expect(holders.every((h) => h.status === "enrolled")).toBe(true);
    const enrolled = await api.db
      .selectFrom("applicants")
      .select("id")
      .where("intake_id", "=", one._id)
      .where("status", "=", "enrolled")
      .execute();
    expect(enrolled).toHaveLength(10);
  });
});
