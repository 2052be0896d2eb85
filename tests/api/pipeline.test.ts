import { type Selectable, sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import type { ApplicantsTable } from "../../api/db/schema";
import {
  type Api,
  createStaff,
  loginCookie,
  minutesAgo,
  rowCount,
  send,
  signedInStaff,
  sleep,
  startApi,
  statusAndText,
} from "./harness";

// docs/product.md §4: each applicant has a status (New, Contacted, Paid, Enrolled, Declined)
// and staff notes with author and time; the inbox filters by status and course with counts.
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
  await sql`delete from applicant_notes`.execute(api.db);
  await sql`delete from applicants`.execute(api.db);
});

let n = 0;
async function applicant(courseTitle = "Hair Styling", firstname = "Ada") {
  n += 1;
  const id = `a${String(n).padStart(23, "0")}`;
  await api.db
    .insertInto("applicants")
    .values({
      id,
      firstname,
      lastname: "Obi",
      gender: "Female",
      dob: "2000-01-01",
      email: `ada${n}@example.com`,
      phone: "08031234567",
      street: "1 Broad St",
      city: "Lagos",
      state: "lagos",
      postal_code: "100001",
      course_title: courseTitle,
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
      created_at: minutesAgo(100 - n),
    })
    .execute();
  return id;
}
const setStatus = (id: string, status: unknown, as = cookie) =>
  send(api, "PATCH", `/api/applicants/${id}/status`, { cookie: as, json: { status } });
const addNote = (id: string, body: unknown, as = cookie) =>
  send(api, "POST", `/api/applicants/${id}/notes`, { cookie: as, form: { body: body as string } });

describe("an applicant's status", () => {
  it("starts as new", async () => {
    const id = await applicant();
    const detail = await (await send(api, "GET", `/api/applicants/${id}`, { cookie })).json();
    expect(detail).toMatchObject({ status: "new", statusChangedAt: null, statusChangedBy: null, notes: [] });
  });

  it("moves through the statuses; each change is stored with who made it and when", async () => {
    const id = await applicant();
    for (const status of ["contacted", "paid", "enrolled"]) {
      const res = await setStatus(id, status, other.cookie);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({
        _id: id,
        status,
        statusChangedBy: { id: other.id, email: "second@academy.test" },
      });
    }
    const row = await api.db
      .selectFrom("applicants")
      .select(["status", "status_changed_by", "status_changed_at"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "enrolled", status_changed_by: other.id });
    expect(Date.now() - Date.parse(row.status_changed_at!)).toBeLessThan(60_000);
    expect(await (await send(api, "GET", `/api/applicants/${id}`, { cookie })).json()).toMatchObject({
      status: "enrolled",
      statusChangedBy: { name: "Test Staff", email: "second@academy.test" },
    });
  });

  it.each([
    ["an unknown status", "archived"],
    ["no status", undefined],
    ["a status that is not text", 3],
  ])("refuses %s with 400 and changes nothing", async (_name, status) => {
    const id = await applicant();
    const { status: code, text } = await statusAndText(await setStatus(id, status));
    expect(code).toBe(400);
    expect(text).toContain("new, contacted, offered, accepted, paid, enrolled, declined, withdrawn");
    expect(
      (await api.db.selectFrom("applicants").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status,
    ).toBe("new");
  });

  it("answers 404 for an unknown applicant and 401 without a session", async () => {
    const id = await applicant();
    expect(await statusAndText(await setStatus("000000000000000000000000", "paid"))).toEqual({
      status: 404,
      text: "Applicant not found",
    });
    expect((await setStatus(id, "paid", "")).status).toBe(401);
    expect(
      (await api.db.selectFrom("applicants").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status,
    ).toBe("new");
  });
});

describe("staff notes", () => {
  it("stores a note with its author and time; the detail lists notes newest first", async () => {
    const id = await applicant();
    const res = await addNote(id, "  Called, will pay on Friday  ");
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      body: "Called, will pay on Friday",
      author: { id: staffId, email: "staff@academy.test" },
    });
    await sleep(5);
    expect((await addNote(id, "Paid in cash", other.cookie)).status).toBe(201);
    const stored = await api.db
      .selectFrom("applicant_notes")
      .selectAll()
      .where("applicant_id", "=", id)
      .orderBy("created_at")
      .execute();
    expect(stored.map((s) => [s.body, s.author_id])).toEqual([
      ["Called, will pay on Friday", staffId],
      ["Paid in cash", other.id],
    ]);
    const detail = await (await send(api, "GET", `/api/applicants/${id}`, { cookie })).json();
    expect(detail.notes.map((x: { body: string; author: { email: string } }) => [x.body, x.author.email])).toEqual([
      ["Paid in cash", "second@academy.test"],
      ["Called, will pay on Friday", "staff@academy.test"],
    ]);
  });

  it.each([
    ["an empty note", "   ", "Write a note"],
    ["a note over 2000 characters", "x".repeat(2001), "A note must be at most 2000 characters"],
  ])("refuses %s with 400 and stores nothing", async (_name, body, message) => {
    const id = await applicant();
    expect(await statusAndText(await addNote(id, body))).toEqual({ status: 400, text: message });
    expect(await rowCount(api, "applicant_notes")).toBe(0);
  });

  it("answers 404 for an unknown applicant and 401 without a session", async () => {
    const id = await applicant();
    expect(await statusAndText(await addNote("000000000000000000000000", "Hello"))).toEqual({
      status: 404,
      text: "Applicant not found",
    });
    expect((await addNote(id, "Hello", "")).status).toBe(401);
    expect(await rowCount(api, "applicant_notes")).toBe(0);
  });
});

