import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";

import client from "prom-client";

import { metricsCaller } from "../client-ip";
import { config } from "../config";
import { getDb, rawDriver } from "../db";
import { patternMatcher, WEB_ROUTE_PATTERNS } from "./route-patterns";
import { currentVersion } from "./version";

// Prometheus metrics (docs/deploy.md, "Metrics"; docs/decisions/056-metrics-and-errors-staff-see.md).
// Counting on the hot path is a few label look-ups in memory; anything that needs the database or
// the disk (the outbox, the last backup, the pool) is read when Prometheus scrapes, not per request.

type Metrics = {
  registry: client.Registry;
  requests: client.Counter<"route" | "method" | "status">;
  duration: client.Histogram<"route" | "method">;
  cache: client.Counter<"cache" | "result">;
  refusals: client.Counter<"limiter">;
  mail: client.Counter<"outcome">;
  jobRuns: client.Counter<"job" | "outcome">;
  jobLastSuccess: client.Gauge<"job">;
  serverErrors: client.Counter<"kind">;
};

const holder = globalThis as unknown as { __academyMetrics?: Metrics; __academyApiRoutes?: (path: string) => string };

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const webPattern = patternMatcher([...WEB_ROUTE_PATTERNS, "/build/*"], "/*");

/** The route pattern a request path is counted under: never the path itself. */
export function routeLabel(pathname: string) {
  const pattern = webPattern(pathname);
  if (pattern === "/api/*" && holder.__academyApiRoutes) return holder.__academyApiRoutes(pathname);
  return pattern;
}

/** The API's own route patterns (Hono's), so /api calls are counted by route too (api/index.ts). */
export function knowApiRoutes(paths: string[]) {
  const routes = [...new Set(paths.filter((p) => !p.endsWith("/*")))];
  holder.__academyApiRoutes = patternMatcher(routes, "/api/*");
}

