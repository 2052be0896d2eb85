// The cost of the Prometheus metrics on the request path (docs/decisions/056-metrics-and-errors-staff-see.md):
// what one answered request adds (its route label, the request counter, the latency histogram and a
// cache lookup's counter), timed in this process over 200,000 requests, beside the time one home
// request takes at one connection in the same run. Metrics cannot be turned off, so this is how the
// bench shows they cost the visitor nothing measurable. Run by the bench's figures.
import { countCacheLookup, observeRequest } from "../api/lib/metrics";

const PATHS = [
  "/",
  "/courses",
  "/course/796bc05702ca93c3c0b8799f/brand-identity-design",
  "/build/_assets/a.css",
  "/api/posts",
];

/** Microseconds of metrics work per request (median of five rounds). */
function metricsMicrosPerRequest() {
  const round = (n: number) => {
    const start = process.hrtime.bigint();
    for (let i = 0; i < n; i++) {
      observeRequest(PATHS[i % PATHS.length]!, "GET", 200, 0.003);
      countCacheLookup("render", true);
    }
    return Number(process.hrtime.bigint() - start) / n / 1000;
  };
  round(20_000); // warm up: the registry is made, the labels' series exist
  const rounds = Array.from({ length: 5 }, () => round(200_000)).sort((a, b) => a - b);
  return rounds[2]!;
}

export function metricsCostFigure(row: (figure: string, ours: string) => void, homeRpsAtOneConnection: number) {
  const micros = metricsMicrosPerRequest();
  const requestMicros = 1_000_000 / homeRpsAtOneConnection;
  row(
    "metrics' work per request (label, counter, histogram, cache counter)",
    `${micros.toFixed(2)} µs = ${((100 * micros) / requestMicros).toFixed(2)} % of a home request at 1 connection (${requestMicros.toFixed(0)} µs)`,
  );
}
