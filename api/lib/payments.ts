import type { Selectable, Transaction } from "kysely";

import { courseFeeState, mayPayCourseFee } from "@domain/course-fees";
import { type FeeSettings, formatKobo, KOBO_PER_NAIRA, registrationFee } from "@domain/payments";
import { applicationReference } from "@domain/registrations";
import { CLOSED_STATUSES } from "@domain/retention";
import type { SiteSettings } from "@domain/settings";

import { config } from "../config";
import { type DB, rawDriver } from "../db";
import type { ApplicantsTable, Database, PaymentsTable } from "../db/schema";
import { LimitedError } from "../limits";
import { admissionsAddress, queueMail, queueNotice } from "../mail";
import { owedWords, paidForWords, paymentReceiptMail, refundDueMail } from "../mail/payment-mails";
import { statusLink } from "../mail/templates";
import { apiMessages } from "../messages";
import { recordSecurityEvent } from "../security-events";
import { moveApplicant } from "./admission-offers";
import { fail } from "./fail";
import { hashSecret, newId, newSecret, nowIso } from "./ids";
import { instalmentOf, intakeInstalments } from "./intakes";
import { initializeTransaction, type PaystackTransaction, verifyTransaction } from "./paystack";
import { receiptAttachment } from "./receipt-pdf";
import { siteSettings } from "./settings";
import { isUniqueViolation } from "./slug";
import { accountStatement } from "./statement";

// Payments (docs/decisions/062-the-server-decides-money-arrived.md, 063-payments-table-and-paystack-webhooks.md).
// A row is written before the applicant leaves for Paystack, under our own reference; it becomes
// paid only from Paystack's own word (the verify call, or a signed webhook), by one conditional
// update: whichever of them comes first records the payment, changes the status and queues the
// receipt in the same transaction; every later one finds it paid and changes nothing.

const CLOSED: ReadonlySet<string> = new Set(CLOSED_STATUSES);
const SETTLED_ALREADY: ReadonlySet<string> = new Set(["paid", "enrolled"]);

async function intakeFee(trx: Transaction<Database>, intakeId: string) {
  const row = await trx.selectFrom("intakes").select("fee_kobo").where("id", "=", intakeId).executeTakeFirst();
  return row ? Number(row.fee_kobo) : Number.POSITIVE_INFINITY;
}

/** Our reference: unguessable (it opens nothing, but names a payment to the callback), readable on a bank statement. */
export const newPaymentReference = () => `FLA-PAY-${newSecret().replace(/[-_]/g, "").slice(0, 24)}`;

export async function applicantByStatusToken(db: DB, token: string) {
  return db
    .selectFrom("application_links")
    .innerJoin("applicants", "applicants.id", "application_links.applicant_id")
    .selectAll("applicants")
    .where("application_links.token_hash", "=", hashSecret(token))
    .executeTakeFirst();
}

/**
 * Whether this applicant may pay the registration fee now: not closed, not paid, no receipt waiting
 * for staff; not on a waiting list (nothing is asked until a seat is offered), and not a minor
 * whose guardian has not consented yet (docs/decisions/101-no-payment-before-a-seat-or-consent.md).
 */
export function mayPayRegistration(row: Selectable<ApplicantsTable>) {
  return (
    !CLOSED.has(row.status) &&
    !SETTLED_ALREADY.has(row.status) &&
    row.payment_proof !== "waiting" &&
    row.payment_proof !== "confirmed" &&
    row.waitlisted_at === null &&
    !(row.guardian_relationship !== null && row.guardian_confirmed_at === null)
  );
}

async function freshStatusUrl(db: DB | Transaction<Database>, applicantId: string) {
  const token = newSecret();
  await db
    .insertInto("application_links")
    .values({ token_hash: hashSecret(token), applicant_id: applicantId, created_at: nowIso() })
    .execute();
  return statusLink(config().PUBLIC_URL, token);
}

/** What a payment pays: the registration fee, or an intake's course fee (whole, a part, or an instalment). */
type Charge = Pick<Selectable<PaymentsTable>, "purpose" | "amount" | "currency" | "intake_id" | "instalment">;
const registrationCharge = (fee: FeeSettings): Charge => ({
  purpose: "registration_fee",
  amount: fee.amountKobo,
  currency: fee.currency,
  intake_id: null,
  instalment: null,
});

