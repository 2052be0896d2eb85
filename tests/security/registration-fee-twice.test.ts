import { afterAll, beforeAll, describe, expect, it } from "vitest";

import {
  type Api,
  fileOf,
  insertApplicantWithLink,
  mailsSent,
  pngBytes,
  send,
  signedInStaff,
  startApi,
  statusAndText,
} from "../api/harness";
import { type FakePaystack, startPaystack } from "../support/paystack";

// Fourth review, finding 3: one application could open any number of Paystack checkouts for the
// registration fee, and when two were paid (the webhook for one, the browser's callback for the
// other, in either order) both were recorded as counting: two receipts, no refund flagged, the
// academy none the wiser. The same when staff confirmed a bank transfer for a fee already paid
// online. Now an open checkout is offered again, an application opens at most three a day, and a
// second payment of the fee is recorded, flagged `refund_due`, announced to the academy, and sends
// no receipt (docs/decisions/092-one-registration-fee-once.md).

const SECRET = `sk_test_${"4d2a9c7e1b".repeat(4)}`;
let paystack: FakePaystack;
let api: Api;
let staff: string;
let webhookUrl: string;
beforeAll(async () => {
  // No webhook address for the stand-in: each test sends Paystack's events itself, in its own order.
  paystack = await startPaystack({ secretKey: SECRET });
  api = await startApi({ env: { PAYSTACK_SECRET_KEY: SECRET, PAYSTACK_BASE_URL: paystack.base } });
  webhookUrl = api.url("/api/payments/paystack/webhook");
  ({ cookie: staff } = await signedInStaff(api, "admissions.fees@academy.test", { role: "admissions" }));
});
afterAll(async () => {
  await paystack.close();
  await api.close();
});

let counter = 0;
const applicant = () =>
  insertApplicantWithLink(api, { firstname: "Bisola", lastname: "Adeyemi", email: `twice${++counter}@example.com` });

const startPaying = async (token: string) => {
  const res = await send(api, "POST", `/api/application/${token}/payments/paystack`);
  return { status: res.status, ...((await res.json()) as { reference: string; authorizationUrl: string }) };
};
/** The checkout left open longer than it is offered again (an hour): as an applicant coming back later. */
const ageCheckout = (reference: string, minutes: number) =>
  api.db
    .updateTable("payments")
    .set({ created_at: new Date(Date.now() - minutes * 60_000).toISOString() })
    .where("reference", "=", reference)
    .execute();
/** Paystack's signed charge.success to the webhook. */
async function paidByWebhook(reference: string) {
  const t = paystack.complete(reference, "success");
  expect((await paystack.chargeSuccess(t, { to: webhookUrl })).status).toBe(200);
}
/** The browser back at the callback: the API asks Paystack's verify. */
async function paidByCallback(token: string, reference: string) {
  paystack.complete(reference, "success");
  const res = await send(api, "POST", `/api/application/${token}/payments/${reference}/verify`);
  expect(res.status).toBe(200);
}
const paymentsOf = (id: string) =>
  api.db
    .selectFrom("payments")
    .select(["reference", "method", "status", "refund_due", "problem"])
    .where("applicant_id", "=", id)
    .orderBy("created_at")
    .execute();
const receiptsTo = (email: string) => mailsSent(api, { to: email, subject: /^Payment received/ });
const refundNotices = (id: string) =>
  mailsSent(api, {
    subject: new RegExp(`^Refund due: registration fee paid twice, application FLA-${id.slice(0, 8)}`, "i"),
  });

/** Two checkouts opened for one fee (the first left over an hour) and both paid, in the order given. */
async function paidTwice(order: "webhook first" | "callback first") {
  const a = await applicant();
  const first = await startPaying(a.token);
  await ageCheckout(first.reference, 90);
  const second = await startPaying(a.token);
  expect(second.reference).not.toBe(first.reference);
  if (order === "webhook first") {
    await paidByWebhook(first.reference);
    await paidByCallback(a.token, second.reference);
  } else {
    await paidByCallback(a.token, first.reference);
    await paidByWebhook(second.reference);
  }
  return a;
}

