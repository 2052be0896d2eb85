// `npm run backup`: a consistent, encrypted snapshot of the academy while the site keeps serving
// (docs/deploy.md, "Backups"): the database (SQLite's online backup API, or pg_dump in one
// snapshot), the uploaded originals and private files, and a manifest of row counts and checksums;
// packed with tar and encrypted with age to BACKUP_AGE_RECIPIENT. The archive holds applicants'
// ID documents: only the holder of the age identity (kept off this machine) can read it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { config } from "@api/config";

import {
  FILES_DIR,
  filesUnder,
  formatBytes,
  KEPT_IN_DATA_DIR,
  MANIFEST,
  type Manifest,
  PG_DUMP_FILE,
  pgEnv,
  run,
  runPiped,
  sha256Of,
  SQLITE_FILE,
} from "./backup/archive";

const AGE_RECIPIENT = /^age1[0-9a-z]{58}$/;
const recipients = (process.env.BACKUP_AGE_RECIPIENT ?? "")
  .split(",")
  .map((r) => r.trim())
  .filter(Boolean);
if (recipients.length === 0 || !recipients.every((r) => AGE_RECIPIENT.test(r))) {
  console.error(
    "[backup] set BACKUP_AGE_RECIPIENT to the age public key(s) (age1…, comma-separated) the backup is encrypted to (docs/deploy.md).",
  );
  process.exit(2);
}
const outDir = path.resolve(process.argv[2] ?? process.env.BACKUP_DIR ?? "backups");
const c = config();
const started = performance.now();
const createdAt = new Date().toISOString();
// Plain copies of ID documents exist only here, readable by this user alone, and only until packed.
const stage = fs.mkdtempSync(path.join(os.tmpdir(), "academy-backup-"));
fs.chmodSync(stage, 0o700);

try {
  const { database, tables } = c.DATABASE_URL ? await dumpPostgres(c.DATABASE_URL) : await copySqlite(c.sqlitePath);
  // Files after the database: every file a row of the snapshot names was written before that row.
  const files: Manifest["files"] = [];
  for (const rel of KEPT_IN_DATA_DIR.flatMap((dir) => filesUnder(c.dataDir, dir))) {
    const target = path.join(stage, FILES_DIR, rel);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    try {
      fs.copyFileSync(path.join(c.dataDir, rel), target);
    } catch (error) {
      // Removed since it was listed (an abandoned upload swept, a purge): not in the snapshot either.
      if ((error as NodeJS.ErrnoException).code === "ENOENT") continue;
      throw error;
    }
    files.push({ path: rel, size: fs.statSync(target).size, sha256: await sha256Of(target) });
  }
  const manifest: Manifest = {
    format: 1,
    createdAt,
    engine: c.DATABASE_URL ? "postgres" : "sqlite",
    database,
    tables,
    files,
  };
  fs.writeFileSync(path.join(stage, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);

  fs.mkdirSync(outDir, { recursive: true });
  const out = path.join(outDir, `academy-${createdAt.replace(/[:.]/g, "-")}.tar.age`);
  const partial = `${out}.partial`;
  // Encrypted, yet still the academy's admissions: made readable by this account alone before
  // age writes into it (age keeps an existing file's mode).
  fs.closeSync(fs.openSync(partial, "w", 0o600));
  await runPiped(
    ["tar", ["-C", stage, "-cf", "-", "."]],
    ["age", [...recipients.flatMap((r) => ["-r", r]), "-o", partial]],
  );
  fs.renameSync(partial, out);
  const rows = Object.values(tables).reduce((a, b) => a + b, 0);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `[backup] ${out}: ${formatBytes(fs.statSync(out).size)}, ${rows} rows in ${Object.keys(tables).length} tables, ${files.length} files, ${seconds} s`,
  );
} finally {
  fs.rmSync(stage, { recursive: true, force: true });
}

/**
 * SQLite's online backup API on a connection of its own: the site keeps reading and writing (WAL).
 * All pages in one step, so writes made meanwhile cannot restart the copy again and again.
 */
async function copySqlite(sqlitePath: string) {
  const { default: Database } = await import("better-sqlite3");
  const file = path.join(stage, SQLITE_FILE);
  const source = new Database(sqlitePath, { fileMustExist: true });
  try {
    await source.backup(file, { progress: () => 2_000_000_000 });
  } finally {
    source.close();
  }
  const copy = new Database(file, { readonly: true });
  try {
    const check = copy.pragma("integrity_check", { simple: true });
    if (check !== "ok") throw new Error(`the copied database fails its integrity check: ${String(check)}`);
    const names = copy
      .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name")
      .pluck()
      .all() as string[];
    const tables: Record<string, number> = {};
    for (const name of names)
      tables[name] = Number(
        copy
          .prepare(`select count(*) from "${name.replace(/"/g, '""')}"`)
          .pluck()
          .get(),
      );
    return { database: await describe(file), tables };
  } finally {
    copy.close();
  }
}

/**
 * pg_dump in the snapshot of a transaction of ours (--snapshot), so the manifest's counts are
 * those of the dump exactly, however many writes arrive meanwhile.
 */
async function dumpPostgres(databaseUrl: string) {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("begin isolation level repeatable read read only");
    const snapshot = (await client.query<{ s: string }>("select pg_export_snapshot() as s")).rows[0]!.s;
    const names = (
      await client.query<{ t: string }>("select tablename as t from pg_tables where schemaname = 'public' order by 1")
    ).rows.map((r) => r.t);
    const tables: Record<string, number> = {};
    for (const name of names)
      tables[name] = Number((await client.query(`select count(*) as n from "${name.replace(/"/g, '""')}"`)).rows[0].n);
    const file = path.join(stage, PG_DUMP_FILE);
    await run("pg_dump", ["--snapshot", snapshot, "--format=custom", "--no-owner", "--no-privileges", "--file", file], {
      env: pgEnv(databaseUrl),
    });
    await client.query("commit");
    return { database: await describe(file), tables };
  } finally {
    await client.end();
  }
}

async function describe(file: string) {
  return { file: path.basename(file), size: fs.statSync(file).size, sha256: await sha256Of(file) };
}
