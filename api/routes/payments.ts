import { Hono } from "hono";
import { type Expression, type Selectable, sql, type SqlBool } from "kysely";

import { csvLines, dateCell } from "@domain/csv";
import { formatKobo, registrationFee } from "@domain/payments";
import { applicationReference, REFERENCE_PREFIX } from "@domain/registrations";

import { config } from "../config";
import type { DB } from "../db";
import type { PaymentsTable } from "../db/schema";
import { check, type Env, fail, limitBody, logExport, query, readBody, requirePermission } from "../http";
import { nowIso } from "../lib/ids";
import { instalmentOf, intakeInstalments } from "../lib/intakes";
import {
  applicantByStatusToken,
  courseFeeStanding,
  mayPayRegistration,
  recordCourseFeeTransfer,
  recordProviderRefund,
  recordStaffRefund,
  settleTransaction,
  startCourseFeePayment,
  startRegistrationPayment,
  verifyAndSettle,
} from "../lib/payments";
import { paystackEnabled, PaystackError, paystackTransaction, validSignature } from "../lib/paystack";
import { receiptFilename, receiptPdf } from "../lib/receipt-pdf";
import { siteSettings } from "../lib/settings";
import { accountStatement } from "../lib/statement";
import { spendPerIp } from "../limits";
import { channelWords } from "../mail/payment-mails";
import { apiMessages } from "../messages";
import {
  applicantIdParam,
  courseFeeInput,
  feeTransferInput,
  intakeIdParam,
  paymentCsvQuery,
  paymentListQuery,
  paymentReference,
  paymentTotalsQuery,
  paystackEvent,
  paystackRefund,
  refundInput,
} from "../payments-schemas";
import { recordSecurityEvent } from "../security-events";
import { privateToken } from "../validation";

// Payments (docs/product.md §4, "Payments"; docs/decisions/062 and 063): the applicant starts
// paying online from the status page and comes back through the callback, which asks Paystack
// before it says anything; Paystack's signed webhook says the same; staff read every payment,
// online and by transfer, and record refunds.

export const payments = new Hono<Env>();

type Payment = Selectable<PaymentsTable>;
const NO_STORE = { "cache-control": "private, no-store" };
export const webhookPath = "/api/payments/paystack/webhook";

async function applicantOf(db: DB, token: string) {
  if (!privateToken.safeParse(token).success) fail(404, apiMessages.applicationNotFound);
  const row = await applicantByStatusToken(db, token);
  if (!row) fail(404, apiMessages.applicationNotFound);
  return row;
}

/** How many instalments each named intake's plan has today (by key, a page's intakes at most), for "Instalment 2 of 3". */
async function planSizes(db: DB, rows: readonly Payment[]) {
  const ids = [...new Set(rows.flatMap((p) => (p.intake_id && p.instalment ? [p.intake_id] : [])))];
  const intakes = ids.length
    ? await db.selectFrom("intakes").select(["id", "instalments"]).where("id", "in", ids).execute()
    : [];
  return new Map(intakes.map((i) => [i.id, intakeInstalments(i).length]));
}

const historyItem = (p: Payment, plans: ReadonlyMap<string, number>) => ({
  reference: p.reference,
  method: p.method,
  purpose: p.purpose,
  instalment: p.instalment,
  /** The parts of the intake's plan today, when the payment was for an instalment (null: no plan now). */
  instalmentOf: (p.instalment && p.intake_id && plans.get(p.intake_id)) || null,
  amount: p.amount,
  amountText: formatKobo(p.amount),
  status: p.status,
  channel: channelWords(p.channel),
  paidAt: p.paid_at,
  createdAt: p.created_at,
});

/** The course fee as the status page shows it: kobo for sums, words for people; `online` when paying it now is open. */
function courseFeeAnswer({ intake, state, may }: NonNullable<Awaited<ReturnType<typeof courseFeeStanding>>>) {
  return {
    intakeId: intake.id,
    startDate: intake.start_date,
    fee: state.feeKobo,
    feeText: formatKobo(state.feeKobo),
    paid: state.paidKobo,
    paidText: formatKobo(state.paidKobo),
    owed: state.owed,
    owedText: formatKobo(state.owed),
    parts: state.parts.map((p) => ({ ...p, amountText: formatKobo(p.amountKobo) })),
    next: state.next && { ...state.next, amountText: formatKobo(state.next.amountKobo) },
    partMin: state.partMinKobo,
    partMinText: formatKobo(state.partMinKobo),
    online: paystackEnabled() && may,
  };
}

