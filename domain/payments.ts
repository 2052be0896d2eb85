// Payments both tiers share (docs/decisions/062-the-server-decides-money-arrived.md,
// 063-payments-table-and-paystack-webhooks.md). Money is an integer of kobo everywhere inside;
// naira with ₦ only where a person reads it.
import { formatDay, formatDayAndTime } from "./day-words";
import { formatNaira } from "./naira";
import type { SiteSettings } from "./settings";

/** What a payment is for. Only the registration fee is paid today; course fees and instalments come with intakes. */
export const PAYMENT_PURPOSES = ["registration_fee", "course_fee", "instalment"] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];
export const PAYMENT_METHODS = ["paystack", "transfer"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** pending: started, not yet verified; paid; failed or abandoned at Paystack's checkout; refunded. */
export const PAYMENT_STATUSES = ["pending", "paid", "failed", "abandoned", "refunded"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * When a payment was made, for people. Paystack tells the minute; a bank transfer is known by its
 * day only (the day staff typed, or the day a receipt was confirmed), so it is written without an
 * invented time: "27 November 2026", not "27 November 2026 at 12:00".
 */
export function paidWhenWords(paidAt: string, method: PaymentMethod | string) {
  return method === "transfer" ? formatDay(paidAt) : formatDayAndTime(paidAt);
}

export const KOBO_PER_NAIRA = 100;

/**
 * The refund question of an application withdrawn after a payment (docs/decisions/099): open
 * ("refund to decide" on the desk) until staff record a refund or decide none is due.
 */
export const REFUND_QUESTIONS = ["open", "refunded", "none_due"] as const;
export type RefundQuestion = (typeof REFUND_QUESTIONS)[number];
/** Kobo as a person reads it: ₦20,000 (or ₦20,000.50). */
export function formatKobo(kobo: number) {
  const naira = Math.trunc(kobo / KOBO_PER_NAIRA);
  const rest = Math.abs(kobo % KOBO_PER_NAIRA);
  return rest ? `${formatNaira(naira)}.${String(rest).padStart(2, "0")}` : formatNaira(naira);
}

export type FeeSettings = {
  amountKobo: number;
  currency: "NGN";
  /** As the pages print it. */
  label: string;
};

/** The registration fee as the academy's settings give it (docs/decisions/060): the one place both tiers read it. */
export function registrationFee(s: SiteSettings): FeeSettings {
  return { amountKobo: s.payments.fee * KOBO_PER_NAIRA, currency: "NGN", label: s.feeText };
}
