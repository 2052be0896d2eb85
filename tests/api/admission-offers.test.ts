import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { applicationReference } from "@domain/registrations";
import { lagosDate } from "@domain/schedule";

import { dayFromToday } from "../fixtures/intake";
import { validApplicant } from "../fixtures/registration";
import {
  type Api,
  applicantRow,
  fileOf,
  mailQueueDrained,
  makeIntake,
  pdfBytes,
  pdfText,
  readOutbox,
  send,
  signedInStaff,
  startApi,
  statusAndText,
  uploadTokenHeader,
} from "./harness";

// Offers (docs/decisions/074-one-status-model-and-when-a-seat-is-taken.md): staff offer a seat with
// a deadline (the seat is taken then, never oversold), the applicant accepts or declines on the
// status page, a lapse, decline or withdrawal frees the seat and the sweep offers it to the first
// on the waiting list exactly once however many instances run it; each decision is mailed, with a
// copy and a read-only link for a minor's guardian, and the offer carries its letter as a PDF.

let api: Api;
let admissions: string;
let courseId: string;

const today = lagosDate();

beforeAll(async () => {
  api = await startApi();
  ({ cookie: admissions } = await signedInStaff(api, "admissions@academy.test", { role: "admissions" }));
  const res = await send(api, "POST", "/api/courses", {
    cookie: admissions,
    json: { title: "Professional Hairdressing", tutors: "Staff", courseTypes: ["Full Course"] },
  });
  if (res.status !== 201) {
    const { cookie: admin } = await signedInStaff(api);
    const again = await send(api, "POST", "/api/courses", {
      cookie: admin,
      json: { title: "Professional Hairdressing", tutors: "Staff", courseTypes: ["Full Course"] },
    });
    expect(again.status).toBe(201);
    courseId = ((await again.json()) as { _id: string })._id;
  } else courseId = ((await res.json()) as { _id: string })._id;
});
afterAll(() => api.close());
beforeEach(async () => {
  for (const table of ["application_links", "applicant_mails", "private_files", "applicants", "intakes", "mail_outbox"])
    await sql`delete from ${sql.table(table)}`.execute(api.db);
});

const createIntake = (over: Record<string, unknown> = {}) => makeIntake(api, admissions, courseId, over);

const unique = (name: string) =>
  `${name}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@gmail.com`;

/** 17 today in Lagos. */
function minorDob() {
  const [y, m, d] = today.split("-").map(Number);
  return new Date(Date.UTC(y - 17, m - 1, d)).toISOString().slice(0, 10);
}

async function register(fields: Record<string, string> = {}) {
  const form = new FormData();
  form.set("group", "idCards");
  form.append("file", fileOf(pdfBytes(), "nin.pdf"));
  const up = await send(api, "POST", "/api/applicant/files", {
    multipart: form,
    headers: await uploadTokenHeader(api),
  });
  const file = ((await up.json()) as { public_id: string }[])[0].public_id;
  const res = await send(api, "POST", "/api/applicant", {
    form: { ...validApplicant, email: unique("applicant"), courseId, files: file, ...fields },
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { _id: string; statusToken: string };
}

/** An applicant of the intake written straight to the table (the concurrency test needs fifty). */
async function insertApplicant(intakeId: string, n: number, extra: Record<string, unknown> = {}) {
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
        ...extra,
      }),
    )
    .execute();
  return id;
}

const offer = (id: string, acceptBy = dayFromToday(7)) =>
  send(api, "POST", `/api/applicants/${id}/offer`, { cookie: admissions, json: { acceptBy } });
const answer = (token: string, a: string, dob?: string) =>
  send(api, "POST", `/api/application/${token}/offer`, { json: { answer: a, dob } });
const statusOf = async (token: string) =>
  (await (await send(api, "GET", `/api/application/${token}`)).json()) as {
    status: string;
    reader: boolean;
    offer: { open: boolean; expiresAt: string } | null;
    intake: { waitingPosition: number | null; seatHeld: boolean } | null;
  };
const row = (id: string) => api.db.selectFrom("applicants").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const seatsTaken = async (id: string) =>
  Number(
    (await api.db.selectFrom("intakes").select("seats_taken").where("id", "=", id).executeTakeFirstOrThrow())
      .seats_taken,
  );
