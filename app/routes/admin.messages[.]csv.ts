import type { LoaderFunctionArgs } from "@remix-run/node";
import { contactMessagesCsv, csvFileName } from "~/features/admin/csv-exports";
import { allOf, csvResponse, inboxRequest } from "~/features/admin/inbox.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, search } = await inboxRequest(request);
  const messages = await allOf((p) => api.contact.list(p), search);
  return csvResponse(csvFileName("contact-messages"), contactMessagesCsv(messages));
}
