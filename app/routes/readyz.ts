import type { LoaderFunctionArgs } from "@remix-run/node";

import { forwardToApi } from "~/upstream/forward.server";

// Readiness (docs/deploy.md, "Health checks"): the database answers, its migrations are done, the
// data folder takes a write and the mail queue is not stuck. 200 when all hold, 503 otherwise; the
// API makes the checks (api/routes/health.ts).
export function loader({ request }: LoaderFunctionArgs) {
  return forwardToApi(new Request(new URL("/api/health/ready", request.url), { headers: request.headers }));
}
