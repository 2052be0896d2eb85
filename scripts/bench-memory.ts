// The server's resident memory after the bench's whole run (docs/decisions/046-resident-memory.md):
// what the kernel counts for the remix-serve process, read from /proc, not what V8 reports (the
// heap is only part of it; libvips, the allocator's arenas and the code are the rest).
import { execFileSync } from "node:child_process";
import fs from "node:fs";

/** Resident memory after the whole run, and its peak (VmHWM), each ≤ this. */
export const SERVER_RSS_BUDGET_MB = 200;

/** The remix-serve node process in the bench server's process group (bash → npm → sh → node). */
function serverPid(group: number) {
  const ps = execFileSync("ps", ["-o", "pid=,args=", "-g", String(group)]).toString();
  const line = ps.split("\n").find((l) => /\bnode .*remix-serve/.test(l));
  return line ? Number(line.trim().split(/\s+/)[0]) : undefined;
}

/** VmRSS (resident now) and VmHWM (the most it was resident), in MB, of one process. */
export function residentMemory(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN);
  return { rss: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024 };
}

type Check = (name: string, ok: boolean, detail: string) => void;

/** Reports the server's memory now, with the machine's load (shared CPU: figures vary with it). */
export function checkServerMemory(group: number, check: Check) {
  const pid = serverPid(group);
  const load = fs.readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
  if (!pid) {
    check(`server resident memory ≤ ${SERVER_RSS_BUDGET_MB} MB`, false, "the remix-serve process was not found");
    return;
  }
  const { rss, peak } = residentMemory(pid);
  check(
    `server resident memory after the run ≤ ${SERVER_RSS_BUDGET_MB} MB`,
    rss <= SERVER_RSS_BUDGET_MB,
    `${rss.toFixed(0)} MB (VmRSS; load average ${load})`,
  );
  // The peak is reported, not budgeted: it is reached while 50 connections are served at once.
  console.log(`  server resident memory peak (VmHWM): ${peak.toFixed(0)} MB`);
}
