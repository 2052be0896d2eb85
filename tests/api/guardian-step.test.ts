import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { lagosDay } from "@domain/consent";

import { validApplicant } from "../fixtures/registration";
import {
  type Api,
  fileOf,
  mailArrived,
  mailsSent,
  mailsSoFar,
  pdfBytes,
  send,
  signedInStaff,
  startApi,
  statusAndText,
  uploadTokenHeader,
  waitForMail,
} from "./harness";

// The guardian's step both ways (docs/decisions/065-the-guardians-step-both-ways.md): the applicant's
// status link shows to whom the guardian's link went (masked), sends it again or to a corrected
// address; the guardian's own link refuses as well as confirms, and admissions hear of a refusal.

let api: Api;
let cookie: string;
let courseId: string;
beforeAll(async () => {
  // The real allowances (four registrations from one phone: under its five a day).
  api = await startApi({ rateLimitFactor: 1 });
  ({ cookie } = await signedInStaff(api));
  const res = await send(api, "POST", "/api/courses", { cookie, json: { title: "Hair Styling", tutors: "Staff" } });
  courseId = ((await res.json()) as { _id: string })._id;
});
afterAll(() => api.close());
beforeEach(async () => {
  for (const table of ["application_links", "applicant_mails", "private_files", "applicants", "mail_outbox"])
    await sql`delete from ${sql.table(table)}`.execute(api.db);
});

/** 17 today in Lagos. */
function minorDob() {
  const [y, m, d] = lagosDay().split("-").map(Number);
  return new Date(Date.UTC(y - 17, m - 1, d)).toISOString().slice(0, 10);
}

/** A new address per run: the per-recipient mail allowance outlives a test. */
const unique = (name: string) =>
  `${name}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@gmail.com`;