/** The mails queued for `to`, with their text as sent (a sent mail's body leaves the queue's row). */
async function mailsTo(to: string) {
  await mailQueueDrained(api);
  const sent = readOutbox(api).filter((m) => JSON.stringify(m.to).includes(to));
  const rows = await api.db
    .selectFrom("mail_outbox")
    .select(["id", "subject", "reply_to"])
    .where("recipient", "=", to)
    .orderBy("created_at")
    .execute();
  return rows.map((r) => {
    const mail = sent.find((m) => m.subject === r.subject) as
      { text: string; attachments?: { filename: string; content: string }[] } | undefined;
    return { ...r, body_text: mail?.text ?? "", attachments: mail?.attachments ?? [] };
  });
}
const tokenIn = (text: string) => text.match(/\/application\/([\w-]+)/)![1];

describe("staff offer a seat with a deadline", () => {
  it("takes the seat, mails the offer with its letter (Reply-To the academy), and the applicant accepts", async () => {
    const intake = await createIntake();
    const a = await register({ intakeId: intake });
    const res = await offer(a._id);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { status: string; offerExpiresAt: string };
    expect(body.status).toBe("offered");
    expect(body.offerExpiresAt).toBe(new Date(`${dayFromToday(7)}T23:59:59.999+01:00`).toISOString());
    expect(await seatsTaken(intake)).toBe(1);
    // The staff page reads the deadline with the applicant (the open offer's line there).
    const detail = await send(api, "GET", `/api/applicants/${a._id}`, { cookie: admissions });
    expect(await detail.json()).toMatchObject({ status: "offered", offerExpiresAt: body.offerExpiresAt });
    const r = await row(a._id);
    const mails = (await mailsTo(r.email)).filter((m) => m.subject.startsWith("A seat is offered to you"));
    expect(mails).toHaveLength(1);
    expect(mails[0].reply_to).toBe("admissions@academy.local");
    expect(mails[0].body_text).toContain("Professional Hairdressing");
    const [letter] = mails[0].attachments;
    expect(letter.filename).toMatch(/^Offer-FLA-/);
    const text = pdfText(api, Buffer.from(letter.content, "base64"));
    for (const words of [
      "Offer of admission",
      "Professional Hairdressing",
      "Saturdays 9am",
      "Ikeja",
      "NGN 650,000",
      "Accept by",
    ])
      expect(text).toContain(words);
    // The mail's link opens the status page with the offer open.
    const token = tokenIn(mails[0].body_text!);
    expect(await statusOf(token)).toMatchObject({ status: "offered", reader: false, offer: { open: true } });
    // The letter downloads from the status page too.
    const pdf = await send(api, "GET", `/api/application/${token}/offer-letter`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdfText(api, Buffer.from(await pdf.arrayBuffer()))).toContain("Offer of admission");
    // Accepted: the seat stays taken; a second answer finds no open offer.
    expect((await answer(token, "accept")).status).toBe(200);
    expect((await row(a._id)).status).toBe("accepted");
    expect(await seatsTaken(intake)).toBe(1);
    expect(await statusAndText(await answer(token, "decline", (await row(a._id)).dob))).toEqual({
      status: 409,
      text: "There is no open offer to answer: it was answered already, or its deadline has passed.",
    });
  });

  it("refuses a deadline out of range, an unknown answer, the status set to offered by hand, and a closed application", async () => {
    const intake = await createIntake();
    const id = await insertApplicant(intake, 1);
    for (const acceptBy of [dayFromToday(-1), dayFromToday(61), "tomorrow", ""]) {
      const res = await offer(id, acceptBy);
      expect(res.status).toBe(400);
      expect(await res.text()).toContain("Choose the acceptance deadline");
    }
    const byHand = await send(api, "PATCH", `/api/applicants/${id}/status`, {
      cookie: admissions,
      json: { status: "offered" },
    });
    expect(byHand.status).toBe(400);
    expect(await seatsTaken(intake)).toBe(0);
    await api.db.updateTable("applicants").set({ status: "withdrawn" }).where("id", "=", id).execute();
    expect((await offer(id)).status).toBe(409);
    expect((await offer("no-such-applicant")).status).toBe(404);
    expect(
      (await send(api, "POST", `/api/applicants/${id}/offer`, { json: { acceptBy: dayFromToday(3) } })).status,
    ).toBe(401);
    const a = await register({ intakeId: intake });
    expect((await offer(a._id)).status).toBe(200);
    expect((await answer(a.statusToken, "maybe")).status).toBe(400);
  });

  it("a decline frees the seat; Not admitted and Enrolled are mailed", async () => {
    const intake = await createIntake({ seats: 1 });
    const a = await register({ intakeId: intake });
    expect((await offer(a._id)).status).toBe(200);
    expect((await answer(a.statusToken, "decline", (await row(a._id)).dob)).status).toBe(200);
    expect((await row(a._id)).status).toBe("withdrawn");
    expect(await seatsTaken(intake)).toBe(0);
    const b = await register({ intakeId: intake });
    const set = (status: string) =>
      send(api, "PATCH", `/api/applicants/${b._id}/status`, { cookie: admissions, json: { status } });
    // Owing the registration and course fees, enrolling asks staff to confirm first (docs/decisions/093).
    const owing = await set("enrolled");
    expect(owing.status).toBe(409);
    expect(owing.headers.get("x-refusal")).toBe("fees-owed");
    const confirmed = await send(api, "PATCH", `/api/applicants/${b._id}/status`, {
      cookie: admissions,
      json: { status: "enrolled", confirmOwed: true },
    });
    expect(confirmed.status).toBe(200);
    expect((await set("declined")).status).toBe(200);
    const subjects = (await mailsTo((await row(b._id)).email)).map((m) => m.subject);
    expect(subjects.some((s) => s.startsWith("You are enrolled"))).toBe(true);
    expect(subjects.some((s) => s.startsWith("About your application"))).toBe(true);
  });
});

