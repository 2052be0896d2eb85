import type { LoaderFunctionArgs } from "@remix-run/node";

import { applicantsExport, csvFileName } from "@domain/staff-exports";
import { csvExport, inboxRequest } from "~/features/admin/inbox.server";
import { pipelineFilters } from "~/features/admin/pipeline-schema";

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, search } = await inboxRequest(request, "exports");
  const filters = pipelineFilters(new URL(request.url));
  return csvExport(csvFileName("applicants"), applicantsExport, (cursor) =>
    api.applicants.exportPage(cursor, { ...filters, search: search || undefined }),
  );
}