async function registerMinor(guardianEmail: string) {
  const form = new FormData();
  form.set("group", "idCards");
  form.append("file", fileOf(pdfBytes(), "nin.pdf"));
  const up = await send(api, "POST", "/api/applicant/files", {
    multipart: form,
    headers: await uploadTokenHeader(api),
  });
  const file = ((await up.json()) as { public_id: string }[])[0].public_id;
  const res = await send(api, "POST", "/api/applicant", {
    form: {
      ...validApplicant,
      // Its own address each time: the applicant's confirmation has the same three a day.
      email: unique("applicant"),
      courseId,
      files: file,
      dob: minorDob(),
      guardianName: "Ngozi Eze",
      guardianRelationship: "Mother",
      guardianPhone: "+2348099990000",
      guardianEmail,
      guardianConsent: "on",
    },
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { _id: string; reference: string; statusToken: string };
}

const guardianTokenIn = (text: string) =>
  new URL(text.match(/https?:\/\/\S+\/guardian\/confirm\?token=\S+/)![0]).searchParams.get("token")!;

/**
 * The newest mail to `address`, once at least `count` mails are in the outbox and one of them is
 * to it: a mail queued by an earlier test can land late and make up the count before this one.
 */
async function lastMailTo(address: string, count: number, timeoutMs = 5000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const mails = await waitForMail(api, count, timeoutMs);
    const mail = mails.filter((m) => JSON.stringify(m.to).includes(address)).at(-1);
    if (mail) return mail;
    if (Date.now() > until) throw new Error(`no mail to ${address} among ${mails.length}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe("the guardian's step on the applicant's status page", () => {
  it("says to whom the link went, masked, and sends it again: the old link stops, the new one confirms", async () => {
    const address = unique("ngozi");
    const before = await mailsSoFar(api);
    const { statusToken, reference } = await registerMinor(address);
    const first = guardianTokenIn((await lastMailTo(address, before + 3)).text);

    const status = await (await send(api, "GET", `/api/application/${statusToken}`)).json();
    expect(status.guardian).toEqual({
      to: "n•••@gmail.com",
      sentAt: expect.any(String),
      confirmedAt: null,
      refusedAt: null,
    });
    expect(JSON.stringify(status)).not.toContain(address);

    const again = await send(api, "POST", `/api/application/${statusToken}/guardian/resend`, { json: {} });
    expect(again.status).toBe(200);
    const resent = await lastMailTo(address, before + 4);
    expect(resent.text).toContain(reference);
    expect(resent.text).toMatch(/^Dear Ngozi Eze,/);
    expect(resent.text).toContain("I do not consent");
    const second = guardianTokenIn(resent.text);
    expect(second).not.toBe(first);
    expect((await send(api, "POST", "/api/guardian/preview", { json: { token: first } })).status).toBe(404);
    expect((await send(api, "POST", "/api/guardian/confirm", { json: { token: second } })).status).toBe(200);

    const after = await (await send(api, "GET", `/api/application/${statusToken}`)).json();
    expect(after.guardian.confirmedAt).toEqual(expect.any(String));
    // Answered: nothing more to send.
    const late = await send(api, "POST", `/api/application/${statusToken}/guardian/resend`, { json: {} });
    expect(late.status).toBe(409);
  });

  it("corrects the guardian's address and mails the new one; a bad address or an unknown link changes nothing", async () => {
    const wrong = unique("typo");
    const right = unique("ada");
    const before = await mailsSoFar(api);
    const { _id, statusToken } = await registerMinor(wrong);
    await waitForMail(api, before + 3);

    const bad = await send(api, "POST", `/api/application/${statusToken}/guardian/email`, { json: { email: "ada@" } });
    expect(await statusAndText(bad)).toEqual({ status: 400, text: expect.stringContaining("valid e-mail") });
    const unknown = await send(api, "POST", `/api/application/${"x".repeat(43)}/guardian/email`, {
      json: { email: right },
    });
    expect(unknown.status).toBe(404);

    const fixed = await send(api, "POST", `/api/application/${statusToken}/guardian/email`, { json: { email: right } });
    expect(fixed.status).toBe(200);
    expect((await fixed.json()).guardian.to).toBe("a•••@gmail.com");
    const mail = await lastMailTo(right, before + 4);
    expect(guardianTokenIn(mail.text)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await api.db.selectFrom("applicants").selectAll().where("id", "=", _id).executeTakeFirstOrThrow();
    expect(row.guardian_email).toBe(right);
    // Staff see where it went.
    const mails = await api.db.selectFrom("applicant_mails").selectAll().where("applicant_id", "=", _id).execute();
    expect(mails.map((m) => m.recipient)).toContain(right);
  });

  it("is limited per status link", async () => {
    const { statusToken } = await registerMinor(unique("limit"));
    const answers: number[] = [];
    for (let i = 0; i < 7; i++)
      answers.push(
        (await send(api, "POST", `/api/application/${statusToken}/guardian/email`, { json: { email: unique("g") } }))
          .status,
      );
    expect(answers.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.slice(5)).toEqual([429, 429]);
  });
});

describe("the guardian refuses", () => {
  it("records the time once, tells admissions with Reply-To the guardian, and the status page says so", async () => {
    const address = unique("refuser");
    const before = await mailsSoFar(api);
    const { statusToken, reference } = await registerMinor(address);
    const token = guardianTokenIn((await lastMailTo(address, before + 3)).text);

    const refused = await send(api, "POST", "/api/guardian/refuse", { json: { token } });
    expect(refused.status).toBe(200);
    const { refusedAt } = (await refused.json()) as { refusedAt: string };
    expect(Date.now() - Date.parse(refusedAt)).toBeLessThan(60_000);
    const told = await mailArrived(api, { subject: new RegExp(`Guardian does not consent: ${reference}`) });
    expect(JSON.stringify(told.to)).toContain("admissions@academy.local");
    expect(JSON.stringify(told.replyTo)).toContain(address);

    // Pressed again: the same time, no second mail.
    const again = await send(api, "POST", "/api/guardian/refuse", { json: { token } });
    expect(((await again.json()) as { refusedAt: string }).refusedAt).toBe(refusedAt);
    // Counted by its subject, not by the outbox's size: an earlier test's mail may still be landing.
    expect(await mailsSent(api, { subject: new RegExp(`Guardian does not consent: ${reference}`) })).toHaveLength(1);

    const status = await (await send(api, "GET", `/api/application/${statusToken}`)).json();
    expect(status.guardian).toMatchObject({ refusedAt, confirmedAt: null });
    // A refusal stands: the confirm button no longer turns it round.
    expect((await send(api, "POST", "/api/guardian/confirm", { json: { token } })).status).toBe(409);
    expect((await send(api, "POST", `/api/application/${statusToken}/guardian/resend`, { json: {} })).status).toBe(409);
    const preview = await (await send(api, "POST", "/api/guardian/preview", { json: { token } })).json();
    expect(preview).toMatchObject({ reference, refusedAt, confirmedAt: null });
  });

  it("answers an unknown or malformed link the same way, and records nothing", async () => {
    expect((await send(api, "POST", "/api/guardian/refuse", { json: { token: "y".repeat(43) } })).status).toBe(404);
    expect((await send(api, "POST", "/api/guardian/refuse", { json: { token: "short" } })).status).toBe(400);
  });
});
