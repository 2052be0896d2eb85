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

export const deskClient = (call: Call) => ({
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
