import type { LoaderFunctionArgs } from "@remix-run/node";

import { contactMessagesExport, csvFileName } from "@domain/staff-exports";
import { csvExport, inboxRequest } from "~/features/admin/inbox.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, search } = await inboxRequest(request, "exports");
  return csvExport(csvFileName("contact-messages"), contactMessagesExport, (cursor) =>
    api.contact.exportPage(cursor, { search: search || undefined }),
  );
}
