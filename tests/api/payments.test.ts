import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { DEFAULT_SETTINGS } from "@domain/settings-defaults";

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

// Paying online (docs/decisions/062-the-server-decides-money-arrived.md, 063-payments-table-and-paystack-webhooks.md)
// against a stand-in Paystack on this machine (tests/support/paystack.ts): the callback believes
// only Paystack's verify answer, the webhook only a valid signature, and however the two race or
// repeat, one payment is recorded, one status change and one receipt.

const SECRET = `sk_test_${"9f3c1b7a2e".repeat(4)}`;
// Everything the API writes to the console during this file: the key must never be in it.
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
let cookie: string;
beforeAll(async () => {
  paystack = await startPaystack({ secretKey: SECRET });
  api = await startApi({ env: { PAYSTACK_SECRET_KEY: SECRET, PAYSTACK_BASE_URL: paystack.base } });
  paystack.setWebhookUrl(api.url("/api/payments/paystack/webhook"));
  ({ cookie } = await signedInStaff(api));
});
afterAll(async () => {
  await paystack.close();
  await api.close();
});
beforeEach(async () => {
  for (const table of ["payments", "mail_outbox", "application_links", "applicants"])
    await api.db.deleteFrom(table as "payments").execute();
});

/** Answers the call and keeps its text, for the key's absence check at the end. */
async function call(method: string, path: string, options: Send = {}) {
  const res = await send(api, method, path, options);
  const text = await res.clone().text();
  answers.push(text);
  return res;
}

