import type { LoaderFunctionArgs } from "@remix-run/node";

import { applicantsExport, csvFileName } from "@domain/staff-exports";
import { inboxText as t } from "~/content/inbox";
import { pipelineFilters } from "~/features/applicants/pipeline-schema";
import { xlsxExport } from "~/features/exports/exports.server";
import { inboxRequest } from "~/features/staff-frame/frame.server";

// The applicants as a spreadsheet for people (docs/decisions/009-csv-exports-for-spreadsheets.md);
// the same rows, search and filters as the CSV.
export async function loader({ request }: LoaderFunctionArgs) {
  const { api, search } = await inboxRequest(request, "admin.applicants[.]xlsx");
  const filters = pipelineFilters(new URL(request.url));
  return xlsxExport(csvFileName("applicants", new Date(), "xlsx"), t.applicantsTitle, applicantsExport, (cursor) =>
    api.applicants.exportPage(cursor, { ...filters, search: search || undefined }),
  );
}
