import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { newId, nowIso } from "../../api/lib/ids";
import { type Api, applicantRow, makeIntake, send, signedInStaff, startApi, statusAndText } from "./harness";

// The admissions desk's figures (docs/decisions/076-the-admissions-desk.md): the day's work as
// counts, each one indexed query, and the open intakes' seats and waiting lists.

let api: Api;
let admin: string;
let admissions: string;
let editor: string;
let courseId: string;

beforeAll(async () => {
  api = await startApi();
  ({ cookie: admin } = await signedInStaff(api));
  ({ cookie: admissions } = await signedInStaff(api, "admissions@academy.test", { role: "admissions" }));
  ({ cookie: editor } = await signedInStaff(api, "editor@academy.test", { role: "editor", twoFactor: false }));
  const res = await send(api, "POST", "/api/courses", {
    cookie: admin,
    json: { title: "Professional Hairdressing", tutors: "Staff", courseTypes: ["Full Course"] },
  });
  expect(res.status).toBe(201);
  courseId = ((await res.json()) as { _id: string })._id;
});
afterAll(() => api.close());
beforeEach(async () => {
  await sql`delete from saved_forms`.execute(api.db);
  await sql`delete from applicants`.execute(api.db);
  await sql`delete from intakes`.execute(api.db);
});

async function newIntake(seats: number, status: "open" | "closed" = "open") {
  const id = await makeIntake(api, admissions, courseId, { seats });
  if (status !== "open")
    expect(
      (
        await send(api, "POST", `/api/courses/${courseId}/intakes/${id}/status`, {
          cookie: admissions,
          json: { status },
        })
      ).status,
    ).toBe(200);
  return id;
}

type Over = Partial<{
  status: "new" | "contacted" | "offered" | "paid" | "enrolled";
  offer_expires_at: string;
  payment_proof: "waiting" | "confirmed";
  guardian: "pending" | "confirmed" | "refused";
  intake_id: string;
  intake_seat: number;
  waitlisted_at: string;
}>;

async function applicant({ guardian, ...over }: Over = {}) {
  const id = newId();
  await api.db
    .insertInto("applicants")
    .values(
      applicantRow({
        id,
        dob: "2009-04-12",
        email: `${id}@example.com`,
        created_at: nowIso(),
        ...(guardian
          ? {
              guardian_name: "Chika Obi",
              guardian_relationship: "Mother",
              guardian_email: "chika@example.com",
              guardian_confirmed_at: guardian === "confirmed" ? nowIso() : null,
              guardian_refused_at: guardian === "refused" ? nowIso() : null,
            }
          : {}),
        ...over,
      }),
    )
    .execute();
  return id;
}

async function savedForm(expiresInDays: number) {
  await api.db
    .insertInto("saved_forms")
    .values({
      token_hash: newId(),
      fields: "{}",
      created_at: nowIso(),
      expires_at: new Date(Date.now() + expiresInDays * 86_400_000).toISOString(),
      email: "saver@example.com",
      phone_key: null,
    })
    .execute();
}

const desk = (cookie = admissions) => send(api, "GET", "/api/desk", { cookie });

