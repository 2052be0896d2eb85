import { z } from "zod";

import { PAYMENT_STATUSES } from "@domain/payments";
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
