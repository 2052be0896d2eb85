import type { LoaderFunctionArgs } from "@remix-run/node";

import { metricsResponse } from "~/utils/operations.server";

// Prometheus metrics for the operator (docs/deploy.md, "Metrics"): only from METRICS_ALLOW's
// addresses or with METRICS_TOKEN; anyone else is answered 404.
export function loader({ request }: LoaderFunctionArgs) {
  return metricsResponse(request);
}
