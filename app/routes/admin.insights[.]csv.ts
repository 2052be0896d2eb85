import type { LoaderFunctionArgs } from "@remix-run/node";

import { toCsv } from "@domain/csv";
import { csvFileName } from "@domain/staff-exports";
import { refuseOtherRoles, requireStaffRoute } from "~/features/auth/auth.server";
import { insightFilters } from "~/features/insights/insights.server";
import { contentTables, funnelTables } from "~/features/insights/tables";

// One table of the insights page as a CSV file, under the page's filters: the same rows the page
// shows beside each chart (docs/decisions/064-cookie-free-visit-counts.md). Counts only.
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const name = url.searchParams.get("table") ?? "";
  const isFunnel = name.startsWith("funnel");
  const { api, user } = await requireStaffRoute(request, "admin.insights[.]csv");
  // The funnel is read from applications: only the roles that handle them (docs/decisions/064).
  if (isFunnel) refuseOtherRoles(user, "admin.applicants");
  const { filters } = insightFilters(url);
  const tables = isFunnel
    ? funnelTables(await api.insights.funnel(filters))
    : contentTables(await api.insights.figures(filters));
  const table = Object.hasOwn(tables, name) ? tables[name] : undefined;
  if (!table) throw new Response("Not found", { status: 404 });
  return new Response(toCsv(table.headers, table.rows), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${csvFileName(`insights-${name}`)}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
