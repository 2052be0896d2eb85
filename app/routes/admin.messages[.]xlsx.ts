import type { LoaderFunctionArgs } from "@remix-run/node";

import { inboxText as t } from "~/content/staff";
import { contactMessagesExport, csvFileName } from "~/features/admin/csv-exports";
import { inboxRequest, xlsxExport } from "~/features/admin/inbox.server";

// The contact messages as a spreadsheet for people (docs/decisions/009-csv-exports-for-spreadsheets.md).
export async function loader({ request }: LoaderFunctionArgs) {
  const { api, search } = await inboxRequest(request, "exports");
  return xlsxExport(
    csvFileName("contact-messages", new Date(), "xlsx"),
    t.messagesTitle,
    contactMessagesExport,
    (cursor) => api.contact.exportPage(cursor, { search: search || undefined }),
  );
}
