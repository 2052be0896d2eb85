import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { afterEach, beforeEach, describe, expect, it } from "vitest";

// The quick start's install step, run in a scratch project with a stand-in `npm` that records
// each call (and never installs anything), to prove `npm ci` runs only when the lock changed.
const script = path.resolve(__dirname, "../../scripts/install-if-changed.sh");
let project: string;
let log: string;

function fakeNpm(dir: string) {
  const bin = path.join(dir, "fake-bin");
  fs.mkdirSync(bin);
  fs.writeFileSync(
    path.join(bin, "npm"),
    `#!/usr/bin/env bash\necho "npm $*" >> "${log}"\n[[ -n "\${FAIL_NPM:-}" ]] && exit 1\nrm -rf node_modules && mkdir node_modules\n`,
    { mode: 0o755 },
  );
  return bin;
}

function install(env: Record<string, string> = {}) {
  const bin = path.join(project, "fake-bin");
  return execFileSync("bash", [path.join(project, "scripts/install-if-changed.sh")], {
    cwd: project,
    env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, ...env },
    encoding: "utf8",
    stdio: "pipe",
  });
}

const npmCalls = () => (fs.existsSync(log) ? fs.readFileSync(log, "utf8").trim().split("\n").filter(Boolean) : []);

beforeEach(() => {
  project = fs.mkdtempSync(path.join(os.tmpdir(), "install-if-changed-"));
  log = path.join(project, "npm-calls.log");
  fs.mkdirSync(path.join(project, "scripts"));
  fs.copyFileSync(script, path.join(project, "scripts/install-if-changed.sh"));
  fs.writeFileSync(path.join(project, "package-lock.json"), '{"lockfileVersion":3,"packages":{}}\n');
  fakeNpm(project);
});

afterEach(() => {
  fs.rmSync(project, { recursive: true, force: true });
});

describe("quick start install step", () => {
  it("installs on a fresh clone, then skips while package-lock.json is unchanged", () => {
    install();
    expect(npmCalls()).toEqual(["npm ci --no-audit --no-fund"]);
    expect(install()).toContain("skipping npm ci");
    expect(npmCalls()).toHaveLength(1);
  });

  it("installs again when package-lock.json changes", () => {
    install();
    fs.writeFileSync(path.join(project, "package-lock.json"), '{"lockfileVersion":3,"packages":{"":{"name":"x"}}}\n');
    install();
    expect(npmCalls()).toHaveLength(2);
  });

  it("installs again when node_modules was removed", () => {
    install();
    fs.rmSync(path.join(project, "node_modules"), { recursive: true });
    install();
    expect(npmCalls()).toHaveLength(2);
  });

  it("retries after a failed install instead of trusting it", () => {
    expect(() => install({ FAIL_NPM: "1" })).toThrow();
    install();
    expect(npmCalls()).toHaveLength(2);
    expect(install()).toContain("skipping npm ci");
    expect(npmCalls()).toHaveLength(2);
  });
});
