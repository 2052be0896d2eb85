import { Hono } from "hono";

import { type Env, requirePermission } from "../http";
import { serverErrorReport } from "../lib/server-errors";

// The site's last server errors and their counts per day, for Admins (/admin/errors;
// docs/decisions/056-metrics-and-errors-staff-see.md). Read only: nothing here changes.
export const serverErrors = new Hono<Env>();

serverErrors.get("/", requirePermission("staff"), async (c) => c.json(await serverErrorReport(c.get("db"))));