describe("GET /api/applicants with the pipeline filters", () => {
  it("filters by status and by course, and carries the status and the latest note", async () => {
    const hair = await applicant("Hair Styling", "Ada");
    const nails = await applicant("Nail Care", "Bola");
    const hair2 = await applicant("Hair Styling", "Chi");
    await setStatus(hair, "paid");
    await setStatus(nails, "paid");
    await addNote(hair, "First note");
    await sleep(5);
    await addNote(hair, "Latest note", other.cookie);

    const list = async (q: string) =>
      (await (await send(api, "GET", `/api/applicants?${q}`, { cookie })).json()) as {
        _id: string;
        status: string;
        latestNote: { body: string; author: { email: string } } | null;
      }[];
    expect((await list("status=paid")).map((a) => a._id)).toEqual([nails, hair]);
    expect((await list("course=Hair%20Styling")).map((a) => a._id)).toEqual([hair2, hair]);
    expect((await list("status=paid&course=Hair%20Styling")).map((a) => a._id)).toEqual([hair]);
    expect((await list("status=&course=")).length).toBe(3);
    const [first] = await list("status=paid&course=Hair%20Styling");
    expect(first).toMatchObject({
      status: "paid",
      latestNote: { body: "Latest note", author: { email: "second@academy.test" } },
    });
    expect((await list("course=Nail%20Care"))[0].latestNote).toBeNull();
  });

  it("writes the applicants as a CSV file itself, under the filters and a search: the pages' rows, latest note and consents included", async () => {
    const { applicantsCsv } = await import("@domain/staff-exports");
    const hair = await applicant("Hair Styling", "Ada");
    await applicant("Nail Care", "Bola");
    const hair2 = await applicant("Hair Styling", "Chi");
    await api.db
      .updateTable("applicants")
      .set({
        consents: JSON.stringify({ terms: 1, privacy: 2 }),
        guardian_name: "Ngozi Obi",
        guardian_relationship: "Mother",
        guardian_confirmed_at: minutesAgo(1),
        id_cards: JSON.stringify(["NIN", "Passport"]),
      })
      .where("id", "=", hair2)
      .execute();
    await setStatus(hair, "paid");
    await addNote(hair, 'Called, "paid" today');
    const csvOf = async (q: string) => {
      const res = await send(api, "GET", `/api/applicants/export.csv?${q}`, { cookie });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      return res.text();
    };
    const rowsOf = async (q: string) =>
      (
        (await (await send(api, "GET", `/api/applicants/export?${q}`, { cookie })).json()) as {
          rows: Parameters<typeof applicantsCsv>[0][number][];
        }
      ).rows;
    for (const q of ["", "status=paid", "course=Hair%20Styling", "search=Chi"])
      expect(await csvOf(q)).toBe(applicantsCsv(await rowsOf(q)));
    const hairFile = await csvOf("course=Hair%20Styling");
    expect(hairFile.trimEnd().split("\r\n")).toHaveLength(3);
    expect(hairFile).toContain('"Called, ""paid"" today (');
    expect(hairFile).toContain("Terms v1, Privacy notice v2");
    expect((await send(api, "GET", "/api/applicants/export.csv?status=archived", { cookie })).status).toBe(400);
    expect((await send(api, "GET", "/api/applicants/export.csv")).status).toBe(401);
  });

  it("refuses an unknown status filter with 400", async () => {
    expect((await send(api, "GET", "/api/applicants?status=archived", { cookie })).status).toBe(400);
  });
});

