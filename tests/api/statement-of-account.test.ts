import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { dayWords } from "@domain/intakes";

import { dayFromToday, intakeJson } from "../fixtures/intake";
import { type FakePaystack, startPaystack } from "../support/paystack";
import {
  type Api,
  insertApplicantWithLink,
  mailArrived,
  mailsSent,
  type Send,
  send,
  signedInStaff,
  startApi,
} from "./harness";

// An application's statement of account (docs/decisions/093-paid-means-nothing-is-owed.md): a
// ₦150,000 course fee in two ₦75,000 instalments, and the registration fee paid online. The
// status answer says what is due next, the receipt and the enrolled mail say what is still owed,
// the class list counts the online payment and says what is owed, and staff confirm before they
// enrol, mark completed or certify someone who owes.

const SECRET = `sk_test_${"9a7c3e5b1d".repeat(4)}`;
const REGISTRATION = 2_000_000; // the settings' default ₦20,000
const first = dayFromToday(30);
const second = dayFromToday(90);

let paystack: FakePaystack;
let api: Api;
let admin: string;
let courseId: string;
let intakeId: string;

const call = (method: string, path: string, options: Send = {}) => send(api, method, path, options);

beforeAll(async () => {
  paystack = await startPaystack({ secretKey: SECRET });
  api = await startApi({ env: { PAYSTACK_SECRET_KEY: SECRET, PAYSTACK_BASE_URL: paystack.base } });
  paystack.setWebhookUrl(api.url("/api/payments/paystack/webhook"));
  ({ cookie: admin } = await signedInStaff(api));
  const course = await call("POST", "/api/courses", {
    cookie: admin,
    json: { title: "Cosmetology", tutors: "Staff", courseTypes: ["Full Course"] },
  });
  expect(course.status).toBe(201);
  courseId = ((await course.json()) as { _id: string })._id;
  const intake = await call("POST", `/api/courses/${courseId}/intakes`, {
    cookie: admin,
    json: intakeJson({
      fee: 150_000,
      instalments: [
        { amount: 75_000, dueOn: first },
        { amount: 75_000, dueOn: second },
      ],
    }),
  });
  expect(intake.status, await intake.clone().text()).toBe(201);
  intakeId = ((await intake.json()) as { _id: string })._id;
});
afterAll(async () => {
  await paystack.close();
  await api.close();
});

let counter = 0;
const applicant = (status: string) =>
  insertApplicantWithLink(api, {
    firstname: "Funmi",
    lastname: "Adeyemi",
    dob: "2002-03-04",
    email: `funmi${++counter}@example.com`,
    street: "3 Allen Avenue",
    city: "Lagos",
    course_title: "Cosmetology",
    id_cards: "[]",
    parent_consent: "",
    highest_education: "",
    emergency_fullname: "Bola Adeyemi",
    emergency_phone: "+2348031234568",
    status: status as "new",
    intake_id: intakeId,
    intake_seat: 1,
  });