/** What the status page offers and shows: whether paying online is open, and the application's payments. */
payments.get("/application/:token/payments", async (c) => {
  const db = c.get("db");
  const applicant = await applicantOf(db, c.req.param("token"));
  const history = await db
    .selectFrom("payments")
    .selectAll()
    .where("applicant_id", "=", applicant.id)
    .where("status", "in", ["paid", "refunded"])
    .orderBy("applicant_id")
    .orderBy("created_at", "desc")
    .limit(20)
    .execute();
  const fee = registrationFee(await siteSettings());
  const standing = await courseFeeStanding(db, applicant);
  const plans = await planSizes(db, history);
  return c.json(
    {
      online: paystackEnabled() && mayPayRegistration(applicant),
      fee: { amount: fee.amountKobo, label: fee.label },
      history: history.map((p) => historyItem(p, plans)),
      courseFee: standing && courseFeeAnswer(standing),
    },
    200,
    NO_STORE,
  );
});

/**
 * "Pay online": a pending payment under our reference, and Paystack's checkout to send the
 * applicant to; the same checkout again while it is open, and at most three a day per application
 * (429; docs/decisions/092-one-registration-fee-once.md).
 */
payments.post("/application/:token/payments/paystack", limitBody(4 * 1024), async (c) => {
  if (!paystackEnabled()) fail(404, apiMessages.payOnlineOff);
  const db = c.get("db");
  const token = c.req.param("token");
  const applicant = await applicantOf(db, token);
  if (!mayPayRegistration(applicant)) fail(409, apiMessages.payNotNow);
  await spendPerIp("paymentStartsPerIp", apiMessages.tooManyPayments);
  try {
    // An open checkout for the same fee is offered again (200), not a second one (decision 092).
    const { reused, ...started } = await startRegistrationPayment(db, applicant, token);
    return c.json(started, reused ? 200 : 201, NO_STORE);
  } catch (error) {
    if (error instanceof PaystackError) return c.text(apiMessages.paystackDown, 502);
    throw error;
  }
});

/**
 * "Pay the course fee online" (docs/decisions/077): the whole of what is owed, an instalment or a
 * part payment, checked against the intake's fee and plan on the server; then the same checkout.
 */
payments.post("/application/:token/payments/course-fee", limitBody(4 * 1024), async (c) => {
  if (!paystackEnabled()) fail(404, apiMessages.payOnlineOff);
  const db = c.get("db");
  const token = c.req.param("token");
  const applicant = await applicantOf(db, token);
  const choice = check(courseFeeInput, await readBody(c));
  await spendPerIp("paymentStartsPerIp", apiMessages.tooManyPayments);
  try {
    const { reused, ...started } = await startCourseFeePayment(db, applicant, token, choice);
    return c.json(started, reused ? 200 : 201, NO_STORE);
  } catch (error) {
    if (error instanceof PaystackError) return c.text(apiMessages.paystackDown, 502);
    throw error;
  }
});

/**
 * The callback's check: the reference must be one of this application's payments (a made-up one
 * is 404 before Paystack is asked), then Paystack's verify decides. Answers the payment's state.
 */
payments.post("/application/:token/payments/:reference/verify", limitBody(4 * 1024), async (c) => {
  const db = c.get("db");
  const applicant = await applicantOf(db, c.req.param("token"));
  const parsed = paymentReference.safeParse(c.req.param("reference"));
  if (!parsed.success) fail(404, apiMessages.paymentNotFound);
  const payment = await db
    .selectFrom("payments")
    .selectAll()
    .where("reference", "=", parsed.data)
    .where("applicant_id", "=", applicant.id)
    .where("method", "=", "paystack")
    .executeTakeFirst();
  if (!payment) fail(404, apiMessages.paymentNotFound);
  if (payment.paid_at) return c.json({ status: payment.status }, 200, NO_STORE);
  if (!paystackEnabled()) fail(404, apiMessages.payOnlineOff);
  await spendPerIp("paymentChecksPerIp", apiMessages.tooManyPayments);
  try {
    const settled = await verifyAndSettle(db, payment.reference);
    return c.json({ status: "payment" in settled ? settled.payment.status : payment.status }, 200, NO_STORE);
  } catch (error) {
    if (error instanceof PaystackError) return c.text(apiMessages.paystackDown, 502);
    throw error;
  }
});

