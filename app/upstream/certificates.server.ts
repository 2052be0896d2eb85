import { z } from "zod";

import { REVOCATION_REASONS } from "@domain/certificates";
import { messages } from "~/content/messages";

import { type Body, send, UpstreamError } from "./transport.server";

// The web tier's client of the certificate calls (docs/decisions/058-certificates-and-their-public-check.md).
// Never cached here: a revocation must show on the next check, on every instance.

export const certificateCheckSchema = z.discriminatedUnion("state", [
  z.object({
    state: z.literal("valid"),
    number: z.string(),
    holderName: z.string(),
    courseTitle: z.string(),
    completedOn: z.string(),
    grade: z.string().nullable(),
    issuedByName: z.string(),
  }),
  z.object({
    state: z.literal("revoked"),
    number: z.string(),
    revokedOn: z.string(),
    reason: z.enum(REVOCATION_REASONS),
  }),
  z.object({ state: z.literal("unknown") }),
]);
export type CertificateCheck = z.infer<typeof certificateCheckSchema>;

export const graduateSchema = z.object({
  applicantId: z.string(),
  reference: z.string(),
  name: z.string(),
  email: z.string(),
  intakeStart: z.string().nullable(),
  completion: z
    .object({ completedOn: z.string(), grade: z.string().nullable(), earlyReason: z.string().nullable() })
    .nullable(),
  certificate: z
    .object({
      number: z.string(),
      holderName: z.string(),
      issuedAt: z.string(),
      revokedAt: z.string().nullable(),
      revokedReason: z.string().nullable(),
    })
    .nullable(),
});
export type Graduate = z.infer<typeof graduateSchema>;

async function parse<T extends z.ZodType>(response: Response, schema: T, what: string): Promise<z.infer<T>> {
  const result = schema.safeParse(await response.json());
  if (!result.success) {
    console.error(`[upstream] unexpected answer for ${what}`, result.error.issues.slice(0, 3));
    throw new UpstreamError(502, messages.networkError);
  }
  return result.data;
}

export function certificatesUpstream(request: Request) {
  const setCookies: string[] = [];
  const call = (method: string, path: string, body?: Body) => send(request, setCookies, method, path, body);
  const at = (number: string) => encodeURIComponent(number);
  return {
    get headers() {
      const h = new Headers();
      for (const c of setCookies) h.append("set-cookie", c);
      return h;
    },
    async check(number: string) {
      return parse(
        await call("GET", `/api/certificates/check/${at(number)}`),
        certificateCheckSchema,
        "certificate check",
      );
    },
    /** The signed credential's JSON as the API wrote it (its bytes are what was signed). */
    async credential(number: string) {
      return (await call("GET", `/api/certificates/credential/${at(number)}`)).text();
    },
    async publicKeys() {
      return (await call("GET", "/api/credential-keys")).text();
    },
    async graduates(course: string, intake = "") {
      const path = `/api/certificates/graduates?${new URLSearchParams(intake ? { course, intake } : { course })}`;
      return parse(await call("GET", path), z.array(graduateSchema), "graduates");
    },
    async complete(
      input: { applicantIds: string[] } | { course: string; intake?: string; all: true },
      completedOn: string,
      grade?: string,
      /** Staff saw the fees still owed and go on (docs/decisions/093); otherwise FeesOwedError. */
      confirmOwed = false,
      /** Why it comes before the intake's first day (docs/decisions/098); otherwise BeforeStartError. */
      earlyReason?: string,
    ) {
      const res = await call("POST", "/api/certificates/complete", {
        json: { ...input, completedOn, grade, ...(confirmOwed ? { confirmOwed: true } : {}), earlyReason },
      });
      return parse(res, z.object({ completed: z.number() }), "complete");
    },
    async issue(
      input: { items: { applicantId: string; holderName?: string }[] } | { course: string; intake?: string; all: true },
      confirmOwed = false,
    ) {
      return parse(
        await call("POST", "/api/certificates/issue", { json: confirmOwed ? { ...input, confirmOwed: true } : input }),
        z.object({ issued: z.array(z.string()) }),
        "issue",
      );
    },
    async revoke(number: string, reason: string) {
      await call("POST", `/api/certificates/${at(number)}/revoke`, { json: { reason } });
    },
  };
}
