import type { Selectable, Transaction } from "kysely";

import { type FeeSettings, registrationFee } from "@domain/payments";
import { applicationReference } from "@domain/registrations";
import { CLOSED_STATUSES } from "@domain/retention";
import type { SiteSettings } from "@domain/settings";

import { config } from "../config";
import type { DB } from "../db";
import type { ApplicantsTable, Database, PaymentsTable } from "../db/schema";
import { queueMail } from "../mail";
import { paymentReceiptMail, refundDueMail } from "../mail/payment-mails";
import { statusLink } from "../mail/templates";
import { recordSecurityEvent } from "../security-events";
import { hashSecret, newId, newSecret, nowIso } from "./ids";
import { initializeTransaction, type PaystackTransaction, verifyTransaction } from "./paystack";
import { receiptAttachment } from "./receipt-pdf";
import { siteSettings } from "./settings";

// Payments (docs/decisions/062-the-server-decides-money-arrived.md, 063-payments-table-and-paystack-webhooks.md).
// A row is written before the applicant leaves for Paystack, under our own reference; it becomes
// paid only from Paystack's own word (the verify call, or a signed webhook), by one conditional
// update: whichever of them comes first records the payment, changes the status and queues the
// receipt in the same transaction; every later one finds it paid and changes nothing.

const CLOSED: ReadonlySet<string> = new Set(CLOSED_STATUSES);
const SETTLED_ALREADY: ReadonlySet<string> = new Set(["paid", "enrolled"]);

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

/** Whether this applicant may pay the registration fee now: not closed, not paid, no receipt waiting for staff. */
export function mayPayRegistration(row: Selectable<ApplicantsTable>) {
  return (
    !CLOSED.has(row.status) &&
    !SETTLED_ALREADY.has(row.status) &&
    row.payment_proof !== "waiting" &&
    row.payment_proof !== "confirmed"
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

/** A new registration-fee payment row: what differs between an online start and a confirmed transfer, and nothing refunded or received yet. */
function newPaymentRow(
  applicant: Selectable<ApplicantsTable>,
  fee: FeeSettings,
  now: string,
  how: Pick<
    Selectable<PaymentsTable>,
    "reference" | "method" | "status" | "channel" | "transfer_reference" | "paid_at"
  >,
): Selectable<PaymentsTable> {
  return {
    id: newId(),
    applicant_id: applicant.id,
    purpose: "registration_fee",
    amount: fee.amountKobo,
    currency: fee.currency,
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
    created_at: now,
    updated_at: now,
  };
}

/**
 * Starts paying the registration fee online: the row first (pending, our reference), then
 * Paystack's initialize; answers the checkout's address. A refused initialize leaves the row
 * failed, so nothing waits on it.
 */
export async function startRegistrationPayment(db: DB, applicant: Selectable<ApplicantsTable>, statusToken: string) {
  const fee = registrationFee(await siteSettings());
  const reference = newPaymentReference();
  const now = nowIso();
  await db
    .insertInto("payments")
    .values(
      newPaymentRow(applicant, fee, now, {
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
      amount: fee.amountKobo,
      currency: fee.currency,
      reference,
      callbackUrl: `${config().PUBLIC_URL}/application/${statusToken}/payment`,
      metadata: {
        application: applicationReference(applicant.id),
        purpose: "registration_fee",
        course: applicant.course_title,
      },
    });
    return { reference, authorizationUrl: started.authorization_url };
  } catch (error) {
    await db
      .updateTable("payments")
      .set({ status: "failed", problem: "Paystack did not start the payment", updated_at: nowIso() })
      .where("reference", "=", reference)
      .execute();
    throw error;
  }
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
    const applicant = await trx
      .selectFrom("applicants")
      .selectAll()
      .where("id", "=", payment.applicant_id)
      .executeTakeFirst();
    const closed = !applicant || CLOSED.has(applicant.status);
    const paidAt = tx.paid_at && !Number.isNaN(Date.parse(tx.paid_at)) ? new Date(tx.paid_at).toISOString() : now;
    const taken = await trx
      .updateTable("payments")
      .set({
        // A refund that Paystack reported first (events out of order) keeps the payment refunded.
        status: payment.refunded_at ? "refunded" : "paid",
        paid_at: paidAt,
        channel: tx.channel ?? null,
        provider_id: tx.id,
        refund_due: closed ? 1 : 0,
        problem: null,
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
    if (applicant && !closed) {
      if (!SETTLED_ALREADY.has(applicant.status))
        // As staff's confirmation of a transfer does (api/routes/application.ts), by no staff member.
        await trx
          .updateTable("applicants")
          .set({ status: "paid", status_changed_by: null, status_changed_at: now, updated_at: now })
          .where("id", "=", applicant.id)
          .execute();
      const url = await freshStatusUrl(trx, applicant.id);
      const paid = { ...payment, status: "paid" as const, paid_at: paidAt, channel: tx.channel ?? null };
      await queueMail(trx, {
        to: applicant.email,
        replyTo: config().ADMISSIONS_INBOX ?? config().ACADEMY_INBOX,
        ...paymentReceiptMail(
          {
            firstname: applicant.firstname,
            applicationReference: applicationReference(applicant.id),
            course: applicant.course_title,
            paymentReference: payment.reference,
            amount: payment.amount,
            paidAt,
            channel: tx.channel ?? null,
            url,
          },
          settings,
        ),
        // The receipt as a PDF too, to keep and print (docs/product.md §4, "Payments").
        attachments: [await receiptAttachment(paid, applicant, url, settings)],
      });
    } else {
      await queueMail(trx, {
        to: config().ACADEMY_INBOX,
        ...refundDueMail({
          applicationReference: applicationReference(payment.applicant_id),
          paymentReference: payment.reference,
          amount: payment.amount,
          url: `${config().PUBLIC_URL}/admin/payments?q=${payment.reference}`,
        }),
      });
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

/** A transfer staff confirmed (api/routes/application.ts), in the same history as online payments. */
export async function recordTransferPayment(
  trx: Transaction<Database>,
  applicant: Selectable<ApplicantsTable>,
  settings: SiteSettings,
) {
  // The settings come read: inside the transaction, a read on SQLite's one connection would wait for it.
  const fee = registrationFee(settings);
  const now = nowIso();
  const row = newPaymentRow(applicant, fee, now, {
    reference: `TRF-${newId()}`,
    method: "transfer",
    status: "paid",
    channel: "bank_transfer",
    transfer_reference: applicant.payment_transfer_ref,
    paid_at: now,
  });
  await trx.insertInto("payments").values(row).execute();
  return row;
}

/** Staff record a refund made in Paystack's dashboard (or by the bank): once per payment, never more than was paid. */
export async function recordStaffRefund(db: DB, id: string, refund: { amount: number; note: string }, staffId: string) {
  const now = nowIso();
  const done = await db
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
  return Number(done.numUpdatedRows) === 1;
}