/**
 * The receipt of one of this application's payments, paid or since refunded, as a PDF (the status
 * page's link). The token is the key: another application's reference is not found.
 */
payments.get("/application/:token/payments/:reference/receipt", async (c) => {
  const db = c.get("db");
  const token = c.req.param("token");
  const applicant = await applicantOf(db, token);
  const parsed = paymentReference.safeParse(c.req.param("reference"));
  if (!parsed.success) fail(404, apiMessages.paymentNotFound);
  const payment = await db
    .selectFrom("payments")
    .selectAll()
    .where("reference", "=", parsed.data)
    .where("applicant_id", "=", applicant.id)
    .where("status", "in", ["paid", "refunded"])
    .executeTakeFirst();
  if (!payment?.paid_at) fail(404, apiMessages.paymentNotFound);
  await spendPerIp("receiptsPerIp", apiMessages.tooManyReceipts);
  const url = `${config().PUBLIC_URL}/application/${token}`;
  const settings = await siteSettings();
  const statement = await accountStatement(db, applicant, settings, payment.paid_at);
  const pdf = await receiptPdf(payment, applicant, url, settings, await instalmentOf(db, payment), statement);
  return c.body(new Uint8Array(pdf), 200, {
    ...NO_STORE,
    "content-type": "application/pdf",
    "content-disposition": `inline; filename="${receiptFilename(payment.reference)}"`,
    "x-content-type-options": "nosniff",
  });
});

/**
 * Paystack's events (docs/decisions/063): the signature over the raw bytes first, in constant
 * time. Unsigned or forged: 401 (a key changed at Paystack is retried until it is set here too).
 * Signed but not for us, or naming a wrong amount: 200, so Paystack stops retrying what a retry
 * cannot change, and kept for staff. Processed or already processed: 200.
 */
payments.post("/payments/paystack/webhook", limitBody(64 * 1024), async (c) => {
  if (!paystackEnabled()) return c.text("Not found", 404);
  const raw = new Uint8Array(await c.req.arrayBuffer());
  if (!validSignature(raw, c.req.header("x-paystack-signature"))) {
    await recordSecurityEvent({
      type: "payment.refused",
      reason: c.req.header("x-paystack-signature") ? "signature" : "unsigned",
    });
    return c.text("Signature refused", 401);
  }
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder().decode(raw));
  } catch {
    return c.json({ ignored: "unreadable" });
  }
  const event = paystackEvent.safeParse(body);
  if (!event.success) return c.json({ ignored: "unreadable" });
  const db = c.get("db");
  if (event.data.event === "charge.success") {
    const tx = paystackTransaction.safeParse(event.data.data);
    if (!tx.success) return c.json({ ignored: "unreadable" });
    const settled = await settleTransaction(db, tx.data, body);
    if (settled.outcome === "unknown") {
      await recordSecurityEvent({ type: "payment.refused", reason: "unknown reference" });
      return c.json({ ignored: "unknown reference" });
    }
    return c.json({ outcome: settled.outcome });
  }
  if (event.data.event === "refund.processed") {
    const refund = paystackRefund.safeParse(event.data.data);
    if (!refund.success) return c.json({ ignored: "unreadable" });
    const recorded = await recordProviderRefund(
      db,
      { reference: refund.data.transaction_reference, amount: refund.data.amount, currency: refund.data.currency },
      body,
    );
    return c.json({ outcome: recorded ? "recorded" : "duplicate" });
  }
  return c.json({ ignored: "event" });
});

// ---- staff (Admissions and Admin) ----

/** `FLA-XXXXXXXX` finds an application's payments (its id starts with those 8 characters); anything else a payment's reference. */
function referenceFilter(q: string): Expression<SqlBool> {
  const upper = q.toUpperCase();
  if (upper.startsWith(REFERENCE_PREFIX) && /^FLA-[0-9A-F]{8}$/.test(upper)) {
    const prefix = upper.slice(REFERENCE_PREFIX.length).toLowerCase();
    return sql<SqlBool>`(applicant_id >= ${prefix} and applicant_id < ${`${prefix}g`})`;
  }
  return sql<SqlBool>`(reference = ${q} or transfer_reference = ${q})`;
}

