// Totals the JSON reports of the suites `npm test` ran into one line: "N passed, N failed".
// Usage: node scripts/count-results.mjs <results dir> <suite>... — each suite named must have
// left <dir>/<suite>.json. A report that is missing, unreadable or of an unknown shape counts as
// one failure, and so does a suite that reports no tests at all: the total never looks better
// than what actually ran. Skipped tests count as failed (the project allows no skips). Each failed
// test is named with the first line of its error, so the tail of a CI log says what failed.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * One suite's report, in Playwright's JSON shape (`stats`) or Vitest's (`numPassedTests`, …;
 * scripts/bench.ts and scripts/validate.mjs write this shape too).
 * @param {unknown} report
 * @returns {{ passed: number, failed: number, flaky: number, skipped: number } | null} null for an unknown shape
 */
export function countReport(report) {
  if (!report || typeof report !== "object") return null;
  const r = /** @type {Record<string, any>} */ (report);
  const n = (value) => (Number.isInteger(value) && value >= 0 ? value : 0);
  if (r.stats && typeof r.stats === "object") {
    // Playwright: a flaky test failed, then passed on a retry; it passed, but say so.
    const { expected, unexpected, flaky, skipped } = r.stats;
    if (!Number.isInteger(expected) || !Number.isInteger(unexpected)) return null;
    const errors = Array.isArray(r.errors) ? r.errors.length : 0; // global setup or config errors
    return { passed: n(expected) + n(flaky), failed: n(unexpected) + errors, flaky: n(flaky), skipped: n(skipped) };
  }
  if (Number.isInteger(r.numPassedTests) || Number.isInteger(r.numFailedTests)) {
    let failed = n(r.numFailedTests) + n(r.numRuntimeError);
    // A file that failed to load has no failed test, only `success: false`.
    if (r.success === false && failed === 0) failed = 1;
    return { passed: n(r.numPassedTests), failed, flaky: 0, skipped: n(r.numPendingTests) + n(r.numTodoTests) };
  }
  return null;
}

/** The first line of an error message, without terminal colours, at most 240 characters. */
function firstLine(message) {
  const line =
    String(message ?? "")
      // eslint-disable-next-line no-control-regex -- terminal colour codes, which reporters leave in
      .replace(/\u001b\[[0-9;]*m/g, "")
      .split("\n")
      .find((text) => text.trim()) ?? "";
  return line.trim().slice(0, 240);
}

/**
 * The failed tests of one report, as "file › test: first line of the error".
 * @param {unknown} report
 * @returns {string[]}
 */
export function failedTests(report) {
  if (!report || typeof report !== "object") return [];
  const r = /** @type {Record<string, any>} */ (report);
  const failures = [];
  if (r.stats && typeof r.stats === "object") {
    // Playwright: suites nest; a spec's test is "unexpected" when it failed on every try.
    const walk = (suite) => {
      for (const spec of suite.specs ?? [])
        for (const test of spec.tests ?? [])
          if (test.status === "unexpected") {
            const error = (test.results ?? []).map((result) => result.error?.message).find(Boolean);
            failures.push(`${spec.file}:${spec.line} [${test.projectName}] › ${spec.title}: ${firstLine(error)}`);
          }
      for (const child of suite.suites ?? []) walk(child);
    };
    for (const suite of r.suites ?? []) walk(suite);
    for (const error of r.errors ?? []) failures.push(`(global) ${firstLine(error.message)}`);
    return failures;
  }
  for (const file of r.testResults ?? []) {
    const name = path.relative(process.cwd(), String(file.name ?? ""));
    const failed = (file.assertionResults ?? []).filter((test) => test.status === "failed");
    for (const test of failed) failures.push(`${name} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    // A file whose hooks or import failed may list no failed test, only a message.
    if (!failed.length && file.status === "failed") failures.push(`${name}: ${firstLine(file.message)}`);
  }
  return failures;
}

/**
 * @param {string} dir the folder holding `<suite>.json`
 * @param {string[]} expected the suites that ran (or should have)
 * @returns {{ passed: number, failed: number, notes: string[] }}
 */
export function countResults(dir, expected) {
  let passed = 0;
  let failed = 0;
  const notes = [];
  if (expected.length === 0) {
    notes.push("no suites were named: nothing can be counted");
    failed += 1;
  }
  for (const suite of expected) {
    const file = path.join(dir, `${suite}.json`);
    let report;
    try {
      report = JSON.parse(fs.readFileSync(file, "utf8"));
    } catch (error) {
      const why =
        /** @type {NodeJS.ErrnoException} */ (error).code === "ENOENT" ? "left no report" : "left an unreadable report";
      notes.push(`${suite}: ${why} (${file}), counted as 1 failed`);
      failed += 1;
      continue;
    }
    const counts = countReport(report);
    if (!counts) {
      notes.push(`${suite}: report of an unknown shape (${file}), counted as 1 failed`);
      failed += 1;
      continue;
    }
    if (counts.passed + counts.failed + counts.skipped === 0) {
      notes.push(`${suite}: ran no tests, counted as 1 failed`);
      failed += 1;
      continue;
    }
    passed += counts.passed;
    failed += counts.failed + counts.skipped;
    if (counts.flaky) notes.push(`${suite}: ${counts.flaky} flaky (failed first, passed on a retry)`);
    if (counts.skipped) notes.push(`${suite}: ${counts.skipped} skipped, counted as failed`);
    if (counts.failed) {
      notes.push(`${suite}: ${counts.failed} failed`);
      for (const failure of failedTests(report)) notes.push(`  ✗ ${failure}`);
    }
  }
  return { passed, failed, notes };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const [dir, ...expected] = process.argv.slice(2);
  if (!dir) {
    console.error("usage: node scripts/count-results.mjs <results dir> <suite>...");
    process.exit(2);
  }
  const { passed, failed, notes } = countResults(dir, expected);
  for (const note of notes) console.log(note);
  const line = `${passed} passed, ${failed} failed`;
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "summary.txt"), line + "\n");
  console.log(line);
  process.exit(failed ? 1 : 0);
}