describe("the registration fee is taken once", () => {
  it("a second 'Pay online' while a checkout is open lands on the same checkout", async () => {
    const a = await applicant();
    const first = await startPaying(a.token);
    const again = await startPaying(a.token);
    expect(first.status).toBe(201);
    expect({ status: again.status, reference: again.reference, url: again.authorizationUrl }).toEqual({
      status: 200,
      reference: first.reference,
      url: first.authorizationUrl,
    });
    expect(await paymentsOf(a.id)).toHaveLength(1);
  });

  it("an application opens at most three checkouts a day: the fourth is refused with words", async () => {
    const a = await applicant();
    for (let i = 0; i < 3; i++) {
      const opened = await startPaying(a.token);
      expect(opened.status).toBe(201);
      await ageCheckout(opened.reference, 90 + i);
    }
    const fourth = await send(api, "POST", `/api/application/${a.token}/payments/paystack`);
    const answer = await statusAndText(fourth);
    expect(answer.status).toBe(429);
    expect(answer.text).toMatch(/^You have started paying online several times today\./);
    expect(Number(fourth.headers.get("retry-after"))).toBeGreaterThan(20 * 3600);
    expect(await paymentsOf(a.id)).toHaveLength(3);
  });

  for (const order of ["webhook first", "callback first"] as const) {
    it(`two checkouts both paid (${order}): one receipt, the second flagged refund_due, the academy told once`, async () => {
      const a = await paidTwice(order);
      const payments = await paymentsOf(a.id);
      expect(payments.map((p) => [p.status, p.refund_due])).toEqual([
        ["paid", 0],
        ["paid", 1],
      ]);
      expect(payments[1].problem).toBe(`Registration fee paid twice: ${payments[0].reference} paid it first`);
      expect(await receiptsTo(a.email)).toHaveLength(1);
      const notices = await refundNotices(a.id);
      expect(notices).toHaveLength(1);
      expect(notices[0].text).toContain(payments[1].reference);
      expect(notices[0].text).toContain("No second receipt was sent");
    });
  }
});

describe("a bank transfer and an online payment of the same fee", () => {
  async function receiptSent(token: string) {
    const form = new FormData();
    form.set("transferReference", "GTB/2026/55821");
    form.set("file", fileOf(await pngBytes(), "receipt.png", "image/png"));
    const res = await send(api, "POST", `/api/application/${token}/proof`, { multipart: form });
    expect(res.status, await res.clone().text()).toBe(201);
  }

  it("staff confirming a transfer for a fee paid online: recorded, flagged, no second receipt, the academy told", async () => {
    const a = await applicant();
    const checkout = await startPaying(a.token);
    // A receipt sent while the checkout was still open, then the checkout paid.
    await receiptSent(a.token);
    await paidByWebhook(checkout.reference);
    const confirmed = await send(api, "POST", `/api/applicants/${a.id}/proof/confirm`, { cookie: staff });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toMatchObject({ paymentProof: "confirmed", refundDue: true, status: "paid" });
    const payments = await paymentsOf(a.id);
    expect(payments.map((p) => [p.method, p.status, p.refund_due])).toEqual([
      ["paystack", "paid", 0],
      ["transfer", "paid", 1],
    ]);
    expect(await receiptsTo(a.email)).toHaveLength(1);
    expect(await refundNotices(a.id)).toHaveLength(1);
  });

  it("an online payment arriving after staff confirmed the transfer: flagged, no second receipt, the academy told", async () => {
    const a = await applicant();
    const checkout = await startPaying(a.token);
    await receiptSent(a.token);
    expect((await send(api, "POST", `/api/applicants/${a.id}/proof/confirm`, { cookie: staff })).status).toBe(200);
    await paidByCallback(a.token, checkout.reference);
    const payments = await paymentsOf(a.id);
    expect(payments.map((p) => [p.method, p.refund_due])).toEqual([
      ["paystack", 1],
      ["transfer", 0],
    ]);
    expect(await receiptsTo(a.email)).toHaveLength(1);
    expect(await refundNotices(a.id)).toHaveLength(1);
  });
});