describe("declining asks who it is, as withdrawing does (decisions 088 and 091)", () => {
  it("refuses a decline without the date of birth, with a wrong one or with the reference; takes the date either way it is typed", async () => {
    const intake = await createIntake({ seats: 2 });
    const a = await register({ intakeId: intake });
    expect((await offer(a._id)).status).toBe(200);
    const empty = { status: 400, text: "Enter your date of birth." };
    const wrong = {
      status: 400,
      text: "This date of birth does not match the application. Enter it as on your registration form, for example 12/04/2001.",
    };
    expect(await statusAndText(await answer(a.statusToken, "decline"))).toEqual(empty);
    expect(await statusAndText(await answer(a.statusToken, "decline", "  "))).toEqual(empty);
    // The reference is printed on the status page itself: it proves nothing (decision 091).
    expect(await statusAndText(await answer(a.statusToken, "decline", applicationReference(a._id)))).toEqual(wrong);
    expect(await statusAndText(await answer(a.statusToken, "decline", "1999-01-01"))).toEqual(wrong);
    expect(await statusAndText(await answer(a.statusToken, "decline", "2001-02-31"))).toEqual(wrong);
    expect((await answer(a.statusToken, "decline", "x".repeat(101))).status).toBe(400);
    // Nothing changed: still offered, the seat held.
    expect((await row(a._id)).status).toBe("offered");
    expect(await seatsTaken(intake)).toBe(2 - 1);
    // The date as a date field sends it.
    const dob = (await row(a._id)).dob;
    expect((await answer(a.statusToken, "decline", dob)).status).toBe(200);
    expect((await row(a._id)).status).toBe("withdrawn");
    expect(await seatsTaken(intake)).toBe(0);
    // And typed by hand, day first, as a phone without a date field lets it be.
    const b = await register({ intakeId: intake });
    expect((await offer(b._id)).status).toBe(200);
    const [y, m, d] = (await row(b._id)).dob.split("-");
    expect((await answer(b.statusToken, "decline", ` ${d}/${m}/${y} `)).status).toBe(200);
    expect((await row(b._id)).status).toBe("withdrawn");
    // Accepting asks for nothing more: it gives nothing away.
    const c = await register({ intakeId: intake });
    expect((await offer(c._id)).status).toBe(200);
    expect((await answer(c.statusToken, "accept")).status).toBe(200);
  });
});

