import type { LoaderFunctionArgs } from "@remix-run/node";

import { contactMessagesExport, csvFileName } from "@domain/staff-exports";
import { inboxText as t } from "~/content/inbox";
import { xlsxExport } from "~/features/exports/exports.server";
import { inboxRequest } from "~/features/staff-frame/frame.server";

// The contact messages as a spreadsheet for people (docs/decisions/009-csv-exports-for-spreadsheets.md).
export async function loader({ request }: LoaderFunctionArgs) {
  const { api, search } = await inboxRequest(request, "admin.messages[.]xlsx");
  return xlsxExport(
    csvFileName("contact-messages", new Date(), "xlsx"),
    t.messagesTitle,
    contactMessagesExport,
    (cursor) => api.contact.exportPage(cursor, { search: search || undefined }),
  );
}
