import { z } from "zod";

import { type Call, withQuery } from "./client.server";
import { invitationSchema, queuedMailSchema, securityLogSchema, staffListSchema } from "./schemas";
import { parse } from "./transport.server";

/** Staff accounts and invitations, the security log and the mail queue (Admin): the part of the API client (app/upstream/index.server.ts) bound to one request. */
export function staffClients(call: Call) {
  return {
    staff: {
      async list() {
        return parse(await call("GET", "/api/staff"), staffListSchema, "staff list");
      },
      async invite(input: { email: string; name: string; role: string }) {
        await call("POST", "/api/staff/invitations", { json: input });
      },
      async resendInvitation(id: string) {
        await call("POST", `/api/staff/invitations/${encodeURIComponent(id)}/resend`);
      },
      async cancelInvitation(id: string) {
        await call("DELETE", `/api/staff/invitations/${encodeURIComponent(id)}`);
      },
      async setRole(id: string, role: string) {
        await call("PATCH", `/api/staff/${encodeURIComponent(id)}/role`, { json: { role } });
      },
      async deactivate(id: string) {
        await call("POST", `/api/staff/${encodeURIComponent(id)}/deactivate`);
      },
      async reactivate(id: string) {
        await call("POST", `/api/staff/${encodeURIComponent(id)}/reactivate`);
      },
      async resetTwoFactor(id: string) {
        await call("POST", `/api/staff/${encodeURIComponent(id)}/two-factor/reset`);
      },
      /** Whom an invitation link invites; 410 (UpstreamError) when it is invalid, used or expired. */
      async invitation(token: string) {
        return parse(await call("GET", withQuery("/api/invitations", { token })), invitationSchema, "invitation");
      },
      async acceptInvitation(input: { token: string; password: string }) {
        await call("POST", "/api/invitations/accept", { json: input });
      },
    },
    securityLog: {
      async list(params: {
        person?: string;
        event?: string;
        from?: string;
        to?: string;
        after?: string;
        limit?: number;
        export?: "1";
      }) {
        return parse(await call("GET", withQuery("/api/security-log", params)), securityLogSchema, "security log");
      },
    },
    /** The trash and the schedule (docs/product.md §4); staff only. */
    /** The mail queue's waiting and given-up mails (administrators). */
    mailQueue: {
      async list() {
        return parse(await call("GET", "/api/mail-queue"), z.array(queuedMailSchema), "mail queue");
      },
      async retry(id: string) {
        await call("POST", `/api/mail-queue/${encodeURIComponent(id)}/retry`);
      },
    },
  };
}
