import type { LoaderFunctionArgs } from "@remix-run/node";

import { csvFileName } from "~/features/admin/csv-exports";
import { csvExport } from "~/features/admin/inbox.server";
import { requirePermission } from "~/features/auth/auth.server";
import { securityLogExport, securityLogFilters } from "~/features/staff-accounts/security-log.server";

// The security log's entries under the page's filters, as a CSV file streamed page by page
// (docs/security.md, "Security log"); the API logs the export itself.
export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requirePermission(request, "security-log");
  // The whole log under the filters, from its newest entry, whatever page the list showed.
  const { person, event, from, to } = securityLogFilters(new URL(request.url));
  const filters = { person, event, from, to };
  return csvExport(
    csvFileName("security-log"),
    securityLogExport,
    async (p) =>
      (await api.securityLog.list({ ...filters, limit: p.limit, after: p.after, export: "1" })).entries.map((e) => ({
        ...e,
        createdAt: e.at,
      })),
    "",
  );
}
