import type { LoaderFunctionArgs } from "@remix-run/node";

import { rosterXlsx } from "~/features/roster/roster.server";

// An intake's class list as a spreadsheet (docs/decisions/076-the-admissions-desk.md): the exports permission.
export async function loader({ request, params }: LoaderFunctionArgs) {
  return rosterXlsx(request, "admin.intakes.$id.roster[.]xlsx", params.id ?? "");
}
