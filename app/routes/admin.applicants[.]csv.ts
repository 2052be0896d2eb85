import type { LoaderFunctionArgs } from "@remix-run/node";
import { allOf, csvResponse, inboxRequest, toCsv } from "~/components/admin/inbox.server";
import { inboxText as t } from "~/content/staff";

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, search } = await inboxRequest(request);
  const applicants = await allOf((p) => api.applicants.list(p), search);
  const fields = t.applicantFields;
  const csv = toCsv(
    ["id", ...fields.map(([, label]) => label)],
    applicants.map((a) => [a._id, ...fields.map(([key]) => a[key])]),
  );
  return csvResponse(`applicants-${new Date().toISOString().slice(0, 10)}.csv`, csv);
}
