import type { LoaderFunctionArgs } from "@remix-run/node";
import { allOf, csvResponse, inboxRequest, toCsv } from "~/components/admin/inbox.server";
import { inboxText as t } from "~/content/staff";

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, search } = await inboxRequest(request);
  const messages = await allOf((p) => api.contact.list(p), search);
  const csv = toCsv(
    [t.received, t.name, t.email, t.phone, t.issue, t.message],
    messages.map((m) => [m.createdAt, m.fullname, m.email, m.phone, t.issues[m.issue] ?? m.issue, m.message]),
  );
  return csvResponse(`contact-messages-${new Date().toISOString().slice(0, 10)}.csv`, csv);
}
