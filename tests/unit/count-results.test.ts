import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { countResults } from "../../scripts/count-results.mjs";

// The shapes the suites really write: Vitest's JSON reporter (unit, api-*, and scripts/validate.mjs
// and scripts/bench.ts imitate it) and Playwright's (e2e).
const vitest = (passed: number, failed = 0, extra: object = {}) => ({
  numPassedTests: passed,
  numFailedTests: failed,
  numPendingTests: 0,
  numTodoTests: 0,
  success: failed === 0,
  ...extra,
});
const playwright = (stats: { expected: number; unexpected: number; flaky?: number; skipped?: number }) => ({
  stats: { flaky: 0, skipped: 0, ...stats },
  errors: [],
});

let dir: string;
const write = (suite: string, report: unknown) =>
  fs.writeFileSync(path.join(dir, `${suite}.json`), typeof report === "string" ? report : JSON.stringify(report));

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "count-results-"));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("count-results: a total that cannot look better than what ran", () => {
  it("adds up good reports of both shapes", () => {
    write("unit", vitest(91));
    write("api-sqlite", vitest(120, 2));
    write("e2e", playwright({ expected: 40, unexpected: 1 }));
    const { passed, failed, notes } = countResults(dir, ["unit", "api-sqlite", "e2e"]);
    expect({ passed, failed }).toEqual({ passed: 251, failed: 3 });
    expect(notes).toEqual(["api-sqlite: 2 failed", "e2e: 1 failed"]);
  });

  it("counts an expected suite without a report as failed, by name", () => {
    write("unit", vitest(91));
    const { passed, failed, notes } = countResults(dir, ["unit", "e2e"]);
    expect({ passed, failed }).toEqual({ passed: 91, failed: 1 });
    expect(notes.join("\n")).toMatch(/^e2e: left no report/);
  });

  it("counts an unreadable or unknown report as failed", () => {
    write("unit", "{ not json");
    write("e2e", { hello: "world" });
    const { passed, failed, notes } = countResults(dir, ["unit", "e2e"]);
    expect({ passed, failed }).toEqual({ passed: 0, failed: 2 });
    expect(notes[0]).toMatch(/^unit: left an unreadable report/);
    expect(notes[1]).toMatch(/^e2e: report of an unknown shape/);
  });

  it("counts a suite that ran no tests, or failed to load, as failed", () => {
    write("unit", vitest(0));
    write("api-sqlite", vitest(0, 0, { success: false }));
    const { passed, failed } = countResults(dir, ["unit", "api-sqlite"]);
    expect({ passed, failed }).toEqual({ passed: 0, failed: 2 });
  });

  it("counts flaky tests as passed but says so, and skipped tests as failed", () => {
    write("e2e", playwright({ expected: 10, unexpected: 0, flaky: 2, skipped: 1 }));
    const { passed, failed, notes } = countResults(dir, ["e2e"]);
    expect({ passed, failed }).toEqual({ passed: 12, failed: 1 });
    expect(notes).toContain("e2e: 2 flaky (failed first, passed on a retry)");
    expect(notes).toContain("e2e: 1 skipped, counted as failed");
  });

  it("names each failed test with the first line of its error, for both shapes", () => {
    write(
      "scale-postgres",
      vitest(8, 1, {
        testResults: [
          {
            name: path.resolve("tests/scale/scale.test.ts"),
            status: "failed",
            assertionResults: [
              { fullName: "a deep page › by key", status: "passed", failureMessages: [] },
              {
                fullName: "no request holds the event loop › p99",
                status: "failed",
                failureMessages: [
                  "\u001b[31mAssertionError: p99 61 ms: expected 61 to be less than 50\u001b[39m\n    at x",
                ],
              },
            ],
          },
          {
            name: path.resolve("tests/scale/other.test.ts"),
            status: "failed",
            message: "Hook timed out",
            assertionResults: [],
          },
        ],
      }),
    );
    write("e2e", {
      ...playwright({ expected: 3, unexpected: 1 }),
      suites: [
        {
          specs: [],
          suites: [
            {
              specs: [
                {
                  title: "applies",
                  file: "visitor.spec.ts",
                  line: 7,
                  tests: [
                    {
                      projectName: "js-off",
                      status: "unexpected",
                      results: [{ error: { message: "\nTimeout 5000ms" } }],
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    });
    const { notes } = countResults(dir, ["scale-postgres", "e2e"]);
    expect(notes).toEqual([
      "scale-postgres: 1 failed",
      "  ✗ tests/scale/scale.test.ts › no request holds the event loop › p99: AssertionError: p99 61 ms: expected 61 to be less than 50",
      "  ✗ tests/scale/other.test.ts: Hook timed out",
      "e2e: 1 failed",
      "  ✗ visitor.spec.ts:7 [js-off] › applies: Timeout 5000ms",
    ]);
  });

  it("counts Playwright's global errors (setup, config) as failures", () => {
    write("e2e", { ...playwright({ expected: 0, unexpected: 0 }), errors: [{ message: "global setup failed" }] });
    expect(countResults(dir, ["e2e"]).failed).toBe(1);
  });

  it("counts an empty list of expected suites as a failure", () => {
    write("unit", vitest(91));
    expect(countResults(dir, [])).toMatchObject({ passed: 0, failed: 1 });
  });

  it("as a command, ends with the total line, writes summary.txt and exits 1 on any failure", () => {
    write("unit", vitest(91));
    const script = path.resolve("scripts/count-results.mjs");
    let output = "";
    let code = 0;
    try {
      output = execFileSync(process.execPath, [script, dir, "unit", "e2e"], { encoding: "utf8" });
    } catch (error) {
      const failure = error as { status: number; stdout: string };
      code = failure.status;
      output = failure.stdout;
    }
    expect(code).toBe(1);
    expect(output.trim().split("\n").at(-1)).toBe("91 passed, 1 failed");
    expect(fs.readFileSync(path.join(dir, "summary.txt"), "utf8")).toBe("91 passed, 1 failed\n");
    expect(execFileSync(process.execPath, [script, dir, "unit"], { encoding: "utf8" }).trim()).toBe(
      "91 passed, 0 failed",
    );
  });
});
