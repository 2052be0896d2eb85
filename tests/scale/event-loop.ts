import { readFileSync } from "node:fs";
import { createHistogram, monitorEventLoopDelay } from "node:perf_hooks";

/**
 * How long the event loop was held, measured two ways while `work` runs
 * (docs/decisions/029-every-list-by-key-and-fast-exports.md):
 * - `total`: perf_hooks.monitorEventLoopDelay, the wall-clock delay of a 5 ms timer;
 * - `app`: the same timer's delay less the time the kernel kept this process's main thread
 *   waiting for a core (Linux's schedstat "run-queue wait"). On a busy machine (a CI runner
 *   shared with other jobs) a process ready to run may wait tens of milliseconds for a core; that
 *   wait is the machine's, not a task the application ran. Everything the main thread did (a
 *   query, a render, JSON, garbage collection) or slept on (a synchronous read) still counts.
 * Where schedstat is missing (not Linux), `app` is `total`.
 */
const schedstat = `/proc/self/task/${process.pid}/schedstat`;
/** Nanoseconds the main thread has waited for a core so far (0 where schedstat is missing). */
function waitedNs() {
  try {
    return Number(readFileSync(schedstat, "utf8").split(" ")[1]);
  } catch {
    return 0;
  }
}

/** How long `work` took, in milliseconds, less the time the kernel kept the main thread from a core. */
export async function appMs(work: () => Promise<unknown>) {
  const wait = waitedNs();
  const started = performance.now();
  await work();
  return Math.max(0, performance.now() - started - (waitedNs() - wait) / 1e6);
}

export async function measureEventLoop(work: () => Promise<void>, intervalMs = 5) {
  const total = monitorEventLoopDelay({ resolution: intervalMs });
  const app = createHistogram();
  let last = process.hrtime.bigint();
  let lastWait = waitedNs();
  const timer = setInterval(() => {
    const now = process.hrtime.bigint();
    const wait = waitedNs();
    const delayNs = Number(now - last) - intervalMs * 1e6 - (wait - lastWait);
    app.record(Math.max(1, Math.round(delayNs)));
    last = now;
    lastWait = wait;
  }, intervalMs);
  total.enable();
  try {
    await work();
  } finally {
    total.disable();
    clearInterval(timer);
  }
  const ms = (h: { percentile(p: number): number; max: number }) => ({
    p99: h.percentile(99) / 1e6,
    max: h.max / 1e6,
  });
  return { total: ms(total), app: ms(app) };
}
