import { strFromU8, unzipSync } from "fflate";
import { Kysely, PostgresDialect, sql, SqliteDialect } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { lagosDay } from "@domain/consent";

import type { Database } from "../../api/db/schema";
import { validApplicant } from "../fixtures/registration";
import {
  type Api,
  fileOf,
  mailQueueDrained,
  mailsSoFar,
  pdfBytes,
  rowCount,
  send,
  signedInStaff,
  startApi,
  statusAndText,
  uploadTokenHeader,
  waitForMail,
} from "./harness";
import { isStored } from "./stored-files";

// Data protection by design (docs/decisions/033-consent-versions-and-minors.md,
// 034-retention-and-rights.md): consent versions kept, a minor's guardian required and mailed,
// the retention schedule applied once a day, and a person found, exported and erased.

let api: Api;
let cookie: string;
let courseId: string;
beforeAll(async () => {
  api = await startApi();
  ({ cookie } = await signedInStaff(api));
  const res = await send(api, "POST", "/api/courses", { cookie, json: { title: "Hair Styling", tutors: "Staff" } });
  courseId = ((await res.json()) as { _id: string })._id;
});
afterAll(() => api.close());
beforeEach(async () => {
  for (const table of [
    "application_links",
    "applicant_mails",
    "private_files",
    "applicants",
    "contact_messages",
    "job_runs",
    "privacy_requests",
    "saved_forms",
    "mail_outbox",
  ])
    await sql`delete from ${sql.table(table)}`.execute(api.db);
});

