import { z } from "zod";

import { FEE_TRANSFER_LIMITS, normalTransferReference } from "@domain/course-fees";
import { PAYMENT_STATUSES } from "@domain/payments";
import { lagosDate } from "@domain/schedule";
import { isOneLine } from "@domain/text";

import { listQuery } from "./validation";

// The payments resource's inputs (docs/product.md §4, "Payments"): the staff list and its CSV,
// a recorded refund, and the references a callback or an event names.

const emptyAsUnset = (v: unknown) => (v === "" ? undefined : v);

/** Our references (FLA-PAY-…), a transfer's (TRF-…) or an application's (FLA-XXXXXXXX): letters, digits and dashes. */
export const paymentReference = z
  .string()
  .trim()
  .min(3)
  .max(64)
  .regex(/^[A-Za-z0-9-]+$/, "must be a payment or application reference");

export const paymentListQuery = listQuery(50)
  .pick({ limit: true, after: true })
  .extend({
    status: z.preprocess(emptyAsUnset, z.enum(PAYMENT_STATUSES).optional()),
    refundDue: z.preprocess(emptyAsUnset, z.enum(["1"]).optional()),
    q: z.preprocess(emptyAsUnset, paymentReference.optional()),
  });
export const paymentCsvQuery = paymentListQuery.pick({ status: true, refundDue: true, q: true });

export const paymentTotalsQuery = z.object({
  days: z.coerce.number().int().min(1).max(92).default(14),
});

/** A refund made in Paystack's dashboard (or by the bank), in kobo, with a note staff read later. */
export const refundInput = z.object({
  amount: z.coerce
    .number({ error: "Give the amount refunded, in naira" })
    .positive("Give the amount refunded, in naira")
    .max(10_000_000, "Give the amount refunded, in naira")
    .transform((naira) => Math.round(naira * 100)),
  note: z.string().trim().max(300, "At most 300 characters").refine(isOneLine, "One line, please").default(""),
});

/** The part of a Paystack event the academy reads; the rest is kept as received. */
export const paystackEvent = z.object({ event: z.string().max(80), data: z.record(z.string(), z.unknown()) });
export const paystackRefund = z.object({
  transaction_reference: z.string().max(200),
  amount: z.number().int().positive(),
  currency: z.string().max(8),
  status: z.string().max(40),
});

/**
 * What the applicant pays of an intake's course fee (docs/decisions/077-course-fees-and-instalments.md):
 * the whole of what is owed, an instalment by its number, or a part payment in whole naira.
 */
const wholeNaira = z.preprocess(
  (v) => (typeof v === "string" && v.trim() !== "" ? Number(v.replace(/[,\s₦]/g, "")) : v),
  z
    .number({ error: "must be a whole number of naira" })
    .int("must be a whole number of naira")
    .min(1, "must be a whole number of naira")
    .max(20_000_000, "must be a whole number of naira"),
);
export const courseFeeInput = z.discriminatedUnion(
  "pay",
  [
    z.object({ pay: z.literal("whole") }),
    z.object({ pay: z.literal("instalment"), instalment: z.coerce.number().int().min(1).max(6) }),
    z.object({ pay: z.literal("part"), amount: wholeNaira }),
  ],
  { error: "must be whole, instalment or part" },
);

/** An intake whose course-fee payments staff read: its id. */
export const intakeIdParam = z.string().trim().min(1).max(100);

const L = FEE_TRANSFER_LIMITS;
const daysAgo = (days: number) => lagosDate(new Date(Date.now() - days * 86_400_000));

/**
 * A course-fee transfer staff record (docs/decisions/081-one-application-pays-in-turn.md): the
 * amount in whole naira, the instalment it was for (empty: none), the bank's reference (kept in
 * its normal form, the key that records it once) and the Lagos day it was paid.
 */
export const feeTransferInput = z.object({
  amount: z.preprocess(
    (v) => (typeof v === "string" && v.trim() !== "" ? Number(v.replace(/[,\s₦]/g, "")) : v),
    z
      .number({ error: "Give the amount received, in whole naira" })
      .int("Give the amount received, in whole naira")
      .min(1, "Give the amount received, in whole naira")
      .max(L.maxNaira, "Give the amount received, in whole naira"),
  ),
  instalment: z.preprocess(emptyAsUnset, z.coerce.number().int().min(1).max(6).optional()),
  transferReference: z
    .string({ error: "Enter the bank's reference of the transfer" })
    .trim()
    .min(L.referenceMin, "Enter the bank's reference of the transfer")
    .max(L.referenceMax, `At most ${L.referenceMax} characters`)
    .regex(L.referencePattern, "Letters, digits, spaces and / . _ - only")
    .transform(normalTransferReference),
  paidOn: z
    .string({ error: "Give the day it was paid" })
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Give the day it was paid")
    .refine(
      (d) => !Number.isNaN(Date.parse(`${d}T12:00:00Z`)) && new Date(`${d}T12:00:00Z`).toISOString().startsWith(d),
      "Give the day it was paid",
    )
    .refine((d) => d <= lagosDate(), "The day it was paid cannot be after today")
    .refine((d) => d >= daysAgo(L.oldestDays), "The day it was paid is more than a year ago"),
});

/** An applicant's id in a staff path. */
export const applicantIdParam = z.string().trim().min(1).max(64);
