import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { dayFromToday, intakeJson } from "../fixtures/intake";
import { type FakePaystack, signBody, startPaystack, transactionData } from "../support/paystack";
import {
  type Api,
  applicantRow,
  createStaff,
  loginCookie,
  mailQueueDrained,
  mailsSent,
  pdfText,
  readOutbox,
  rowCount,
  type Send,
  send,
  signedInStaff,
  startApi,
} from "./harness";

// An intake's instalment plan and paying its course fee online (docs/decisions/077-course-fees-and-instalments.md):
// the plan must add up to the fee; the status page's course fee is charged as the server reckons
// it (whole, an instalment, a part the academy allows); Paystack's word settles it once, however
// often it arrives; money after a withdrawal is kept and flagged; staff read each intake's totals.

const SECRET = `sk_test_${"4d2e8a1c7b".repeat(4)}`;
const written: string[] = [];
for (const stream of [process.stdout, process.stderr]) {
  const original = stream.write.bind(stream);
  stream.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    written.push(typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8"));
    return (original as (...a: unknown[]) => boolean)(chunk, ...rest);
  }) as typeof stream.write;
}
const answers: string[] = [];

let paystack: FakePaystack;
let api: Api;
let admin: string;
let courseId: string;

const plan = [
  { amount: 250000, dueOn: dayFromToday(30) },
  { amount: 200000, dueOn: dayFromToday(90) },
  { amount: 200000, dueOn: dayFromToday(150) },
];
/** An intake with the plan above (`intakeJson`'s fields otherwise). */
const intake = (over: Record<string, unknown> = {}) => intakeJson({ instalments: plan, ...over });

beforeAll(async () => {
  paystack = await startPaystack({ secretKey: SECRET });
  api = await startApi({ env: { PAYSTACK_SECRET_KEY: SECRET, PAYSTACK_BASE_URL: paystack.base } });
  paystack.setWebhookUrl(api.url("/api/payments/paystack/webhook"));
  ({ cookie: admin } = await signedInStaff(api));
  const res = await send(api, "POST", "/api/courses", {
    cookie: admin,
    json: { title: "Professional Hairdressing", tutors: "Staff", courseTypes: ["Full Course"] },
  });
  expect(res.status).toBe(201);
  courseId = ((await res.json()) as { _id: string })._id;
});
afterAll(async () => {
  await paystack.close();
  await api.close();
});
beforeEach(async () => {
  for (const table of ["payments", "mail_outbox", "application_links", "applicants", "intakes"])
    await api.db.deleteFrom(table as "payments").execute();
});

async function call(method: string, path: string, options: Send = {}) {
  const res = await send(api, method, path, options);
  answers.push(await res.clone().text());
  return res;
}
async function createdIntake(over: Record<string, unknown> = {}) {
  const res = await call("POST", `/api/courses/${courseId}/intakes`, { cookie: admin, json: intake(over) });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { _id: string })._id;
}

let counter = 0;
async function applicant(intakeId: string | null, over: { status?: string; waitlisted_at?: string | null } = {}) {
  const { newId, newSecret, hashSecret } = await import("../../api/lib/ids");
  const id = newId();
  const now = new Date().toISOString();
  counter++;
  await api.db
    .insertInto("applicants")
    .values(
      applicantRow({
        id,
        firstname: "Chioma",
        lastname: "Eze",
        dob: "2003-02-01",
        email: `chioma${counter}@example.com`,
        street: "1 Marina",
        city: "Lagos",
        id_cards: "[]",
        parent_consent: "",
        highest_education: "",
        emergency_fullname: "Ngozi Eze",
        emergency_phone: "+2348031234568",
        created_at: now,
        status: (over.status ?? "enrolled") as "new",
        updated_at: now,
        intake_id: intakeId,
        waitlisted_at: over.waitlisted_at ?? null,
      }),
    )
    .execute();
  const token = newSecret();
  await api.db
    .insertInto("application_links")
    .values({ token_hash: hashSecret(token), applicant_id: id, created_at: now })
    .execute();
  return { id, token };
}

