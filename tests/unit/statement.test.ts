import { describe, expect, it } from "vitest";

import { type StatementInput, statementOfAccount, type StatementPayment } from "@domain/statement";

// docs/decisions/093-paid-means-nothing-is-owed.md: one statement of what an application owes,
// paid and owes next, in kobo; "settled" (the word Paid) only when nothing is owed.

const REGISTRATION = 2_500_000; // ₦25,000
const plan = [
  { amount: 75_000, dueOn: "2027-01-10" },
  { amount: 75_000, dueOn: "2027-03-10" },
];
const course = { intakeId: "i1", feeKobo: 15_000_000, plan, startDate: "2027-01-05" };

const payment = (p: Partial<StatementPayment>): StatementPayment => ({
  purpose: "course_fee",
  method: "paystack",
  status: "paid",
  intakeId: "i1",
  amountKobo: 0,
  refundedKobo: null,
  paidAt: "2026-12-01T10:00:00.000Z",
  refundedAt: null,
  refundDue: false,
  ...p,
});
const registrationPaid = payment({ purpose: "registration_fee", intakeId: null, amountKobo: REGISTRATION });

const base: StatementInput = {
  registrationFeeKobo: REGISTRATION,
  registrationRecorded: false,
  course,
  closed: false,
  payments: [],
  today: "2026-12-04",
};

describe("a statement of account", () => {
  it("owes the registration fee first, then the course fee's first instalment", () => {
    const none = statementOfAccount(base);
    expect(none.owedKobo).toBe(17_500_000);
    expect(none.dueNext).toEqual({ what: "registration", amountKobo: REGISTRATION, dueOn: null, n: null, of: null });
    expect(none.settled).toBe(false);

    const afterRegistration = statementOfAccount({ ...base, payments: [registrationPaid] });
    expect(afterRegistration.registration.owedKobo).toBe(0);
    expect(afterRegistration.owedKobo).toBe(15_000_000);
    expect(afterRegistration.dueNext).toEqual({
      what: "course",
      amountKobo: 7_500_000,
      dueOn: "2027-01-10",
      n: 1,
      of: 2,
    });
    // The registration fee alone is not "Paid": ₦150,000 is still owed.
    expect(afterRegistration.settled).toBe(false);
    // The course block's own next part is what the transfer box asks for, whatever the registration fee's state.
    expect(none.course?.next).toEqual({ n: 1, amountKobo: 7_500_000, dueOn: "2027-01-10" });
  });

  it("counts a part payment towards the current instalment, by transfer and online alike", () => {
    const s = statementOfAccount({
      ...base,
      payments: [
        registrationPaid,
        payment({ method: "transfer", amountKobo: 5_000_000 }),
        payment({ method: "paystack", amountKobo: 3_000_000, purpose: "instalment" }),
      ],
    });
    expect(s.course?.paidKobo).toBe(8_000_000);
    expect(s.course?.parts.map((p) => p.paid)).toEqual([true, false]);
    expect(s.dueNext).toMatchObject({ what: "course", amountKobo: 7_000_000, dueOn: "2027-03-10", n: 2 });
    expect(s.owedKobo).toBe(7_000_000);
    expect(s.onlineKobo).toBe(REGISTRATION + 3_000_000);
    expect(s.transferKobo).toBe(5_000_000);
    expect(s.paidKobo).toBe(REGISTRATION + 8_000_000);
  });

  it("is settled only when the registration fee and the whole course fee are paid", () => {
    const s = statementOfAccount({
      ...base,
      payments: [registrationPaid, payment({ amountKobo: 15_000_000 })],
    });
    expect(s).toMatchObject({ owedKobo: 0, dueNext: null, settled: true, overpaidKobo: 0, toRefundKobo: 0 });
  });

  it("names what is beyond the fee to give back, and a refund uncovers only what it gave back", () => {
    const over = statementOfAccount({
      ...base,
      payments: [
        registrationPaid,
        payment({ amountKobo: 15_000_000 }),
        payment({ amountKobo: 3_000_000, refundDue: true }),
      ],
    });
    expect(over).toMatchObject({ owedKobo: 0, overpaidKobo: 3_000_000, toRefundKobo: 3_000_000, settled: true });

    // ₦30,000 of a ₦75,000 payment given back: ₦45,000 still counts.
    const partRefund = statementOfAccount({
      ...base,
      payments: [
        registrationPaid,
        payment({
          amountKobo: 7_500_000,
          status: "refunded",
          refundedKobo: 3_000_000,
          refundedAt: "2026-12-02T10:00:00.000Z",
        }),
      ],
    });
    expect(partRefund.course?.paidKobo).toBe(4_500_000);
    expect(partRefund.refundedKobo).toBe(3_000_000);
    expect(partRefund.dueNext).toMatchObject({ amountKobo: 3_000_000, n: 1 });
    expect(partRefund.owedKobo).toBe(10_500_000);
  });

  it("without an intake plan, owes the whole course fee by the first day, and says when it is overdue", () => {
    const s = statementOfAccount({
      ...base,
      course: { ...course, plan: [] },
      payments: [registrationPaid, payment({ amountKobo: 1_000_050 })],
    });
    expect(s.course?.parts).toEqual([]);
    expect(s.dueNext).toEqual({ what: "course", amountKobo: 13_999_950, dueOn: "2027-01-05", n: null, of: null });
    expect(s.course?.overdueKobo).toBe(0);
    const late = statementOfAccount({
      ...base,
      course: { ...course, plan: [] },
      payments: [registrationPaid],
      today: "2027-01-06",
    });
    expect(late.course?.overdueKobo).toBe(15_000_000);
    const instalmentLate = statementOfAccount({ ...base, payments: [registrationPaid], today: "2027-02-01" });
    expect(instalmentLate.course?.overdueKobo).toBe(7_500_000);
  });

  it("takes staff's word for the registration fee, and a closed application owes nothing", () => {
    const recorded = statementOfAccount({ ...base, registrationRecorded: true, course: null });
    expect(recorded).toMatchObject({ owedKobo: 0, settled: true, dueNext: null });
    const closed = statementOfAccount({
      ...base,
      closed: true,
      payments: [payment({ amountKobo: 7_500_000, refundDue: true })],
    });
    expect(closed).toMatchObject({ owedKobo: 0, dueNext: null, toRefundKobo: 7_500_000 });
  });

  it("on a receipt, counts only what was paid up to that payment", () => {
    const later = payment({ amountKobo: 7_500_000, paidAt: "2027-01-09T10:00:00.000Z" });
    const s = statementOfAccount({
      ...base,
      payments: [registrationPaid, later],
      asOf: "2026-12-01T10:00:00.000Z",
    });
    expect(s.owedKobo).toBe(15_000_000);
    expect(s.dueNext).toMatchObject({ amountKobo: 7_500_000, n: 1 });
  });

  it("keeps the registration fee the applicant paid when the settings change, and counts a second one as over-paid", () => {
    const s = statementOfAccount({
      ...base,
      registrationFeeKobo: 3_000_000,
      course: null,
      payments: [registrationPaid, { ...registrationPaid, paidAt: "2026-12-01T10:05:00.000Z" }],
    });
    expect(s.registration).toEqual({
      feeKobo: REGISTRATION,
      paidKobo: 5_000_000,
      owedKobo: 0,
      overpaidKobo: REGISTRATION,
    });
    expect(s.toRefundKobo).toBe(REGISTRATION);
  });
});