describe("GET /api/applicants/counts", () => {
  it("counts applicants per status, within a course and a search", async () => {
    const a = await applicant("Hair Styling", "Ada");
    await applicant("Hair Styling", "Bola");
    const c = await applicant("Nail Care", "Chi");
    await setStatus(a, "contacted");
    await setStatus(c, "declined");
    const counts = async (q = "") => (await send(api, "GET", `/api/applicants/counts${q}`, { cookie })).json();
    expect(await counts()).toEqual({
      new: 1,
      contacted: 1,
      offered: 0,
      accepted: 0,
      paid: 0,
      enrolled: 0,
      declined: 1,
      withdrawn: 0,
      more: [],
    });
    expect(await counts("?course=Hair%20Styling")).toEqual({
      new: 1,
      contacted: 1,
      offered: 0,
      accepted: 0,
      paid: 0,
      enrolled: 0,
      declined: 0,
      withdrawn: 0,
      more: [],
    });
    expect(await counts("?search=bola")).toEqual({
      new: 1,
      contacted: 0,
      offered: 0,
      accepted: 0,
      paid: 0,
      enrolled: 0,
      declined: 0,
      withdrawn: 0,
      more: [],
    });
  });

  it("is for staff only", async () => {
    expect((await send(api, "GET", "/api/applicants/counts")).status).toBe(401);
  });
});

// The staff tabs' badge (docs/decisions/078-bounded-counts-and-the-new-lists.md): a count that
// stops at 999, so a staff page reads at most a thousand index entries however many applicants wait.
describe("GET /api/applicants/new-count", () => {
  const newCount = async () => (await send(api, "GET", "/api/applicants/new-count", { cookie })).json();
  /** `count` more applicants at New, copied from one the helper made, in one statement. */
  async function manyNew(count: number) {
    // PostgreSQL's stored search words are generated from the row: a copy may not write them.
    // eslint-disable-next-line @typescript-eslint/no-unused-vars -- left out of the copy
    const { search_words, ...model } = (await api.db
      .selectFrom("applicants")
      .selectAll()
      .where("id", "=", await applicant())
      .executeTakeFirstOrThrow()) as Selectable<ApplicantsTable> & { search_words?: unknown };
    const rows = Array.from({ length: count - 1 }, (_, i) => ({
      ...model,
      id: `m${String(i).padStart(23, "0")}`,
      email: `many${i}@example.com`,
      submission_key: null,
    }));
    for (let i = 0; i < rows.length; i += 200)
      await api.db
        .insertInto("applicants")
        .values(rows.slice(i, i + 200))
        .execute();
  }

  it("counts the applicants still at New, exactly up to 999", async () => {
    const a = await applicant();
    await applicant();
    expect(await newCount()).toEqual({ new: 2, more: false });
    await setStatus(a, "contacted");
    expect(await newCount()).toEqual({ new: 1, more: false });
  });

  it("stops at the bound: 999 counted, and more beyond", async () => {
    await manyNew(999);
    expect(await newCount()).toEqual({ new: 999, more: false });
    await applicant();
    expect(await newCount()).toEqual({ new: 999, more: true });
  });

  // docs/decisions/084-stored-search-words-and-bounded-pipeline-counts.md: the pipeline's status
  // counts stop at the same bound, each status through its index, a search at as many matches.
  it("stops the pipeline's status counts at the bound too, by status, within a course and a search", async () => {
    await manyNew(999);
    const other = await applicant("Nail Care", "Chi");
    await setStatus(other, "contacted");
    const counts = async (q = "") => (await send(api, "GET", `/api/applicants/counts${q}`, { cookie })).json();
    expect(await counts()).toMatchObject({ new: 999, contacted: 1, declined: 0, more: [] });
    await applicant();
    expect(await counts()).toMatchObject({ new: 999, contacted: 1, more: ["new"] });
    expect(await counts("?course=Hair%20Styling")).toMatchObject({ new: 999, contacted: 0, more: ["new"] });
    expect(await counts("?course=Nail%20Care")).toMatchObject({ new: 0, contacted: 1, more: [] });
    // A search reads at most 1,000 of its matches: past them any status may have more.
    const searched = await counts("?search=obi");
    expect(searched.new + searched.contacted).toBe(999);
    expect(searched.more).toEqual([
      "new",
      "contacted",
      "offered",
      "accepted",
      "paid",
      "enrolled",
      "declined",
      "withdrawn",
    ]);
    expect(await counts("?search=chi")).toMatchObject({ new: 0, contacted: 1, more: [] });
  });

  it("is for staff who see applicants only", async () => {
    expect((await send(api, "GET", "/api/applicants/new-count")).status).toBe(401);
  });
});

describe("last sign-in", () => {
  it("is recorded at each login", async () => {
    const s = await createStaff(api, "login@academy.test");
    expect(
      (await api.db.selectFrom("users").select("last_login_at").where("id", "=", s.id).executeTakeFirstOrThrow())
        .last_login_at,
    ).toBeNull();
    const before = new Date().toISOString();
    await loginCookie(api, s.email, s.password);
    const { last_login_at } = await api.db
      .selectFrom("users")
      .select("last_login_at")
      .where("id", "=", s.id)
      .executeTakeFirstOrThrow();
    expect(last_login_at! >= before).toBe(true);
  });
});
