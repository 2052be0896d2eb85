import { z } from "zod";

import { messages } from "~/content/messages";

import { staffIntakeSchema } from "./intakes.server";
import { statementSchema } from "./schemas";
import type { Body } from "./transport.server";
import { UpstreamError } from "./transport.server";

// The web tier's client of the admissions desk (docs/decisions/076-the-admissions-desk.md).

type Call = (method: string, path: string, body?: Body) => Promise<Response>;

const deskSchema = z.object({
  newApplications: z.number(),
  receiptsWaiting: z.number(),
  guardiansPending: z.number(),
  offersLapsing: z.number(),
  savedForms: z.number(),
  refundsToDecide: z.number(),
  more: z.array(z.string()).default([]),
  intakes: z.array(staffIntakeSchema.extend({ courseTitle: z.string() })),
});

const rosterSchema = z.object({
  intake: staffIntakeSchema.extend({ courseTitle: z.string() }),
  applicants: z.array(
    z.object({
      _id: z.string(),
      firstname: z.string(),
      lastname: z.string(),
      phone: z.string(),
      email: z.string(),
      status: z.string(),
      seat: z.boolean(),
      waiting: z.boolean(),
      paymentProof: z.string().nullable(),
      transferReference: z.string().nullable(),
      guardian: z.object({ name: z.string(), phone: z.string().nullable(), consent: z.string() }).nullable(),
      /** The statement of account: the Payment column (docs/decisions/093). */
      statement: statementSchema,
    }),
  ),
});

const listIntake = z.object({ startDate: z.string(), campus: z.string() }).nullable();

/** Guardians still to answer (docs/decisions/088-the-desk-lists-and-offers-answered-as-expected.md). */
const guardiansSchema = z.object({
  guardians: z.array(
    z.object({
      _id: z.string(),
      firstname: z.string(),
      lastname: z.string(),
      course: z.string(),
      intake: listIntake,
      createdAt: z.string(),
      status: z.string(),
      guardian: z.object({
        name: z.string(),
        relationship: z.string(),
        to: z.string(),
        lastSentAt: z.string(),
        sentAgain: z.boolean(),
      }),
    }),
  ),
  next: z.string().nullable(),
});

/** Saved forms not sent yet (the same decision). */
const savedFormsSchema = z.object({
  forms: z.array(
    z.object({
      firstname: z.string(),
      lastname: z.string(),
      course: z.string().nullable(),
      intake: listIntake,
      savedAt: z.string(),
      expiresAt: z.string(),
      reminder: z.enum(["sent", "no-address", "not-yet"]),
      remindedAt: z.string().nullable(),
    }),
  ),
  next: z.string().nullable(),
});

const messageIntakeSchema = z.object({
  _id: z.string(),
  courseTitle: z.string(),
  startDate: z.string(),
  campus: z.string(),
});

/** A message to an intake as the API takes it (docs/decisions/080-message-an-intake.md). */
type IntakeMessage = { audience: string; subject: string; body: string };

async function parsed<T>(response: Response, schema: z.ZodType<T>) {
  const result = schema.safeParse(await response.json());
  if (!result.success) throw new UpstreamError(502, messages.networkError);
  return result.data;
}

export const deskClient = (call: Call) => ({
  /** The intake a message goes to, for the form's heading. */
  async messageIntake(intakeId: string) {
    return parsed(await call("GET", `/api/intakes/${encodeURIComponent(intakeId)}/message`), messageIntakeSchema);
  },
  /** How many people the message reaches; changes nothing. */
  async previewMessage(intakeId: string, message: IntakeMessage) {
    return parsed(
      await call("POST", `/api/intakes/${encodeURIComponent(intakeId)}/message/preview`, { json: message }),
      z.object({ count: z.number() }),
    );
  },
  /** Queues one mail per person; `count` is the preview's (409 when it changed since). */
  async sendMessage(intakeId: string, message: IntakeMessage & { count: number }) {
    return parsed(
      await call("POST", `/api/intakes/${encodeURIComponent(intakeId)}/message`, { json: message }),
      z.object({ sent: z.number() }),
    );
  },
  /** An intake's class list (docs/decisions/076-the-admissions-desk.md). */
  async roster(intakeId: string) {
    const response = await call("GET", `/api/intakes/${encodeURIComponent(intakeId)}/roster`);
    const result = rosterSchema.safeParse(await response.json());
    if (!result.success) throw new UpstreamError(502, messages.networkError);
    return result.data;
  },
  /** A page of guardians still to answer, oldest first; `after`: the page before's `next`. */
  async guardiansPending(after?: string) {
    const q = after ? `?${new URLSearchParams({ after })}` : "";
    return parsed(await call("GET", `/api/desk/guardians${q}`), guardiansSchema);
  },
  /** A page of saved forms not sent yet, oldest first; `after`: the page before's `next`. */
  async savedForms(after?: string) {
    const q = after ? `?${new URLSearchParams({ after })}` : "";
    return parsed(await call("GET", `/api/desk/saved-forms${q}`), savedFormsSchema);
  },
  /** Sends a guardian still to answer their link again, to the address on file; answers where it went (masked). */
  async resendGuardian(applicantId: string) {
    return parsed(
      await call("POST", `/api/applicants/${encodeURIComponent(applicantId)}/guardian/resend`, { json: {} }),
      z.object({ guardian: z.object({ to: z.string() }).nullable() }),
    );
  },
  /** The day's work as counts, and the open intakes' seats and waiting lists. */
  async figures() {
    const result = deskSchema.safeParse(await (await call("GET", "/api/desk")).json());
    if (!result.success) {
      console.error("[upstream] unexpected answer for the desk", result.error.issues.slice(0, 3));
      throw new UpstreamError(502, messages.networkError);
    }
    return result.data;
  },
});