const DAY = 24 * 60 * 60 * 1000;
/** A date of birth that makes someone `years` old today (Lagos), less a day when `justUnder`. */
function dobForAge(years: number, justUnder = false) {
  const today = lagosDay();
  const [y, m, d] = today.split("-").map(Number);
  const date = new Date(Date.UTC(y - years, m - 1, d));
  if (justUnder) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

async function uploadedId(name = "nin.pdf") {
  const form = new FormData();
  form.set("group", "idCards");
  form.append("file", fileOf(pdfBytes(), name));
  const res = await send(api, "POST", "/api/applicant/files", {
    multipart: form,
    headers: await uploadTokenHeader(api),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { public_id: string }[])[0].public_id;
}

const guardian = {
  guardianName: "Ngozi Eze",
  guardianRelationship: "Mother",
  guardianPhone: "+2348099990000",
  guardianEmail: "ngozi@example.com",
  guardianConsent: "on",
};

async function register(fields: Record<string, string> = {}) {
  const res = await send(api, "POST", "/api/applicant", {
    form: { ...validApplicant, courseId, files: await uploadedId(), ...fields },
  });
  return { res, body: res.status === 201 ? ((await res.json()) as { _id: string; reference: string }) : null };
}

describe("consent versions", () => {
  it("stores the versions accepted and when, shows them to staff, and refuses an unknown version", async () => {
    const { res, body } = await register({ termsVersion: "1", privacyVersion: "2", noticeVersion: "1" });
    expect(res.status).toBe(201);
    const row = await api.db.selectFrom("applicants").selectAll().where("id", "=", body!._id).executeTakeFirstOrThrow();
    expect(JSON.parse(row.consents!)).toEqual({ terms: 1, privacy: 2, notice: 1 });
    expect(Date.now() - Date.parse(row.consented_at!)).toBeLessThan(60_000);
    const staffView = await (await send(api, "GET", `/api/applicants/${body!._id}`, { cookie })).json();
    expect(staffView.consents).toEqual({ terms: 1, privacy: 2, notice: 1 });

    // The first privacy version (SPEC's) is still a version: an old record keeps it.
    const old = await register({ email: "old@example.com", phone: "+2348031110000", privacyVersion: "1" });
    expect(old.res.status).toBe(201);
    const unknown = await register({ email: "x@example.com", phone: "+2348031110001", termsVersion: "9" });
    expect(await statusAndText(unknown.res)).toEqual({
      status: 400,
      text: expect.stringContaining("terms have changed"),
    });
  });
});

describe("minors", () => {
  it("refuses an applicant under 18 without the guardian's consent, and accepts one with it; the guardian is mailed a link that confirms", async () => {
    const dob = dobForAge(18, true); // 18 tomorrow: still a minor today
    const refused = await register({ dob });
    expect(await statusAndText(refused.res)).toEqual({ status: 400, text: expect.stringContaining("guardian") });
    const unticked = await register({ dob, ...guardian, guardianConsent: "" });
    expect(await statusAndText(unticked.res)).toEqual({
      status: 400,
      text: expect.stringContaining("consent of a parent or guardian"),
    });
    expect(await rowCount(api, "applicants")).toBe(0);

    const mailsBefore = await mailsSoFar(api);
    const { res, body } = await register({ dob, ...guardian });
    expect(res.status).toBe(201);
    const row = await api.db.selectFrom("applicants").selectAll().where("id", "=", body!._id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      guardian_name: "Ngozi Eze",
      guardian_email: "ngozi@example.com",
      guardian_confirmed_at: null,
    });
    expect(JSON.parse(row.consents!)).toMatchObject({ guardian: 2 });

    // The staff notice, the confirmation and the guardian's mail.
    const mails = await waitForMail(api, mailsBefore + 3);
    const toGuardian = mails.find((m) => JSON.stringify(m.to).includes("ngozi@example.com"))!;
    expect(toGuardian.text).toContain(body!.reference);
    // The guardian hears whose application it is, and a reply reaches admissions, not the no-reply sender.
    expect(toGuardian.text).toContain(`by ${row.firstname} names you as the parent or guardian`);
    expect(JSON.stringify(toGuardian.replyTo)).toContain("admissions@academy.local");
    const token = new URL(toGuardian.text.match(/https?:\/\/\S+\/guardian\/confirm\?token=\S+/)![0]).searchParams.get(
      "token",
    )!;
    expect(row.guardian_token_hash).not.toContain(token);
    const preview = await send(api, "POST", "/api/guardian/preview", { json: { token } });
    expect(await preview.json()).toEqual({
      reference: body!.reference,
      course: row.course_title,
      child: row.firstname,
      confirmedAt: null,
      refusedAt: null,
    });

    const before = await (await send(api, "GET", `/api/applicants/${body!._id}`, { cookie })).json();
    expect(before.guardian).toMatchObject({ name: "Ngozi Eze", confirmedAt: null });
    const confirm = await send(api, "POST", "/api/guardian/confirm", { json: { token } });
    expect(confirm.status).toBe(200);
    expect(await confirm.json()).toMatchObject({ reference: body!.reference });
    const list = await (await send(api, "GET", "/api/applicants", { cookie })).json();
    expect(list[0].guardian.confirmedAt).toEqual(expect.any(String));
    expect((await send(api, "POST", "/api/guardian/confirm", { json: { token: "x".repeat(43) } })).status).toBe(404);
  });

  it("takes an adult without a guardian, and keeps no guardian an adult's form carried", async () => {
    const { res, body } = await register({ dob: dobForAge(18), ...guardian });
    expect(res.status).toBe(201);
    const row = await api.db.selectFrom("applicants").selectAll().where("id", "=", body!._id).executeTakeFirstOrThrow();
    expect(row.guardian_name).toBeNull();
    expect(JSON.parse(row.consents!)).not.toHaveProperty("guardian");
  });
});

/** A second connection to the same database: what a second instance holds. */
async function secondInstanceDb() {
  if (process.env.DATABASE_URL) {
    const { default: pg } = await import("pg");
    return new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 }) }),
    });
  }
  const { default: SQLite } = await import("better-sqlite3");
  const { config } = await import("../../api/config");
  const { registerSqliteSearch } = await import("../../api/lib/search");
  const sqlite = new SQLite(config().sqlitePath);
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("foreign_keys = ON");
  registerSqliteSearch(sqlite);
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}

