import { z } from "zod";

import { PAYMENT_METHODS, PAYMENT_PURPOSES, PAYMENT_STATUSES } from "@domain/payments";
import { messages } from "~/content/messages";

import type { Body } from "./transport.server";
import { UpstreamError } from "./transport.server";

// The web tier's client of the payments resource (docs/product.md §4, "Payments"): the status
// page's online payment and its callback, and the staff payments page.

type Call = (method: string, path: string, body?: Body) => Promise<Response>;

async function parse<T extends z.ZodType>(response: Response, schema: T, what: string): Promise<z.infer<T>> {
  const result = schema.safeParse(await response.json());
  if (!result.success) {
    console.error(`[upstream] unexpected answer for ${what}`, result.error.issues.slice(0, 3));
    throw new UpstreamError(502, messages.networkError);
  }
  return result.data;
}

const historyItem = z.object({
  reference: z.string(),
  method: z.enum(PAYMENT_METHODS),
  purpose: z.enum(PAYMENT_PURPOSES),
  amount: z.number(),
  amountText: z.string(),
  instalment: z.number().nullable().optional(),
  /** The parts of the intake's plan, for "Instalment 2 of 3" (null: no plan now). */
  instalmentOf: z.number().nullable().optional(),
  status: z.enum(PAYMENT_STATUSES),
  channel: z.string(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
});
/** An intake's course fee as the applicant stands with it (docs/decisions/077-course-fees-and-instalments.md). */
const courseFeeSchema = z.object({
  intakeId: z.string(),
  fee: z.number(),
  feeText: z.string(),
  paid: z.number(),
  paidText: z.string(),
  owed: z.number(),
  owedText: z.string(),
  parts: z.array(
    z.object({ n: z.number(), amountKobo: z.number(), amountText: z.string(), dueOn: z.string(), paid: z.boolean() }),
  ),
  next: z.object({ n: z.number(), amountKobo: z.number(), amountText: z.string(), dueOn: z.string() }).nullable(),
  partMin: z.number(),
  partMinText: z.string(),
  online: z.boolean(),
});
export type CourseFee = z.infer<typeof courseFeeSchema>;
export const applicantPaymentsSchema = z.object({
  online: z.boolean(),
  fee: z.object({ amount: z.number(), label: z.string() }),
  history: z.array(historyItem),
  courseFee: courseFeeSchema.nullable().optional(),
});
export type ApplicantPayments = z.infer<typeof applicantPaymentsSchema>;

export const staffPaymentSchema = historyItem.extend({
  _id: z.string(),
  application: z.string(),
  applicantId: z.string(),
  /** The applicant's name (none once erased on schedule). */
  payer: z.string().nullable().optional(),
  currency: z.string(),
  providerId: z.string().nullable(),
  transferReference: z.string().nullable(),
  refundDue: z.boolean(),
  refundedAmount: z.number().nullable(),
  refundedAt: z.string().nullable(),
  refundNote: z.string().nullable(),
  problem: z.string().nullable(),
});
export type StaffPayment = z.infer<typeof staffPaymentSchema>;
const staffPageSchema = z.object({
  rows: z.array(staffPaymentSchema),
  next: z.string().nullable(),
  online: z.boolean(),
  webhookUrl: z.string(),
});
const totalsSchema = z.object({
  days: z.array(
    z.object({ day: z.string(), online: z.number(), transfer: z.number(), refunded: z.number(), count: z.number() }),
  ),
});

const intakeFeesSchema = z.object({
  intakeId: z.string(),
  courseId: z.string(),
  startDate: z.string(),
  feeText: z.string(),
  received: z.number(),
  receivedText: z.string(),
  online: z.number(),
  transfer: z.number(),
  owed: z.number(),
  rows: z.array(
    z.object({
      applicantId: z.string(),
      application: z.string(),
      name: z.string(),
      status: z.string(),
      waiting: z.boolean(),
      paidText: z.string(),
      owed: z.number(),
      owedText: z.string(),
    }),
  ),
});
export type IntakeFees = z.infer<typeof intakeFeesSchema>;

/** One applicant's course fee for staff, and its payments (docs/decisions/081-one-application-pays-in-turn.md). */
const applicantCourseFeeSchema = z.object({
  courseFee: courseFeeSchema.nullable(),
  history: z.array(staffPaymentSchema),
});
export type ApplicantCourseFee = z.infer<typeof applicantCourseFeeSchema>;

const token = (t: string) => encodeURIComponent(t);
function withQuery(path: string, params: Record<string, string | undefined>) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) q.set(k, v);
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}