type CourseFee = {
  fee: number;
  paid: number;
  owed: number;
  online: boolean;
  parts: { n: number; amountKobo: number; dueOn: string; paid: boolean }[];
  next: { n: number; amountKobo: number } | null;
  partMin: number;
};
const standing = async (token: string) =>
  ((await (await call("GET", `/api/application/${token}/payments`)).json()) as { courseFee: CourseFee | null })
    .courseFee;
const startFee = (token: string, json: Record<string, unknown>) =>
  call("POST", `/api/application/${token}/payments/course-fee`, { json });
async function started(token: string, json: Record<string, unknown>) {
  const res = await startFee(token, json);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as { reference: string; authorizationUrl: string };
}
const verify = (token: string, reference: string) =>
  call("POST", `/api/application/${token}/payments/${encodeURIComponent(reference)}/verify`);
const payment = (reference: string) =>
  api.db.selectFrom("payments").selectAll().where("reference", "=", reference).executeTakeFirstOrThrow();
/** The receipts sent to `email`, as they were sent (a sent mail's body leaves the queue's row). */
const receiptsTo = (email: string) => mailsSent(api, { to: email, subject: /^Payment received/ });
const emailOf = async (id: string) =>
  (await api.db.selectFrom("applicants").select("email").where("id", "=", id).executeTakeFirstOrThrow()).email;
function webhook(body: string, signature: string | null = signBody(SECRET, body)) {
  return call("POST", "/api/payments/paystack/webhook", {
    raw: { body, type: "application/json" },
    headers: signature === null ? {} : { "x-paystack-signature": signature },
  });
}
const chargeBody = (reference: string, overrides: Record<string, unknown> = {}) =>
  JSON.stringify({
    event: "charge.success",
    data: { ...transactionData(paystack.transaction(reference)!), ...overrides },
  });
/** Completes a checkout without Paystack's own event, so the test sends it. */
async function paidQuietly(reference: string) {
  paystack.setWebhookUrl("http://127.0.0.1:9/nowhere");
  paystack.complete(reference, "success");
  await paystack.settled();
  paystack.setWebhookUrl(api.url("/api/payments/paystack/webhook"));
}

describe("an intake's instalment plan", () => {
  it("is kept with the intake and shown to visitors in naira, in order", async () => {
    const id = await createdIntake();
    const res = await call("GET", `/api/courses/${courseId}/intakes`);
    const [shown] = (await res.json()) as { _id: string; instalments: unknown }[];
    expect(shown._id).toBe(id);
    expect(shown.instalments).toEqual(plan);
    // Taken away again: no plan.
    const cleared = await call("PATCH", `/api/courses/${courseId}/intakes/${id}`, {
      cookie: admin,
      json: intake({ instalments: [] }),
    });
    expect(cleared.status).toBe(200);
    expect(((await cleared.json()) as { instalments: unknown }).instalments).toEqual([]);
  });

  it("is refused, by the field, when the parts do not add up, fall out of order, or number one or seven", async () => {
    for (const [instalments, words] of [
      [[...plan.slice(0, 2), { amount: 199999, dueOn: dayFromToday(150) }], "add up to the fee"],
      [[plan[1], plan[0], plan[2]], "after the one before"],
      [[{ amount: 650000, dueOn: dayFromToday(30) }], "2 to 6 parts"],
      [
        Array.from({ length: 7 }, (_, i) => ({ amount: i === 0 ? 650000 - 6 : 1, dueOn: dayFromToday(i + 1) })),
        "at most 6",
      ],
      [[{ amount: 325000 }, { amount: 325000, dueOn: dayFromToday(40) }], "YYYY-MM-DD"],
    ] as const) {
      const res = await call("POST", `/api/courses/${courseId}/intakes`, {
        cookie: admin,
        json: intake({ instalments }),
      });
      expect(res.status).toBe(400);
      const text = await res.text();
      expect(text).toMatch(/^instalments/);
      expect(text).toContain(words);
    }
    expect(await rowCount(api, "intakes")).toBe(0);
  });
});