/** A new payment row: what differs between an online start and a confirmed transfer, and nothing refunded or received yet. */
function newPaymentRow(
  applicant: Selectable<ApplicantsTable>,
  charge: Charge,
  now: string,
  how: Pick<
    Selectable<PaymentsTable>,
    "reference" | "method" | "status" | "channel" | "transfer_reference" | "paid_at"
  >,
): Selectable<PaymentsTable> {
  return {
    id: newId(),
    applicant_id: applicant.id,
    ...charge,
    provider_id: null,
    refund_due: 0,
    ...how,
    refunded_amount: null,
    refunded_at: null,
    refunded_by: null,
    refund_note: null,
    problem: null,
    raw_event: null,
    raw_event_at: null,
    checkout_url: null,
    created_at: now,
    updated_at: now,
  };
}

/**
 * How long an opened checkout is offered again rather than a new one (docs/decisions/092): a
 * second "Pay online" within it (a tap again, a page reopened) lands on the same checkout, so one
 * fee is not open to be paid twice. Past it, the old checkout is taken as abandoned.
 */
const CHECKOUT_REUSE_MS = 60 * 60 * 1000;
/** Checkouts an application may open in a day (docs/decisions/092): beyond, 429 until the oldest is a day old. */
const CHECKOUTS_PER_DAY = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The pending checkout opened within the reuse window for exactly this charge, if any (by the applicant's index). */
async function openCheckoutFor(db: DB, applicantId: string, charge: Charge) {
  const since = new Date(Date.now() - CHECKOUT_REUSE_MS).toISOString();
  const rows = await db
    .selectFrom("payments")
    .select(["reference", "checkout_url", "purpose", "amount", "currency", "intake_id", "instalment"])
    .where("applicant_id", "=", applicantId)
    .where("created_at", ">", since)
    .where("method", "=", "paystack")
    .where("status", "=", "pending")
    .where("checkout_url", "is not", null)
    .orderBy("applicant_id")
    .orderBy("created_at", "desc")
    .limit(CHECKOUTS_PER_DAY)
    .execute();
  return rows.find(
    (p) =>
      p.purpose === charge.purpose &&
      p.amount === charge.amount &&
      p.currency === charge.currency &&
      p.intake_id === charge.intake_id &&
      p.instalment === charge.instalment,
  );
}

/** Refuses a new checkout beyond the day's allowance (429 until the oldest of them is a day old). */
async function refuseBeyondDailyCheckouts(db: DB, applicantId: string) {
  const opened = await db
    .selectFrom("payments")
    .select("created_at")
    .where("applicant_id", "=", applicantId)
    .where("created_at", ">", new Date(Date.now() - DAY_MS).toISOString())
    .where("method", "=", "paystack")
    .where("status", "=", "pending")
    .orderBy("applicant_id")
    .orderBy("created_at")
    .limit(CHECKOUTS_PER_DAY)
    .execute();
  if (opened.length < CHECKOUTS_PER_DAY) return;
  const seconds = Math.max(1, Math.ceil((Date.parse(opened[0].created_at) + DAY_MS - Date.now()) / 1000));
  throw new LimitedError(seconds, apiMessages.tooManyCheckouts(seconds));
}

/**
 * Starts paying online: an open checkout for the same charge is offered again; otherwise, within
 * the day's allowance, the row first (pending, our reference), then Paystack's initialize;
 * answers the checkout's address. A refused initialize leaves the row failed, so nothing waits on it.
 */
async function startPayment(db: DB, applicant: Selectable<ApplicantsTable>, statusToken: string, charge: Charge) {
  const open = await openCheckoutFor(db, applicant.id, charge);
  if (open?.checkout_url) return { reference: open.reference, authorizationUrl: open.checkout_url, reused: true };
  await refuseBeyondDailyCheckouts(db, applicant.id);
  const reference = newPaymentReference();
  const now = nowIso();
  await db
    .insertInto("payments")
    .values(
      newPaymentRow(applicant, charge, now, {
        reference,
        method: "paystack",
        status: "pending",
        channel: null,
        transfer_reference: null,
        paid_at: null,
      }),
    )
    .execute();
  try {
    const started = await initializeTransaction({
      email: applicant.email,
      amount: charge.amount,
      currency: charge.currency,
      reference,
      callbackUrl: `${config().PUBLIC_URL}/application/${statusToken}/payment`,
      metadata: {
        application: applicationReference(applicant.id),
        purpose: charge.purpose,
        course: applicant.course_title,
        ...(charge.instalment ? { instalment: String(charge.instalment) } : {}),
      },
    });
    await db
      .updateTable("payments")
      .set({ checkout_url: started.authorization_url })
      .where("reference", "=", reference)
      .execute();
    return { reference, authorizationUrl: started.authorization_url, reused: false };
  } catch (error) {
    await db
      .updateTable("payments")
      .set({ status: "failed", problem: "Paystack did not start the payment", updated_at: nowIso() })
      .where("reference", "=", reference)
      .execute();
    throw error;
  }
}

/** Starts paying the registration fee online. */
export async function startRegistrationPayment(db: DB, applicant: Selectable<ApplicantsTable>, statusToken: string) {
  return startPayment(db, applicant, statusToken, registrationCharge(registrationFee(await siteSettings())));
}

/** Money received towards an intake's course fee by this applicant: paid and not refunded (by the intake's index). */
async function courseFeePaid(db: DB | Transaction<Database>, applicantId: string, intakeId: string) {
  const row = await db
    .selectFrom("payments")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("amount"), eb.val(0)).as("paid"))
    .where("intake_id", "=", intakeId)
    .where("applicant_id", "=", applicantId)
    .where("status", "=", "paid")
    .where("purpose", "in", ["course_fee", "instalment"])
    .executeTakeFirst();
  return Number(row?.paid ?? 0);
}