describe("an offer past its deadline lapses at once (decision 088)", () => {
  it("reads as lapsed, and neither answer is taken, before the sweep has run", async () => {
    const intake = await createIntake({ seats: 1 });
    const a = await register({ intakeId: intake });
    expect((await offer(a._id)).status).toBe(200);
    expect(await statusOf(a.statusToken)).toMatchObject({ offer: { open: true, lapsed: false } });
    // The deadline passes; the sweep (every ten minutes) has not come by yet.
    const past = new Date(Date.now() - 60_000).toISOString();
    await api.db.updateTable("applicants").set({ offer_expires_at: past }).where("id", "=", a._id).execute();
    expect(await statusOf(a.statusToken)).toMatchObject({
      status: "offered",
      offer: { open: false, lapsed: true, expiresAt: past },
    });
    const noOffer = {
      status: 409,
      text: "There is no open offer to answer: it was answered already, or its deadline has passed.",
    };
    expect(await statusAndText(await answer(a.statusToken, "accept"))).toEqual(noOffer);
    expect(await statusAndText(await answer(a.statusToken, "decline", applicationReference(a._id)))).toEqual(noOffer);
    // No open offer is said before any proof is asked for.
    expect(await statusAndText(await answer(a.statusToken, "decline"))).toEqual(noOffer);
    // Nothing was changed by the refused answers: the sweep lapses it and frees the seat.
    expect((await row(a._id)).status).toBe("offered");
    expect(await seatsTaken(intake)).toBe(1);
    // Staff read the deadline with the applicant, and the desk's "lapsing this week" no longer counts it.
    const detail = await send(api, "GET", `/api/applicants/${a._id}`, { cookie: admissions });
    expect(await detail.json()).toMatchObject({ status: "offered", offerExpiresAt: past });
    const list = await send(api, "GET", "/api/applicants?status=offered", { cookie: admissions });
    expect(await list.json()).toEqual([expect.objectContaining({ _id: a._id, offerExpiresAt: past })]);
    const desk = await send(api, "GET", "/api/desk", { cookie: admissions });
    expect(await desk.json()).toMatchObject({ offersLapsing: 0 });
  });
});

describe("seats are never oversold by offers", () => {
  it("50 offers at once for 10 seats: exactly 10 offered, 40 told it is full", async () => {
    const intake = await createIntake({ seats: 10 });
    const ids: string[] = [];
    for (let n = 0; n < 50; n++) ids.push(await insertApplicant(intake, n));
    const answers = await Promise.all(ids.map((id) => offer(id).then(statusAndText)));
    const byStatus = answers.reduce<Record<number, number>>(
      (acc, a) => ({ ...acc, [a.status]: (acc[a.status] ?? 0) + 1 }),
      {},
    );
    expect(byStatus).toEqual({ 200: 10, 409: 40 });
    expect(await seatsTaken(intake)).toBe(10);
    const offered = await api.db
      .selectFrom("applicants")
      .select("id")
      .where("intake_id", "=", intake)
      .where("status", "=", "offered")
      .execute();
    expect(offered).toHaveLength(10);
    // Nothing of a refused offer stays: no offer mail for the 40.
    const offerMails = await api.db
      .selectFrom("mail_outbox")
      .select("id")
      .where("subject", "like", "A seat is offered to you%")
      .execute();
    expect(offerMails).toHaveLength(10);
  });
});