let counter = 0;
/** An applicant and a status token, written directly (the registration itself is tested in journey.test.ts). */
async function applicant(status = "new") {
  const { newId, newSecret, hashSecret } = await import("../../api/lib/ids");
  const id = newId();
  const now = new Date().toISOString();
  counter++;
  await api.db
    .insertInto("applicants")
    .values(
      applicantRow({
        id,
        firstname: "Adaeze",
        lastname: "Okafor",
        dob: "2004-05-06",
        email: `adaeze${counter}@example.com`,
        street: "1 Marina",
        city: "Lagos",
        course_title: "Hair Styling",
        course_type: "Full course",
        id_cards: "[]",
        parent_consent: "",
        highest_education: "",
        emergency_fullname: "Ngozi Okafor",
        emergency_phone: "+2348031234568",
        created_at: now,
        status: status as "new",
        updated_at: now,
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

async function startPaying(token: string) {
  const res = await call("POST", `/api/application/${token}/payments/paystack`);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as { reference: string; authorizationUrl: string };
}
const verify = (token: string, reference: string) =>
  call("POST", `/api/application/${token}/payments/${encodeURIComponent(reference)}/verify`);
const payment = (reference: string) =>
  api.db.selectFrom("payments").selectAll().where("reference", "=", reference).executeTakeFirst();
const storedApplicant = (id: string) =>
  api.db.selectFrom("applicants").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
/** The receipts sent to `to`, as they were sent (a sent mail's body leaves the queue's row). */
const receipts = (to: string) => mailsSent(api, { to, subject: /^Payment received/ });

/** A signed event, as Paystack sends it, straight to the webhook. */
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

describe("the status page's online payment", () => {
  it("offers paying online and starts a Paystack transaction in kobo, under our reference, coming back to the status page", async () => {
    const { id, token } = await applicant();
    const offer = (await (await call("GET", `/api/application/${token}/payments`)).json()) as Record<string, unknown>;
    expect(offer).toEqual({ online: true, fee: { amount: 2_000_000, label: "₦20,000" }, history: [], courseFee: null });
    const started = await startPaying(token);
    expect(started.authorizationUrl.startsWith(`${paystack.base}/checkout/`)).toBe(true);
    expect(started.reference).toMatch(/^FLA-PAY-[A-Za-z0-9]{24}$/);
    const t = paystack.transaction(started.reference)!;
    expect(t).toMatchObject({ amount: 2_000_000, currency: "NGN", email: (await storedApplicant(id)).email });
    expect(t.callbackUrl).toBe(`http://localhost:3000/application/${token}/payment`);
    expect(t.metadata).toMatchObject({
      application: `FLA-${id.slice(0, 8).toUpperCase()}`,
      purpose: "registration_fee",
    });
    expect(await payment(started.reference)).toMatchObject({ status: "pending", amount: 2_000_000, paid_at: null });
  });

  it("a callback before the checkout completes shows nothing as paid", async () => {
    const { id, token } = await applicant();
    const { reference } = await startPaying(token);
    const res = await verify(token, reference);
    expect(await res.json()).toEqual({ status: "abandoned" });
    expect((await storedApplicant(id)).status).toBe("new");
    paystack.complete(reference, "failed");
    expect(await (await verify(token, reference)).json()).toEqual({ status: "failed" });
    expect((await storedApplicant(id)).status).toBe("new");
    // Failed is not the end: another try starts a new transaction.
    const again = await startPaying(token);
    expect(again.reference).not.toBe(reference);
  });

  it("a completed checkout: the callback and Paystack's event record one payment, one status change, one receipt", async () => {
    const { id, token } = await applicant();
    const { reference } = await startPaying(token);
    paystack.complete(reference, "success");
    expect(await (await verify(token, reference)).json()).toEqual({ status: "paid" });
    await paystack.settled();
    expect(paystack.deliveries.filter((d) => d.reference === reference).map((d) => d.status)).toEqual([200]);
    // The late callback (a reload) changes nothing.
    expect(await (await verify(token, reference)).json()).toEqual({ status: "paid" });
    const row = await payment(reference);
    expect(row).toMatchObject({ status: "paid", amount: 2_000_000, currency: "NGN", channel: "card", refund_due: 0 });
    expect(row!.provider_id).toBe(String(paystack.transaction(reference)!.id));
    expect(JSON.parse(row!.raw_event!)).toBeTruthy();
    const a = await storedApplicant(id);
    expect(a.status).toBe("paid");
    const mails = await receipts(a.email);
    expect(mails).toHaveLength(1);
    expect(JSON.stringify(mails[0].replyTo)).toContain('"admissions@academy.local"');
    expect(mails[0].html).toContain("Receipt");
    expect(mails[0].html).toContain(reference);
    expect(mails[0].text).toContain("₦20,000");
    const status = (await (await call("GET", `/api/application/${token}/payments`)).json()) as {
      online: boolean;
      history: { reference: string; status: string }[];
    };
    expect(status.online).toBe(false);
    expect(status.history).toMatchObject([{ reference, status: "paid" }]);
    // Paid: a second payment cannot be started.
    expect((await call("POST", `/api/application/${token}/payments/paystack`)).status).toBe(409);
  });

  it("a paid payment's receipt: a PDF in the mail and from the status page, for this application only", async () => {
    const { id, token } = await applicant();
    const other = await applicant();
    const { reference } = await startPaying(token);
    const receiptOf = (t: string, ref: string) =>
      call("GET", `/api/application/${t}/payments/${encodeURIComponent(ref)}/receipt`);
    // Not paid yet: no receipt.
    expect((await receiptOf(token, reference)).status).toBe(404);
    paystack.complete(reference, "success");
    expect(await (await verify(token, reference)).json()).toEqual({ status: "paid" });

    const res = await receiptOf(token, reference);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("content-disposition")).toBe(`inline; filename="Receipt-${reference}.pdf"`);
    const text = pdfText(api, Buffer.from(await res.arrayBuffer()));
    const application = `FLA-${id.slice(0, 8).toUpperCase()}`;
    for (const words of [
      "Receipt",
      "Fine Line Academy",
      "Adaeze",
      application,
      "Registration fee",
      "NGN 20,000",
      "Card",
      reference,
    ])
      expect(text).toContain(words);

    await mailQueueDrained(api);
    const mail = readOutbox(api)
      .filter((m) => m.subject === `Payment received — ${application}`)
      .at(-1)!;
    expect(mail.attachments?.map((a) => a.filename)).toEqual([`Receipt-${reference}.pdf`]);
    expect(pdfText(api, mail.attachments![0].content)).toContain(reference);

    // Another application's token, a made-up reference, a path: not found.
    expect((await receiptOf(other.token, reference)).status).toBe(404);
    expect((await receiptOf(token, "FLA-PAY-madeupmadeupmadeupmadeup")).status).toBe(404);
    expect((await receiptOf(token, "../../payments")).status).toBe(404);

    // Drawing a PDF costs work: past the minute's allowance from one address (30, × 100 in this
    // suite, the rest counted straight in the limiter) the next is refused, and says when to retry.
    const { rows } = await sql<{ key: string }>`select key from rate_limits where key like 'receiptsPerIp:%'`.execute(
      api.db,
    );
    expect(rows).toHaveLength(1);
    const { LIMITS, spend } = await import("../../api/limits");
    expect(LIMITS.receiptsPerIp.points).toBe(30);
    await spend("receiptsPerIp", rows[0].key.slice("receiptsPerIp:".length), () => "", 30 * 100 - 1);
    const refused = await receiptOf(token, reference);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await refused.text()).toMatch(/^Too many receipts asked for from your network/);
    await sql`delete from rate_limits where key like 'receiptsPerIp:%'`.execute(api.db);
  });

  it("a callback with a made-up reference, or another application's, is not found and asks Paystack nothing", async () => {
    const first = await applicant();
    const second = await applicant();
    const theirs = await startPaying(second.token);
    expect((await verify(first.token, "FLA-PAY-madeupmadeupmadeupmadeup")).status).toBe(404);
    expect((await verify(first.token, theirs.reference)).status).toBe(404);
    expect((await verify(first.token, "../../transaction/totals")).status).toBe(404);
    expect((await verify("A".repeat(43), theirs.reference)).status).toBe(404);
  });

  it("the receipt is signed with the academy's name as an Admin saved it, not a name in the code", async () => {
    const name = "Glow Beauty School";
    const saved = await call("PUT", "/api/settings", {
      cookie,
      json: { ...DEFAULT_SETTINGS, contact: { ...DEFAULT_SETTINGS.contact, academyName: name } },
    });
    expect(saved.status).toBe(200);
    try {
      const { id, token } = await applicant();
      const { reference } = await startPaying(token);
      paystack.complete(reference, "success");
      expect(await (await verify(token, reference)).json()).toEqual({ status: "paid" });
      const [mail] = await receipts((await storedApplicant(id)).email);
      expect(mail.text).toContain(`\n${name}, Lagos`);
      expect(mail.html).toContain(`<p>${name}, Lagos</p>`);
      expect(`${mail.text}${mail.html}`).not.toContain("Fine Line Academy");
    } finally {
      const restored = await call("PUT", "/api/settings", { cookie, json: DEFAULT_SETTINGS });
      expect(restored.status).toBe(200);
    }
  });

  it("a withdrawn application cannot start a payment; a receipt waiting for staff hides it too", async () => {
    const closed = await applicant("withdrawn");
    expect((await call("POST", `/api/application/${closed.token}/payments/paystack`)).status).toBe(409);
    const waiting = await applicant();
    await api.db.updateTable("applicants").set({ payment_proof: "waiting" }).where("id", "=", waiting.id).execute();
    expect(
      ((await (await call("GET", `/api/application/${waiting.token}/payments`)).json()) as { online: boolean }).online,
    ).toBe(false);
  });
});

describe("Paystack's webhook", () => {
  it("refuses an unsigned, a forged and a tampered event, and records nothing", async () => {
    const { id, token } = await applicant();
    const { reference } = await startPaying(token);
    paystack.complete(reference, "success");
    // (the fake's own event is sent too; wait for it, then undo what it did, to test the refusals alone)
    await paystack.settled();
    await api.db
      .updateTable("payments")
      .set({ status: "pending", paid_at: null })
      .where("reference", "=", reference)
      .execute();
    await api.db.updateTable("applicants").set({ status: "new" }).where("id", "=", id).execute();
    const body = chargeBody(reference);
    expect((await webhook(body, null)).status).toBe(401);
    expect((await webhook(body, signBody(`sk_test_${"0".repeat(40)}`, body))).status).toBe(401);
    expect((await webhook(body, "not-hex")).status).toBe(401);
    const tampered = body.replace('"amount":2000000', '"amount":2000001');
    expect(tampered).not.toBe(body);
    expect((await webhook(tampered, signBody(SECRET, body))).status).toBe(401);
    expect(await payment(reference)).toMatchObject({ status: "pending", paid_at: null });
    expect((await storedApplicant(id)).status).toBe("new");
    const refused = await api.db
      .selectFrom("security_log")
      .select("reason")
      .where("event", "=", "payment.refused")
      .execute();
    expect(refused.map((r) => r.reason)).toEqual(expect.arrayContaining(["unsigned", "signature"]));
  });

  it("a replayed event is answered 200 and records nothing twice", async () => {
    const { id, token } = await applicant();
    const { reference } = await startPaying(token);
    paystack.setWebhookUrl("http://127.0.0.1:9/nowhere"); // the checkout's own event goes nowhere: this test sends it
    paystack.complete(reference, "success");
    await paystack.settled();
    paystack.setWebhookUrl(api.url("/api/payments/paystack/webhook"));
    const body = chargeBody(reference);
    const first = await webhook(body);
    expect(await first.json()).toEqual({ outcome: "recorded" });
    const second = await webhook(body);
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual({ outcome: "duplicate" });
    expect(await receipts((await storedApplicant(id)).email)).toHaveLength(1);
    expect(await rowCount(api, "payments")).toBe(1);
  });

  it("a signed event with the wrong amount or currency is not taken as paid, and is kept for staff", async () => {
    const { id, token } = await applicant();
    const { reference } = await startPaying(token);
    for (const wrong of [{ amount: 2_000 }, { currency: "USD" }]) {
      const res = await webhook(
        chargeBody(reference, { status: "success", paid_at: new Date().toISOString(), ...wrong }),
      );
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ outcome: "mismatch" });
    }
    const row = await payment(reference);
    expect(row).toMatchObject({ status: "pending", paid_at: null });
    expect(row!.problem).toContain("expected 2000000 NGN");
    expect((await storedApplicant(id)).status).toBe("new");
    // The callback, asking Paystack (which says still not paid), does not take it either.
    expect(await (await verify(token, reference)).json()).toEqual({ status: "abandoned" });
  });

  it("an event for a reference the academy never made is answered 200 (no retries) and stores nothing", async () => {
    const body = JSON.stringify({
      event: "charge.success",
      data: {
        id: 1,
        status: "success",
        reference: "SOMEONE-ELSES-1",
        amount: 2_000_000,
        currency: "NGN",
        channel: "card",
        paid_at: null,
      },
    });
    const res = await webhook(body);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ignored: "unknown reference" });
    expect(await rowCount(api, "payments")).toBe(0);
    // An event of a kind the academy does not read, and an unreadable body, end Paystack's retries too.
    expect((await webhook(JSON.stringify({ event: "transfer.success", data: {} }))).status).toBe(200);
    expect((await webhook("not json")).status).toBe(200);
  });

  it("20 deliveries of one event at the same moment record one payment, one status change, one receipt", async () => {
    const { id, token } = await applicant();
    const { reference } = await startPaying(token);
    paystack.setWebhookUrl("http://127.0.0.1:9/nowhere");
    paystack.complete(reference, "success");
    await paystack.settled();
    paystack.setWebhookUrl(api.url("/api/payments/paystack/webhook"));
    const body = chargeBody(reference);
    const results = await Promise.all([
      ...Array.from({ length: 20 }, () =>
        webhook(body).then(async (r) => ({ status: r.status, body: await r.json() })),
      ),
      // and the callback racing them
      verify(token, reference).then(async (r) => ({ status: r.status, body: await r.json() })),
    ]);
    expect(results.map((r) => r.status)).toEqual(Array(21).fill(200));
    const outcomes = results.slice(0, 20).map((r) => (r.body as { outcome: string }).outcome);
    expect(outcomes.filter((o) => o === "recorded").length).toBeLessThanOrEqual(1);
    expect(await rowCount(api, "payments")).toBe(1);
    expect(await payment(reference)).toMatchObject({ status: "paid" });
    const a = await storedApplicant(id);
    expect(a.status).toBe("paid");
    expect(await receipts(a.email)).toHaveLength(1);
    const links = await api.db
      .selectFrom("application_links")
      .select("token_hash")
      .where("applicant_id", "=", id)
      .execute();
    expect(links).toHaveLength(2); // the test's own, and the receipt's one
  });

  it("money that arrives after the application was withdrawn is recorded and flagged for a refund", async () => {
    const { id, token } = await applicant();
    const { reference } = await startPaying(token);
    // Withdrawing asks for the date of birth (docs/decisions/091-a-link-withdraws-only-with-the-date-of-birth.md).
    const { applicationReference } = await import("@domain/registrations");
    const { dob } = await api.db.selectFrom("applicants").select("dob").where("id", "=", id).executeTakeFirstOrThrow();
    const withdrawn = await call("POST", `/api/application/${token}/withdraw`, { json: { dob } });
    expect(withdrawn.status).toBe(200);
    paystack.setWebhookUrl("http://127.0.0.1:9/nowhere");
    paystack.complete(reference, "success");
    await paystack.settled();
    paystack.setWebhookUrl(api.url("/api/payments/paystack/webhook"));
    const late = await webhook(chargeBody(reference));
    expect(await late.json()).toEqual({ outcome: "recorded" });
    expect(await payment(reference)).toMatchObject({ status: "paid", refund_due: 1 });
    const a = await storedApplicant(id);
    expect(a.status).toBe("withdrawn");
    expect(await receipts(a.email)).toHaveLength(0);
    const notice = await mailsSent(api, { subject: new RegExp(`^Refund due: .*${applicationReference(id)}$`) });
    expect(notice).toHaveLength(1);
    expect(notice[0].text).toContain(reference);
    const listed = (await (await call("GET", "/api/payments?refundDue=1", { cookie })).json()) as {
      rows: { reference: string }[];
    };
    expect(listed.rows.map((r) => r.reference)).toEqual([reference]);
  });

  it("a refund Paystack reports is recorded once, even when it arrives before the charge's event", async () => {
    const { token } = await applicant();
    const { reference } = await startPaying(token);
    paystack.setWebhookUrl("http://127.0.0.1:9/nowhere");
    paystack.complete(reference, "success");
    await paystack.settled();
    paystack.setWebhookUrl(api.url("/api/payments/paystack/webhook"));
    const refund = JSON.stringify({
      event: "refund.processed",
      data: { status: "processed", transaction_reference: reference, amount: 2_000_000, currency: "NGN" },
    });
    expect(await (await webhook(refund)).json()).toEqual({ outcome: "recorded" });
    expect(await (await webhook(refund)).json()).toEqual({ outcome: "duplicate" });
    expect(await (await webhook(chargeBody(reference))).json()).toEqual({ outcome: "recorded" });
    const row = await payment(reference);
    expect(row).toMatchObject({ status: "refunded", refunded_amount: 2_000_000 });
    expect(row!.paid_at).not.toBeNull();
  });
});

