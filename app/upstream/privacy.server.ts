import { z } from "zod";

import { type Call, withQuery } from "./client.server";
import { personRecordsSchema, privacyRegisterSchema, privacyRequestSchema } from "./schemas";
import { parse } from "./transport.server";

/** The guardian's link and people's rights: the part of the API client (app/upstream/index.server.ts) bound to one request. */
export function privacyClients(call: Call) {
  return {
    // docs/decisions/033-consent-versions-and-minors.md and 034-retention-and-rights.md.
    privacy: {
      /** The guardian's link: confirms their consent (public; the token is the key). */
      /** Whose application and which course a guardian's link names, before the button. */
      async guardianPreview(token: string) {
        return parse(
          await call("POST", "/api/guardian/preview", { json: { token } }),
          z.object({
            reference: z.string(),
            course: z.string(),
            child: z.string().nullable(),
            confirmedAt: z.string().nullable(),
            refusedAt: z.string().nullable().default(null),
          }),
          "guardian link",
        );
      },
      async confirmGuardian(token: string) {
        return parse(
          await call("POST", "/api/guardian/confirm", { json: { token } }),
          z.object({ reference: z.string(), confirmedAt: z.string() }),
          "guardian confirmation",
        );
      },
      /** "I do not consent": recorded once, admissions told (decision 065). */
      async refuseGuardian(token: string) {
        return parse(
          await call("POST", "/api/guardian/refuse", { json: { token } }),
          z.object({ reference: z.string(), refusedAt: z.string() }),
          "guardian refusal",
        );
      },
      async findPerson(person: { email?: string; phone?: string }) {
        return parse(await call("GET", withQuery("/api/privacy/person", person)), personRecordsSchema, "person");
      },
      /** The person's data as a ZIP, streamed through. */
      async exportPerson(person: { email?: string; phone?: string }) {
        return call("GET", withQuery("/api/privacy/person/export", person));
      },
      async erasePerson(body: { email?: string; phone?: string; requestId?: string }) {
        return parse(
          await call("POST", "/api/privacy/person/erase", { json: body }),
          z.object({
            applications: z.number(),
            files: z.number(),
            messages: z.number(),
            savedForms: z.number().default(0),
            outboxMails: z.number().default(0),
            jobAlerts: z.number().default(0),
          }),
          "erasure",
        );
      },
      async requests() {
        return parse(await call("GET", "/api/privacy/requests"), privacyRegisterSchema, "request register");
      },
      async addRequest(body: { kind: string; subject: string; receivedOn: string }) {
        return parse(await call("POST", "/api/privacy/requests", { json: body }), privacyRequestSchema, "request");
      },
      async requestDone(id: string) {
        await call("POST", `/api/privacy/requests/${encodeURIComponent(id)}/done`);
      },
    },
  };
}