describe("retention schedule", () => {
  it("removes exactly what the schedule says at a controlled clock, rows and files, once across two instances", async () => {
    const { runDailyRetention } = await import("../../api/privacy/retention");
    const now = new Date("2031-03-10T09:00:00.000Z");
    const ago = (days: number, extra = 0) => new Date(now.getTime() - days * DAY - extra).toISOString();
    const make = async (email: string, status: string, changed: string, updated = changed) => {
      const { body } = await register({ email, phone: `+23480${Math.floor(10000000 + Math.random() * 89999999)}` });
      await api.db
        .updateTable("applicants")
        .set({ status: status as never, status_changed_at: changed, updated_at: updated, created_at: changed })
        .where("id", "=", body!._id)
        .execute();
      const file = await api.db
        .selectFrom("private_files")
        .select("public_id")
        .where("applicant_id", "=", body!._id)
        .executeTakeFirstOrThrow();
      return { id: body!._id, file: file.public_id };
    };
    const declinedOld = await make("d1@example.com", "declined", ago(90, 60_000));
    const declinedNew = await make("d2@example.com", "declined", ago(89, 12 * 60 * 60 * 1000));
    const enrolledOld = await make("e1@example.com", "enrolled", ago(365, 60_000));
    const enrolledNew = await make("e2@example.com", "enrolled", ago(364));
    const stale = await make("s1@example.com", "contacted", ago(800), ago(730, 60_000));
    const recent = await make("s2@example.com", "new", ago(10));
    await api.db
      .insertInto("contact_messages")
      .values([
        {
          id: "a".repeat(24),
          fullname: "Old Sender",
          email: "old@example.com",
          phone: "+2348030000000",
          issue: 1,
          message: "hello",
          created_at: ago(730, 60_000),
          read_at: null,
          read_by: null,
        },
        {
          id: "b".repeat(24),
          fullname: "New Sender",
          email: "new@example.com",
          phone: "+2348030000001",
          issue: 1,
          message: "hello",
          created_at: ago(729),
          read_at: null,
          read_by: null,
        },
      ])
      .execute();
    const staleNote = {
      id: "c".repeat(24),
      applicant_id: stale.id,
      author_id: null,
      body: "called",
      created_at: ago(731),
    };
    await api.db.insertInto("applicant_notes").values(staleNote).execute();

    const other = await secondInstanceDb();
    let results: unknown[];
    try {
      results = await Promise.all([runDailyRetention(api.db, now), runDailyRetention(other, now)]);
    } finally {
      await other.destroy();
    }
    const ran = results.filter((r) => r !== null);
    expect(ran).toEqual([
      {
        filesDeleted: 3,
        applicantsWithFilesDeleted: 2,
        applicantsAnonymised: 1,
        messagesDeleted: 1,
        visitCountsDeleted: 0,
        paymentEventsCleared: 0,
      },
    ]);
    expect(await rowCount(api, "job_runs")).toBe(1);
    // Later the same day, nothing runs again.
    expect(await runDailyRetention(api.db, new Date(now.getTime() + 3 * 60 * 60 * 1000))).toBeNull();

    for (const gone of [declinedOld, enrolledOld, stale]) expect(await isStored("private", gone.file)).toBe(false);
    for (const kept of [declinedNew, enrolledNew, recent]) expect(await isStored("private", kept.file)).toBe(true);
    const files = (await api.db.selectFrom("private_files").select("applicant_id").execute()).map(
      (f) => f.applicant_id,
    );
    expect(files.sort()).toEqual([declinedNew.id, enrolledNew.id, recent.id].sort());
    const anonymised = await api.db
      .selectFrom("applicants")
      .selectAll()
      .where("id", "=", stale.id)
      .executeTakeFirstOrThrow();
    expect(anonymised).toMatchObject({ email: "", phone: "", firstname: "Anonymised", dob: "", street: "" });
    expect(anonymised.anonymised_at).toBe(now.toISOString());
    expect(await rowCount(api, "applicant_notes")).toBe(0);
    expect(await rowCount(api, "applicants")).toBe(6);
    // The search index no longer finds the anonymised applicant by e-mail.
    const found = await (await send(api, "GET", "/api/applicants?search=s1%40example.com", { cookie })).json();
    expect(found).toEqual([]);
    const messages = (await api.db.selectFrom("contact_messages").select("id").execute()).map((m) => m.id);
    expect(messages).toEqual(["b".repeat(24)]);

    // The next day the clock has moved on: the newer declined applicant's files go then.
    const nextDay = await runDailyRetention(api.db, new Date(now.getTime() + DAY));
    expect(nextDay).toMatchObject({ filesDeleted: 1, applicantsWithFilesDeleted: 1 });
    expect(await isStored("private", declinedNew.file)).toBe(false);
  });

  it("tells staff the day each applicant's files will be deleted", async () => {
    const { body } = await register();
    const changed = "2030-01-01T10:00:00.000Z";
    await api.db
      .updateTable("applicants")
      .set({ status: "declined", status_changed_at: changed })
      .where("id", "=", body!._id)
      .execute();
    const view = await (await send(api, "GET", `/api/applicants/${body!._id}`, { cookie })).json();
    expect(view.filesDeleteOn).toEqual({ on: "2030-04-01T10:00:00.000Z", rule: "closed" });
  });
});

