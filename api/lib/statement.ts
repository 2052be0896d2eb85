import type { Selectable, Transaction } from "kysely";

import { formatKobo, registrationFee } from "@domain/payments";
import { CLOSED_STATUSES } from "@domain/retention";
import { lagosDate } from "@domain/schedule";
import type { SiteSettings } from "@domain/settings";
import { type Statement, statementOfAccount } from "@domain/statement";

import type { DB } from "../db";
import type { ApplicantsTable, Database } from "../db/schema";
import { owedWords } from "../mail/payment-mails";
import { apiMessages } from "../messages";
import { fail } from "./fail";
import { intakeInstalments } from "./intakes";

// The one reader of an application's statement of account (docs/decisions/093-paid-means-nothing-is-owed.md):
// its payments (by the payments' applicant index), its intake (by key) and the registration fee of
// the settings, handed to domain/statement.ts. Every answer, mail and PDF that says what is owed
// reads it here, so none of them reads the status as "paid" again.

const CLOSED: ReadonlySet<string> = new Set(CLOSED_STATUSES);
/** Staff's word for the registration fee without a payment row: a confirmed receipt, or Paid/Enrolled set by hand. */
const REGISTRATION_RECORDED: ReadonlySet<string> = new Set(["paid", "enrolled"]);

type Applicant = Pick<Selectable<ApplicantsTable>, "id" | "status" | "intake_id" | "payment_proof">;

type PaymentRow = {
  applicant_id: string;
  purpose: string;
  method: string;
  status: string;
  intake_id: string | null;
  amount: number;
  refunded_amount: number | null;
  paid_at: string | null;
  refunded_at: string | null;
  refund_due: number;
};
const PAYMENT_COLUMNS = [
  "applicant_id",
  "purpose",
  "method",
  "status",
  "intake_id",
  "amount",
  "refunded_amount",
  "paid_at",
  "refunded_at",
  "refund_due",
] as const;

/**
 * The statements of several applicants at once (a class list: one intake's at most
 * ROSTER_MAX): their intakes by key and their paid or refunded payments, in two reads.
 * `settings` come read: inside a transaction on SQLite's one connection a settings read would wait
 * on it. `asOf` counts only what was paid up to then (a receipt).
 */
export async function accountStatements(
  db: DB | Transaction<Database>,
  applicants: readonly Applicant[],
  settings: SiteSettings,
  asOf?: string,
): Promise<Map<string, Statement>> {
  const ids = applicants.map((a) => a.id);
  const intakeIds = [...new Set(applicants.flatMap((a) => (a.intake_id ? [a.intake_id] : [])))];
  const [intakes, payments] = ids.length
    ? await Promise.all([
        intakeIds.length
          ? db
              .selectFrom("intakes")
              .select(["id", "fee_kobo", "instalments", "start_date"])
              .where("id", "in", intakeIds)
              .execute()
          : [],
        db
          .selectFrom("payments")
          .select(PAYMENT_COLUMNS)
          .where("applicant_id", "in", ids)
          .where("status", "in", ["paid", "refunded"])
          .execute() as Promise<PaymentRow[]>,
      ])
    : [[], []];
  const intakeById = new Map(intakes.map((i) => [i.id, i]));
  const byApplicant = new Map<string, PaymentRow[]>();
  for (const p of payments) {
    const theirs = byApplicant.get(p.applicant_id);
    if (theirs) theirs.push(p);
    else byApplicant.set(p.applicant_id, [p]);
  }
  const today = lagosDate();
  return new Map(
    applicants.map((applicant) => {
      const intake = applicant.intake_id ? intakeById.get(applicant.intake_id) : undefined;
      const statement = statementOfAccount({
        registrationFeeKobo: registrationFee(settings).amountKobo,
        registrationRecorded: applicant.payment_proof === "confirmed" || REGISTRATION_RECORDED.has(applicant.status),
        course: intake
          ? {
              intakeId: intake.id,
              feeKobo: Number(intake.fee_kobo),
              plan: intakeInstalments(intake),
              startDate: intake.start_date,
            }
          : null,
        closed: CLOSED.has(applicant.status),
        payments: (byApplicant.get(applicant.id) ?? [])
          .map((p) => ({
            purpose: p.purpose,
            method: p.method,
            status: p.status,
            intakeId: p.intake_id,
            amountKobo: Number(p.amount),
            refundedKobo: p.refunded_amount === null ? null : Number(p.refunded_amount),
            paidAt: p.paid_at,
            refundedAt: p.refunded_at,
            refundDue: Number(p.refund_due) === 1,
          }))
          // The order money arrived in: the first registration fee paid is the one that counts.
          .sort((a, b) => (a.paidAt ?? "").localeCompare(b.paidAt ?? "")),
        today,
        ...(asOf ? { asOf } : {}),
      });
      return [applicant.id, statement] as const;
    }),
  );
}

