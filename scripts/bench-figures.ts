// Every figure of the performance budgets (docs/decisions/022-render-cache.md) in one run, against the server bench.ts started, beside a
// plain Node server answering the very same bytes (the reference: what the machine can do).
// This VM's CPU is shared and its steal swings: compare figures only within one run.
import { execFile, execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

import autocannon from "autocannon";

type Args = { base: string; serverGroup: number; pages: string[]; jsBytes: Map<string, number> };
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const table: [string, string, string][] = [];
const row = (figure: string, ours: string, reference = "") => {
  table.push([figure, ours, reference]);
  console.log(`  ${figure}: ${ours}${reference ? ` (reference: ${reference})` : ""}`);
};

/** Lighthouse 13 (mobile, simulated throttling) through npx: it declares Node ≥ 22, so it is not a dependency. */
function lighthouse(url: string) {
  try {
    const out = execFileSync(
      "npx",
      [
        "-y",
        "lighthouse@13.5.0",
        url,
        `--chrome-path=${CHROMIUM}`,
        "--chrome-flags=--headless=new --no-sandbox",
        "--output=json",
        "--quiet",
        "--only-categories=performance,accessibility,best-practices,seo",
      ],
      { maxBuffer: 64 * 1024 * 1024, stdio: ["ignore", "pipe", "ignore"], timeout: 180_000 },
    );
    const report = JSON.parse(out.toString()) as {
      categories: Record<string, { score: number }>;
      audits: Record<string, { numericValue?: number }>;
    };
    const c = report.categories;
    const score = (k: string) => Math.round((c[k]?.score ?? 0) * 100);
    return `${score("performance")}/${score("accessibility")}/${score("best-practices")}/${score("seo")}, CLS ${report.audits["cumulative-layout-shift"]?.numericValue?.toFixed(3)}`;
  } catch (error) {
    return `lighthouse failed: ${(error as Error).message.split("\n")[0]}`;
  }
}

/** LCP and CLS over an emulated slow phone: 400 kbit/s, 400 ms round trip, CPU 4× slower. */
async function slowPhone(base: string, pages: string[]) {
  const { chromium } = await import("@playwright/test");
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu"] });
  const out: Record<string, { lcp: number; cls: number; textBeforeScript: boolean }> = {};
  for (const page of pages) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 400,
      downloadThroughput: 50_000,
      uploadThroughput: 50_000,
    });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await tab.addInitScript(() => {
      const w = window as unknown as { __lcp: number; __cls: number };
      w.__lcp = 0;
      w.__cls = 0;
      new PerformanceObserver((l) => {
        for (const e of l.getEntries()) w.__lcp = e.startTime;
      }).observe({ type: "largest-contentful-paint", buffered: true });
      new PerformanceObserver((l) => {
        for (const e of l.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
          if (!e.hadRecentInput) w.__cls += e.value;
      }).observe({ type: "layout-shift", buffered: true });
    });
    await tab.goto(base + page, { waitUntil: "load", timeout: 120_000 });
    await tab.waitForTimeout(2000);
    const { lcp, cls } = await tab.evaluate(() => {
      const w = window as unknown as { __lcp: number; __cls: number };
      return { lcp: w.__lcp, cls: w.__cls };
    });
    // Readable before any script runs: the LCP element is in the HTML itself.
    const html = await (await fetch(base + page)).text();
    out[page] = { lcp, cls, textBeforeScript: html.includes("<h1") || html.includes("<h2") };
    await context.close();
  }
  await browser.close();
  return out;
}

// Every load asks as a browser does: compressed if the server can.
const BROWSER_HEADERS = { "accept-encoding": "gzip, deflate, br" };

async function load(url: string, connections: number, amount?: number, openFirst = false) {
  if (!amount && hasWrk()) return wrk(url, connections, openFirst);
  const base = { url, connections, headers: BROWSER_HEADERS };
  const result = await autocannon(amount ? { ...base, amount } : { ...base, duration: 10 });
  return { rps: Math.round(result.requests.average), p99: result.latency.p99, errors: result.errors + result.non2xx };
}

const hasWrk = () => {
  try {
    execFileSync("wrk", ["--version"], { stdio: "ignore" });
    return true;
  } catch (error) {
    // wrk prints its version and exits 1; only a missing binary throws ENOENT.
    return (error as NodeJS.ErrnoException).code !== "ENOENT";
  }
};

/**
 * The issue's own measure: `wrk -t2 -c… -d15s` (a C client, so the load generator takes less of
 * the CPU). Asynchronous: the reference server answers from this very process. `openFirst`: the
 * connections are all open before the load starts, as nginx's pool of connections to an instance
 * is; without it, wrk opens them all at once under load, and its p99 counts the opening
 * (docs/decisions/051-load-on-open-connections.md).
 */
