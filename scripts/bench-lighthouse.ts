// Lighthouse on the pages visitors land on (`npm run bench -- --lighthouse`): mobile defaults
// (simulated slow 4G, 4× CPU), three runs per page, the median run counted. The goal is 100 in
// every category on every page of one run (docs/decisions/045-first-paint-like-the-blog.md).
// Lighthouse 13 declares Node ≥ 22; its CLI runs on this project's Node 20 as well.
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";

const CHROMIUM = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const REPORTS = path.resolve(".cache/lighthouse");

type Report = {
  categories: Record<string, { score: number | null; auditRefs?: { id: string; weight: number }[] }>;
  audits: Record<
    string,
    {
      score?: number | null;
      numericValue?: number;
      details?: { items?: { type?: string; selector?: string; snippet?: string }[] };
    }
  >;
};
export type LighthouseRun = {
  scores: Record<(typeof CATEGORIES)[number], number>;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  lcpElement: string;
};

async function runOnce(url: string, noindex: boolean): Promise<{ run: LighthouseRun; report: Report }> {
  const { stdout } = await promisify(execFile)(
    path.resolve("node_modules/.bin/lighthouse"),
    [
      url,
      `--chrome-path=${CHROMIUM}`,
      "--chrome-flags=--headless=new --no-sandbox",
      "--output=json",
      "--quiet",
      `--only-categories=${CATEGORIES.join(",")}`,
    ],
    { maxBuffer: 128 * 1024 * 1024, timeout: 180_000 },
  );
  const report = JSON.parse(stdout) as Report;
  const score = (k: string) => Math.round((report.categories[k]?.score ?? 0) * 100);
  // A private page (the status page) is kept out of search engines on purpose: its SEO is scored
  // without "blocked from indexing", every other SEO audit weighed as Lighthouse weighs it.
  const privateSeo = () => {
    const refs = report.categories.seo?.auditRefs?.filter((r) => r.weight > 0 && r.id !== "is-crawlable") ?? [];
    const scored = refs.filter((r) => report.audits[r.id]?.score != null);
    const weight = scored.reduce((n, r) => n + r.weight, 0);
    return Math.round((scored.reduce((n, r) => n + r.weight * (report.audits[r.id]!.score ?? 0), 0) / weight) * 100);
  };
  const value = (k: string) => report.audits[k]?.numericValue ?? NaN;
  // Lighthouse 13 names the largest paint's element in its LCP breakdown insight.
  const lcpNode = report.audits["lcp-breakdown-insight"]?.details?.items?.find((i) => i.type === "node");
  const lcpElement = lcpNode?.selector ?? lcpNode?.snippet ?? "?";
  return {
    run: {
      scores: Object.fromEntries(
        CATEGORIES.map((c) => [c, c === "seo" && noindex ? privateSeo() : score(c)]),
      ) as LighthouseRun["scores"],
      fcp: value("first-contentful-paint"),
      lcp: value("largest-contentful-paint"),
      tbt: value("total-blocking-time"),
      cls: value("cumulative-layout-shift"),
      lcpElement,
    },
    report,
  };
}

/** The median of RUNS runs, ordered by performance score then LCP; its report is kept in .cache/lighthouse. */
async function medianRun(url: string, name: string) {
  const html = await (await fetch(url)).text();
  const noindex = /<meta name="robots" content="noindex/.test(html);
  const runs: { run: LighthouseRun; report: Report }[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await runOnce(url, noindex));
  runs.sort((a, b) => b.run.scores.performance - a.run.scores.performance || a.run.lcp - b.run.lcp);
  const median = runs[Math.floor((runs.length - 1) / 2)];
  fs.mkdirSync(REPORTS, { recursive: true });
  fs.writeFileSync(path.join(REPORTS, `${name}.json`), JSON.stringify(median.report));
  return { median: median.run, all: runs.map((r) => r.run.scores.performance) };
}

export async function runLighthouse(
  base: string,
  pages: string[],
  check: (name: string, ok: boolean, detail: string) => void,
  /** How a page is named in the output: a status page's token is never printed. */
  shown: (page: string) => string = (page) => page,
) {
  console.log(`\nLighthouse (mobile defaults, median of ${RUNS} runs; reports in .cache/lighthouse):`);
  for (const page of pages) {
    const name =
      page === "/" ? "home" : shown(page).split("/").filter(Boolean).slice(0, 2).join("-").replace(/[<>]/g, "");
    try {
      const { median: m, all } = await medianRun(base + page, name);
      const s = CATEGORIES.map((c) => m.scores[c]).join("/");
      check(
        `${shown(page)} Lighthouse performance/a11y/best-practices/SEO all 100`,
        CATEGORIES.every((c) => m.scores[c] === 100),
        `${s} (runs ${all.join(", ")}), FCP ${(m.fcp / 1000).toFixed(2)} s, LCP ${(m.lcp / 1000).toFixed(2)} s, TBT ${Math.round(m.tbt)} ms, CLS ${m.cls.toFixed(3)}; LCP element ${m.lcpElement.slice(0, 80)}`,
      );
    } catch (error) {
      check(`${shown(page)} Lighthouse`, false, `failed: ${(error as Error).message.split("\n")[0]}`);
    }
  }
}
