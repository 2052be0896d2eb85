import { z } from "zod";

import { type Call, csvFile, type ExportCursor, type ListParams, parseExportPage, withQuery } from "./client.server";
import { applicantCountsSchema, applicantDetailSchema, applicantListItemSchema, applicantNoteSchema } from "./schemas";
import { parse } from "./transport.server";

/** The staff's pipeline of applicants (list, counts, exports, status, notes, proof, files): part of `applicants` in the API client (app/upstream/index.server.ts). */
export function pipelineCalls(call: Call) {
  return {
    /** `refundDue`: the fee was paid already, so the transfer is recorded for a refund (docs/decisions/092). */
    async confirmProof(id: string) {
      return parse(
        await call("POST", `/api/applicants/${encodeURIComponent(id)}/proof/confirm`),
        z.object({ refundDue: z.boolean().optional().default(false) }),
        "proof confirmation",
      );
    },
    /** Staff close an application as a duplicate of the same person's other one (docs/decisions/100). */
    async closeDuplicate(id: string, of: string) {
      await call("POST", `/api/applicants/${encodeURIComponent(id)}/close-duplicate`, { json: { of } });
    },
    /** Staff decide no refund is due for an application withdrawn after paying (docs/decisions/099). */
    async decideNoRefund(id: string, note: string) {
      await call("POST", `/api/applicants/${encodeURIComponent(id)}/refund-decision`, { json: { note } });
    },
    async rejectProof(id: string, reason: string) {
      await call("POST", `/api/applicants/${encodeURIComponent(id)}/proof/reject`, { json: { reason } });
    },
    async list(params: ListParams & { status?: string; course?: string; proof?: string } = {}) {
      return parse(
        await call("GET", withQuery("/api/applicants", params)),
        z.array(applicantListItemSchema),
        "applicant list",
      );
    },
    /** The CSV file of the applicants (under the filters and a search), written by the API and streamed on as it comes. */
    async exportCsv(params: { search?: string; status?: string; course?: string; proof?: string } = {}) {
      return csvFile(await call("GET", withQuery("/api/applicants/export.csv", params)), "applicant export");
    },
    /** One page of the spreadsheet export, from `cursor` (the start when empty). */
    async exportPage(cursor: ExportCursor, params: { search?: string; status?: string; course?: string } = {}) {
      return parseExportPage(
        await call("GET", withQuery("/api/applicants/export", { ...cursor, ...params })),
        applicantListItemSchema,
        "applicant export",
      );
    },
    /** How many applicants are at each status, within a course and a search. */
    async counts(params: { course?: string; search?: string } = {}) {
      return parse(
        await call("GET", withQuery("/api/applicants/counts", params)),
        applicantCountsSchema,
        "applicant counts",
      );
    },
    /** Applicants still at New up to a bound: `more` when there are more than `n` ("999+"). */
    async newCount() {
      const counted = await parse(
        await call("GET", "/api/applicants/new-count"),
        z.object({ new: z.number(), more: z.boolean() }),
        "new applicants count",
      );
      return { n: counted.new, more: counted.more };
    },
    /** Offers a seat until the Lagos day `acceptBy` (docs/decisions/074): 409 when the intake is full. */
    async offer(id: string, acceptBy: string) {
      await call("POST", `/api/applicants/${encodeURIComponent(id)}/offer`, { json: { acceptBy } });
    },
    /** `confirmOwed`: staff saw the fees still owed and enrol anyway (docs/decisions/093); otherwise FeesOwedError. */
    async setStatus(id: string, status: string, confirmOwed = false) {
      await call("PATCH", `/api/applicants/${encodeURIComponent(id)}/status`, {
        json: confirmOwed ? { status, confirmOwed: true } : { status },
      });
    },
    async addNote(id: string, body: string) {
      return parse(
        await call("POST", `/api/applicants/${encodeURIComponent(id)}/notes`, { json: { body } }),
        applicantNoteSchema,
        "applicant note",
      );
    },
    async get(id: string) {
      return parse(await call("GET", `/api/applicants/${encodeURIComponent(id)}`), applicantDetailSchema, "applicant");
    },
    /** A private file, streamed for staff only (the API answers 401 otherwise). */
    async file(publicId: string, { inline = false }: { inline?: boolean } = {}) {
      const path = `/api/files/${publicId.split("/").map(encodeURIComponent).join("/")}`;
      return call("GET", inline ? `${path}?view=inline` : path);
    },
  };
}
