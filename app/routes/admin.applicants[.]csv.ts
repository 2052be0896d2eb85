import type { LoaderFunctionArgs } from "@remix-run/node";
import { applicantsCsv, csvFileName } from "~/utils/csv-exports";
import { pipelineFilters } from "~/schemas/pipeline";
import { allOf, csvResponse, inboxRequest } from "~/utils/inbox.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, search } = await inboxRequest(request);
  const filters = pipelineFilters(new URL(request.url));
  const applicants = await allOf((p) => api.applicants.list({ ...p, ...filters }), search);
  return csvResponse(csvFileName("applicants"), applicantsCsv(applicants));
}
