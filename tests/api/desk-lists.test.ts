import { CompiledQuery, sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { lagosDate } from "@domain/schedule";

import { DESK_LIST_PAGE, guardiansPendingQuery, savedFormsQuery } from "../../api/lib/desk-lists";
import { newId } from "../../api/lib/ids";
import { type Api, applicantRow, mailQueueDrained, send, signedInStaff, startApi, statusAndText } from "./harness";

// The desk's lists behind two of its counts (docs/decisions/088-the-desk-lists-and-offers-answered-as-expected.md):
// guardians still to answer (with staff's "send the link again") and saved forms not sent yet,
// each a page by key through the index its count uses, Admissions' and Admin's only.

let api: Api;
let admin: string;
let admissions: string;
let editor: string;
let courseId: string;
let intakeId: string;

const today = lagosDate();
const shift = (days: number) =>
  new Date(Date.parse(`${today}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** An instant `minutes` from a fixed past moment: rows made in the order of their times. */
const at = (minutes: number) => new Date(Date.parse("2026-10-01T08:00:00.000Z") + minutes * 60_000).toISOString();

beforeAll(async () => {
  api = await startApi();
  ({ cookie: admin } = await signedInStaff(api));
  ({ cookie: admissions } = await signedInStaff(api, "admissions@academy.test", { role: "admissions" }));
  ({ cookie: editor } = await signedInStaff(api, "editor@academy.test", { role: "editor", twoFactor: false }));
  const course = await send(api, "POST", "/api/courses", {
    cookie: admin,
    json: { title: "Nail Technology", tutors: "Staff", courseTypes: ["Full Course"] },
  });
  expect(course.status).toBe(201);
  courseId = ((await course.json()) as { _id: string })._id;
  const intake = await send(api, "POST", `/api/courses/${courseId}/intakes`, {
    cookie: admissions,
    json: {
      startDate: shift(30),
      endDate: shift(200),
      scheduleKind: "weekend",
      schedule: "Saturdays 9am–3pm",
      campus: "Ikeja",
      seats: 10,
      opensOn: shift(-1),
      closesOn: shift(20),
      courseTypes: ["Full Course"],
      fee: 650000,
    },
  });
  expect(intake.status).toBe(201);
  intakeId = ((await intake.json()) as { _id: string })._id;
});
afterAll(() => api.close());
beforeEach(async () => {
  for (const table of ["saved_forms", "applicant_mails", "application_links", "applicants", "mail_outbox"])
    await sql`delete from ${sql.table(table)}`.execute(api.db);
});

async function minor(
  createdAt: string,
  guardian: "pending" | "confirmed" | "refused" | "none" = "pending",
  over: Record<string, unknown> = {},
) {
  const id = newId();
  await api.db
    .insertInto("applicants")
    .values(
      applicantRow({
        id,
        firstname: `Tobi${createdAt.slice(11, 16).replace(":", "")}`,
        lastname: "Adeyemi",
        dob: "2010-02-03",
        created_at: createdAt,
        course_title: "Nail Technology",
        intake_id: intakeId,
        ...(guardian === "none"
          ? {}
          : {
              guardian_name: "Funke Adeyemi",
              guardian_relationship: "Mother",
              guardian_email: "funke.adeyemi@gmail.com",
              guardian_confirmed_at: guardian === "confirmed" ? createdAt : null,
              guardian_refused_at: guardian === "refused" ? createdAt : null,
            }),
        ...over,
      }),
    )
    .execute();
  return id;
}

type GuardiansPage = {
  guardians: {
    _id: string;
    firstname: string;
    course: string;
    intake: { startDate: string; campus: string } | null;
    createdAt: string;
    guardian: { name: string; relationship: string; to: string; lastSentAt: string; sentAgain: boolean };
  }[];
  next: string | null;
};
const guardians = async (query = "", cookie = admissions) =>
  send(api, "GET", `/api/desk/guardians${query}`, { cookie });

describe("GET /api/desk/guardians", () => {
  it("lists the guardians still to answer, oldest first, with the address masked and whether the link went again", async () => {
    const first = await minor(at(1));
    await minor(at(2), "confirmed");
    await minor(at(3), "refused");
    await minor(at(4), "none");
    const second = await minor(at(5), "pending", { guardian_link_at: at(50), intake_id: null });
    const res = await guardians();
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = (await res.json()) as GuardiansPage;
    expect(body.next).toBeNull();
    expect(body.guardians).toEqual([
      {
        _id: first,
        firstname: "Tobi0801",
        lastname: "Adeyemi",
        course: "Nail Technology",
        intake: { startDate: shift(30), campus: "Ikeja" },
        createdAt: at(1),
        status: "new",
        guardian: {
          name: "Funke Adeyemi",
          relationship: "Mother",
          to: "f•••@gmail.com",
          lastSentAt: at(1),
          sentAgain: false,
        },
      },
      expect.objectContaining({
        _id: second,
        intake: null,
        guardian: expect.objectContaining({ lastSentAt: at(50), sentAgain: true }),
      }),
    ]);
    // Never the whole address.
    expect(JSON.stringify(body)).not.toContain("funke.adeyemi@");
  });

  it("pages by key: every pending guardian once, in order, however deep", async () => {
    const total = DESK_LIST_PAGE * 2 + 7;
    const ids: string[] = [];
    // Two applications in the same instant: the id orders them.
    for (let i = 0; i < total; i++) ids.push(await minor(at(i === 1 ? 0 : i)));
    const expected = ids
      .map((id, i) => ({ id, at: at(i === 1 ? 0 : i) }))
      .sort((a, b) => (a.at === b.at ? (a.id < b.id ? -1 : 1) : a.at < b.at ? -1 : 1))
      .map((r) => r.id);
    const seen: string[] = [];
    let query = "";
    const sizes: number[] = [];
    for (let pages = 0; pages < 5; pages++) {
      const body = (await (await guardians(query)).json()) as GuardiansPage;
      sizes.push(body.guardians.length);
      seen.push(...body.guardians.map((g) => g._id));
      if (!body.next) break;
      query = `?${new URLSearchParams({ after: body.next })}`;
    }
    expect(sizes).toEqual([DESK_LIST_PAGE, DESK_LIST_PAGE, 7]);
    expect(seen).toEqual(expected);
  });

  it("refuses a malformed key or an unknown parameter (400); an Editor gets 403, a visitor 401", async () => {
    for (const q of ["?after=yesterday", `?after=${at(1)}_${"x".repeat(65)}`, "?limit=5000", "?after="]) {
      const res = await guardians(q);
      expect(res.status, q).toBe(400);
    }
    expect(await statusAndText(await guardians("", editor))).toEqual({
      status: 403,
      text: "Your role cannot see applicants and their documents. Ask an administrator if you need to.",
    });
    expect((await send(api, "GET", "/api/desk/guardians")).status).toBe(401);
    expect((await guardians("", admin)).status).toBe(200);
  });
});

describe("POST /api/applicants/:id/guardian/resend", () => {
  const resend = (id: string, cookie = admissions) =>
    send(api, "POST", `/api/applicants/${id}/guardian/resend`, { cookie, json: {} });

  it("sends a new link to the address on file, dates it, records the mail, and the list says it went again", async () => {
    const id = await minor(at(1));
    const res = await resend(id);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ guardian: { to: "f•••@gmail.com", confirmedAt: null } });
    const row = await api.db
      .selectFrom("applicants")
      .select(["guardian_link_at", "guardian_token_hash"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row.guardian_link_at).toEqual(expect.any(String));
    expect(row.guardian_token_hash).toEqual(expect.any(String));
    const mails = await api.db
      .selectFrom("applicant_mails")
      .select(["kind", "recipient"])
      .where("applicant_id", "=", id)
      .execute();
    expect(mails).toEqual([{ kind: "guardian", recipient: "funke.adeyemi@gmail.com" }]);
    await mailQueueDrained(api);
    const queued = await api.db
      .selectFrom("mail_outbox")
      .select(["recipient", "reply_to"])
      .where("recipient", "=", "funke.adeyemi@gmail.com")
      .execute();
    expect(queued).toEqual([{ recipient: "funke.adeyemi@gmail.com", reply_to: "admissions@academy.local" }]);
    const [listed] = ((await (await guardians()).json()) as GuardiansPage).guardians;
    expect(listed.guardian).toMatchObject({ sentAgain: true, lastSentAt: row.guardian_link_at });
  });

  it("refuses an answered guardian, a closed application, an unknown applicant and an Editor, sending nothing", async () => {
    const confirmed = await minor(at(1), "confirmed");
    const withdrawn = await minor(at(2), "pending", { status: "withdrawn" });
    const adult = await minor(at(3), "none");
    expect(await statusAndText(await resend(confirmed))).toEqual({
      status: 409,
      text: "The guardian has already answered: nothing more to send.",
    });
    expect(await statusAndText(await resend(withdrawn))).toEqual({
      status: 409,
      text: "This application is closed: nothing more can be sent for it.",
    });
    expect((await resend(adult)).status).toBe(409);
    expect((await resend("no-such-applicant")).status).toBe(404);
    const pending = await minor(at(4));
    expect((await resend(pending, editor)).status).toBe(403);
    expect((await send(api, "POST", `/api/applicants/${pending}/guardian/resend`, { json: {} })).status).toBe(401);
    expect(await api.db.selectFrom("applicant_mails").select("id").execute()).toEqual([]);
  });
});

type SavedPage = {
  forms: {
    firstname: string;
    lastname: string;
    course: string | null;
    intake: { startDate: string; campus: string } | null;
    savedAt: string;
    reminder: string;
    remindedAt: string | null;
  }[];
  next: string | null;
};

async function savedForm(savedAt: string, fields: Record<string, unknown>, over: Record<string, unknown> = {}) {
  const expires = new Date(Date.parse(savedAt) + 14 * 86_400_000);
  await api.db
    .insertInto("saved_forms")
    .values({
      token_hash: newId(),
      fields: JSON.stringify(fields),
      created_at: savedAt,
      expires_at: expires.toISOString(),
      email: "saver@example.com",
      phone_key: null,
      ...over,
    })
    .execute();
}
const savedForms = async (query = "", cookie = admissions) =>
  send(api, "GET", `/api/desk/saved-forms${query}`, { cookie });
const threeDaysAgo = Date.now() - 3 * 86_400_000;
const recently = (minutes: number) => new Date(threeDaysAgo + minutes * 60_000).toISOString();

describe("GET /api/desk/saved-forms", () => {
  it("lists the forms not sent and not expired, oldest first, with the name, course and intake typed and the reminder's state", async () => {
    await savedForm(recently(1), { firstname: "Amaka", lastname: "Nwosu", courseId, intakeId });
    await savedForm(
      recently(2),
      { firstname: "Bola", courseId: "no-such-course" },
      { reminded_at: recently(3), email: "bola@example.com" },
    );
    await savedForm(recently(4), {}, { reminded_at: recently(5), email: null });
    // Expired yesterday: not listed.
    await savedForm(new Date(Date.now() - 15 * 86_400_000).toISOString(), { firstname: "Gone" });
    const res = await savedForms();
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = (await res.json()) as SavedPage;
    expect(body.next).toBeNull();
    expect(body.forms).toEqual([
      expect.objectContaining({
        firstname: "Amaka",
        lastname: "Nwosu",
        course: "Nail Technology",
        intake: { startDate: shift(30), campus: "Ikeja" },
        savedAt: recently(1),
        reminder: "not-yet",
        remindedAt: null,
      }),
      expect.objectContaining({ firstname: "Bola", course: null, reminder: "sent", remindedAt: recently(3) }),
      expect.objectContaining({ firstname: "", course: null, reminder: "no-address" }),
    ]);
    // No address, phone or other field of the form leaves with the list.
    expect(JSON.stringify(body)).not.toMatch(/saver@|bola@|token/);
  });

  it("pages by key through every form once, in order", async () => {
    const total = DESK_LIST_PAGE + 3;
    for (let i = 0; i < total; i++) await savedForm(recently(i), { firstname: `P${String(i).padStart(3, "0")}` });
    const names: string[] = [];
    let query = "";
    const sizes: number[] = [];
    for (let pages = 0; pages < 4; pages++) {
      const body = (await (await savedForms(query)).json()) as SavedPage;
      sizes.push(body.forms.length);
      names.push(...body.forms.map((f) => f.firstname));
      if (!body.next) break;
      query = `?${new URLSearchParams({ after: body.next })}`;
    }
    expect(sizes).toEqual([DESK_LIST_PAGE, 3]);
    expect(names).toEqual(Array.from({ length: total }, (_, i) => `P${String(i).padStart(3, "0")}`));
  });

  it("is Admissions' and Admin's only, and refuses a malformed key", async () => {
    expect((await savedForms("", editor)).status).toBe(403);
    expect((await send(api, "GET", "/api/desk/saved-forms")).status).toBe(401);
    expect((await savedForms("", admin)).status).toBe(200);
    expect((await savedForms("?after=2026-01-01_abc")).status).toBe(400);
  });
});

/** The plan each engine would run: SQLite's `explain query plan`, PostgreSQL's with table scans priced out. */
async function plan(query: CompiledQuery) {
  if (!process.env.TEST_DATABASE_URL) {
    const { rows } = await api.db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
    );
    return rows.map((r) => r.detail).join("\n");
  }
  return api.db.transaction().execute(async (trx) => {
    // A near-empty table is read whole whatever its indexes: priced out, the plan shows the index
    // the planner would use at scale (tests/api/insights-plans.test.ts does the same).
    await sql`set local enable_seqscan = off`.execute(trx);
    const { rows } = await trx.executeQuery<{ "QUERY PLAN": string }>(
      CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]),
    );
    return rows.map((r) => r["QUERY PLAN"]).join("\n");
  });
}

describe("the lists read the index their count uses, by key", () => {
  it("guardians still to answer: applicants_guardian_pending, first page and deep", async () => {
    for (const after of [undefined, { at: at(10), id: "m1" }]) {
      const p = await plan(guardiansPendingQuery(api.db, after).compile());
      expect(p, JSON.stringify(after)).toContain("applicants_guardian_pending");
      expect(p).not.toMatch(/^SCAN applicants$|Seq Scan/m);
    }
  });

  it("saved forms not sent yet: saved_forms_expiry, first page and deep", async () => {
    for (const after of [undefined, { at: at(10), id: "m1" }]) {
      const p = await plan(savedFormsQuery(api.db, new Date().toISOString(), after).compile());
      expect(p, JSON.stringify(after)).toContain("saved_forms_expiry");
      expect(p).not.toMatch(/^SCAN saved_forms$|Seq Scan/m);
    }
  });
});