describe("paying the course fee online", () => {
  it("pays the first instalment: Paystack is asked for that part in kobo, the callback settles it, one receipt", async () => {
    const intakeId = await createdIntake();
    const { id, token } = await applicant(intakeId);
    const before = await standing(token);
    expect(before).toMatchObject({ fee: 65_000_000, paid: 0, owed: 65_000_000, online: true, partMin: 1_000_000 });
    expect(before!.next).toMatchObject({ n: 1, amountKobo: 25_000_000 });
    const { reference } = await started(token, { pay: "instalment", instalment: 1 });
    const t = paystack.transaction(reference)!;
    expect(t).toMatchObject({ amount: 25_000_000, currency: "NGN" });
    expect(t.metadata).toMatchObject({ purpose: "instalment", instalment: "1" });
    expect(await payment(reference)).toMatchObject({ intake_id: intakeId, instalment: 1, status: "pending" });
    paystack.complete(reference, "success");
    expect(await (await verify(token, reference)).json()).toEqual({ status: "paid" });
    await paystack.settled();
    const after = await standing(token);
    expect(after).toMatchObject({ paid: 25_000_000, owed: 40_000_000 });
    expect(after!.parts.map((p) => p.paid)).toEqual([true, false, false]);
    expect(after!.next).toMatchObject({ n: 2, amountKobo: 20_000_000 });
    // A course fee changes no status; the receipt names the instalment.
    const a = await api.db.selectFrom("applicants").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(a.status).toBe("enrolled");
    const mails = await receiptsTo(a.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain("Course fee, instalment 1 of 3");
    expect(mails[0].text).toContain("₦250,000");
    // The same instalment again: already paid.
    expect((await startFee(token, { pay: "instalment", instalment: 1 })).status).toBe(409);
  });

  it("pays the whole of what is owed, then nothing is left to pay", async () => {
    const intakeId = await createdIntake({ instalments: [] });
    const { token } = await applicant(intakeId);
    expect((await startFee(token, { pay: "instalment", instalment: 1 })).status).toBe(400);
    const { reference } = await started(token, { pay: "whole" });
    expect(paystack.transaction(reference)!.amount).toBe(65_000_000);
    paystack.complete(reference, "success");
    expect(await (await verify(token, reference)).json()).toEqual({ status: "paid" });
    expect(await standing(token)).toMatchObject({ owed: 0, online: false });
    const again = await startFee(token, { pay: "whole" });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("paid in full");
  });

  it("takes a part payment from ₦10,000 up to what is owed, in whole naira, and refuses others by the field", async () => {
    const intakeId = await createdIntake();
    const { token } = await applicant(intakeId);
    for (const amount of [9_999, 650_001, "12.5", "lots"]) {
      const res = await startFee(token, { pay: "part", amount });
      expect(res.status).toBe(400);
      expect(await res.text()).toMatch(/^amount[: ]/);
    }
    expect((await startFee(token, { pay: "sometimes" })).status).toBe(400);
    const { reference } = await started(token, { pay: "part", amount: "₦300,000" });
    expect(paystack.transaction(reference)!.amount).toBe(30_000_000);
    paystack.complete(reference, "success");
    await verify(token, reference);
    // ₦300,000 covers the first part (₦250,000); the second is what reaches ₦450,000.
    const now = await standing(token);
    expect(now!.parts.map((p) => p.paid)).toEqual([true, false, false]);
    expect(now!.next).toMatchObject({ n: 2, amountKobo: 15_000_000 });
  });

  it("is open only to an admitted application with an intake, not withdrawn, declined, waiting, received or offered", async () => {
    const intakeId = await createdIntake();
    const none = await applicant(null);
    expect(await standing(none.token)).toBeNull();
    expect((await startFee(none.token, { pay: "whole" })).status).toBe(409);
    for (const over of [{ status: "withdrawn" }, { status: "declined" }, { waitlisted_at: new Date().toISOString() }]) {
      const a = await applicant(intakeId, over);
      expect((await standing(a.token))!.online).toBe(false);
      expect((await startFee(a.token, { pay: "whole" })).status).toBe(409);
    }
    expect(await rowCount(api, "payments")).toBe(0);
    // Only an admitted applicant pays the course fee: received or offered is not yet (docs/decisions/077).
    for (const status of ["new", "contacted", "offered"]) {
      const notYet = await applicant(intakeId, { status });
      expect((await startFee(notYet.token, { pay: "whole" })).status).toBe(409);
    }
    expect(await rowCount(api, "payments")).toBe(0);
    const accepted = await applicant(intakeId, { status: "accepted" });
    expect((await startFee(accepted.token, { pay: "whole" })).status).toBe(201);
  });

  it("a made-up token is 404, and a failed checkout leaves the fee unpaid and can be tried again", async () => {
    const intakeId = await createdIntake();
    expect((await startFee("x".repeat(43), { pay: "whole" })).status).toBe(404);
    const { token } = await applicant(intakeId);
    const { reference } = await started(token, { pay: "instalment", instalment: 1 });
    paystack.complete(reference, "failed");
    expect(await (await verify(token, reference)).json()).toEqual({ status: "failed" });
    expect(await standing(token)).toMatchObject({ paid: 0, online: true });
    const again = await started(token, { pay: "instalment", instalment: 1 });
    expect(again.reference).not.toBe(reference);
  });
});

describe("Paystack's events for course fees", () => {
  it("refuses a forged or tampered event and takes no wrong amount", async () => {
    const intakeId = await createdIntake();
    const { id, token } = await applicant(intakeId);
    const { reference } = await started(token, { pay: "instalment", instalment: 1 });
    await paidQuietly(reference);
    const body = chargeBody(reference);
    expect((await webhook(body, null)).status).toBe(401);
    expect((await webhook(body, signBody(`sk_test_${"0".repeat(40)}`, body))).status).toBe(401);
    expect((await webhook(body.replace('"amount":25000000', '"amount":100'), signBody(SECRET, body))).status).toBe(401);
    const wrong = await webhook(chargeBody(reference, { amount: 100 }));
    expect(await wrong.json()).toEqual({ outcome: "mismatch" });
    expect(await payment(reference)).toMatchObject({ status: "pending", paid_at: null });
    expect((await payment(reference)).problem).toContain("expected 25000000 NGN");
    expect(await receiptsTo(await emailOf(id))).toHaveLength(0);
    // Paystack's true event still settles it, and its replay changes nothing.
    expect(await (await webhook(body)).json()).toEqual({ outcome: "recorded" });
    expect(await (await webhook(body)).json()).toEqual({ outcome: "duplicate" });
    expect(await receiptsTo(await emailOf(id))).toHaveLength(1);
  });

  it("20 deliveries of one instalment's event at once, with the callback racing, record one payment and one receipt", async () => {
    const intakeId = await createdIntake();
    const { id, token } = await applicant(intakeId);
    const { reference } = await started(token, { pay: "instalment", instalment: 1 });
    await paidQuietly(reference);
    const body = chargeBody(reference);
    const results = await Promise.all([
      ...Array.from({ length: 20 }, () =>
        webhook(body).then(async (r) => ({ status: r.status, body: await r.json() })),
      ),
      verify(token, reference).then(async (r) => ({ status: r.status, body: await r.json() })),
    ]);
    expect(results.map((r) => r.status)).toEqual(Array(21).fill(200));
    const recorded = results.slice(0, 20).filter((r) => (r.body as { outcome: string }).outcome === "recorded");
    expect(recorded.length).toBeLessThanOrEqual(1);
    expect(await rowCount(api, "payments")).toBe(1);
    expect(await payment(reference)).toMatchObject({ status: "paid", amount: 25_000_000 });
    expect(await receiptsTo(await emailOf(id))).toHaveLength(1);
    expect(await standing(token)).toMatchObject({ paid: 25_000_000 });
  });

  it("money arriving after a withdrawal is recorded and flagged for a refund, and the academy is told", async () => {
    const intakeId = await createdIntake();
    const { id, token } = await applicant(intakeId);
    const { reference } = await started(token, { pay: "whole" });
    await api.db.updateTable("applicants").set({ status: "withdrawn" }).where("id", "=", id).execute();
    paystack.complete(reference, "success");
    await verify(token, reference);
    await paystack.settled();
    expect(await payment(reference)).toMatchObject({ status: "paid", refund_due: 1 });
    expect(await receiptsTo(await emailOf(id))).toHaveLength(0);
    // Read from the outbox folder: once the queue has sent a mail it keeps no body in the table.
    await mailQueueDrained(api);
    expect(readOutbox(api).some((m) => m.subject.startsWith("Refund due") && m.text.includes(reference))).toBe(true);
  });

  it("a second checkout for a balance already paid is kept and flagged for a refund", async () => {
    const intakeId = await createdIntake();
    const { token } = await applicant(intakeId);
    const first = await started(token, { pay: "whole" });
    // A checkout older than the hour it is offered again (docs/decisions/092): a second one opens.
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000).toISOString();
    await api.db
      .updateTable("payments")
      .set({ created_at: twoHoursAgo })
      .where("reference", "=", first.reference)
      .execute();
    const second = await started(token, { pay: "whole" });
    expect(second.reference).not.toBe(first.reference);
    paystack.complete(first.reference, "success");
    await verify(token, first.reference);
    paystack.complete(second.reference, "success");
    await verify(token, second.reference);
    await paystack.settled();
    expect(await payment(first.reference)).toMatchObject({ status: "paid", refund_due: 0 });
    expect(await payment(second.reference)).toMatchObject({ status: "paid", refund_due: 1 });
  });
});

