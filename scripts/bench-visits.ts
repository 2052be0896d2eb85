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

/** Home at 50 connections for 15 s, with a phone's User-Agent and gzip; requests/s and p99. */
async function homeLoad(port: number) {
  const url = `http://localhost:${port}/`;
  await promisify(execFile)("wrk", ["-t2", "-c10", "-d2s", "-H", `User-Agent: ${PHONE}`, url]); // warm up
  const { stdout } = await promisify(execFile)("wrk", [
    "-t2",
    "-c50",
    "-d15s",
    "--latency",
    "-H",
    "Accept-Encoding: gzip, deflate, br",
    "-H",
    `User-Agent: ${PHONE}`,
    url,
  ]);
  const rps = Math.round(Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)![1]));
  const p99 = /^\s*99%\s+(\S+)/m.exec(stdout)![1];
  return { rps, p99 };
}

/** Both figures, counting on first, then off; each server stopped after its load. */
export async function visitCountingFigures(row: (figure: string, ours: string, reference?: string) => void) {
  const port = Number(process.env.BENCH_VISITS_PORT ?? 3210);
  const results: Record<string, { rps: number; p99: string }> = {};
  for (const [counting, p] of [
    ["1", port],
    ["0", port + 1],
  ] as const) {
    const server = startServer(p, counting);
    try {
      await server.up;
      results[counting] = await homeLoad(p);
    } finally {
      server.stop();
    }
  }
  const on = results["1"]!;
  const off = results["0"]!;
  const change = ((100 * (on.rps - off.rps)) / off.rps).toFixed(1);
  row(
    "home requests/s at 50 connections, phone browser, visit counting on / off",
    `${on.rps} (p99 ${on.p99}) / ${off.rps} (p99 ${off.p99}): ${change} %`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await visitCountingFigures((figure, ours) => console.log(`${figure}: ${ours}`));
  process.exit(0);
}
