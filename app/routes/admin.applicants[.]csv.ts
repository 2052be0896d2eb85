import type { LoaderFunctionArgs } from "@remix-run/node";
import { applicantsCsv, csvFileName } from "~/features/admin/csv-exports";
import { pipelineFilters } from "~/features/admin/pipeline-schema";
import { allOf, csvResponse, inboxRequest } from "~/features/admin/inbox.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, search } = await inboxRequest(request);
  const filters = pipelineFilters(new URL(request.url));
  const applicants = await allOf((p) => api.applicants.list({ ...p, ...filters }), search);
  return csvResponse(csvFileName("applicants"), applicantsCsv(applicants));
}