describe("paid beyond the fee, decided one payment at a time", () => {
  it("20 different payments settling at once, together past the fee: all recorded, exactly those past the fee flagged", async () => {
    const intakeId = await createdIntake();
    const { id } = await applicant(intakeId);
    const { newId } = await import("../../api/lib/ids");
    // 20 checkouts of ₦40,000 (₦800,000) against a ₦650,000 fee: 16 fit (₦640,000), the 17th
    // is ₦30,000 past the fee, the last three are wholly beyond it.
    const now = new Date().toISOString();
    const references = Array.from({ length: 20 }, (_, i) => `FLA-PAY-RACE${String(i).padStart(2, "0")}${counter}`);
    await api.db
      .insertInto("payments")
      .values(
        references.map((reference) => ({
          id: newId(),
          reference,
          applicant_id: id,
          purpose: "course_fee" as const,
          method: "paystack" as const,
          amount: 4_000_000,
          currency: "NGN",
          status: "pending" as const,
          channel: null,
          provider_id: null,
          transfer_reference: null,
          paid_at: null,
          refunded_amount: null,
          refunded_at: null,
          refunded_by: null,
          refund_note: null,
          problem: null,
          raw_event: null,
          raw_event_at: null,
          intake_id: intakeId,
          instalment: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    const results = await Promise.all(
      references.map((reference, i) =>
        webhook(
          JSON.stringify({
            event: "charge.success",
            data: {
              id: 9_000 + i,
              status: "success",
              reference,
              amount: 4_000_000,
              currency: "NGN",
              channel: "card",
              paid_at: now,
            },
          }),
        ).then(async (r) => ({ status: r.status, body: await r.json() })),
      ),
    );
    expect(results).toEqual(Array(20).fill({ status: 200, body: { outcome: "recorded" } }));
    const rows = await api.db.selectFrom("payments").selectAll().where("applicant_id", "=", id).execute();
    expect(rows.filter((r) => r.status === "paid")).toHaveLength(20);
    const flagged = rows.filter((r) => r.refund_due === 1);
    expect(flagged).toHaveLength(4);
    expect(flagged.map((r) => r.problem).sort()).toEqual([
      "₦30,000 paid beyond the intake's course fee",
      "₦40,000 paid beyond the intake's course fee",
      "₦40,000 paid beyond the intake's course fee",
      "₦40,000 paid beyond the intake's course fee",
    ]);
    expect(rows.filter((r) => r.refund_due === 0 && r.problem === null)).toHaveLength(16);
    // A receipt for each payment that counts towards the fee (the 17th in part); the academy told of all four.
    expect(await receiptsTo(await emailOf(id))).toHaveLength(17);
    const refundMails = await api.db
      .selectFrom("mail_outbox")
      .select("subject")
      .where("subject", "like", "Refund due: paid beyond the course fee%")
      .execute();
    expect(refundMails).toHaveLength(4);
    expect((await standing((await applicant(intakeId)).token))!.paid).toBe(0);
  });
});

describe("staff: an intake's course fees", () => {
  it("totals what was received and shows what each applicant still owes", async () => {
    const intakeId = await createdIntake();
    const paying = await applicant(intakeId);
    const other = await applicant(intakeId);
    const { reference } = await started(paying.token, { pay: "instalment", instalment: 1 });
    paystack.complete(reference, "success");
    await verify(paying.token, reference);
    await paystack.settled();
    const res = await call("GET", `/api/payments/intakes/${intakeId}`, { cookie: admin });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      received: number;
      owed: number;
      rows: { applicantId: string; paid: number; owed: number }[];
    };
    expect(body.received).toBe(25_000_000);
    expect(body.owed).toBe(65_000_000 * 2 - 25_000_000);
    const byId = new Map(body.rows.map((r) => [r.applicantId, r]));
    expect(byId.get(paying.id)).toMatchObject({ paid: 25_000_000, owed: 40_000_000 });
    expect(byId.get(other.id)).toMatchObject({ paid: 0, owed: 65_000_000 });
    const list = (await (await call("GET", "/api/payments/intakes", { cookie: admin })).json()) as { id: string }[];
    expect(list.map((i) => i.id)).toEqual([intakeId]);
    expect((await call("GET", `/api/payments/intakes/${intakeId}`)).status).toBe(401);
    expect((await call("GET", "/api/payments/intakes")).status).toBe(401);
    expect((await call("GET", `/api/payments/intakes/nope`, { cookie: admin })).status).toBe(404);
  });
});

describe("staff record a course-fee transfer", () => {
  const transfers = (id: string) => `/api/payments/applicants/${id}/course-fee-transfers`;
  const record = (id: string, json: Record<string, unknown>, cookie = admin) =>
    call("POST", transfers(id), { cookie, json });
  const staffView = async (id: string) =>
    (await (await call("GET", `/api/payments/applicants/${id}/course-fee`, { cookie: admin })).json()) as {
      courseFee: CourseFee | null;
      history: { reference: string; method: string; instalment: number | null; instalmentOf: number | null }[];
    };

  it("records an instalment paid at the bank: counted, named 'of 3', a receipt in the outbox, in the security log", async () => {
    const intakeId = await createdIntake();
    const { id, token } = await applicant(intakeId);
    const res = await record(id, {
      amount: "₦250,000",
      instalment: "1",
      transferReference: " gtb  trf/001 ",
      paidOn: dayFromToday(-2),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const row = (await res.json()) as { reference: string; transferReference: string; instalmentOf: number };
    expect(row).toMatchObject({ method: "transfer", instalment: 1, instalmentOf: 3, transferReference: "GTB TRF/001" });
    const stored = await payment(row.reference);
    expect(stored).toMatchObject({
      purpose: "instalment",
      amount: 25_000_000,
      status: "paid",
      intake_id: intakeId,
      refund_due: 0,
      paid_at: `${dayFromToday(-2)}T11:00:00.000Z`,
    });
    // The applicant's page and the status page count it as any payment of the fee.
    expect(await standing(token)).toMatchObject({ paid: 25_000_000, owed: 40_000_000 });
    expect((await standing(token))!.next).toMatchObject({ n: 2 });
    const view = await staffView(id);
    expect(view.courseFee).toMatchObject({ paid: 25_000_000 });
    expect(view.history).toEqual([
      expect.objectContaining({ reference: row.reference, instalment: 1, instalmentOf: 3 }),
    ]);
    const history = (
      (await (await call("GET", `/api/application/${token}/payments`)).json()) as {
        history: { reference: string; instalmentOf: number | null }[];
      }
    ).history;
    expect(history).toEqual([expect.objectContaining({ reference: row.reference, instalmentOf: 3 })]);
    // Through the outbox: the queue sends it (and keeps no body once sent), the outbox folder has it.
    expect(await receiptsTo(await emailOf(id))).toHaveLength(1);
    await mailQueueDrained(api);
    const email = await emailOf(id);
    const sent = readOutbox(api).filter(
      (m) => JSON.stringify(m.to).includes(email) && m.subject.startsWith("Payment received"),
    );
    expect(sent).toHaveLength(1);
    expect(sent[0].text).toContain("₦250,000");
    expect(sent[0].text).toContain("Course fee, instalment 1 of 3");
    // The receipt it carries says the same, in a PDF line of its own.
    expect(pdfText(api, sent[0].attachments![0].content)).toMatch(/Paid for\s+Course fee, instalment 1 of 3/);
    const logged = await api.db
      .selectFrom("security_log")
      .selectAll()
      .where("event", "=", "payment.transfer_recorded")
      .execute();
    expect(logged.map((l) => l.subject_id)).toContain(stored.id);
  });

  it("records a bank reference once, even when two staff press at once, and refuses bad input by the field", async () => {
    const intakeId = await createdIntake();
    const { id } = await applicant(intakeId);
    const body = { amount: "50000", transferReference: "FBN-778899", paidOn: dayFromToday(0) };
    const both = await Promise.all([record(id, body), record(id, { ...body, transferReference: "fbn-778899 " })]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    const again = await record(id, body);
    expect(again.status).toBe(409);
    expect(await again.text()).toMatch(/^transferReference: .*already recorded/);
    expect(await rowCount(api, "payments")).toBe(1);
    for (const [bad, field] of [
      [{ amount: "0" }, "amount"],
      [{ amount: "12.5" }, "amount"],
      [{ amount: "20000001" }, "amount"],
      [{ transferReference: "ab" }, "bank's reference"],
      [{ transferReference: "x<script>" }, "Letters, digits"],
      [{ paidOn: dayFromToday(1) }, "after today"],
      [{ paidOn: "2026-02-30" }, "day it was paid"],
      [{ paidOn: dayFromToday(-400) }, "more than a year"],
      [{ instalment: "4" }, "no such instalment"],
    ] as const) {
      const res = await record(id, { ...body, transferReference: "OTHER-1", ...bad });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(await res.text()).toContain(field);
    }
    expect(await rowCount(api, "payments")).toBe(1);
  });

  it("flags the part beyond the fee, refuses an application with no intake, and is for Admissions and Admin only", async () => {
    const intakeId = await createdIntake();
    const { id, token } = await applicant(intakeId);
    expect((await record(id, { amount: "600000", transferReference: "ZEN 1", paidOn: dayFromToday(0) })).status).toBe(
      201,
    );
    const over = await record(id, { amount: "100000", transferReference: "ZEN 2", paidOn: dayFromToday(0) });
    expect(over.status).toBe(201);
    expect(await payment(((await over.json()) as { reference: string }).reference)).toMatchObject({
      refund_due: 1,
      problem: "₦50,000 paid beyond the intake's course fee",
    });
    expect(await standing(token)).toMatchObject({ owed: 0 });
    const none = await applicant(null);
    expect(
      (await record(none.id, { amount: "1000", transferReference: "ZEN 3", paidOn: dayFromToday(0) })).status,
    ).toBe(409);
    expect(
      (await record("no-such-applicant", { amount: "1000", transferReference: "ZEN 4", paidOn: dayFromToday(0) }))
        .status,
    ).toBe(404);
    expect((await call("POST", transfers(id), { json: { amount: "1" } })).status).toBe(401);
    const editor = await createStaff(api, "editor-fees@academy.test", undefined, { role: "editor", twoFactor: false });
    const editorCookie = await loginCookie(api, editor.email, editor.password);
    expect(
      (await record(id, { amount: "1000", transferReference: "ZEN 5", paidOn: dayFromToday(0) }, editorCookie)).status,
    ).toBe(403);
    expect((await call("GET", `/api/payments/applicants/${id}/course-fee`, { cookie: editorCookie })).status).toBe(403);
  });
});

describe("the secret key", () => {
  it("appears in no answer and no log line", () => {
    expect(answers.length).toBeGreaterThan(20);
    for (const text of [...answers, ...written]) expect(text).not.toContain(SECRET);
  });
});
