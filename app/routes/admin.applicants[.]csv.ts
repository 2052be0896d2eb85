import type { LoaderFunctionArgs } from "@remix-run/node";
import { applicantsExport, csvFileName } from "~/utils/csv-exports";
import { pipelineFilters } from "~/schemas/pipeline";
import { csvExport, inboxRequest } from "~/utils/inbox.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, search } = await inboxRequest(request);
  const filters = pipelineFilters(new URL(request.url));
  return csvExport(
    csvFileName("applicants"),
    applicantsExport,
    (p) => api.applicants.list({ ...p, ...filters }),
    search,
  );
}
