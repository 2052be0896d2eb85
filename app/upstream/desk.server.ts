import { z } from "zod";

import { messages } from "~/content/messages";

import { staffIntakeSchema } from "./intakes.server";
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
    }),
  ),
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
