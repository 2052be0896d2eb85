import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { describe, expect, it } from "vitest";

// What an operator installs from deploy/ (docs/deploy.md, "Services" and "Metrics and alerts"),
// checked by the tools that will load it: systemd's own verifier and Prometheus's promtool
// (Debian's `systemd` and `prometheus` packages; .ci/run installs promtool when it is missing).
const root = path.resolve(".");
const run = (command: string, args: string[]) => {
  const result = spawnSync(command, args, { cwd: root, encoding: "utf8" });
  if (result.error) throw new Error(`${command} is not installed: ${result.error.message}`);
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
};
const units = () =>
  fs
    .readdirSync(path.join(root, "deploy/systemd"))
    .map((name) => path.join("deploy/systemd", name))
    .sort();

describe("deploy/systemd", () => {
  it("holds the instance template, the backup service and its timer", () => {
    expect(units()).toEqual([
      "deploy/systemd/academy-backup.service",
      "deploy/systemd/academy-backup.timer",
      "deploy/systemd/academy@.service",
    ]);
  });

  it("passes systemd-analyze verify with nothing to say", () => {
    const { status, output } = run("systemd-analyze", ["verify", ...units()]);
    expect(output.trim()).toBe("");
    expect(status).toBe(0);
  });

  it("hardens the instance: its own user, no new privileges, read-only but the data folder, a private /tmp", () => {
    const unit = fs.readFileSync(path.join(root, "deploy/systemd/academy@.service"), "utf8");
    for (const line of [
      "User=academy",
      "NoNewPrivileges=yes",
      "ProtectSystem=strict",
      "ReadWritePaths=/var/lib/academy",
      "PrivateTmp=yes",
      "CapabilityBoundingSet=",
    ])
      expect(unit.split("\n")).toContain(line);
    // The readiness wait holds `systemctl start` until /readyz answers.
    expect(unit).toMatch(/^ExecStartPost=.*\/readyz/m);
  });

  it("is a real check: a misspelt hardening option is reported", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "academy-units-"));
    try {
      const unit = fs.readFileSync(path.join(root, "deploy/systemd/academy@.service"), "utf8");
      fs.writeFileSync(path.join(dir, "academy@.service"), unit.replace("NoNewPrivileges=", "NoNewPrivilege="));
      expect(run("systemd-analyze", ["verify", path.join(dir, "academy@.service")]).output).toContain(
        "Unknown key 'NoNewPrivilege'",
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("deploy/prometheus", () => {
  it("passes promtool check rules", () => {
    const { status, output } = run("promtool", ["check", "rules", "deploy/prometheus/alerts.yml"]);
    expect(output).toContain("SUCCESS");
    expect(status).toBe(0);
  });

  it("fires each tested alert when its series say so, and not before (promtool test rules)", () => {
    const { status, output } = run("promtool", ["test", "rules", "deploy/prometheus/alerts.test.yml"]);
    expect(output).toContain("SUCCESS");
    expect(status).toBe(0);
  });

  it("has the alerts the operator needs", () => {
    const rules = fs.readFileSync(path.join(root, "deploy/prometheus/alerts.yml"), "utf8");
    const names = [...rules.matchAll(/- alert: (\w+)/g)].map((m) => m[1]);
    expect(names).toEqual(
      expect.arrayContaining([
        "AcademySiteDown",
        "AcademyHighErrorRate",
        "AcademySlowRequests",
        "AcademyMailStuck",
        "AcademyBackupTooOld",
        "AcademyDiskNearlyFull",
        "AcademyEventLoopDelay",
      ]),
    );
  });
});

describe("docs/deploy.md", () => {
  it("points at these files instead of quoting units", () => {
    const doc = fs.readFileSync(path.join(root, "docs/deploy.md"), "utf8");
    expect(doc).not.toMatch(/^\[Service\]$/m);
    for (const file of [...units(), "deploy/prometheus/alerts.yml"]) expect(doc).toContain(file);
  });
});