/**
 * The application's row, locked for the rest of the transaction on PostgreSQL (`for update`), so
 * the course-fee sum read next and the payment written after it are one step for this
 * application: two payments settling at once take turns (docs/decisions/081-one-application-pays-in-turn.md).
 * SQLite needs no lock: it has one writer, and Kysely runs one transaction at a time on its one connection.
 */
async function applicantForUpdate(trx: Transaction<Database>, applicantId: string) {
  const query = trx.selectFrom("applicants").selectAll().where("id", "=", applicantId);
  return (rawDriver().kind === "postgres" ? query.forUpdate() : query).executeTakeFirst();
}

/**
 * How much of `amount` lies beyond the intake's course fee, given what this applicant has paid
 * before it: 0 when it fits, all of it when the fee was paid already. Read under the application's lock.
 */
async function courseFeeExcess(trx: Transaction<Database>, applicantId: string, intakeId: string, amount: number) {
  const paid = await courseFeePaid(trx, applicantId, intakeId);
  const fee = await intakeFee(trx, intakeId);
  return Math.max(0, Math.min(amount, paid + amount - fee));
}

const beyondFeeProblem = (excess: number) => `${formatKobo(excess)} paid beyond the intake's course fee`;

/** The academy is told of money to refund: after the application closed, or beyond the course fee. */
async function queueRefundDue(
  trx: Transaction<Database>,
  payment: Pick<Selectable<PaymentsTable>, "applicant_id" | "reference">,
  amount: number,
  settings: SiteSettings,
  beyondFee = true,
  paidBefore?: string,
) {
  await queueNotice(trx, settings, {
    ...refundDueMail({
      applicationReference: applicationReference(payment.applicant_id),
      paymentReference: payment.reference,
      amount,
      beyondFee,
      ...(paidBefore ? { paidBefore } : {}),
      url: `${config().PUBLIC_URL}/admin/payments?q=${payment.reference}`,
    }),
  });
}

/**
 * The payment that already paid this application's registration fee, if any: paid, not flagged
 * for a refund, not this one. Read under the application's lock, so two payments settling at once
 * cannot both find none (docs/decisions/092-one-registration-fee-once.md).
 */
async function registrationFeePaidBy(trx: Transaction<Database>, applicantId: string, except: string) {
  const row = await trx
    .selectFrom("payments")
    .select("reference")
    .where("applicant_id", "=", applicantId)
    .where("purpose", "=", "registration_fee")
    .where("status", "=", "paid")
    .where("refund_due", "=", 0)
    .where("reference", "<>", except)
    .orderBy("applicant_id")
    .orderBy("created_at")
    .executeTakeFirst();
  return row?.reference ?? null;
}

const paidTwiceProblem = (before: string) => `Registration fee paid twice: ${before} paid it first`;

