import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { formatCertificateNumber } from "@domain/certificates";

import {
  type Api,
  createStaff,
  insertCourse,
  loginCookie,
  mailQueueDrained,
  minutesAgo,
  readOutbox,
  send,
  signedInStaff,
  startApi,
} from "./harness";

// Certificates (docs/decisions/058-certificates-and-their-public-check.md, 059): completion of
// enrolled applicants, issue with the PDF mailed through the outbox, the public check, revocation,
// the signed credential and its published key, the per-address limit on checks.
const keyDir = fs.mkdtempSync(path.join(os.tmpdir(), "academy-credential-"));
let api: Api;
let cookie: string;
let staffId: string;
beforeAll(async () => {
  // The real allowances (factor 1): the limit on checks is part of the contract.
  api = await startApi({ rateLimitFactor: 1, env: { CREDENTIAL_KEY_FILE: path.join(keyDir, "signing.pem") } });
  ({ cookie, id: staffId } = await signedInStaff(api));
});
afterAll(async () => {
  await api.close();
  fs.rmSync(keyDir, { recursive: true, force: true });
});
beforeEach(async () => {
  for (const table of ["certificates", "completions", "mail_attachments", "credential_keys", "applicants"])
    await sql`delete from ${sql.table(table)}`.execute(api.db);
  await (await import("../../api/limits")).clearLimits();
});

let n = 0;
async function applicant(status: "enrolled" | "paid" = "enrolled", course = "Hair Styling", firstname = "Adaeze") {
  n += 1;
  const id = `c${String(n).padStart(23, "0")}`;
  await api.db
    .insertInto("applicants")
    .values({
      id,
      firstname,
      lastname: "Okafor",
      gender: "Female",
      dob: "2000-01-01",
      email: `graduate${n}@example.com`,
      phone: "08031234567",
      street: "1 Broad St",
      city: "Lagos",
      state: "lagos",
      postal_code: "100001",
      course_title: course,
      course_type: "Physical",
      id_cards: "[]",
      parent_consent: "No",
      school_name: "Queens College",
      graduation_year: 2018,
      highest_education: "ssce",
      emergency_fullname: "Ngozi Okafor",
      emergency_relationship: "Parent",
      emergency_phone: "08037654321",
      reg_terms: 1,
      reg_privacy: 1,
      created_at: minutesAgo(1000 - n),
      status,
    })
    .execute();
  return id;
}

const post = (p: string, json: unknown, as = cookie) => send(api, "POST", p, { cookie: as, json });
const complete = (json: unknown, as = cookie) => post("/api/certificates/complete", json, as);
const issue = (json: unknown, as = cookie) => post("/api/certificates/issue", json, as);
const checkNumber = (number: string) => send(api, "GET", `/api/certificates/check/${encodeURIComponent(number)}`);
type Attachment = { filename: string; contentType: string; content: string; encoding?: string };
type OutboxMail = { to: { address: string }[]; subject: string; text: string; attachments?: Attachment[] };