type Money = { kobo: number; text: string };
type StatementAnswer = {
  settled: boolean;
  owed: Money;
  registration: { owed: Money };
  course: { owed: Money; next: (Money & { n: number | null; dueOn: string }) | null } | null;
  dueNext: (Money & { what: string; n: number | null; of: number | null; dueOn: string | null }) | null;
  words: string;
};
const statementOf = async (token: string) => {
  const res = await call("GET", `/api/application/${token}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { statement: StatementAnswer }).statement;
};
const rosterRow = async (id: string) => {
  const res = await call("GET", `/api/intakes/${intakeId}/roster`, { cookie: admin });
  expect(res.status).toBe(200);
  const { applicants } = (await res.json()) as { applicants: { _id: string; statement: StatementAnswer }[] };
  return applicants.find((a) => a._id === id)!.statement;
};

async function payOnline(token: string, path: string, json?: Record<string, unknown>) {
  const res = await call("POST", `/api/application/${token}/payments/${path}`, json ? { json } : {});
  expect(res.status, await res.clone().text()).toBe(201);
  const { reference } = (await res.json()) as { reference: string };
  paystack.complete(reference, "success");
  const verified = await call("POST", `/api/application/${token}/payments/${encodeURIComponent(reference)}/verify`);
  expect(await verified.json()).toEqual({ status: "paid" });
  await paystack.settled();
}

const owedAfterRegistration = `Still owed: ₦150,000. Next: instalment 1 of 2, ₦75,000, due ${dayWords(first)}.`;

describe("a ₦150,000 course fee in two ₦75,000 instalments", () => {
  it("is what the status answer says is due, before and after the registration fee, and the receipt says what is still owed", async () => {
    const { id, token, email } = await applicant("accepted");
    const before = await statementOf(token);
    expect(before.settled).toBe(false);
    expect(before.owed.kobo).toBe(REGISTRATION + 15_000_000);
    expect(before.dueNext).toMatchObject({ what: "registration", kobo: REGISTRATION });
    // The course fee's own transfer box asks for its first instalment, not the registration fee.
    expect(before.course!.next).toMatchObject({ n: 1, kobo: 7_500_000, text: "₦75,000", dueOn: first });

    await payOnline(token, "paystack");
    const after = await statementOf(token);
    expect(after.settled).toBe(false);
    expect(after.registration.owed.kobo).toBe(0);
    expect(after.owed).toEqual({ kobo: 15_000_000, text: "₦150,000" });
    expect(after.dueNext).toMatchObject({ what: "course", kobo: 7_500_000, n: 1, of: 2, dueOn: first });
    expect(after.words).toBe(owedAfterRegistration);

    const receipt = await mailArrived(api, { to: email, subject: /^Payment received/ });
    expect(receipt.text).toContain(owedAfterRegistration);

    // The class list counts the online payment and says what is owed.
    const row = await rosterRow(id);
    expect(row.registration.owed.kobo).toBe(0);
    expect(row.owed.kobo).toBe(15_000_000);
    expect(row.dueNext).toMatchObject({ n: 1, kobo: 7_500_000 });

    // The first instalment online: its receipt names the second.
    await payOnline(token, "course-fee", { pay: "instalment", instalment: 1 });
    const receipts = await mailsSent(api, { to: email, subject: /^Payment received/ });
    const instalmentReceipt = receipts.find((m) => m.text.includes("Course fee, instalment 1 of 2"));
    expect(instalmentReceipt?.text).toContain(
      `Still owed: ₦75,000. Next: instalment 2 of 2, ₦75,000, due ${dayWords(second)}.`,
    );
    await payOnline(token, "course-fee", { pay: "whole" });
    const paidUp = await statementOf(token);
    expect(paidUp).toMatchObject({ settled: true, dueNext: null, owed: { kobo: 0 } });
    expect((await rosterRow(id)).settled).toBe(true);
  });

  it("is not enrolled without staff confirming what is owed, and the enrolled mail says it", async () => {
    const { id, token, email } = await applicant("accepted");
    await payOnline(token, "paystack");
    const refused = await call("PATCH", `/api/applicants/${id}/status`, {
      cookie: admin,
      json: { status: "enrolled" },
    });
    expect(refused.status).toBe(409);
    expect(refused.headers.get("x-refusal")).toBe("fees-owed");
    expect(await refused.text()).toBe(`${owedAfterRegistration} Confirm to enrol anyway.`);
    const row = await api.db.selectFrom("applicants").select("status").where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.status).toBe("paid");

    // A form's button confirms as JSON's true does.
    const enrolled = await call("PATCH", `/api/applicants/${id}/status`, {
      cookie: admin,
      form: { status: "enrolled", confirmOwed: "yes" },
    });
    expect(enrolled.status, await enrolled.clone().text()).toBe(200);
    const mail = await mailArrived(api, { to: email, subject: /^You are enrolled/ });
    expect(mail.text).toContain(owedAfterRegistration);

    // Marking completed and certifying ask the same. The intake has not started, so completing
    // today comes with its reason (docs/decisions/098); the fees are asked about all the same.
    const completedOn = dayFromToday(0);
    const earlyReason = "Finished early by arrangement";
    const complete = await call("POST", "/api/certificates/complete", {
      cookie: admin,
      json: { applicantIds: [id], completedOn, earlyReason },
    });
    expect(complete.status).toBe(409);
    expect(await complete.text()).toContain("Confirm to mark completed anyway.");
    expect(await api.db.selectFrom("completions").selectAll().where("applicant_id", "=", id).execute()).toEqual([]);
    const confirmed = await call("POST", "/api/certificates/complete", {
      cookie: admin,
      json: { applicantIds: [id], completedOn, confirmOwed: true, earlyReason },
    });
    expect(await confirmed.json()).toEqual({ completed: 1 });
    const issue = await call("POST", "/api/certificates/issue", {
      cookie: admin,
      json: { items: [{ applicantId: id }] },
    });
    expect(issue.status).toBe(409);
    expect(await issue.text()).toContain("Confirm to issue the certificate anyway.");
    expect(await api.db.selectFrom("certificates").selectAll().where("applicant_id", "=", id).execute()).toEqual([]);
  });
});