/** The receipt of a paid payment, in the payment's transaction: the mail and its PDF, through the outbox. */
async function queueReceipt(
  trx: Transaction<Database>,
  applicant: Selectable<ApplicantsTable>,
  payment: Selectable<PaymentsTable> & { paid_at: string },
  settings: SiteSettings,
) {
  const url = await freshStatusUrl(trx, applicant.id);
  const paid = { ...payment, status: "paid" as const };
  const of = await instalmentOf(trx, payment);
  // What is still owed after this payment, on the mail and its PDF (docs/decisions/093).
  const statement = await accountStatement(trx, applicant, settings, payment.paid_at);
  await queueMail(trx, {
    to: applicant.email,
    replyTo: admissionsAddress(settings),
    ...paymentReceiptMail(
      {
        firstname: applicant.firstname,
        applicationReference: applicationReference(applicant.id),
        course: applicant.course_title,
        paymentReference: payment.reference,
        amount: payment.amount,
        paidAt: payment.paid_at,
        method: payment.method,
        channel: payment.channel,
        url,
        ...(payment.purpose !== "registration_fee" ? { paidFor: paidForWords(payment, of) } : {}),
        owed: owedWords(statement),
      },
      settings,
    ),
    // The receipt as a PDF too, to keep and print (docs/product.md §4, "Payments").
    attachments: [await receiptAttachment(paid, applicant, url, settings, of, statement)],
  });
}

/**
 * Where an applicant stands with their intake's course fee (docs/decisions/077): the intake's fee
 * and plan, what is paid and owed, the parts covered, and whether paying now is allowed. Null when
 * the application names no intake (or it is gone).
 */
export async function courseFeeStanding(db: DB, applicant: Selectable<ApplicantsTable>) {
  if (!applicant.intake_id) return null;
  const intake = await db.selectFrom("intakes").selectAll().where("id", "=", applicant.intake_id).executeTakeFirst();
  if (!intake) return null;
  const paid = await courseFeePaid(db, applicant.id, intake.id);
  const state = courseFeeState(Number(intake.fee_kobo), intakeInstalments(intake), paid);
  return { intake, state, may: mayPayCourseFee(applicant) && state.owed > 0 };
}

export type CourseFeeChoice =
  { pay: "whole" } | { pay: "instalment"; instalment: number } | { pay: "part"; amount: number };

/**
 * Starts paying the course fee online: the whole of what is owed, the next instalment (what brings
 * the money paid to the end of that part), or a part payment the academy allows (whole naira, from
 * ₦10,000 or what is owed if less, up to what is owed). Refused with the field's message.
 */
export async function startCourseFeePayment(
  db: DB,
  applicant: Selectable<ApplicantsTable>,
  statusToken: string,
  choice: CourseFeeChoice,
) {
  const standing = await courseFeeStanding(db, applicant);
  if (!standing || !mayPayCourseFee(applicant)) fail(409, apiMessages.courseFeeNotNow);
  const { intake, state } = standing;
  if (state.owed <= 0) fail(409, apiMessages.courseFeeSettled);
  let amount = state.owed;
  let instalment: number | null = null;
  if (choice.pay === "instalment") {
    if (state.parts.length === 0) fail(400, apiMessages.courseFeeNoPlan);
    const part = state.parts[choice.instalment - 1];
    if (!part) fail(400, apiMessages.courseFeeNoPlan);
    if (part.paid || !state.next) fail(409, apiMessages.courseFeePartPaid);
    // The parts are covered in order: asking for a later one pays up to its end.
    const upTo = state.parts.slice(0, part.n).reduce((sum, p) => sum + p.amountKobo, 0);
    amount = upTo - state.paidKobo;
    instalment = part.n;
  } else if (choice.pay === "part") {
    amount = choice.amount * KOBO_PER_NAIRA;
    if (amount < state.partMinKobo || amount > state.owed)
      fail(400, apiMessages.courseFeePartTooSmall(formatKobo(state.partMinKobo), formatKobo(state.owed)));
  }
  return startPayment(db, applicant, statusToken, {
    purpose: instalment ? "instalment" : "course_fee",
    amount,
    currency: "NGN",
    intake_id: intake.id,
    instalment,
  });
}

export type Settled =
  | { outcome: "recorded" | "duplicate"; payment: Selectable<PaymentsTable> }
  | { outcome: "unknown" }
  | { outcome: "mismatch" | "not-paid"; payment: Selectable<PaymentsTable> };

