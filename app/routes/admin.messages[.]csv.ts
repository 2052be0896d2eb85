import type { LoaderFunctionArgs } from "@remix-run/node";

import { csvFileName } from "@domain/staff-exports";
import { csvDownload } from "~/features/exports/exports.server";
import { inboxRequest } from "~/features/staff-frame/frame.server";

// Every message under the page's search, as the CSV file the API writes and streams
// (docs/decisions/048-exports-written-by-the-api.md).
export async function loader({ request }: LoaderFunctionArgs) {
  const { api, search } = await inboxRequest(request, "admin.messages[.]csv");
  return csvDownload(csvFileName("contact-messages"), await api.contact.exportCsv({ search: search || undefined }));
}