export const paymentsClient = (call: Call) => ({
  /** Whether paying online is open to this application, and its payments so far. */
  async forApplication(statusToken: string) {
    return parse(
      await call("GET", `/api/application/${token(statusToken)}/payments`),
      applicantPaymentsSchema,
      "payments",
    );
  },
  /** Starts a Paystack transaction; answers the checkout's address. */
  async startOnline(statusToken: string) {
    return parse(
      await call("POST", `/api/application/${token(statusToken)}/payments/paystack`),
      z.object({ reference: z.string(), authorizationUrl: z.url() }),
      "payment start",
    );
  },
  /** Starts paying the course fee: the whole of what is owed, an instalment, or a part (whole naira, as typed). */
  async startCourseFee(statusToken: string, choice: { pay: string; instalment?: string; amount?: string }) {
    return parse(
      await call("POST", `/api/application/${token(statusToken)}/payments/course-fee`, { json: choice }),
      z.object({ reference: z.string(), authorizationUrl: z.url() }),
      "course fee start",
    );
  },
  /** The callback's question to the API, which asks Paystack. */
  async verify(statusToken: string, reference: string) {
    return parse(
      await call("POST", `/api/application/${token(statusToken)}/payments/${encodeURIComponent(reference)}/verify`),
      z.object({ status: z.enum(PAYMENT_STATUSES) }),
      "payment check",
    );
  },
  /** A paid payment's receipt, a PDF passed through unread. */
  async receipt(statusToken: string, reference: string) {
    return call("GET", `/api/application/${token(statusToken)}/payments/${encodeURIComponent(reference)}/receipt`);
  },
  async list(q: { status?: string; q?: string; refundDue?: string; after?: string }) {
    return parse(await call("GET", withQuery("/api/payments", q)), staffPageSchema, "payments");
  },
  /** The intakes to choose from for their course fees. */
  async feeIntakes() {
    return parse(
      await call("GET", "/api/payments/intakes"),
      z.array(z.object({ id: z.string(), startDate: z.string(), campus: z.string(), course: z.string() })),
      "fee intakes",
    );
  },
  /** One intake's course fees: received, and each applicant's paid and owed. */
  async intakeFees(intakeId: string) {
    return parse(
      await call("GET", `/api/payments/intakes/${encodeURIComponent(intakeId)}`),
      intakeFeesSchema,
      "intake fees",
    );
  },
  async totals() {
    return parse(await call("GET", "/api/payments/totals?days=14"), totalsSchema, "payment totals");
  },
  /** The CSV file, passed through unread. */
  async csv(q: { status?: string; q?: string; refundDue?: string }) {
    return call("GET", withQuery("/api/payments/csv", q));
  },
  /** An applicant's course fee and its payments, for their staff page. */
  async applicantCourseFee(applicantId: string) {
    return parse(
      await call("GET", `/api/payments/applicants/${encodeURIComponent(applicantId)}/course-fee`),
      applicantCourseFeeSchema,
      "applicant course fee",
    );
  },
  /** A course-fee transfer staff record: the fields as typed (the API checks them again). */
  async recordFeeTransfer(
    applicantId: string,
    body: { amount: string; instalment: string; transferReference: string; paidOn: string },
  ) {
    return parse(
      await call("POST", `/api/payments/applicants/${encodeURIComponent(applicantId)}/course-fee-transfers`, {
        json: body,
      }),
      staffPaymentSchema,
      "course-fee transfer",
    );
  },
  async refund(id: string, body: { amount: string; note: string }) {
    return parse(
      await call("POST", `/api/payments/${encodeURIComponent(id)}/refund`, { json: body }),
      staffPaymentSchema,
      "refund",
    );
  },
});