describe("staff's payments page", () => {
  it("lists online and transfer payments together, by state and reference, by key; totals per day; CSV; a refund", async () => {
    const online = await applicant();
    const { reference } = await startPaying(online.token);
    paystack.complete(reference, "success");
    await verify(online.token, reference);
    await paystack.settled();
    const pending = await applicant();
    const open = await startPaying(pending.token);
    // A transfer confirmed by staff joins the same history.
    const transfer = await applicant();
    await api.db
      .updateTable("applicants")
      .set({ payment_proof: "waiting", payment_transfer_ref: "ZEN-778812" })
      .where("id", "=", transfer.id)
      .execute();
    expect((await call("POST", `/api/applicants/${transfer.id}/proof/confirm`, { cookie })).status).toBe(200);

    const admissions = await createStaff(api, "desk@academy.test", undefined, { role: "admissions" });
    const desk = await loginCookie(api, admissions.email, admissions.password);
    const all = (await (await call("GET", "/api/payments?limit=2", { cookie: desk })).json()) as {
      rows: { reference: string; method: string; status: string; transferReference: string | null }[];
      next: string | null;
      webhookUrl: string;
      online: boolean;
    };
    expect(all.webhookUrl).toBe("http://localhost:3000/api/payments/paystack/webhook");
    expect(all.online).toBe(true);
    expect(all.rows).toHaveLength(2);
    expect(all.next).toBeTruthy();
    const rest = (await (
      await call("GET", `/api/payments?limit=2&after=${encodeURIComponent(all.next!)}`, { cookie: desk })
    ).json()) as typeof all;
    const every = [...all.rows, ...rest.rows];
    expect(every.map((r) => r.method).sort()).toEqual(["paystack", "paystack", "transfer"]);
    expect(every.find((r) => r.method === "transfer")).toMatchObject({
      status: "paid",
      transferReference: "ZEN-778812",
      // Who paid, to match the bank statement by name.
      payer: "Adaeze Okafor",
    });
    const paid = (await (await call("GET", "/api/payments?status=pending", { cookie: desk })).json()) as typeof all;
    expect(paid.rows.map((r) => r.reference)).toEqual([open.reference]);
    const found = (await (await call("GET", `/api/payments?q=${reference}`, { cookie: desk })).json()) as typeof all;
    expect(found.rows.map((r) => r.reference)).toEqual([reference]);
    const byApplication = (await (
      await call("GET", `/api/payments?q=FLA-${transfer.id.slice(0, 8).toUpperCase()}`, { cookie: desk })
    ).json()) as typeof all;
    expect(byApplication.rows.map((r) => r.method)).toEqual(["transfer"]);
    expect((await call("GET", "/api/payments?status=stolen", { cookie: desk })).status).toBe(400);

    const totals = (await (await call("GET", "/api/payments/totals", { cookie: desk })).json()) as {
      days: { online: number; transfer: number; count: number }[];
    };
    expect(totals.days).toHaveLength(1);
    expect(totals.days[0]).toMatchObject({ online: 2_000_000, transfer: 2_000_000, count: 2 });

    const csv = await call("GET", "/api/payments/csv", { cookie: desk });
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines).toHaveLength(4);
    expect(lines[0]).toContain("Payment reference");
    expect(lines[0].split(",").slice(0, 3)).toEqual(["Payment reference", "Application", "Applicant"]);
    expect(lines.join("\n")).toContain("ZEN-778812");
    expect(lines.find((l) => l.includes("ZEN-778812"))).toContain("Adaeze Okafor");

    const onlineRow = every.find((r) => r.reference === reference) as unknown as { _id: string };
    const refunded = await call("POST", `/api/payments/${onlineRow._id}/refund`, {
      cookie: desk,
      json: { amount: "20000", note: "Refunded in Paystack" },
    });
    expect(refunded.status).toBe(200);
    expect(await refunded.json()).toMatchObject({
      status: "refunded",
      refundedAmount: 2_000_000,
      refundNote: "Refunded in Paystack",
    });
    expect(
      (await call("POST", `/api/payments/${onlineRow._id}/refund`, { cookie: desk, json: { amount: "1" } })).status,
    ).toBe(409);
    const pendingRow = (await payment(open.reference))!;
    expect(
      (await call("POST", `/api/payments/${pendingRow.id}/refund`, { cookie: desk, json: { amount: "1" } })).status,
    ).toBe(409);
    expect(
      (await call("POST", `/api/payments/${onlineRow._id}/refund`, { cookie: desk, json: { amount: "-5" } })).status,
    ).toBe(400);

    const editor = await createStaff(api, "editor@academy.test", undefined, { role: "editor", twoFactor: false });
    const editorCookie = await loginCookie(api, editor.email, editor.password);
    expect((await call("GET", "/api/payments", { cookie: editorCookie })).status).toBe(403);
    expect((await call("GET", "/api/payments/csv", { cookie: editorCookie })).status).toBe(403);
    expect(
      (await call("POST", `/api/payments/${onlineRow._id}/refund`, { cookie: editorCookie, json: { amount: "1" } }))
        .status,
    ).toBe(403);
    expect((await call("GET", "/api/payments")).status).toBe(401);
  });
});