describe("the admissions desk's figures", () => {
  it("counts the day's work: new applications, receipts waiting, guardians pending, offers lapsing this week, saved forms", async () => {
    await applicant();
    await applicant();
    await applicant({ status: "contacted" });
    await applicant({ status: "contacted", payment_proof: "waiting" });
    await applicant({ status: "paid", payment_proof: "confirmed" });
    await applicant({ guardian: "pending" });
    await applicant({ guardian: "confirmed" });
    await applicant({ guardian: "refused", status: "contacted" });
    // Offers: one lapsing in three days, one in ten days, one already past its deadline.
    const inDays = (days: number) => new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString();
    await applicant({ status: "offered", offer_expires_at: inDays(3) });
    await applicant({ status: "offered", offer_expires_at: inDays(10) });
    await applicant({ status: "offered", offer_expires_at: inDays(-1) });
    await savedForm(10);
    await savedForm(-1);
    const res = await desk();
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toMatchObject({
      newApplications: 4,
      receiptsWaiting: 1,
      guardiansPending: 1,
      offersLapsing: 1,
      savedForms: 1,
      intakes: [],
    });
  });

  it("lists the open intakes with seats taken and left and the waiting list, not the closed ones", async () => {
    const full = await newIntake(2);
    const open = await newIntake(10);
    await newIntake(5, "closed");
    await sql`update intakes set seats_taken = 2 where id = ${full}`.execute(api.db);
    await sql`update intakes set seats_taken = 3 where id = ${open}`.execute(api.db);
    await applicant({ intake_id: full, waitlisted_at: nowIso() });
    await applicant({ intake_id: full, waitlisted_at: nowIso() });
    await applicant({ intake_id: open });
    const body = (await (await desk(admin)).json()) as {
      intakes: { _id: string; seats: number; seatsTaken: number; waiting: number; courseTitle: string }[];
    };
    expect(body.intakes.map((i) => [i._id, i.seats, i.seatsTaken, i.waiting, i.courseTitle]).sort()).toEqual(
      [
        [full, 2, 2, 2, "Professional Hairdressing"],
        [open, 10, 3, 0, "Professional Hairdressing"],
      ].sort(),
    );
  });

  it("is Admissions' and Admin's: an Editor is refused, a visitor must sign in", async () => {
    expect(await statusAndText(await desk(editor))).toEqual({
      status: 403,
      text: "Your role cannot see applicants and their documents. Ask an administrator if you need to.",
    });
    expect((await send(api, "GET", "/api/desk")).status).toBe(401);
  });

  it("reads each count through an index, never a scan of the table", async () => {
    const pg = Boolean(process.env.TEST_DATABASE_URL);
    const counts = [
      ["applicants", "status = 'new'", "applicants_status"],
      ["applicants", "payment_proof = 'waiting'", "applicants_proof_list"],
      [
        "applicants",
        "guardian_relationship is not null and guardian_confirmed_at is null and guardian_refused_at is null",
        "applicants_guardian_pending",
      ],
      ["saved_forms", "expires_at > '2026-01-01'", "saved_forms_expiry"],
    ] as const;
    for (const [table, where, index] of counts) {
      const query = sql`select count(*) from ${sql.table(table)} where ${sql.raw(where)}`;
      // PostgreSQL reads a near-empty table whole whatever its indexes: with scans of the table
      // priced out, the plan shows whether an index can answer at all.
      const plan = pg
        ? await api.db.transaction().execute(async (trx) => {
            await sql`set local enable_seqscan = off`.execute(trx);
            const rows = await sql<{ "QUERY PLAN": string }>`explain ${query}`.execute(trx);
            return rows.rows.map((r) => r["QUERY PLAN"]).join(" ");
          })
        : (await sql<{ detail: string }>`explain query plan ${query}`.execute(api.db)).rows
            .map((r) => r.detail)
            .join(" ");
      // The planner may pick another index that starts with the same column (PostgreSQL took
      // applicants_course_status for the status once): any index will do, never the table.
      expect(plan, where).toMatch(/index/i);
      if (index === "applicants_guardian_pending") expect(plan, where).toContain(index);
      expect(plan, where).not.toMatch(/Seq Scan|SCAN \w+$/);
    }
  });
});

describe("an intake's roster", () => {
  it("lists the seat holders first, then the waiting list, with payment, transfer reference and guardian", async () => {
    const id = await newIntake(2);
    const waiting = await applicant({ intake_id: id, waitlisted_at: nowIso(), guardian: "pending" });
    const seated = await applicant({ intake_id: id, intake_seat: 1, status: "enrolled", payment_proof: "confirmed" });
    await sql`update applicants set payment_transfer_ref = 'TRF-123' where id = ${seated}`.execute(api.db);
    await applicant();
    const res = await send(api, "GET", `/api/intakes/${id}/roster`, { cookie: admissions });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      intake: { _id: string; courseTitle: string };
      applicants: {
        _id: string;
        seat: boolean;
        waiting: boolean;
        paymentProof: string | null;
        transferReference: string | null;
        guardian: unknown;
      }[];
    };
    expect(body.intake).toMatchObject({ _id: id, courseTitle: "Professional Hairdressing" });
    expect(body.applicants).toMatchObject([
      {
        _id: seated,
        seat: true,
        waiting: false,
        paymentProof: "confirmed",
        transferReference: "TRF-123",
        guardian: null,
      },
      {
        _id: waiting,
        seat: false,
        waiting: true,
        paymentProof: null,
        guardian: { name: "Chika Obi", consent: "pending" },
      },
    ]);
  });

  it("answers 404 for an unknown intake, 403 to an Editor", async () => {
    expect((await send(api, "GET", "/api/intakes/unknown/roster", { cookie: admissions })).status).toBe(404);
    const id = await newIntake(2);
    expect((await send(api, "GET", `/api/intakes/${id}/roster`, { cookie: editor })).status).toBe(403);
  });
});