function listFilter(q: { status?: string; refundDue?: string; q?: string }) {
  const parts: Expression<SqlBool>[] = [];
  if (q.status) parts.push(sql<SqlBool>`status = ${q.status}`);
  if (q.refundDue) parts.push(sql<SqlBool>`refund_due = 1`);
  if (q.q) parts.push(referenceFilter(q.q));
  return parts;
}

async function pageOfPayments(
  db: DB,
  filter: Expression<SqlBool>[],
  after: { at: string; id: string } | undefined,
  limit: number,
) {
  const conditions = [...filter];
  if (after) conditions.push(sql<SqlBool>`((created_at, id) < (${after.at}, ${after.id}))`);
  return db
    .selectFrom("payments")
    .selectAll()
    .where(conditions.length ? sql<SqlBool>`${sql.join(conditions, sql` and `)}` : sql<SqlBool>`1 = 1`)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

/**
 * The names of the applicants who made these payments, by id, in one query (a page at most): staff
 * reconcile a bank statement by name. An applicant erased on schedule has none.
 */
async function payerNames(db: DB, rows: readonly Payment[]) {
  const ids = [...new Set(rows.map((p) => p.applicant_id))];
  const people = ids.length
    ? await db.selectFrom("applicants").select(["id", "firstname", "lastname"]).where("id", "in", ids).execute()
    : [];
  return new Map(people.map((a) => [a.id, `${a.firstname} ${a.lastname}`]));
}

const staffRow = (p: Payment, plans: ReadonlyMap<string, number>, payers?: ReadonlyMap<string, string>) => ({
  _id: p.id,
  ...historyItem(p, plans),
  application: applicationReference(p.applicant_id),
  applicantId: p.applicant_id,
  payer: payers?.get(p.applicant_id) ?? null,
  currency: p.currency,
  providerId: p.provider_id,
  transferReference: p.transfer_reference,
  refundDue: p.refund_due === 1,
  refundedAmount: p.refunded_amount,
  refundedAt: p.refunded_at,
  refundNote: p.refund_note,
  problem: p.problem,
});

/** The payments page: newest first by key, filtered by state or a reference; with where Paystack's events go. */
payments.get("/payments", requirePermission("applicants"), async (c) => {
  const q = query(c, paymentListQuery);
  const rows = await pageOfPayments(c.get("db"), listFilter(q), q.after, q.limit + 1);
  const more = rows.length > q.limit;
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  const [plans, payers] = await Promise.all([planSizes(c.get("db"), page), payerNames(c.get("db"), page)]);
  return c.json({
    rows: page.map((p) => staffRow(p, plans, payers)),
    next: more && last ? `${last.created_at}_${last.id}` : null,
    online: paystackEnabled(),
    webhookUrl: `${config().PUBLIC_URL}${webhookPath}`,
  });
});

/** Money received per Lagos day, for the last `days` days (by the paid-time index: the window, never the table). */
payments.get("/payments/totals", requirePermission("applicants"), async (c) => {
  const { days } = query(c, paymentTotalsQuery);
  const since = new Date(Date.now() - days * 24 * 3600 * 1000).toISOString();
  const rows = await c
    .get("db")
    .selectFrom("payments")
    .select(["paid_at", "amount", "method", "refunded_amount"])
    .where("paid_at", ">=", since)
    .where("status", "in", ["paid", "refunded"])
    .execute();
  const byDay = new Map<string, { day: string; online: number; transfer: number; refunded: number; count: number }>();
  for (const r of rows) {
    const day = new Date(Date.parse(r.paid_at!) + 3600 * 1000).toISOString().slice(0, 10); // Lagos is UTC+1 all year
    const t = byDay.get(day) ?? { day, online: 0, transfer: 0, refunded: 0, count: 0 };
    if (r.method === "paystack") t.online += r.amount;
    else t.transfer += r.amount;
    t.refunded += r.refunded_amount ?? 0;
    t.count++;
    byDay.set(day, t);
  }
  return c.json({ days: [...byDay.values()].sort((a, b) => b.day.localeCompare(a.day)) });
});

/** The intakes whose course fees staff may read: not archived, newest start first (by the course-start index), at most 200. */
payments.get("/payments/intakes", requirePermission("applicants"), async (c) => {
  const rows = await c
    .get("db")
    .selectFrom("intakes")
    .innerJoin("courses", "courses.id", "intakes.course_id")
    .select(["intakes.id", "intakes.start_date", "intakes.campus", "courses.title"])
    .where("intakes.status", "in", ["open", "closed"])
    .orderBy("intakes.start_date", "desc")
    .orderBy("intakes.id")
    .limit(200)
    .execute();
  return c.json(rows.map((r) => ({ id: r.id, startDate: r.start_date, campus: r.campus, course: r.title })));
});

/**
 * One intake's course fees (docs/decisions/077): money received in total, and each of its
 * applicants' fee, paid and still owed. By keys only: the intake's applicants (its index) and
 * their course-fee payments (the payments' (intake_id, applicant_id) index); an intake holds at
 * most its seats and waiting list.
 */
payments.get("/payments/intakes/:intakeId", requirePermission("applicants"), async (c) => {
  const parsed = intakeIdParam.safeParse(c.req.param("intakeId"));
  if (!parsed.success) fail(404, apiMessages.intakeNotFound);
  const db = c.get("db");
  const intake = await db.selectFrom("intakes").selectAll().where("id", "=", parsed.data).executeTakeFirst();
  if (!intake) fail(404, apiMessages.intakeNotFound);
  const applicants = await db
    .selectFrom("applicants")
    .select(["id", "firstname", "lastname", "status", "waitlisted_at"])
    .where("intake_id", "=", intake.id)
    .orderBy("intake_id")
    .orderBy("waitlisted_at")
    .orderBy("id")
    .limit(5000)
    .execute();
  const sums = await db
    .selectFrom("payments")
    .select(["applicant_id", "method", (eb) => eb.fn.sum<number>("amount").as("paid")])
    .where("intake_id", "=", intake.id)
    .where("status", "=", "paid")
    .groupBy(["applicant_id", "method"])
    .execute();
  const paidBy = new Map<string, number>();
  let online = 0;
  let transfer = 0;
  for (const r of sums) {
    const n = Number(r.paid);
    paidBy.set(r.applicant_id, (paidBy.get(r.applicant_id) ?? 0) + n);
    if (r.method === "paystack") online += n;
    else transfer += n;
  }
  const fee = Number(intake.fee_kobo);
  const rows = applicants.map((a) => {
    const paid = paidBy.get(a.id) ?? 0;
    return {
      applicantId: a.id,
      application: applicationReference(a.id),
      name: `${a.firstname} ${a.lastname}`.trim(),
      status: a.status,
      waiting: a.waitlisted_at !== null,
      paid,
      paidText: formatKobo(paid),
      owed: Math.max(0, fee - paid),
      owedText: formatKobo(Math.max(0, fee - paid)),
    };
  });
  return c.json({
    intakeId: intake.id,
    courseId: intake.course_id,
    startDate: intake.start_date,
    fee,
    feeText: formatKobo(fee),
    received: online + transfer,
    receivedText: formatKobo(online + transfer),
    online,
    transfer,
    // Those on the waiting list or withdrawn or declined owe nothing yet (or any more).
    owed: rows
      .filter((r) => !r.waiting && r.status !== "withdrawn" && r.status !== "declined")
      .reduce((sum, r) => sum + r.owed, 0),
    rows,
  });
});

const CSV_HEADER = [
  "Payment reference",
  "Application",
  "Applicant",
  "Paid for",
  "Method",
  "Channel",
  "Amount (NGN)",
  "Currency",
  "State",
  "Paid at (Lagos)",
  "Paystack id",
  "Transfer reference",
  "Refund due",
  "Refunded (NGN)",
  "Refund note",
  "Created at (Lagos)",
] as const;

/** For reconciliation with the bank statement: every payment the filter names, written a page at a time. */
payments.get("/payments/csv", requirePermission("exports"), logExport("payments"), async (c) => {
  const q = query(c, paymentCsvQuery);
  const db = c.get("db");
  const filter = listFilter(q);
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(encoder.encode(`\uFEFF${csvLines([CSV_HEADER])}`));
      let after: { at: string; id: string } | undefined;
      for (;;) {
        const rows = await pageOfPayments(db, filter, after, 500);
        const payers = await payerNames(db, rows);
        controller.enqueue(
          encoder.encode(
            csvLines(
              rows.map((p) => [
                p.reference,
                applicationReference(p.applicant_id),
                payers.get(p.applicant_id) ?? "",
                p.purpose,
                p.method,
                channelWords(p.channel),
                (p.amount / 100).toFixed(2),
                p.currency,
                p.status,
                p.paid_at ? dateCell(p.paid_at) : "",
                p.provider_id ?? "",
                p.transfer_reference ?? "",
                p.refund_due ? "Yes" : "",
                p.refunded_amount === null ? "" : (p.refunded_amount / 100).toFixed(2),
                p.refund_note ?? "",
                dateCell(p.created_at),
              ]),
            ),
          ),
        );
        if (rows.length < 500) break;
        const last = rows.at(-1)!;
        after = { at: last.created_at, id: last.id };
      }
      controller.close();
    },
  });
  return new Response(stream, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="payments-${nowIso().slice(0, 10)}.csv"`,
      "cache-control": "no-store",
    },
  });
});

/** A refund made in Paystack's dashboard (or by the bank), recorded against its payment. */
payments.post("/payments/:id/refund", limitBody(4 * 1024), requirePermission("applicants"), async (c) => {
  const input = check(refundInput, await readBody(c));
  const user = c.get("user")!;
  const db = c.get("db");
  const id = c.req.param("id");
  const exists = await db.selectFrom("payments").select("id").where("id", "=", id).executeTakeFirst();
  if (!exists) fail(404, apiMessages.paymentMissing);
  if (!(await recordStaffRefund(db, id, input, user.id))) fail(409, apiMessages.refundNotPossible);
  await recordSecurityEvent({ type: "payment.refund_recorded", actorId: user.id, subjectId: id });
  const row = await db.selectFrom("payments").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  return c.json(staffRow(row, await planSizes(db, [row])));
});

/**
 * One applicant's course fee for staff (the applicant's page): where they stand with their
 * intake's fee, and their course-fee payments, online and by transfer (by the payments'
 * (intake_id, applicant_id) index; at most 50, newest first).
 */
payments.get("/payments/applicants/:id/course-fee", requirePermission("applicants"), async (c) => {
  const db = c.get("db");
  const id = applicantIdParam.safeParse(c.req.param("id"));
  const applicant = id.success
    ? await db.selectFrom("applicants").selectAll().where("id", "=", id.data).executeTakeFirst()
    : undefined;
  if (!applicant) fail(404, apiMessages.applicantNotFound);
  const standing = await courseFeeStanding(db, applicant);
  const rows = standing
    ? await db
        .selectFrom("payments")
        .selectAll()
        .where("intake_id", "=", standing.intake.id)
        .where("applicant_id", "=", applicant.id)
        .where("status", "in", ["paid", "refunded"])
        .orderBy("created_at", "desc")
        .limit(50)
        .execute()
    : [];
  const plans = await planSizes(db, rows);
  return c.json({
    courseFee: standing && courseFeeAnswer(standing),
    history: rows.map((p) => staffRow(p, plans)),
  });
});

/**
 * A course-fee transfer staff record (docs/decisions/081-one-application-pays-in-turn.md): once
 * per bank reference (409 by the field), counted as any payment of the fee, its receipt mailed.
 */
payments.post(
  "/payments/applicants/:id/course-fee-transfers",
  limitBody(4 * 1024),
  requirePermission("applicants"),
  async (c) => {
    const input = check(feeTransferInput, await readBody(c));
    const id = applicantIdParam.safeParse(c.req.param("id"));
    if (!id.success) fail(404, apiMessages.applicantNotFound);
    const user = c.get("user")!;
    const db = c.get("db");
    const row = await recordCourseFeeTransfer(db, id.data, input);
    await recordSecurityEvent({ type: "payment.transfer_recorded", actorId: user.id, subjectId: row.id });
    return c.json(staffRow(row, await planSizes(db, [row])), 201);
  },
);
