import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";

// What `npm run backup` and `npm run restore` share (docs/deploy.md, "Backups"): the manifest, the
// folders that are backed up, checksums, and running tar, age, pg_dump and pg_restore.

export const MANIFEST = "manifest.json";
/** The database inside an archive: SQLite's file, or pg_dump's custom format. */
export const SQLITE_FILE = "academy.db";
export const PG_DUMP_FILE = "database.dump";
/** Stored files inside an archive, under their path in the data folder. */
export const FILES_DIR = "files";

/**
 * What of the data folder is kept: uploaded originals (images, applicants' private files) and the
 * generated form and upload-token keys (when not set in the environment). Image variants are remade from the originals; the outbox folder holds copies
 * of mails already sent (the queue is in the database).
 */
export const KEPT_IN_DATA_DIR = [path.join("images", "originals"), "private", "upload-token-secret", "honeypot-secret"];

export type Manifest = {
  format: 1;
  createdAt: string;
  engine: "sqlite" | "postgres";
  database: { file: string; size: number; sha256: string };
  /** Rows in each table, counted in the snapshot the archive holds. */
  tables: Record<string, number>;
  files: { path: string; size: number; sha256: string }[];
};

export async function sha256Of(file: string) {
  const hash = crypto.createHash("sha256");
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest("hex");
}

/** Every file under `root`/`rel` (a file or a folder), as paths relative to `root`; none when it does not exist. */
export function filesUnder(root: string, rel: string): string[] {
  const full = path.join(root, rel);
  let stat: fs.Stats;
  try {
    stat = fs.statSync(full);
  } catch {
    return [];
  }
  if (stat.isFile()) return [rel];
  if (!stat.isDirectory()) return [];
  return fs
    .readdirSync(full)
    .sort()
    .flatMap((name) => filesUnder(root, path.join(rel, name)));
}

/** Runs a program to its end; its stderr is kept for the error. */
export function run(command: string, args: string[], options: { env?: NodeJS.ProcessEnv } = {}) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "inherit", "pipe"], env: options.env ?? process.env });
    let stderr = "";
    child.stderr.on("data", (d) => (stderr += String(d)));
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} failed (${code}): ${stderr.trim().slice(0, 500)}`)),
    );
  });
}

/** `left | right`, each a program; fails if either does. */
export function runPiped(left: [string, string[]], right: [string, string[]]) {
  return new Promise<void>((resolve, reject) => {
    const a = spawn(left[0], left[1], { stdio: ["ignore", "pipe", "pipe"] });
    const b = spawn(right[0], right[1], { stdio: ["pipe", "inherit", "pipe"] });
    let stderr = "";
    a.stderr.on("data", (d) => (stderr += String(d)));
    b.stderr.on("data", (d) => (stderr += String(d)));
    a.stdout.pipe(b.stdin);
    const codes: (number | null)[] = [];
    const done = (code: number | null) => {
      codes.push(code);
      if (codes.length < 2) return;
      if (codes.every((c) => c === 0)) resolve();
      else reject(new Error(`${left[0]} | ${right[0]} failed (${codes.join(", ")}): ${stderr.trim().slice(0, 500)}`));
    };
    a.on("error", reject);
    b.on("error", reject);
    a.on("exit", done);
    b.on("exit", done);
  });
}

/** A PostgreSQL URL as libpq's environment, so no password shows in a process list. */
export function pgEnv(databaseUrl: string): NodeJS.ProcessEnv {
  const url = new URL(databaseUrl);
  return {
    ...process.env,
    PGHOST: url.hostname,
    PGPORT: url.port || "5432",
    PGUSER: decodeURIComponent(url.username),
    PGPASSWORD: decodeURIComponent(url.password),
    PGDATABASE: decodeURIComponent(url.pathname.slice(1)),
  };
}

export const formatBytes = (n: number) =>
  n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${(n / 1024).toFixed(1)} KB`;
