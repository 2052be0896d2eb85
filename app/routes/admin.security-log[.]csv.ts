import type { LoaderFunctionArgs } from "@remix-run/node";

import { csvFileName } from "@domain/staff-exports";
import { requireStaffRoute } from "~/features/auth/auth.server";
import { csvExport } from "~/features/exports/exports.server";
import { securityLogExport, securityLogFilters } from "~/features/staff-accounts/security-log.server";

// The security log's entries under the page's filters, as a CSV file streamed page by page
// (docs/security.md, "Security log"); the API logs the export itself.
const EXPORT_PAGE = 100;

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireStaffRoute(request, "admin.security-log[.]csv");
  // The whole log under the filters, from its newest entry, whatever page the list showed.
  const { person, event, from, to } = securityLogFilters(new URL(request.url));
  const filters = { person, event, from, to };
  return csvExport(csvFileName("security-log"), securityLogExport, async (cursor) => {
    const { entries } = await api.securityLog.list({
      ...filters,
      limit: EXPORT_PAGE,
      after: cursor.after,
      export: "1",
    });
    const last = entries.at(-1);
    // By the last entry's key, until a short page (docs/decisions/029-every-list-by-key-and-fast-exports.md).
    return {
      rows: entries.map((e) => ({ ...e, createdAt: e.at })),
      next: last && entries.length === EXPORT_PAGE ? { after: `${last.at}_${last._id}` } : null,
    };
  });
}