function made(): Metrics {
  if (holder.__academyMetrics) return holder.__academyMetrics;
  const registry = new client.Registry();
  // Heap, resident memory, event-loop delay (a histogram of monitorEventLoopDelay), handles, GC.
  client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  // Gauges named like counters, which `promtool check metrics` refuses; nodejs_active_handles and
  // nodejs_active_requests (by type) say the same.
  for (const name of ["nodejs_active_handles_total", "nodejs_active_requests_total", "nodejs_active_resources_total"])
    registry.removeSingleMetric(name);
  const { version, commit } = currentVersion();
  new client.Gauge({
    name: "academy_build_info",
    help: "The release this process runs (package.json version and commit); always 1.",
    labelNames: ["version", "commit"],
    registers: [registry],
  }).set({ version, commit }, 1);
  const metrics: Metrics = {
    registry,
    requests: new client.Counter({
      name: "academy_http_requests_total",
      help: "HTTP requests answered, by route pattern, method and status.",
      labelNames: ["route", "method", "status"],
      registers: [registry],
    }),
    duration: new client.Histogram({
      name: "academy_http_request_duration_seconds",
      help: "Time from a request's arrival to the end of its answer, by route pattern and method.",
      labelNames: ["route", "method"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    cache: new client.Counter({
      name: "academy_cache_lookups_total",
      help: "Look-ups in the server's caches (render: rendered public pages; read: public API reads), by result.",
      labelNames: ["cache", "result"],
      registers: [registry],
    }),
    refusals: new client.Counter({
      name: "academy_rate_limit_refusals_total",
      help: "Calls refused by a rate limit (api/limits.ts), by limiter.",
      labelNames: ["limiter"],
      registers: [registry],
    }),
    mail: new client.Counter({
      name: "academy_mail_attempts_total",
      help: "Mail queue attempts by outcome: sent, retry (will try again), failed (given up), expired.",
      labelNames: ["outcome"],
      registers: [registry],
    }),
    jobRuns: new client.Counter({
      name: "academy_job_runs_total",
      help: "Background job runs by job and outcome (success, failure).",
      labelNames: ["job", "outcome"],
      registers: [registry],
    }),
    jobLastSuccess: new client.Gauge({
      name: "academy_job_last_success_timestamp_seconds",
      help: "When each background job last finished without error (Unix time).",
      labelNames: ["job"],
      registers: [registry],
    }),
    serverErrors: new client.Counter({
      name: "academy_server_errors_total",
      help: "Unexpected server errors (answered 500), by kind.",
      labelNames: ["kind"],
      registers: [registry],
    }),
  };
  // Read at scrape time: the database and the disk are asked only when Prometheus asks.
  new client.Gauge({
    name: "academy_mail_outbox_depth",
    help: "Mails waiting in the outbox (queued, due now or later).",
    registers: [registry],
    async collect() {
      const row = await (
        await getDb()
      )
        .selectFrom("mail_outbox")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("status", "=", "queued")
        .executeTakeFirst();
      this.set(Number(row?.n ?? 0));
    },
  });
  new client.Gauge({
    name: "academy_mail_oldest_due_age_seconds",
    help: "How long the oldest due, queued mail has been due (0 when none is due).",
    registers: [registry],
    async collect() {
      const now = new Date().toISOString();
      const row = await (
        await getDb()
      )
        .selectFrom("mail_outbox")
        .select("next_attempt_at")
        .where("status", "=", "queued")
        .where("next_attempt_at", "<=", now)
        .orderBy("next_attempt_at")
        .limit(1)
        .executeTakeFirst();
      this.set(row ? Math.max(0, (Date.now() - Date.parse(row.next_attempt_at)) / 1000) : 0);
    },
  });
  new client.Gauge({
    name: "academy_backup_last_success_timestamp_seconds",
    help: "When the newest backup archive in BACKUP_DIR was written (Unix time; 0 when there is none).",
    registers: [registry],
    async collect() {
      this.set((await newestBackupAt()) / 1000);
    },
  });
  new client.Gauge({
    name: "academy_data_dir_bytes",
    help: "The file system holding DATA_DIR: its size and what is still free for this process, in bytes.",
    labelNames: ["kind"],
    registers: [registry],
    async collect() {
      const disk = await fs.statfs(config().dataDir).catch(() => undefined);
      this.set({ kind: "size" }, disk ? disk.blocks * disk.bsize : 0);
      this.set({ kind: "free" }, disk ? disk.bavail * disk.bsize : 0);
    },
  });
  new client.Gauge({
    name: "academy_db_pool_waiting",
    help: "Queries waiting for a PostgreSQL connection from this process's pool (0 on SQLite).",
    registers: [registry],
    collect() {
      const driver = safeDriver();
      this.set(driver?.kind === "postgres" ? driver.pool.waitingCount : 0);
    },
  });
  new client.Gauge({
    name: "academy_db_pool_connections",
    help: "Connections in this process's PostgreSQL pool, by state (0 on SQLite).",
    labelNames: ["state"],
    registers: [registry],
    collect() {
      const driver = safeDriver();
      const pool = driver?.kind === "postgres" ? driver.pool : undefined;
      this.set({ state: "idle" }, pool?.idleCount ?? 0);
      this.set({ state: "total" }, pool?.totalCount ?? 0);
    },
  });
  holder.__academyMetrics = metrics;
  return metrics;
}

function safeDriver() {
  try {
    return rawDriver();
  } catch {
    return undefined;
  }
}

/** The newest `academy-*.tar.age` in BACKUP_DIR (ms since the epoch), 0 when none. */
async function newestBackupAt() {
  const dir = path.resolve(process.env.BACKUP_DIR || "backups");
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  let newest = 0;
  for (const name of names.filter((n) => n.startsWith("academy-") && n.endsWith(".tar.age"))) {
    const stat = await fs.stat(path.join(dir, name)).catch(() => undefined);
    if (stat && stat.mtimeMs > newest) newest = stat.mtimeMs;
  }
  return newest;
}

/** Counts one answered request (the request log calls it as the answer ends). */
export function observeRequest(pathname: string, method: string | undefined, status: number, seconds: number) {
  const m = made();
  const route = routeLabel(pathname);
  const verb = method && METHODS.has(method) ? method : "other";
  m.requests.inc({ route, method: verb, status: String(status) });
  m.duration.observe({ route, method: verb }, seconds);
}

export const countCacheLookup = (cache: "render" | "read", hit: boolean) =>
  made().cache.inc({ cache, result: hit ? "hit" : "miss" });

export const countRateLimitRefusal = (limiter: string) => made().refusals.inc({ limiter });

export const countMailAttempt = (outcome: "sent" | "retry" | "failed" | "expired") => made().mail.inc({ outcome });

export const countServerError = (kind: string) => made().serverErrors.inc({ kind: kind.slice(0, 60) });

/** Runs a background job and records its outcome; the job's own error handling stays with it. */
export async function timedJob<T>(job: string, work: () => Promise<T>): Promise<T> {
  try {
    const result = await work();
    made().jobRuns.inc({ job, outcome: "success" });
    made().jobLastSuccess.set({ job }, Date.now() / 1000);
    return result;
  } catch (error) {
    made().jobRuns.inc({ job, outcome: "failure" });
    throw error;
  }
}

/**
 * GET /metrics (app/routes/metrics.ts). Never public: answered to a caller whose address is in
 * METRICS_ALLOW (loopback by default) and who did not come through a proxy we do not trust, or to
 * one sending METRICS_TOKEN as a bearer token. Anyone else gets 404 (no sign it exists); a wrong
 * token gets 403.
 */
export async function metricsResponse(request: Request): Promise<Response> {
  const { METRICS_TOKEN, metricsAllow } = config();
  const auth = request.headers.get("authorization");
  const noStore = { "cache-control": "no-store" };
  if (auth) {
    const given = /^Bearer (.+)$/i.exec(auth)?.[1] ?? "";
    if (!METRICS_TOKEN || !sameSecret(given, METRICS_TOKEN))
      return new Response("Forbidden\n", { status: 403, headers: noStore });
  } else {
    const caller = metricsCaller();
    if (!caller.direct || !metricsAllow.has(caller.address))
      return new Response("Not found\n", { status: 404, headers: noStore });
  }
  const registry = made().registry;
  return new Response(await registry.metrics(), { headers: { "content-type": registry.contentType, ...noStore } });
}

function sameSecret(a: string, b: string) {
  const digest = (s: string) => crypto.createHash("sha256").update(s).digest();
  return crypto.timingSafeEqual(digest(a), digest(b));
}