describe("completing and issuing", () => {
  it("works on one intake of a course: its students listed, completed and issued, the intake kept on both", async () => {
    const january = "a1a1a1a1a1a1a1a1a1a1a1a1";
    const march = "b2b2b2b2b2b2b2b2b2b2b2b2";
    const first = await applicant();
    const second = await applicant();
    await api.db.updateTable("applicants").set({ intake_id: january }).where("id", "=", first).execute();
    await api.db.updateTable("applicants").set({ intake_id: march }).where("id", "=", second).execute();
    const listed = async (intake: string) =>
      (
        (await (
          await send(api, "GET", `/api/certificates/graduates?course=Hair%20Styling&intake=${intake}`, { cookie })
        ).json()) as { applicantId: string }[]
      ).map((g) => g.applicantId);
    expect(await listed(january)).toEqual([first]);
    expect(await listed("")).toEqual([first, second]);
    expect(
      (await send(api, "GET", "/api/certificates/graduates?course=Hair%20Styling&intake=x", { cookie })).status,
    ).toBe(400);

    const done = await complete({ course: "Hair Styling", intake: january, all: true, completedOn: "2026-11-20" });
    expect(await done.json()).toEqual({ completed: 1 });
    const completions = await api.db.selectFrom("completions").select(["applicant_id", "intake_id"]).execute();
    expect(completions).toEqual([{ applicant_id: first, intake_id: january }]);
    await complete({ applicantIds: [second], completedOn: "2026-11-21" });
    const issued = await issue({ course: "Hair Styling", intake: january, all: true });
    expect((await issued.json()) as { issued: string[] }).toMatchObject({ issued: [expect.any(String)] });
    const certificates = await api.db.selectFrom("certificates").select(["applicant_id", "intake_id"]).execute();
    expect(certificates).toEqual([{ applicant_id: first, intake_id: january }]);
  });

  it("completes an enrolled applicant, issues the certificate and mails its PDF with the check link", async () => {
    const id = await applicant();
    const done = await complete({ applicantIds: [id], completedOn: "2026-11-20", grade: "Distinction" });
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ completed: 1 });

    const res = await issue({ items: [{ applicantId: id, holderName: "Adaeze Ọlá Okafor" }] });
    expect(res.status).toBe(200);
    const { issued } = (await res.json()) as { issued: string[] };
    expect(issued).toHaveLength(1);
    const number = issued[0];
    expect(number).toMatch(/^[0-9A-HJKMNP-TV-Z]{13}$/);

    const row = await api.db
      .selectFrom("certificates")
      .selectAll()
      .where("number", "=", number)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      applicant_id: id,
      holder_name: "Adaeze Ọlá Okafor",
      course_title: "Hair Styling",
      completed_on: "2026-11-20",
      grade: "Distinction",
      issued_by: staffId,
      issued_by_name: "Test Staff",
      revoked_at: null,
    });

    await mailQueueDrained(api);
    const mail = (readOutbox(api) as unknown as OutboxMail[]).find(
      (m) => m.to[0].address === "graduate" + String(n) + "@example.com",
    )!;
    expect(mail.subject).toContain("Hair Styling");
    const link = `http://localhost:3000/verify/${formatCertificateNumber(number)}`;
    expect(mail.text).toContain(link);
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments![0]).toMatchObject({
      filename: `certificate-${number}.pdf`,
      contentType: "application/pdf",
    });
    const pdf = Buffer.from(mail.attachments![0].content, "base64");
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const file = path.join(api.dataDir, "certificate.pdf");
    fs.writeFileSync(file, pdf);
    const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
    // The standard fonts print Ọ without its dot; the check page keeps the name exactly.
    expect(text).toContain("Adaeze Olá Okafor");
    expect(text).toContain("Hair Styling");
    expect(text).toContain(formatCertificateNumber(number));
    expect(text).toContain("Distinction");
    expect(execFileSync("pdfinfo", [file], { encoding: "utf8" })).toMatch(/Page size:\s+841\.89 x 595\.28 pts/);
    // Once sent, the mail's file is gone from the database.
    expect(await api.db.selectFrom("mail_attachments").selectAll().execute()).toEqual([]);
    const logged = await api.db.selectFrom("security_log").selectAll().where("subject_id", "=", number).execute();
    expect(logged.map((l) => l.event)).toEqual(["certificate.issued"]);
  });

  it("completes only enrolled applicants, and issues only to completed ones, once", async () => {
    const enrolled = await applicant();
    const paid = await applicant("paid");
    expect(await (await complete({ applicantIds: [enrolled, paid], completedOn: "2026-11-20" })).json()).toEqual({
      completed: 1,
    });
    const notCompleted = await applicant();
    const first = (await (
      await issue({ items: [{ applicantId: enrolled }, { applicantId: paid }, { applicantId: notCompleted }] })
    ).json()) as { issued: string[] };
    expect(first.issued).toHaveLength(1);
    const again = (await (await issue({ items: [{ applicantId: enrolled }] })).json()) as { issued: string[] };
    expect(again.issued).toEqual([]);
    const rows = await api.db.selectFrom("certificates").select(["applicant_id", "holder_name"]).execute();
    expect(rows).toEqual([{ applicant_id: enrolled, holder_name: "Adaeze Okafor" }]);
    // A certified completion is not changed under its certificate.
    expect(await (await complete({ applicantIds: [enrolled], completedOn: "2026-11-21" })).json()).toEqual({
      completed: 0,
    });
  });

  it("completes and issues a whole course at once, and lists its graduates", async () => {
    const ids = [await applicant(), await applicant(), await applicant()];
    await applicant("enrolled", "Makeup Artistry");
    expect(await (await complete({ course: "Hair Styling", all: true, completedOn: "2026-11-19" })).json()).toEqual({
      completed: 3,
    });
    const { issued } = (await (await issue({ course: "Hair Styling", all: true })).json()) as { issued: string[] };
    expect(issued).toHaveLength(3);
    expect(new Set(issued).size).toBe(3);
    const list = (await (
      await send(api, "GET", "/api/certificates/graduates?course=Hair%20Styling", { cookie })
    ).json()) as {
      applicantId: string;
      completion: unknown;
      certificate: { number: string } | null;
    }[];
    expect(list.map((g) => g.applicantId)).toEqual(ids);
    expect(list.every((g) => g.completion && g.certificate)).toBe(true);
    await mailQueueDrained(api);
    expect(
      (readOutbox(api) as unknown as OutboxMail[]).filter((m) => m.attachments?.length).length,
    ).toBeGreaterThanOrEqual(3);
  });

  it("refuses a completion before the intake's first day unless a reason is given, then keeps and logs it", async () => {
    const intakeId = "d4d4d4d4d4d4d4d4d4d4d4d4";
    await sql`delete from intakes`.execute(api.db);
    await sql`delete from security_log`.execute(api.db);
    const course = await insertCourse(api, "Hair Styling");
    await api.db
      .insertInto("intakes")
      .values({
        id: intakeId,
        course_id: course.id,
        start_date: "2026-11-01",
        end_date: null,
        duration: "3 months",
        schedule_kind: "weekday",
        schedule: "Mon–Fri",
        campus: "Yaba",
        seats: 10,
        opens_on: "2026-09-01",
        closes_on: "2026-10-31",
        course_types: '["Physical"]',
        fee_kobo: 0,
        instalments: null,
        status: "open",
        created_at: minutesAgo(100),
        updated_at: minutesAgo(100),
        created_by: null,
        updated_by: null,
      })
      .execute();
    const id = await applicant();
    const other = await applicant();
    await api.db.updateTable("applicants").set({ intake_id: intakeId }).where("id", "=", id).execute();

    // The day before the intake starts: refused with the intake's day, and nothing stored.
    const refused = await complete({ applicantIds: [id, other], completedOn: "2026-10-31", grade: "Merit" });
    expect(refused.status).toBe(409);
    expect(refused.headers.get("x-refusal")).toBe("before-start");
    expect(await refused.text()).toContain("starts on 1 Nov 2026");
    expect(await api.db.selectFrom("completions").selectAll().execute()).toEqual([]);
    // A reason that is no reason is refused as such.
    expect((await complete({ applicantIds: [id], completedOn: "2026-10-31", earlyReason: "x" })).status).toBe(400);
    expect((await complete({ applicantIds: [id], completedOn: "2026-10-31", earlyReason: "a\nb c" })).status).toBe(400);
    expect(await api.db.selectFrom("completions").selectAll().execute()).toEqual([]);

    // With a reason: both completed, the reason kept on the early one only, the move logged without the words.
    const reason = "Finished early by arrangement with the tutor";
    const done = await complete({
      applicantIds: [id, other],
      completedOn: "2026-10-31",
      grade: "Merit",
      earlyReason: reason,
    });
    expect(await done.json()).toEqual({ completed: 2 });
    const rows = await api.db.selectFrom("completions").select(["applicant_id", "early_reason"]).execute();
    expect(rows.sort((a, b) => a.applicant_id.localeCompare(b.applicant_id))).toEqual([
      { applicant_id: id, early_reason: reason },
      { applicant_id: other, early_reason: null },
    ]);
    const logged = await api.db
      .selectFrom("security_log")
      .select(["event", "actor_id", "subject_id", "reason"])
      .where("event", "=", "completion.before_start")
      .execute();
    expect(logged).toEqual([
      {
        event: "completion.before_start",
        actor_id: staffId,
        subject_id: `applicant:${id}`,
        reason: "completed 2026-10-31, intake starts 2026-11-01",
      },
    ]);
    // The graduates' list carries the intake's first day and the reason, for the staff page.
    const listed = (await (
      await send(api, "GET", "/api/certificates/graduates?course=Hair%20Styling", { cookie })
    ).json()) as { applicantId: string; intakeStart: string | null; completion: { earlyReason: string | null } }[];
    expect(listed.find((g) => g.applicantId === id)).toMatchObject({
      intakeStart: "2026-11-01",
      completion: { earlyReason: reason },
    });

    // On or after the first day, no reason is asked for.
    await sql`delete from completions`.execute(api.db);
    expect((await complete({ applicantIds: [id], completedOn: "2026-11-01" })).status).toBe(200);
  });

  it("refuses a bad form with the field's message, and changes nothing", async () => {
    const id = await applicant();
    const future = await complete({ applicantIds: [id], completedOn: "2999-01-01" });
    expect({ status: future.status, text: await future.text() }).toEqual({
      status: 400,
      text: "Give the day the course was completed (not in the future)",
    });
    await complete({ applicantIds: [id], completedOn: "2026-11-20" });
    const badName = await issue({ items: [{ applicantId: id, holderName: "Ada\nEvil" }] });
    expect({ status: badName.status, text: await badName.text() }).toEqual({
      status: 400,
      text: "Give the name to print on the certificate",
    });
    expect(await api.db.selectFrom("certificates").selectAll().execute()).toEqual([]);
    expect((await issue({ items: [] })).status).toBe(400);
  });

  it("is refused to an Editor and to a visitor", async () => {
    const editor = await createStaff(api, "editor@certificates.test", undefined, { role: "editor", twoFactor: false });
    const editorCookie = await loginCookie(api, editor.email, editor.password);
    const id = await applicant();
    expect((await complete({ applicantIds: [id], completedOn: "2026-11-20" }, editorCookie)).status).toBe(403);
    expect((await complete({ applicantIds: [id], completedOn: "2026-11-20" }, "")).status).toBe(401);
    expect(await api.db.selectFrom("completions").selectAll().execute()).toEqual([]);
  });
});