/**
 * Takes Paystack's word on a transaction (from verify, or a signed `charge.success`): unknown
 * references and wrong amounts or currencies are refused; a success records the payment once.
 */
export async function settleTransaction(db: DB, tx: PaystackTransaction, raw: unknown): Promise<Settled> {
  const now = nowIso();
  const rawText = JSON.stringify(raw).slice(0, 64 * 1024);
  // Read before the transaction: on SQLite's one connection a read inside it would wait on itself.
  const settings = await siteSettings();
  const result = await db.transaction().execute(async (trx): Promise<Settled & { mail?: () => Promise<void> }> => {
    const payment = await trx
      .selectFrom("payments")
      .selectAll()
      .where("reference", "=", tx.reference)
      .executeTakeFirst();
    if (!payment || payment.method !== "paystack") return { outcome: "unknown" };
    if (tx.status !== "success") {
      // Failed or abandoned at the checkout: said so, unless a success was already recorded.
      const state = tx.status === "failed" ? "failed" : tx.status === "abandoned" ? "abandoned" : null;
      if (state)
        await trx
          .updateTable("payments")
          .set({ status: state, raw_event: rawText, raw_event_at: now, updated_at: now })
          .where("reference", "=", tx.reference)
          .where("status", "in", ["pending", "failed", "abandoned"])
          .execute();
      const current = await trx
        .selectFrom("payments")
        .selectAll()
        .where("reference", "=", tx.reference)
        .executeTakeFirstOrThrow();
      return { outcome: "not-paid", payment: current };
    }
    if (tx.amount !== payment.amount || tx.currency !== payment.currency) {
      await trx
        .updateTable("payments")
        .set({
          problem: `Paystack reported ${tx.amount} ${tx.currency}, expected ${payment.amount} ${payment.currency}`,
          raw_event: rawText,
          raw_event_at: now,
          updated_at: now,
        })
        .where("reference", "=", tx.reference)
        .execute();
      return { outcome: "mismatch", payment };
    }
    const applicant = await applicantForUpdate(trx, payment.applicant_id);
    const courseFee = payment.purpose !== "registration_fee";
    // Money beyond the fee (two checkouts for the same balance both paid) is kept and refunded;
    // decided under the application's lock, so two payments settling at once cannot both pass.
    const excess =
      courseFee && payment.intake_id
        ? await courseFeeExcess(trx, payment.applicant_id, payment.intake_id, payment.amount)
        : 0;
    const applicationClosed = !applicant || CLOSED.has(applicant.status);
    // The registration fee paid already (another checkout, or a confirmed transfer): this one is
    // all to refund, with no second receipt (docs/decisions/092-one-registration-fee-once.md).
    const paidBefore =
      !courseFee && applicant && !applicationClosed
        ? await registrationFeePaidBy(trx, applicant.id, payment.reference)
        : null;
    // Closed, paid twice, or all of it beyond the fee: no receipt, all of it to refund.
    const closed = applicationClosed || paidBefore !== null || excess >= payment.amount;
    const paidAt = tx.paid_at && !Number.isNaN(Date.parse(tx.paid_at)) ? new Date(tx.paid_at).toISOString() : now;
    const taken = await trx
      .updateTable("payments")
      .set({
        // A refund that Paystack reported first (events out of order) keeps the payment refunded.
        status: payment.refunded_at ? "refunded" : "paid",
        paid_at: paidAt,
        channel: tx.channel ?? null,
        provider_id: tx.id,
        refund_due: closed || excess > 0 ? 1 : 0,
        problem: paidBefore
          ? paidTwiceProblem(paidBefore)
          : excess > 0 && !applicationClosed
            ? beyondFeeProblem(excess)
            : null,
        raw_event: rawText,
        raw_event_at: now,
        updated_at: now,
      })
      .where("reference", "=", tx.reference)
      .where("paid_at", "is", null)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) {
      // Recorded already (by the webhook or the callback racing this one): answered as it now stands.
      const recorded = await trx
        .selectFrom("payments")
        .selectAll()
        .where("reference", "=", tx.reference)
        .executeTakeFirstOrThrow();
      return { outcome: "duplicate", payment: recorded };
    }
    if (applicationClosed) await queueRefundDue(trx, payment, payment.amount, settings, false);
    else if (paidBefore) await queueRefundDue(trx, payment, payment.amount, settings, false, paidBefore);
    else if (excess > 0) await queueRefundDue(trx, payment, excess, settings);
    if (applicant && !closed) {
      // A course fee changes no status: the registration fee is what moves an open application to
      // Paid, as staff's confirmation of a transfer does (api/routes/application.ts), by no staff member.
      if (!courseFee) await moveApplicant(trx, applicant.id, { to: "paid", by: "system", academy: settings, at: now });
      await queueReceipt(trx, applicant, { ...payment, paid_at: paidAt, channel: tx.channel ?? null }, settings);
    }
    const updated = await trx
      .selectFrom("payments")
      .selectAll()
      .where("reference", "=", tx.reference)
      .executeTakeFirstOrThrow();
    return { outcome: "recorded", payment: updated };
  });
  if (result.outcome === "mismatch")
    await recordSecurityEvent({ type: "payment.refused", subjectId: result.payment.id, reason: "amount or currency" });
  return result;
}