async function wrk(url: string, connections: number, openFirst = false) {
  // wrk needs a connection per thread: one connection, one thread.
  const threads = Math.min(2, connections);
  const header = `Accept-Encoding: ${BROWSER_HEADERS["accept-encoding"]}`;
  const args = [`-t${threads}`, `-c${connections}`, "-d15s", "--latency", "-H", header];
  if (openFirst)
    args.push(
      "-s",
      fileURLToPath(new URL("wrk-open-first.lua", import.meta.url)),
      url,
      "--",
      String(Math.ceil(connections / threads)),
    );
  else args.push(url);
  const { stdout: out } = await promisify(execFile)("wrk", args);
  const ms = (v: string) => {
    const [, n, unit] = /([\d.]+)(us|ms|s)/.exec(v)!;
    return Number(n) * ({ us: 0.001, ms: 1, s: 1000 } as Record<string, number>)[unit];
  };
  const errors = /Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? "0";
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  return {
    rps: Math.round(Number(/Requests\/sec:\s+([\d.]+)/.exec(out)![1])),
    // The distribution's own line: a "+/- Stdev" column ending in 99% (e.g. "68.99%") is not it.
    p99: Math.round(ms(/^\s*99%\s+(\S+)/m.exec(out)![1])),
    errors: Number(errors) + (socket ? socket.slice(1).reduce((a, b) => a + Number(b), 0) : 0),
  };
}

/** A plain Node server answering these exact bytes and headers: what the machine does without Remix. */
async function reference(body: Buffer, headers: Record<string, string>) {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, headers);
    res.end(body);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => server.close() };
}

/** A page's bytes as sent to a browser (compressed, if it was), and their encoding. */
function rawGet(url: string) {
  return new Promise<{ body: Buffer; encoding?: string }>((resolve, reject) => {
    http
      .get(url, { headers: BROWSER_HEADERS }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ body: Buffer.concat(chunks), encoding: res.headers["content-encoding"] }));
      })
      .on("error", reject);
  });
}

/** RSS of the remix-serve node process in bench.ts's process group. */
function serverRss(group: number) {
  const ps = execFileSync("ps", ["-o", "pid=,rss=,args=", "-g", String(group)]).toString();
  const line = ps.split("\n").find((l) => /node .*remix-serve/.test(l));
  return line ? Number(line.trim().split(/\s+/)[1]) / 1024 : NaN;
}

export async function runFigures({ base, serverGroup, pages, jsBytes }: Args) {
  console.log("\nPerformance figures (this run; this machine's CPU is shared, compare within the run):");
  const course = pages.find((p) => p.startsWith("/course/"));
  const job = pages.find((p) => p.startsWith("/job/"));
  // BENCH_SERVER_ONLY=1: the throughput and memory figures only (no browser).
  if (!process.env.BENCH_SERVER_ONLY) {
    for (const page of ["/", "/courses", "/blog", "/registration-form", course, job].filter(Boolean) as string[]) {
      row(`Lighthouse perf/a11y/best-practices/SEO ${page}`, lighthouse(base + page));
    }
    const slow = await slowPhone(base, ["/", "/courses", "/registration-form"]);
    row("home Cumulative Layout Shift (slow phone)", slow["/"].cls.toFixed(3));
    for (const [page, f] of Object.entries(slow)) {
      row(
        `LCP ${page} at 400 kbit/s, 400 ms RTT, 4× CPU`,
        `${(f.lcp / 1000).toFixed(2)} s${f.textBeforeScript ? ", text in the HTML" : ""}`,
      );
    }
  }
  for (const page of ["/about", "/privacy", "/terms", "/no-such-page", "/registration-form", "/"]) {
    row(`JavaScript on ${page} (gzip)`, `${((jsBytes.get(page) ?? NaN) / 1024).toFixed(1)} KB`);
  }

  const home = await rawGet(base + "/");
  const ref = await reference(home.body, {
    "content-type": "text/html; charset=utf-8",
    ...(home.encoding ? { "content-encoding": home.encoding } : {}),
  });
  const ours50 = await load(base + "/", 50, undefined, true);
  const ref50 = await load(ref.url, 50, undefined, true);
  row(
    "home requests/s at 50 connections",
    `${ours50.rps} (p99 ${ours50.p99} ms, errors ${ours50.errors})`,
    `${ref50.rps} (p99 ${ref50.p99} ms)`,
  );
  // libuv takes one new connection per turn of the event loop, and each turn serves every open
  // one: 50 opened at once under load wait up to ≈ 1.5 s for their first answer (decision 051).
  const opening50 = await load(base + "/", 50);
  const openingRef50 = await load(ref.url, 50);
  row(
    "home requests/s at 50 connections opened under load",
    `${opening50.rps} (p99 ${opening50.p99} ms, errors ${opening50.errors})`,
    `${openingRef50.rps} (p99 ${openingRef50.p99} ms)`,
  );
  // Counting visits on beside off, each on a server of its own (scripts/bench-visits.ts).
  await (await import("./bench-visits")).visitCountingFigures(row);
  let homeAtOne = NaN;
  for (const page of ["/", "/courses", "/privacy"]) {
    const one = await load(base + page, 1);
    if (page === "/") homeAtOne = one.rps;
    row(`requests/s at 1 connection ${page}`, `${one.rps} (p99 ${one.p99} ms)`);
  }
  // What the metrics add to each of those requests (scripts/bench-metrics.ts).
  (await import("./bench-metrics")).metricsCostFigure(row, homeAtOne);
  ref.close();
  await load(base + "/courses", 50, 10_000);
  row("server RSS after 10,000 more requests", `${serverRss(serverGroup).toFixed(0)} MB`);

  const file = ".cache/bench-figures.json";
  fs.writeFileSync(file, JSON.stringify(table, null, 2));
  console.log(`  (also in ${file})`);
}
