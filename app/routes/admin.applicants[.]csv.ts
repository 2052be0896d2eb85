import type { LoaderFunctionArgs } from "@remix-run/node";

import { csvFileName } from "@domain/staff-exports";
import { pipelineFilters } from "~/features/applicants/pipeline-schema";
import { csvDownload } from "~/features/exports/exports.server";
import { inboxRequest } from "~/features/staff-frame/frame.server";

// Every applicant under the page's search and filters, as the CSV file the API writes and streams
// (docs/decisions/048-exports-written-by-the-api.md).
export async function loader({ request }: LoaderFunctionArgs) {
  const { api, search } = await inboxRequest(request, "admin.applicants[.]csv");
  const filters = pipelineFilters(new URL(request.url));
  return csvDownload(
    csvFileName("applicants"),
    await api.applicants.exportCsv({ ...filters, search: search || undefined }),
  );
}