/** The callback's check: Paystack's verify call, then the same settlement as a webhook's. */
export async function verifyAndSettle(db: DB, reference: string) {
  const { transaction, raw } = await verifyTransaction(reference);
  // Paystack answers for the reference asked: one that names another is not believed.
  if (transaction.reference !== reference) return { outcome: "unknown" } as const;
  return settleTransaction(db, transaction, raw);
}

/** A refund Paystack reports (`refund.processed`): kept against the payment, once. */
export async function recordProviderRefund(
  db: DB,
  refund: { reference: string; amount: number; currency: string },
  raw: unknown,
) {
  const now = nowIso();
  const done = await db
    .updateTable("payments")
    .set({
      status: "refunded",
      refunded_amount: refund.amount,
      refunded_at: now,
      refund_note: "Reported by Paystack",
      refund_due: 0,
      raw_event: JSON.stringify(raw).slice(0, 64 * 1024),
      raw_event_at: now,
      updated_at: now,
    })
    .where("reference", "=", refund.reference)
    .where("method", "=", "paystack")
    .where("refunded_at", "is", null)
    .where("currency", "=", refund.currency)
    .where("amount", ">=", refund.amount)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/**
 * A transfer staff confirmed (api/routes/application.ts), in the same history as online payments.
 * When an online payment (or another transfer) paid the registration fee already, the transfer is
 * still recorded, since the money is in the academy's bank, but flagged for a refund and the
 * academy told; `paidBefore` names the payment that counted, and no receipt goes for this one
 * (docs/decisions/092-one-registration-fee-once.md). Called under the application's lock.
 */
export async function recordTransferPayment(
  trx: Transaction<Database>,
  applicant: Selectable<ApplicantsTable>,
  settings: SiteSettings,
) {
  // The settings come read: inside the transaction, a read on SQLite's one connection would wait for it.
  const fee = registrationFee(settings);
  const now = nowIso();
  const reference = `TRF-${newId()}`;
  const paidBefore = await registrationFeePaidBy(trx, applicant.id, reference);
  const row = newPaymentRow(applicant, registrationCharge(fee), now, {
    reference,
    method: "transfer",
    status: "paid",
    channel: "bank_transfer",
    transfer_reference: applicant.payment_transfer_ref,
    paid_at: now,
  });
  if (paidBefore) {
    row.refund_due = 1;
    row.problem = paidTwiceProblem(paidBefore);
  }
  await trx.insertInto("payments").values(row).execute();
  if (paidBefore) await queueRefundDue(trx, row, row.amount, settings, false, paidBefore);
  return { ...row, paidBefore };
}

/** Staff record a refund made in Paystack's dashboard (or by the bank): once per payment, never more than was paid. */
export async function recordStaffRefund(db: DB, id: string, refund: { amount: number; note: string }, staffId: string) {
  const now = nowIso();
  return db.transaction().execute(async (trx) => {
    const done = await trx
      .updateTable("payments")
      .set({
        status: "refunded",
        refunded_amount: refund.amount,
        refunded_at: now,
        refunded_by: staffId,
        refund_note: refund.note,
        refund_due: 0,
        updated_at: now,
      })
      .where("id", "=", id)
      .where("status", "=", "paid")
      .where("refunded_at", "is", null)
      .where("amount", ">=", refund.amount)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) return false;
    // A refund recorded answers a withdrawn application's refund question (docs/decisions/099).
    await trx
      .updateTable("applicants")
      .set({ refund_question: "refunded", refund_decided_at: now, refund_decided_by: staffId })
      .where("id", "=", trx.selectFrom("payments").select("applicant_id").where("id", "=", id))
      .where("refund_question", "=", "open")
      .execute();
    return true;
  });
}

