// An intake's course fee, its optional instalment plan and what an applicant still owes
// (docs/decisions/077-course-fees-and-instalments.md). Money is kobo inside; the plan is written
// and shown in whole naira. Both tiers read these rules: the staff form checks the plan as the
// API does, and the status page words the same parts the API charges.

export const INSTALMENT_LIMITS = {
  /** A plan has 2 to 6 parts: one part is the whole fee, which needs no plan. */
  minParts: 2,
  maxParts: 6,
} as const;

/**
 * The smallest part payment the academy takes online, in kobo (₦10,000), unless what is owed is
 * less: small enough for a family paying as money comes in, large enough that the checkout's
 * charge is not most of it.
 */
export const PART_PAYMENT_MIN_KOBO = 10_000 * 100;

/** One part of an intake's plan: naira (whole) and the Lagos day it is due (YYYY-MM-DD). */
export type InstalmentPart = { amount: number; dueOn: string };

/** Why a plan is refused for a fee (naira), or null: it is sound. */
export function instalmentPlanProblem(fee: number, parts: readonly InstalmentPart[]) {
  if (parts.length === 0) return null;
  if (parts.length < INSTALMENT_LIMITS.minParts || parts.length > INSTALMENT_LIMITS.maxParts) return "count";
  if (parts.some((p) => !Number.isInteger(p.amount) || p.amount < 1)) return "amount";
  for (let i = 1; i < parts.length; i++) if (parts[i]!.dueOn <= parts[i - 1]!.dueOn) return "order";
  if (parts.reduce((sum, p) => sum + p.amount, 0) !== fee) return "sum";
  return null;
}

export type PartState = { n: number; amountKobo: number; dueOn: string; paid: boolean };

/**
 * Where an applicant stands with an intake's fee: what is owed, each part covered or not (the
 * money paid so far covers the parts in order, whatever each payment was started for), and the
 * next part's amount — what brings the money paid up to the end of that part.
 */
export function courseFeeState(feeKobo: number, plan: readonly InstalmentPart[], paidKobo: number) {
  const owed = Math.max(0, feeKobo - paidKobo);
  let upTo = 0;
  const parts: PartState[] = plan.map((p, i) => {
    upTo += p.amount * 100;
    return { n: i + 1, amountKobo: p.amount * 100, dueOn: p.dueOn, paid: paidKobo >= upTo };
  });
  let next: { n: number; amountKobo: number; dueOn: string } | null = null;
  upTo = 0;
  for (const p of parts) {
    upTo += p.amountKobo;
    if (!p.paid) {
      next = { n: p.n, amountKobo: upTo - paidKobo, dueOn: p.dueOn };
      break;
    }
  }
  return { feeKobo, paidKobo, owed, parts, next, partMinKobo: Math.min(PART_PAYMENT_MIN_KOBO, owed) };
}

/** The statuses of an admitted applicant: the offer accepted, or admitted by staff (docs/decisions/074). */
const ADMITTED = new Set(["accepted", "paid", "enrolled"]);

/**
 * The one rule "may this applicant pay the course fee now": the application names an intake and
 * is admitted — the offer accepted (or staff set Accepted, Paid or Enrolled) — and is not on the
 * waiting list (docs/decisions/077-course-fees-and-instalments.md).
 */
export function mayPayCourseFee(applicant: { intake_id: string | null; status: string; waitlisted_at: string | null }) {
  return applicant.intake_id !== null && ADMITTED.has(applicant.status) && applicant.waitlisted_at === null;
}

/**
 * A course-fee transfer staff record (docs/decisions/081-one-application-pays-in-turn.md): whole
 * naira up to the largest fee an intake may carry, a bank reference of letters, digits and the
 * separators banks print, paid on a Lagos day no later than today and within the last year.
 */
export const FEE_TRANSFER_LIMITS = {
  maxNaira: 20_000_000,
  referenceMin: 4,
  referenceMax: 40,
  referencePattern: /^[A-Za-z0-9][A-Za-z0-9 /._-]*$/,
  oldestDays: 366,
} as const;

/** A bank reference as it is kept and compared: upper case, single spaces, trimmed ("ftn 123 / x" → "FTN 123 / X"). */
export const normalTransferReference = (typed: string) => typed.trim().replace(/\s+/g, " ").toUpperCase();
