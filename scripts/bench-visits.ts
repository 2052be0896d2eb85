// The cost of counting visits (docs/decisions/064-cookie-free-visit-counts.md): the home page's
// throughput with counting on beside the same build with VISIT_COUNTING=0, each on a fresh server
// of its own, loaded as a phone's browser (wrk sends no User-Agent of its own, and a request
// without one is not counted). Run by the bench's figures; alone: `npx tsx scripts/bench-visits.ts`
// (BENCH_VISITS_PORT, default 3210, and the next port). This VM's CPU is shared: one run's pair is
// comparable, a figure alone is not.
import { execFile, spawn } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";

const PHONE =
  "Mozilla/5.0 (Linux; Android 13; SM-A135F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36";

function startServer(port: number, counting: "0" | "1") {
  const child = spawn("bash", ["scripts/e2e-server.sh"], {
    env: {
      ...process.env,
      E2E_PORT: String(port),
      E2E_DATA_DIR: path.resolve(`.cache/bench-visits-${counting}`),
      VISIT_COUNTING: counting,
    },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  const stop = () => {
    try {
      process.kill(-child.pid!, "SIGTERM");
    } catch {
      // already gone
    }
  };
  return { stop, up: waitUp(`http://localhost:${port}/`) };
}

async function waitUp(url: string) {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not start`);
}

/** Home at 50 connections for `seconds`, with a phone's User-Agent and gzip; requests/s and p99 (ms). */
async function homeLoad(port: number, seconds: number) {
  const url = `http://localhost:${port}/`;
  const { stdout } = await promisify(execFile)("wrk", [
    "-t2",
    "-c50",
    `-d${seconds}s`,
    "--latency",
    "-H",
    "Accept-Encoding: gzip, deflate, br",
    "-H",
    `User-Agent: ${PHONE}`,
    url,
  ]);
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)![1]);
  const [, value, unit] = /^\s*99%\s+([\d.]+)(us|ms|s)/m.exec(stdout)!;
  const p99 = Number(value) * ({ us: 0.001, ms: 1, s: 1000 } as Record<string, number>)[unit!]!;
  return { rps, p99 };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Counting on beside off, both servers up at once and loaded in turn (on, off, on, off …, 5 s
 * each, after a warm-up), each figure the median of its turns: a burst of load from elsewhere on
 * this shared CPU falls on both sides instead of on whichever ran second.
 */
export async function visitCountingFigures(row: (figure: string, ours: string, reference?: string) => void) {
  const port = Number(process.env.BENCH_VISITS_PORT ?? 3210);
  const servers = { on: startServer(port, "1"), off: startServer(port + 1, "0") };
  const ports = { on: port, off: port + 1 };
  const runs = { on: [] as { rps: number; p99: number }[], off: [] as { rps: number; p99: number }[] };
  try {
    await Promise.all([servers.on.up, servers.off.up]);
    for (const side of ["on", "off"] as const) await homeLoad(ports[side], 2);
    for (let turn = 0; turn < 3; turn++)
      for (const side of ["on", "off"] as const) runs[side].push(await homeLoad(ports[side], 5));
  } finally {
    servers.on.stop();
    servers.off.stop();
  }
  const on = { rps: median(runs.on.map((r) => r.rps)), p99: median(runs.on.map((r) => r.p99)) };
  const off = { rps: median(runs.off.map((r) => r.rps)), p99: median(runs.off.map((r) => r.p99)) };
  const change = ((100 * (on.rps - off.rps)) / off.rps).toFixed(1);
  row(
    "home requests/s at 50 connections, phone browser, visit counting on / off (median of 3 turns each)",
    `${Math.round(on.rps)} (p99 ${on.p99.toFixed(0)} ms) / ${Math.round(off.rps)} (p99 ${off.p99.toFixed(0)} ms): ${change} %`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await visitCountingFigures((figure, ours) => console.log(`${figure}: ${ours}`));
  process.exit(0);
}