async function issuedNumber(holderName = "Adaeze Okafor", grade?: string) {
  const id = await applicant();
  await complete({ applicantIds: [id], completedOn: "2026-11-20", grade });
  const { issued } = (await (await issue({ items: [{ applicantId: id, holderName }] })).json()) as { issued: string[] };
  return issued[0];
}

describe("the public check", () => {
  it("answers valid with every fact the certificate prints, the grade included, however the number is typed", async () => {
    const number = await issuedNumber("Adaeze Okafor", "Distinction");
    const typed = formatCertificateNumber(number).toLowerCase().replace(/0/g, "o");
    const res = await checkNumber(typed);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toEqual({
      state: "valid",
      number,
      holderName: "Adaeze Okafor",
      courseTitle: "Hair Styling",
      completedOn: "2026-11-20",
      grade: "Distinction",
      issuedByName: "Test Staff",
    });
    // Without a grade the check says none was printed (null), so one added by hand is contradicted.
    const plain = await issuedNumber();
    expect(await (await checkNumber(plain)).json()).toMatchObject({ state: "valid", grade: null });
  });

  it("answers the same for an unknown number, a near miss and nonsense", async () => {
    const number = await issuedNumber();
    // One character changed: the check character no longer matches; and the check character fixed up.
    const { certificateCheckChar } = await import("@domain/certificates");
    const changed = (number[0] === "2" ? "3" : "2") + number.slice(1, 12);
    for (const typed of [changed + number[12], changed + certificateCheckChar(changed), "NOT-A-NUMBER", "0000"]) {
      const res = await checkNumber(typed);
      expect({ typed, status: res.status, body: await res.json() }).toEqual({
        typed,
        status: 200,
        body: { state: "unknown" },
      });
    }
  });

  it("says revoked with the day and category once staff revoke it, and logs who did", async () => {
    const number = await issuedNumber();
    const res = await post(`/api/certificates/${formatCertificateNumber(number)}/revoke`, {
      reason: "issued-in-error",
    });
    expect(res.status).toBe(200);
    const body = (await (await checkNumber(number)).json()) as Record<string, unknown>;
    expect(body).toMatchObject({ state: "revoked", number, reason: "issued-in-error" });
    expect(body).not.toHaveProperty("holderName");
    expect(String(body.revokedOn).slice(0, 10)).toBe(new Date().toISOString().slice(0, 10));
    const again = await post(`/api/certificates/${number}/revoke`, { reason: "misconduct" });
    expect(again.status).toBe(404);
    const bad = await post(`/api/certificates/${number}/revoke`, { reason: "because" });
    expect({ status: bad.status, text: await bad.text() }).toEqual({
      status: 400,
      text: "Choose why the certificate is revoked",
    });
    const logged = await api.db
      .selectFrom("security_log")
      .select(["event", "actor_id", "reason"])
      .where("subject_id", "=", number)
      .where("event", "=", "certificate.revoked")
      .execute();
    expect(logged).toEqual([{ event: "certificate.revoked", actor_id: staffId, reason: "issued-in-error" }]);
  });

  it("lets one address check 10 numbers a minute, and tells the 11th to wait", async () => {
    const number = await issuedNumber();
    for (let i = 0; i < 10; i++) expect((await checkNumber(i % 2 ? number : "UNKNOWN")).status).toBe(200);
    const limited = await checkNumber(number);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(limited.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    expect(await limited.text()).toMatch(
      /^You have checked many certificates from this address in a short time\. Please wait \d+ seconds and try again\.$/,
    );
  });
});

describe("the signed credential", () => {
  it("is not offered before a key is made, then checks with the published key and fails when changed", async () => {
    const number = await issuedNumber("Chiamaka Eze");
    const before = await send(api, "GET", `/api/certificates/credential/${number}`);
    expect(before.status).toBe(503);

    const { rotateCredentialKey, verifyCredential } = await import("../../api/lib/credential");
    const first = await rotateCredentialKey(api.db);
    expect(fs.statSync(path.join(keyDir, "signing.pem")).mode & 0o777).toBe(0o600);
    const res = await send(api, "GET", `/api/certificates/credential/${number}`);
    expect(res.status).toBe(200);
    const credential = (await res.json()) as Record<string, unknown> & {
      credentialSubject: { identifier: { identityHash: string }[] };
    };
    expect(credential.type).toEqual(["VerifiableCredential", "OpenBadgeCredential"]);
    expect(credential.credentialSubject.identifier[0].identityHash).toBe("Chiamaka Eze");
    const jwks = (await (await send(api, "GET", "/api/credential-keys")).json()) as {
      keys: { kid: string; x: string }[];
    };
    expect(jwks.keys.map((k) => k.kid)).toEqual([first.kid]);
    expect(JSON.stringify(jwks)).not.toMatch(/"d"/);
    expect(verifyCredential(credential, jwks as never)).toBe(true);
    const tampered = JSON.parse(JSON.stringify(credential).replace("Chiamaka Eze", "Chiamaka Ezf"));
    expect(verifyCredential(tampered, jwks as never)).toBe(false);

    // After a rotation the old credential still checks (its key stays published, retired).
    const second = await rotateCredentialKey(api.db);
    const rotated = (await (await send(api, "GET", "/api/credential-keys")).json()) as { keys: { kid: string }[] };
    expect(rotated.keys.map((k) => k.kid).sort()).toEqual([first.kid, second.kid].sort());
    expect(verifyCredential(credential, rotated as never)).toBe(true);
    // The private key is nowhere in the database.
    const stored = await api.db.selectFrom("credential_keys").selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain("PRIVATE");
    expect(stored.every((k) => !("d" in JSON.parse(k.public_jwk)))).toBe(true);

    await post(`/api/certificates/${number}/revoke`, { reason: "holder-request" });
    expect((await send(api, "GET", `/api/certificates/credential/${number}`)).status).toBe(404);
  });
});

describe("a graduate's rights", () => {
  it("finds and exports the person's certificates, and erasing the person removes them", async () => {
    const number = await issuedNumber("Tobi Adeyemi");
    const email = `graduate${n}@example.com`;
    const found = (await (
      await send(api, "GET", `/api/privacy/person?email=${encodeURIComponent(email)}`, { cookie })
    ).json()) as {
      certificates: { number: string; holder_name: string; course_title: string }[];
      completions: { completed_on: string }[];
    };
    expect(found.certificates).toMatchObject([
      { number: formatCertificateNumber(number), holder_name: "Tobi Adeyemi", course_title: "Hair Styling" },
    ]);
    expect(found.completions).toMatchObject([{ completed_on: "2026-11-20" }]);
    const { strFromU8, unzipSync } = await import("fflate");
    const res = await send(api, "GET", `/api/privacy/person/export?email=${encodeURIComponent(email)}`, { cookie });
    expect(res.status).toBe(200);
    const zip = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(strFromU8(zip["certificates.csv"])).toContain(formatCertificateNumber(number));
    expect(JSON.parse(strFromU8(zip["person.json"])).certificates[0].holder_name).toBe("Tobi Adeyemi");

    const erased = await send(api, "POST", "/api/privacy/person/erase", { cookie, json: { email } });
    expect(erased.status).toBe(200);
    expect(await api.db.selectFrom("certificates").selectAll().execute()).toEqual([]);
    expect(await api.db.selectFrom("completions").selectAll().execute()).toEqual([]);
    expect(await (await checkNumber(number)).json()).toEqual({ state: "unknown" });
  });
});
