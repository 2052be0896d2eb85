import type { LoaderFunctionArgs } from "@remix-run/node";

import { rosterCsv } from "~/features/roster/roster.server";

// An intake's class list as CSV (docs/decisions/076-the-admissions-desk.md): the exports permission.
export async function loader({ request, params }: LoaderFunctionArgs) {
  return rosterCsv(request, "admin.intakes.$id.roster[.]csv", params.id ?? "");
}
