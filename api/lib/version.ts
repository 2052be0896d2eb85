import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

// The release this process runs (docs/deploy.md, "Versions"): package.json's version and the
// commit it was built from, read once at start. The commit comes from ACADEMY_COMMIT (a release
// built where no .git is shipped), else from git in the working folder, else "unknown".
export type Version = { version: string; commit: string };

function readVersion(): Version {
  let version = "0.0.0";
  try {
    const pkg = JSON.parse(fs.readFileSync(path.resolve("package.json"), "utf8")) as { version?: unknown };
    if (typeof pkg.version === "string") version = pkg.version;
  } catch {
    // A process started outside the app's folder: the version is unknown, the site still serves.
  }
  let commit = process.env.ACADEMY_COMMIT?.trim() || "";
  if (!/^[0-9a-f]{7,40}$/.test(commit)) {
    try {
      commit = execFileSync("git", ["rev-parse", "--short=12", "HEAD"], {
        stdio: ["ignore", "pipe", "ignore"],
        timeout: 2000,
      })
        .toString()
        .trim();
    } catch {
      commit = "";
    }
  }
  return { version, commit: /^[0-9a-f]{7,40}$/.test(commit) ? commit.slice(0, 12) : "unknown" };
}

const holder = globalThis as unknown as { __academyVersion?: Version };

/** This release, read once per process. */
export function currentVersion(): Version {
  holder.__academyVersion ??= readVersion();
  return holder.__academyVersion;
}

/** `1.4.0+3f2a9c1d0e7b`: the version and its commit, as the footer and /healthz show it. */
export const versionLabel = () => {
  const { version, commit } = currentVersion();
  return commit === "unknown" ? version : `${version}+${commit}`;
};