describe("the offers' sweep", () => {
  it("a full intake's waiting list: position 1 mailed; a lapsed offer frees the seat for the first in line, exactly once with two runners", async () => {
    const intake = await createIntake({ seats: 1 });
    const first = await register({ intakeId: intake });
    expect((await offer(first._id)).status).toBe(200);
    const waiting = await register({ intakeId: intake });
    const second = await register({ intakeId: intake });
    expect((await statusOf(waiting.statusToken)).intake?.waitingPosition).toBe(1);
    expect((await statusOf(second.statusToken)).intake?.waitingPosition).toBe(2);
    const waitMail = (await mailsTo((await row(waiting._id)).email)).find((m) =>
      m.subject.startsWith("You are on the waiting list"),
    );
    expect(waitMail?.body_text).toContain("at position 1");
    // The offer's deadline passes.
    await api.db
      .updateTable("applicants")
      .set({ offer_expires_at: new Date(Date.now() - 60_000).toISOString() })
      .where("id", "=", first._id)
      .execute();
    const { runOfferSweep } = await import("../../api/lib/admission-offers");
    const runs = await Promise.all([runOfferSweep(api.db), runOfferSweep(api.db)]);
    expect(runs.reduce((n, r) => n + r.lapsed, 0)).toBe(1);
    expect(runs.reduce((n, r) => n + r.offered, 0)).toBe(1);
    expect((await row(first._id)).status).toBe("withdrawn");
    expect((await row(waiting._id)).status).toBe("offered");
    expect((await row(second._id)).status).toBe("new");
    expect(await seatsTaken(intake)).toBe(1);
    expect((await statusOf(second.statusToken)).intake?.waitingPosition).toBe(1);
    const offers = (await mailsTo((await row(waiting._id)).email)).filter((m) =>
      m.subject.startsWith("A seat is offered to you"),
    );
    expect(offers).toHaveLength(1);
    // Run again: nothing more happens.
    expect(await Promise.all([runOfferSweep(api.db), runOfferSweep(api.db)])).toEqual([
      { lapsed: 0, warned: 0, offered: 0 },
      { lapsed: 0, warned: 0, offered: 0 },
    ]);
  });

  it("those who applied while seats were free join the list when the last seat goes, ahead of later registrations", async () => {
    const intake = await createIntake({ seats: 1 });
    const early = await register({ intakeId: intake });
    const alsoEarly = await register({ intakeId: intake });
    // Seats were free: no one is waiting yet.
    expect((await statusOf(alsoEarly.statusToken)).intake?.waitingPosition).toBeNull();
    expect((await offer(early._id)).status).toBe(200);
    // The last seat went: the one left without a seat is first on the list, the later registration second.
    const late = await register({ intakeId: intake });
    expect((await statusOf(alsoEarly.statusToken)).intake?.waitingPosition).toBe(1);
    expect((await statusOf(late.statusToken)).intake?.waitingPosition).toBe(2);
    // The seat comes free: it is offered to the first in line, not to the later registration.
    expect((await answer(early.statusToken, "decline", validApplicant.dob)).status).toBe(200);
    const { runOfferSweep } = await import("../../api/lib/admission-offers");
    expect((await runOfferSweep(api.db)).offered).toBe(1);
    expect((await row(alsoEarly._id)).status).toBe("offered");
    expect((await row(late._id)).status).toBe("new");
    expect((await statusOf(late.statusToken)).intake?.waitingPosition).toBe(1);
  });

  it("warns two days before the deadline, never twice", async () => {
    const intake = await createIntake();
    const a = await register({ intakeId: intake });
    expect((await offer(a._id)).status).toBe(200);
    await api.db
      .updateTable("applicants")
      .set({ offer_expires_at: new Date(Date.now() + 36 * 3600_000).toISOString() })
      .where("id", "=", a._id)
      .execute();
    const { runOfferSweep } = await import("../../api/lib/admission-offers");
    const runs = await Promise.all([runOfferSweep(api.db), runOfferSweep(api.db)]);
    expect(runs.reduce((n, r) => n + r.warned, 0)).toBe(1);
    expect((await runOfferSweep(api.db)).warned).toBe(0);
    const warnings = (await mailsTo((await row(a._id)).email)).filter((m) =>
      m.subject.startsWith("Your offer ends in two days"),
    );
    expect(warnings).toHaveLength(1);
  });
});

describe("a minor's guardian follows along", () => {
  it("gets a copy of each decision with a read-only link of their own", async () => {
    const intake = await createIntake();
    const guardian = unique("guardian");
    const a = await register({
      intakeId: intake,
      dob: minorDob(),
      guardianName: "Ngozi Eze",
      guardianRelationship: "Mother",
      guardianPhone: "+2348099990000",
      guardianEmail: guardian,
      guardianConsent: "on",
    });
    expect((await offer(a._id)).status).toBe(200);
    const copy = (await mailsTo(guardian)).find((m) => m.subject.startsWith("Copy for the guardian"));
    expect(copy?.body_text).toContain("Professional Hairdressing");
    expect(copy?.body_text).toContain("Amaka's application");
    // Greeted by the name the form gave, not as "parent or guardian".
    expect(copy?.body_text).toMatch(/^Dear Ngozi Eze,/);
    expect(copy!.attachments).toHaveLength(1);
    const readerToken = tokenIn(copy!.body_text!);
    expect(readerToken).not.toBe(a.statusToken);
    expect(await statusOf(readerToken)).toMatchObject({ status: "offered", reader: true });
    // Read-only: the guardian's link answers nothing.
    expect(await statusAndText(await answer(readerToken, "accept"))).toEqual({
      status: 403,
      text: "This link shows the application only: the applicant answers from their own page.",
    });
    expect((await row(a._id)).status).toBe("offered");
    expect((await send(api, "GET", `/api/application/${readerToken}/offer-letter`)).status).toBe(200);
  });
});