/**
 * Staff decide that a withdrawn application's payments are not refunded (the academy's policy
 * keeps them): the refund question closes with their note (docs/decisions/099). False when no
 * question is open.
 */
export async function decideNoRefund(db: DB, applicantId: string, note: string, staffId: string) {
  const done = await db
    .updateTable("applicants")
    .set({
      refund_question: "none_due",
      refund_decided_at: nowIso(),
      refund_decided_by: staffId,
      refund_decision_note: note,
      updated_at: nowIso(),
    })
    .where("id", "=", applicantId)
    .where("refund_question", "=", "open")
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

export type FeeTransfer = {
  amount: number;
  instalment?: number | undefined;
  transferReference: string;
  paidOn: string;
};

/**
 * A course-fee transfer staff record (docs/decisions/081-one-application-pays-in-turn.md): a paid
 * `transfer` payment naming the application's intake, decided under the application's lock as an
 * online payment is (beyond the fee: flagged; the application closed: flagged, no receipt), with
 * its receipt queued in the same transaction. A bank reference recorded before is refused by the field.
 */
export async function recordCourseFeeTransfer(db: DB, applicantId: string, input: FeeTransfer) {
  // Read before the transaction: on SQLite's one connection a read inside it would wait on itself.
  const settings = await siteSettings();
  const now = nowIso();
  try {
    return await db.transaction().execute(async (trx) => {
      const applicant = await applicantForUpdate(trx, applicantId);
      if (!applicant) fail(404, apiMessages.applicantNotFound);
      if (!applicant.intake_id) fail(409, apiMessages.feeTransferNoIntake);
      const intake = await trx
        .selectFrom("intakes")
        .selectAll()
        .where("id", "=", applicant.intake_id)
        .executeTakeFirst();
      if (!intake) fail(409, apiMessages.feeTransferNoIntake);
      if (input.instalment && input.instalment > intakeInstalments(intake).length)
        fail(400, apiMessages.feeTransferNoSuchInstalment);
      const seen = await trx
        .selectFrom("payments")
        .select("id")
        .where("transfer_reference", "=", input.transferReference)
        .where("method", "=", "transfer")
        .where("purpose", "in", ["course_fee", "instalment"])
        .executeTakeFirst();
      if (seen) fail(409, apiMessages.feeTransferRecorded);
      const amount = input.amount * KOBO_PER_NAIRA;
      const excess = await courseFeeExcess(trx, applicant.id, intake.id, amount);
      const applicationClosed = CLOSED.has(applicant.status);
      const instalment = input.instalment ?? null;
      const row = newPaymentRow(
        applicant,
        {
          purpose: instalment ? "instalment" : "course_fee",
          amount,
          currency: "NGN",
          intake_id: intake.id,
          instalment,
        },
        now,
        {
          reference: `TRF-${newId()}`,
          method: "transfer",
          status: "paid",
          channel: "bank_transfer",
          transfer_reference: input.transferReference,
          // The day the bank says, at noon in Lagos: the per-day totals count it on that day.
          paid_at: `${input.paidOn}T11:00:00.000Z`,
        },
      );
      row.refund_due = applicationClosed || excess > 0 ? 1 : 0;
      row.problem = excess > 0 && !applicationClosed ? beyondFeeProblem(excess) : null;
      await trx.insertInto("payments").values(row).execute();
      if (applicationClosed) await queueRefundDue(trx, row, amount, settings, false);
      else if (excess > 0) await queueRefundDue(trx, row, excess, settings);
      if (!applicationClosed && excess < amount)
        await queueReceipt(trx, applicant, { ...row, paid_at: row.paid_at! }, settings);
      return row;
    });
  } catch (error) {
    // Two staff recording the same bank reference at once: the unique index answers for the second.
    if (isUniqueViolation(error)) fail(409, apiMessages.feeTransferRecorded);
    throw error;
  }
}