/** The statement of one applicant (see accountStatements). */
export async function accountStatement(
  db: DB | Transaction<Database>,
  applicant: Applicant,
  settings: SiteSettings,
  asOf?: string,
): Promise<Statement> {
  return (await accountStatements(db, [applicant], settings, asOf)).get(applicant.id)!;
}

/** The statement as the API answers it: kobo for sums, `…Text` for people (docs/product.md §7). */
export function statementAnswer(s: Statement) {
  const money = (kobo: number) => ({ kobo, text: formatKobo(kobo) });
  const courseNext = s.course
    ? s.course.next
      ? {
          n: s.course.next.n,
          of: s.course.parts.length,
          ...money(s.course.next.amountKobo),
          dueOn: s.course.next.dueOn,
        }
      : s.course.owed > 0
        ? { n: null, of: null, ...money(s.course.owed), dueOn: s.course.startDate }
        : null
    : null;
  return {
    settled: s.settled,
    owed: money(s.owedKobo),
    paid: money(s.paidKobo),
    online: money(s.onlineKobo),
    transfer: money(s.transferKobo),
    refunded: money(s.refundedKobo),
    toRefund: money(s.toRefundKobo),
    registration: { fee: money(s.registration.feeKobo), owed: money(s.registration.owedKobo) },
    course: s.course && {
      fee: money(s.course.feeKobo),
      paid: money(s.course.paidKobo),
      owed: money(s.course.owed),
      overdue: money(s.course.overdueKobo),
      /** What the course fee's transfer box asks for: its next part, or all of it by the first day without a plan. */
      next: courseNext,
    },
    dueNext: s.dueNext && { ...s.dueNext, ...money(s.dueNext.amountKobo) },
    /** The statement in one sentence ("Still owed: ₦150,000. Next: …"), as the mails say it. */
    words: owedWords(s),
  };
}

/**
 * Staff enrol, mark completed or issue a certificate: while anyone chosen owes fees, refused (409,
 * `x-refusal: fees-owed`) with what is owed, unless staff confirmed it, so the step is never a
 * silent success over an unpaid fee (docs/decisions/093-paid-means-nothing-is-owed.md).
 */
export async function refuseWhileOwed(
  db: DB,
  applicants: readonly (Applicant & { firstname: string; lastname: string })[],
  settings: SiteSettings,
  step: string,
  confirmed: boolean | undefined,
) {
  if (confirmed || applicants.length === 0) return;
  const statements = await accountStatements(db, applicants, settings);
  const owing = applicants.filter((a) => !statements.get(a.id)!.settled);
  const first = owing[0];
  if (!first) return;
  const owed = owedWords(statements.get(first.id)!);
  fail(
    409,
    owing.length === 1
      ? apiMessages.feesOwed(step, owed)
      : apiMessages.feesOwedMany(step, owing.length, `${first.firstname} ${first.lastname}: ${owed}`),
    "fees-owed",
  );
}