describe("the applicants export", () => {
  it("gains the payment's state and the transfer reference staff match against the bank statement", async () => {
    const waiting = await applicant();
    await api.db
      .updateTable("applicants")
      .set({ payment_proof: "waiting", payment_transfer_ref: "GTB-55120" })
      .where("id", "=", waiting.id)
      .execute();
    const online = await applicant();
    const { reference } = await startPaying(online.token);
    paystack.complete(reference, "success");
    await verify(online.token, reference);
    await paystack.settled();
    await applicant();
    const csv = await (await call("GET", "/api/applicants/export.csv", { cookie })).text();
    const lines = csv.trim().split("\r\n");
    expect(lines[0]).toContain("Payment,Transfer reference");
    const lineOf = (id: string) => lines.find((l) => l.startsWith(id))!;
    expect(lineOf(waiting.id).endsWith(",Receipt waiting,GTB-55120")).toBe(true);
    expect(lineOf(online.id).endsWith(",Paid,")).toBe(true);
    expect(lines.filter((l) => l.endsWith(",Not paid,"))).toHaveLength(1);
  });
});

describe("a year on", () => {
  it("the retention job empties Paystack's raw events and keeps the payment", async () => {
    const { token } = await applicant();
    const { reference } = await startPaying(token);
    paystack.complete(reference, "success");
    await verify(token, reference);
    await paystack.settled();
    const { applyRetention } = await import("../../api/privacy/retention");
    const soon = await applyRetention(api.db, new Date(Date.now() + 300 * 24 * 3600 * 1000));
    expect(soon.paymentEventsCleared).toBe(0);
    const later = await applyRetention(api.db, new Date(Date.now() + 366 * 24 * 3600 * 1000));
    expect(later.paymentEventsCleared).toBe(1);
    expect(await payment(reference)).toMatchObject({ status: "paid", raw_event: null });
  });
});

