// Totals every suite's JSON report into one line: "N passed, N failed".
import fs from "node:fs";
import path from "node:path";

const dir = process.argv[2];
let passed = 0;
let failed = 0;
for (const file of fs.readdirSync(dir).filter((f) => f.endsWith(".json"))) {
  let report;
  try {
    report = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8"));
  } catch {
    failed += 1; // a suite that did not even report counts as a failure
    continue;
  }
  if (report.stats) {
    passed += report.stats.expected + (report.stats.flaky ?? 0);
    failed += report.stats.unexpected;
  } else {
    passed += report.numPassedTests ?? 0;
    failed += (report.numFailedTests ?? 0) + (report.numRuntimeError ?? 0);
    if (report.success === false && !report.numFailedTests) failed += 1;
  }
}
const line = `${passed} passed, ${failed} failed`;
fs.writeFileSync(path.join(dir, "summary.txt"), line + "\n");
console.log(line);
