import { z } from "zod";

import { type Call, csvFile, ExportCursor, ListParams, parseExportPage, withQuery } from "./client.server";
import { contactMessageSchema } from "./schemas";
import { parse } from "./transport.server";

/** The contact form and the staff inbox: the part of the API client (app/upstream/index.server.ts) bound to one request. */
export function contactClients(call: Call) {
  return {
    contact: {
      async send(input: { fullname: string; email: string; phone: string; issue: string | number; message: string }) {
        await call("POST", "/api/contact", { form: { ...input, issue: String(input.issue) } });
      },
      async list(params: ListParams & { unread?: boolean } = {}) {
        return parse(
          await call("GET", withQuery("/api/contact", { ...params, unread: params.unread ? "true" : undefined })),
          z.array(contactMessageSchema),
          "contact list",
        );
      },
      /** The CSV file of the messages (under a search), written by the API and streamed on as it comes. */
      async exportCsv(params: { search?: string; unread?: boolean } = {}) {
        const q = { ...params, unread: params.unread ? "true" : undefined };
        return csvFile(await call("GET", withQuery("/api/contact/export.csv", q)), "contact export");
      },
      /** One page of the spreadsheet export, from `cursor` (the start when empty). */
      async exportPage(cursor: ExportCursor, params: { search?: string; unread?: boolean } = {}) {
        const q = { ...cursor, ...params, unread: params.unread ? "true" : undefined };
        return parseExportPage(
          await call("GET", withQuery("/api/contact/export", q)),
          contactMessageSchema,
          "contact export",
        );
      },
      /** Unread messages up to a bound: `more` when there are more than `n` ("999+"). */
      async unreadCount() {
        const { unread, more } = await parse(
          await call("GET", "/api/contact/unread"),
          z.object({ unread: z.number(), more: z.boolean() }),
          "unread count",
        );
        return { n: unread, more };
      },
      async setRead(id: string, read: boolean) {
        await call("PATCH", `/api/contact/${encodeURIComponent(id)}`, { json: { read } });
      },
      /** The new messages up to `until`, within `search` when given, as the list showed them. */
      async markAllRead(params: { until?: string; search?: string } = {}) {
        await call("POST", "/api/contact/read", { json: params });
      },
    },
  };
}