describe("the secret key", () => {
  it("never appears in a log line, an answer, a mail or an error", async () => {
    // Paystack unreachable: the applicant reads a sentence, the log no key.
    const { token } = await applicant();
    await paystack.close();
    const down = await call("POST", `/api/application/${token}/payments/paystack`);
    expect(down.status).toBe(502);
    expect(await down.text()).toContain("could not reach the payment service");
    // A bad key is refused at start without being repeated.
    const { readConfig } = await import("../../api/config");
    expect(() => readConfig({ PAYSTACK_SECRET_KEY: "pk_live_wrongkindofkey" } as unknown as NodeJS.ProcessEnv)).toThrow(
      /PAYSTACK_SECRET_KEY must look like/,
    );
    let message = "";
    try {
      readConfig({ PAYSTACK_SECRET_KEY: "pk_live_wrongkindofkey" } as unknown as NodeJS.ProcessEnv);
    } catch (error) {
      message = String(error);
    }
    expect(message).not.toContain("wrongkindofkey");
    const mails = await api.db.selectFrom("mail_outbox").selectAll().execute();
    const seen = [...written, ...answers, JSON.stringify(mails)].join("\n");
    expect(seen.length).toBeGreaterThan(1000);
    expect(seen).not.toContain(SECRET);
    expect(seen).not.toContain(SECRET.slice(8));
    paystack = await startPaystack({ secretKey: SECRET }); // for afterAll
  });
});
