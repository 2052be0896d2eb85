// `npm run validate`: typecheck, lint, format check and dead-code check. Every step runs even
// when an earlier one fails, so one run shows everything to fix. With `--report <file>` it also
// writes a Vitest-shaped report (one "test" per step) that scripts/count-results.mjs totals.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const steps = [
  { name: "typecheck", command: ["tsc"] },
  { name: "lint", command: ["eslint", "."] },
  { name: "format:check", command: ["prettier", "--check", "."] },
  { name: "knip", command: ["knip"] },
];

const reportAt = process.argv.indexOf("--report");
const reportFile = reportAt > 0 ? process.argv[reportAt + 1] : undefined;
const bin = path.resolve("node_modules/.bin");

const results = steps.map(({ name, command: [program, ...args] }) => {
  console.log(`--- ${name}: ${program} ${args.join(" ")}`);
  const run = spawnSync(path.join(bin, program), args, { stdio: "inherit" });
  const ok = run.status === 0;
  console.log(`--- ${name}: ${ok ? "passed" : "FAILED"}`);
  return { name, ok };
});

const failed = results.filter((r) => !r.ok);
if (reportFile) {
  fs.mkdirSync(path.dirname(reportFile), { recursive: true });
  const report = {
    numPassedTests: results.length - failed.length,
    numFailedTests: failed.length,
    numTotalTests: results.length,
    success: failed.length === 0,
    testResults: results.map((r) => ({ name: r.name, status: r.ok ? "passed" : "failed" })),
  };
  fs.writeFileSync(reportFile, JSON.stringify(report, null, 2) + "\n");
}
console.log(failed.length ? `validate: failed ${failed.map((r) => r.name).join(", ")}` : "validate: all passed");
process.exit(failed.length ? 1 : 0);
