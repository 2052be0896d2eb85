import { z } from "zod";

import { type Call } from "./client.server";
import { applicationStatusSchema } from "./schemas";
import { parse } from "./transport.server";

/** The applicant's status page: the part of the API client (app/upstream/index.server.ts) bound to one request. */
export function applicationClients(call: Call) {
  return {
    /** The applicant's side after the form (docs/decisions/035): a private token opens it, no account. */
    application: {
      async status(token: string) {
        return parse(
          await call("GET", `/api/application/${encodeURIComponent(token)}`),
          applicationStatusSchema,
          "application status",
        );
      },
      async requestLink(email: string) {
        await call("POST", "/api/application/link-request", { json: { email } });
      },
      async sendProof(token: string, file: File, transferReference: string) {
        const form = new FormData();
        form.set("transferReference", transferReference);
        form.set("file", file);
        await call("POST", `/api/application/${encodeURIComponent(token)}/proof`, { multipart: form });
      },
      /** The offer letter, a PDF passed through unread (docs/decisions/074-one-status-model-and-when-a-seat-is-taken.md). */
      async offerLetter(token: string) {
        return call("GET", `/api/application/${encodeURIComponent(token)}/offer-letter`);
      },
      /** The applicant's answer to an open offer (docs/decisions/074): the status it leaves; a decline's `dob` as a withdrawal's. */
      async answerOffer(token: string, answer: "accept" | "decline", dob = "") {
        return parse(
          await call("POST", `/api/application/${encodeURIComponent(token)}/offer`, { json: { answer, dob } }),
          z.object({ status: z.enum(["accepted", "withdrawn"]) }),
          "offer answer",
        );
      },
      /** `dob`: the date of birth the page asked for (docs/decisions/091-a-link-withdraws-only-with-the-date-of-birth.md). */
      async withdraw(token: string, dob: string) {
        await call("POST", `/api/application/${encodeURIComponent(token)}/withdraw`, { json: { dob } });
      },
      /** The guardian's link again, to the address on file or to `email`, a corrected one (decision 065). */
      async sendGuardianAgain(token: string, email?: string) {
        const path = `/api/application/${encodeURIComponent(token)}/guardian/${email === undefined ? "resend" : "email"}`;
        await call("POST", path, { json: email === undefined ? {} : { email } });
      },
    },
  };
}
