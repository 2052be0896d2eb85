// An application's statement of account (docs/decisions/093-paid-means-nothing-is-owed.md): what
// it owes (the registration fee; the intake's course fee, by instalment with the plan's due days),
// what it paid (online, by a transfer staff confirmed or recorded, net of refunds), what is due
// next, and what is beyond what was owed. Pure: the API reads the rows (api/lib/statement.ts) and
// every page, mail and PDF words this one answer. Kobo throughout.
import { courseFeeState, type InstalmentPart } from "./course-fees";

/** One payment as the statement counts it: only paid or refunded ones count at all. */
export type StatementPayment = {
  purpose: string;
  method: string;
  status: string;
  intakeId: string | null;
  amountKobo: number;
  /** What was given back; null with the status refunded is all of it (a refund without an amount). */
  refundedKobo: number | null;
  paidAt: string | null;
  refundedAt: string | null;
  /** Flagged to give back: money for a closed application, or beyond the fee (api/lib/payments.ts). */
  refundDue: boolean;
};

export type StatementInput = {
  /** The registration fee the settings ask today, in kobo. */
  registrationFeeKobo: number;
  /**
   * Staff's word that the registration fee was paid with no payment row for it: a transfer
   * receipt they confirmed, or the status Paid or Enrolled they set by hand.
   */
  registrationRecorded: boolean;
  /** The application's intake: its fee, plan (none: `[]`) and first day; null without an intake. */
  course: { intakeId: string; feeKobo: number; plan: readonly InstalmentPart[]; startDate: string } | null;
  /** Withdrawn or declined: nothing is owed any more. */
  closed: boolean;
  payments: readonly StatementPayment[];
  /** The Lagos day (YYYY-MM-DD) against which parts are overdue. */
  today: string;
  /** Count only what was paid (and refunded) up to this moment: a receipt says what was owed after its payment. */
  asOf?: string;
};

/** What is due next: the registration fee first, then the course fee's next part (or all of it without a plan). */
export type DueNext =
  | { what: "registration"; amountKobo: number; dueOn: null; n: null; of: null }
  | { what: "course"; amountKobo: number; dueOn: string; n: number | null; of: number | null };

const PAID = new Set(["paid", "refunded"]);
const COURSE = new Set(["course_fee", "instalment"]);

/** Money a payment keeps: what was paid less what was given back (by `asOf`, when asked). */
function netKobo(p: StatementPayment, asOf?: string) {
  const refunded = p.status === "refunded" && (!asOf || (p.refundedAt !== null && p.refundedAt <= asOf));
  return p.amountKobo - (refunded ? (p.refundedKobo ?? p.amountKobo) : 0);
}

export function statementOfAccount(input: StatementInput) {
  const { asOf } = input;
  const counted = input.payments.filter((p) => PAID.has(p.status) && p.paidAt !== null && (!asOf || p.paidAt <= asOf));
  const sum = (rows: readonly StatementPayment[]) => rows.reduce((total, p) => total + netKobo(p, asOf), 0);

  const registrationRows = counted.filter((p) => p.purpose === "registration_fee");
  const registrationPaid = sum(registrationRows);
  // The fee an applicant paid stays their fee when the settings change later.
  const firstPaid = registrationRows.find((p) => netKobo(p, asOf) > 0);
  const registrationFee = firstPaid ? firstPaid.amountKobo : input.registrationFeeKobo;
  const registrationSettled = input.closed || input.registrationRecorded || registrationPaid >= registrationFee;
  const registration = {
    feeKobo: registrationFee,
    paidKobo: registrationPaid,
    owedKobo: registrationSettled ? 0 : registrationFee - registrationPaid,
    overpaidKobo: Math.max(0, registrationPaid - registrationFee),
  };

  let course = null;
  if (input.course) {
    const c = input.course;
    const paid = sum(counted.filter((p) => COURSE.has(p.purpose) && p.intakeId === c.intakeId));
    const state = courseFeeState(c.feeKobo, c.plan, paid);
    const owed = input.closed ? 0 : state.owed;
    // Overdue: what should have been paid by the end of the last part whose day has passed.
    let dueByToday = 0;
    for (const part of state.parts) if (part.dueOn < input.today) dueByToday += part.amountKobo;
    if (state.parts.length === 0 && c.startDate < input.today) dueByToday = c.feeKobo;
    course = {
      ...state,
      owed,
      startDate: c.startDate,
      next: input.closed ? null : state.next,
      overdueKobo: input.closed ? 0 : Math.max(0, dueByToday - paid),
      overpaidKobo: Math.max(0, paid - c.feeKobo),
    };
  }

  let dueNext: DueNext | null = null;
  if (registration.owedKobo > 0)
    dueNext = { what: "registration", amountKobo: registration.owedKobo, dueOn: null, n: null, of: null };
  else if (course && course.owed > 0)
    dueNext = course.next
      ? {
          what: "course",
          amountKobo: course.next.amountKobo,
          dueOn: course.next.dueOn,
          n: course.next.n,
          of: course.parts.length,
        }
      : // No plan: the whole fee, before the course starts.
        { what: "course", amountKobo: course.owed, dueOn: course.startDate, n: null, of: null };

  const overpaidKobo = registration.overpaidKobo + (course?.overpaidKobo ?? 0);
  const owedKobo = registration.owedKobo + (course?.owed ?? 0);
  return {
    registration,
    course,
    paidKobo: sum(counted),
    onlineKobo: sum(counted.filter((p) => p.method === "paystack")),
    transferKobo: sum(counted.filter((p) => p.method === "transfer")),
    refundedKobo: counted.reduce((total, p) => total + (p.amountKobo - netKobo(p, asOf)), 0),
    overpaidKobo,
    // A closed application's flagged money is all to give back; an open one's, what is beyond the fees.
    toRefundKobo: input.closed ? sum(counted.filter((p) => p.refundDue)) : overpaidKobo,
    owedKobo,
    dueNext,
    /** "Paid" means this: nothing is owed, now or later (docs/decisions/093). */
    settled: owedKobo === 0,
  };
}

export type Statement = ReturnType<typeof statementOfAccount>;