describe("people's rights", () => {
  async function person() {
    const first = await register({ email: "Tobi@Example.com", phone: "+234 803 555 0101" });
    const second = await register({ email: "tobi@example.com", phone: "08035550101", dob: dobForAge(16), ...guardian });
    const someoneElse = await register({ email: "else@example.com", phone: "+2348035550999" });
    await send(api, "POST", `/api/applicants/${first.body!._id}/notes`, { cookie, json: { body: "Called Tobi" } });
    await send(api, "POST", "/api/contact", {
      json: {
        fullname: "Tobi Bello",
        email: "TOBI@example.com",
        phone: "0803 555 0101",
        issue: 1,
        message: "When does it start?",
      },
    });
    await waitForMail(api, 1);
    return { first: first.body!, second: second.body!, someoneElse: someoneElse.body! };
  }

  it("exports every record and file of a person found by e-mail or phone", async () => {
    const p = await person();
    const byPhone = await (await send(api, "GET", "/api/privacy/person?phone=%2B2348035550101", { cookie })).json();
    expect(byPhone.applications.map((a: { id: string }) => a.id).sort()).toEqual([p.first._id, p.second._id].sort());
    expect(byPhone.messages).toHaveLength(1);

    const res = await send(api, "GET", "/api/privacy/person/export?email=tobi%40example.com", { cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    const zip = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const json = JSON.parse(strFromU8(zip["person.json"]));
    expect(json.applications).toHaveLength(2);
    expect(json.messages).toHaveLength(1);
    const first = json.applications.find((a: { id: string }) => a.id === p.first._id);
    expect(first.notes.map((n: { body: string }) => n.body)).toEqual(["Called Tobi"]);
    expect(first.mails.map((m: { kind: string }) => m.kind)).toEqual(["confirmation"]);
    const second = json.applications.find((a: { id: string }) => a.id === p.second._id);
    expect(second.mails.map((m: { kind: string }) => m.kind).sort()).toEqual(["confirmation", "guardian"]);
    expect(JSON.stringify(json)).not.toContain("guardian_token_hash");
    const fileEntries = Object.keys(zip).filter((k) => k.startsWith("files/"));
    expect(fileEntries).toHaveLength(2);
    for (const entry of fileEntries) expect(strFromU8(zip[entry].subarray(0, 5))).toBe("%PDF-");
    expect(strFromU8(zip["applications.csv"]).split("\r\n").filter(Boolean)).toHaveLength(3);
    expect(strFromU8(zip["messages.csv"])).toContain("When does it start?");
    expect(JSON.stringify(json)).not.toContain("else@example.com");
    expect((await send(api, "GET", "/api/privacy/person/export?email=tobi%40example.com")).status).toBe(401);
  });

  it("erases the person's rows, files and search entries, marks the request done, and logs only that it happened", async () => {
    const p = await person();
    const files = await api.db
      .selectFrom("private_files")
      .select("public_id")
      .where("applicant_id", "in", [p.first._id, p.second._id])
      .execute();
    const request = await (
      await send(api, "POST", "/api/privacy/requests", {
        cookie,
        json: { kind: "erasure", subject: "tobi@example.com", receivedOn: lagosDay() },
      })
    ).json();
    expect(request).toMatchObject({ kind: "erasure", doneAt: null, overdue: false });

    const res = await send(api, "POST", "/api/privacy/person/erase", {
      cookie,
      json: { email: "tobi@example.com", phone: "08035550101", requestId: request._id },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ applications: 2, files: 2, messages: 1 });

    for (const f of files) expect(await isStored("private", f.public_id)).toBe(false);
    expect(await api.db.selectFrom("applicants").select("id").execute()).toEqual([{ id: p.someoneElse._id }]);
    // Their status pages' links went with them; the other applicant's link stays.
    const links = await api.db.selectFrom("application_links").select("applicant_id").execute();
    expect(links.map((l) => l.applicant_id)).toEqual([p.someoneElse._id]);
    // The outbox too: the academy's own notices of their message and registrations, sent and
    // kept a week for the staff page, name them in the subject (found by their Reply-To).
    await mailsSoFar(api);
    for (const table of ["applicant_notes", "applicant_mails", "contact_messages", "mail_outbox"]) {
      const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(api.db);
      expect(JSON.stringify(rows.rows).toLowerCase()).not.toContain("tobi");
    }
    const revisions = await sql<Record<string, unknown>>`select * from revisions`.execute(api.db);
    expect(JSON.stringify(revisions.rows).toLowerCase()).not.toContain("tobi");
    for (const search of ["tobi", "5550101"]) {
      expect(await (await send(api, "GET", `/api/applicants?search=${search}`, { cookie })).json()).toEqual([]);
      expect(await (await send(api, "GET", `/api/contact?search=${search}`, { cookie })).json()).toEqual([]);
    }
    if (!process.env.DATABASE_URL) {
      // SQLite's search index is a table of its own: no entry of the person is left in it.
      for (const table of ["applicants_fts", "contact_messages_fts"]) {
        const left = await sql<{
          n: number;
        }>`select count(*) as n from ${sql.table(table)} where words like '%tobi%'`.execute(api.db);
        expect(Number(left.rows[0].n)).toBe(0);
      }
    }
    const register = await (await send(api, "GET", "/api/privacy/requests", { cookie })).json();
    expect(register.open).toEqual([]);
    expect(register.done[0]).toMatchObject({ _id: request._id, subject: "erased", doneAt: expect.any(String) });
  });

  it("finds, exports and erases a person's saved form with its file, and the outbox's mails to them", async () => {
    await mailQueueDrained(api);
    const save = async (fields: Record<string, string>, file: string) => {
      const res = await send(api, "POST", "/api/applicant/saved", {
        json: { fields, files: [file], email: fields.email },
      });
      expect(res.status).toBe(201);
    };
    const theirs = await uploadedId("tobi-nin.pdf");
    await save(
      {
        firstname: "Tobi",
        lastname: "Bello",
        email: "Tobi@Example.com",
        phone: "0803 555 0101",
        dob: "2001-02-03",
        street: "4 Allen Avenue",
      },
      theirs,
    );
    const othersFile = await uploadedId("else-nin.pdf");
    await save({ firstname: "Else", email: "else@example.com", phone: "+2348035550999" }, othersFile);
    // The link mails went out; a mail given up to them keeps its body, and the academy's notice answers them.
    await mailQueueDrained(api);
    const outboxRow = (id: string, recipient: string, status: "failed" | "queued", replyTo: string | null = null) => ({
      id,
      recipient,
      reply_to: replyTo,
      subject: "About your application",
      body_text: recipient.startsWith("else") ? "Dear Else" : "Dear Tobi, 4 Allen Avenue",
      body_html: null,
      status,
      tries: 12,
      next_attempt_at: new Date().toISOString(),
      claimed_until: status === "queued" ? new Date(Date.now() + 60_000).toISOString() : null,
      claim_id: status === "queued" ? "f".repeat(24) : null,
      last_error: null,
      expires_at: null,
      created_at: new Date().toISOString(),
      sent_at: null,
    });
    await api.db
      .insertInto("mail_outbox")
      .values([
        outboxRow("1".repeat(24), "TOBI@example.com", "failed"),
        // Held by a worker at this moment: erased all the same.
        outboxRow("2".repeat(24), "tobi@example.com", "queued"),
        outboxRow("3".repeat(24), "admissions@academy.test", "failed", "Tobi@Example.com"),
        outboxRow("4".repeat(24), "else@example.com", "failed"),
      ])
      .execute();

    type Found = {
      savedForms: {
        fields: Record<string, string>;
        expires_at: string;
        files: { public_id: string; name: string }[];
      }[];
      outboxMails: { id: string; status: string }[];
    };
    for (const query of [
      "email=tobi%40example.com",
      "phone=08035550101",
      "phone=%2B2348035550101",
      "phone=0803%20555%200101",
    ]) {
      const found = (await (await send(api, "GET", `/api/privacy/person?${query}`, { cookie })).json()) as Found;
      expect(found.savedForms, query).toHaveLength(1);
      expect(found.savedForms[0].fields).toMatchObject({
        firstname: "Tobi",
        street: "4 Allen Avenue",
        dob: "2001-02-03",
      });
      expect(found.savedForms[0].expires_at).toEqual(expect.any(String));
      expect(found.savedForms[0].files.map((f) => [f.public_id, f.name])).toEqual([[theirs, "tobi-nin.pdf"]]);
      // The saved link's mail (sent), the one given up, the one being sent and the notice answering them.
      expect(found.outboxMails.map((m) => m.status).sort(), query).toEqual(["failed", "failed", "queued", "sent"]);
      expect(JSON.stringify(found)).not.toContain("else@example.com");
    }

    const res = await send(api, "GET", "/api/privacy/person/export?phone=%2B2348035550101", { cookie });
    expect(res.status).toBe(200);
    const zip = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const json = JSON.parse(strFromU8(zip["person.json"]));
    expect(json.savedForms).toHaveLength(1);
    expect(json.savedForms[0].fields).toMatchObject({ lastname: "Bello", phone: "0803 555 0101" });
    expect(JSON.stringify(json)).not.toContain("token_hash");
    const fileEntries = Object.keys(zip).filter((k) => k.startsWith("files/"));
    expect(fileEntries).toEqual([
      expect.stringMatching(/^files\/saved-form-1-\d{4}-\d{2}-\d{2}\/idCards-.*tobi-nin\.pdf$/),
    ]);
    expect(Buffer.from(zip[fileEntries[0]])).toEqual(pdfBytes());

    // Erased by phone alone: the outbox's mails are found through the saved form's address.
    const erased = await send(api, "POST", "/api/privacy/person/erase", { cookie, json: { phone: "08035550101" } });
    expect(erased.status).toBe(200);
    expect(await erased.json()).toMatchObject({ savedForms: 1, files: 1, outboxMails: 4 });
    expect(await isStored("private", theirs)).toBe(false);
    expect(await api.db.selectFrom("private_files").select("public_id").execute()).toEqual([{ public_id: othersFile }]);
    const forms = await api.db.selectFrom("saved_forms").select(["fields", "email"]).execute();
    expect(forms.map((f) => f.email)).toEqual(["else@example.com"]);
    const outbox = await api.db.selectFrom("mail_outbox").selectAll().execute();
    expect(JSON.stringify(outbox).toLowerCase()).not.toContain("tobi");
    expect(outbox.map((m) => m.recipient).sort()).toEqual(["else@example.com", "else@example.com"]);
    expect(await isStored("private", othersFile)).toBe(true);
    const after = (await (
      await send(api, "GET", "/api/privacy/person?email=tobi%40example.com", { cookie })
    ).json()) as Found;
    expect(after).toMatchObject({ savedForms: [], outboxMails: [] });
  });

  it("keys forms saved before the keys existed from their fields", async () => {
    const { savedFormKeysFromFields } = await import("../../api/db/people-migrations");
    const row = (token_hash: string, fields: unknown) => ({
      token_hash,
      fields: typeof fields === "string" ? fields : JSON.stringify(fields),
      expires_at: new Date(Date.now() + DAY).toISOString(),
      created_at: new Date().toISOString(),
      email: null,
      phone_key: null,
    });
    await api.db
      .insertInto("saved_forms")
      .values([
        row("a".repeat(64), { email: " Ada@Example.com ", phone: "0803 555 0202" }),
        row("b".repeat(64), { firstname: "Nobody typed a way to reach them" }),
        row("c".repeat(64), "not JSON"),
        row("d".repeat(64), { email: `${"x".repeat(300)}@example.com`, phone: "+234 803 555 0303" }),
      ])
      .execute();
    await savedFormKeysFromFields(api.db);
    const keys = await api.db
      .selectFrom("saved_forms")
      .select(["token_hash", "email", "phone_key"])
      .orderBy("token_hash")
      .execute();
    expect(keys.map((k) => [k.email, k.phone_key])).toEqual([
      ["ada@example.com", "+2348035550202"],
      [null, null],
      [null, null],
      [null, "+2348035550303"],
    ]);
  });

  it("answers every person and register call only to staff", async () => {
    for (const [method, path] of [
      ["GET", "/api/privacy/person?email=a%40b.co"],
      ["GET", "/api/privacy/person/export?email=a%40b.co"],
      ["POST", "/api/privacy/person/erase"],
      ["GET", "/api/privacy/requests"],
      ["POST", "/api/privacy/requests"],
      ["POST", "/api/privacy/requests/0123456789abcdef01234567/done"],
    ] as const) {
      const res = await send(api, method, path, method === "POST" ? { json: { email: "a@b.co" } } : {});
      expect(res.status, `${method} ${path}`).toBe(401);
    }
    expect(await rowCount(api, "privacy_requests")).toBe(0);
    const none = await send(api, "GET", "/api/privacy/person", { cookie });
    expect(await statusAndText(none)).toEqual({ status: 400, text: "Give an e-mail address or a phone number" });
  });

  it("keeps a request register with a 30-day due date; an overdue request says so", async () => {
    const late = await send(api, "POST", "/api/privacy/requests", {
      cookie,
      json: { kind: "access", subject: "+2348030000000", receivedOn: "2026-01-05" },
    });
    expect(await late.json()).toMatchObject({ receivedOn: "2026-01-05", dueOn: "2026-02-04", overdue: true });
    const bad = await send(api, "POST", "/api/privacy/requests", {
      cookie,
      json: { kind: "gossip", subject: "x", receivedOn: "2026-01-05" },
    });
    expect(bad.status).toBe(400);
    const future = await send(api, "POST", "/api/privacy/requests", {
      cookie,
      json: { kind: "access", subject: "x", receivedOn: "2999-01-05" },
    });
    expect(await statusAndText(future)).toEqual({ status: 400, text: expect.stringContaining("not in the future") });
  });
});
