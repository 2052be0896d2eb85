// `npm run restore -- <backup.tar.age>`: rebuilds an empty data folder (and, on PostgreSQL, an
// empty database) from a backup of `npm run backup`, and checks it against the backup's manifest:
// every checksum, every table's row count, and SQLite's integrity check (docs/deploy.md, "Restore
// drill"). The age identity is read from --identity <file> or BACKUP_AGE_IDENTITY.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { config } from "@api/config";

import { FILES_DIR, formatBytes, MANIFEST, type Manifest, pgEnv, run, runPiped, sha256Of } from "./backup/archive";

const args = process.argv.slice(2);
const identityAt = args.indexOf("--identity");
const identity = identityAt >= 0 ? args.splice(identityAt, 2)[1] : process.env.BACKUP_AGE_IDENTITY;
const archive = args[0];
if (!archive || !identity) {
  console.error("usage: npm run restore -- <backup.tar.age> [--identity <age identity file>] (or BACKUP_AGE_IDENTITY)");
  process.exit(2);
}
const c = config();
const started = performance.now();

function refuse(message: string): never {
  console.error(`[restore] ${message}`);
  process.exit(1);
}

// Only into emptiness: a restore never mixes a backup with what is there.
if (fs.existsSync(c.dataDir) && fs.readdirSync(c.dataDir).length > 0)
  refuse(`the data folder ${c.dataDir} is not empty: restore into a new, empty one (DATA_DIR)`);
if (c.DATABASE_URL && (await pgTableCount(c.DATABASE_URL)) > 0)
  refuse("the database in DATABASE_URL is not empty: create a new, empty one for the restore");

const stage = fs.mkdtempSync(path.join(os.tmpdir(), "academy-restore-"));
fs.chmodSync(stage, 0o700);
try {
  await runPiped(["age", ["-d", "-i", identity, archive]], ["tar", ["-x", "-C", stage, "-f", "-"]]);
  const manifest = JSON.parse(fs.readFileSync(path.join(stage, MANIFEST), "utf8")) as Manifest;
  const engine = c.DATABASE_URL ? "postgres" : "sqlite";
  if (manifest.engine !== engine) refuse(`the backup is of a ${manifest.engine} database; this setting is ${engine}`);

  const problems: string[] = [];
  const dumped = path.join(stage, manifest.database.file);
  if ((await sha256Of(dumped)) !== manifest.database.sha256)
    problems.push(`${manifest.database.file}: checksum differs`);
  for (const f of manifest.files)
    if ((await sha256Of(path.join(stage, FILES_DIR, f.path))) !== f.sha256)
      problems.push(`${f.path}: checksum differs`);
  if (problems.length) refuse(`the backup is damaged:\n  ${problems.join("\n  ")}`);

  fs.mkdirSync(c.dataDir, { recursive: true });
  const counts = c.DATABASE_URL ? await restorePostgres(c.DATABASE_URL, dumped) : await restoreSqlite(dumped);
  for (const [table, rows] of Object.entries(manifest.tables))
    if (counts[table] !== rows)
      problems.push(`${table}: ${counts[table] ?? "missing"} rows, the manifest says ${rows}`);

  for (const f of manifest.files) {
    const target = path.join(c.dataDir, f.path);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(path.join(stage, FILES_DIR, f.path), target);
    if ((await sha256Of(target)) !== f.sha256) problems.push(`${f.path}: checksum differs after the copy`);
  }
  if (problems.length) refuse(`the restore does not match the manifest:\n  ${problems.join("\n  ")}`);

  const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `[restore] ${path.basename(archive)} (${formatBytes(fs.statSync(archive).size)}, taken ${manifest.createdAt}) restored and verified: ${rows} rows in ${Object.keys(manifest.tables).length} tables, ${manifest.files.length} files, ${seconds} s`,
  );
} finally {
  fs.rmSync(stage, { recursive: true, force: true });
}

/** The copy becomes the data folder's database, once SQLite finds it whole. */
async function restoreSqlite(copy: string) {
  const { default: Database } = await import("better-sqlite3");
  fs.copyFileSync(copy, c.sqlitePath);
  const db = new Database(c.sqlitePath);
  try {
    const check = db.pragma("integrity_check", { simple: true });
    if (check !== "ok") refuse(`the restored database fails its integrity check: ${String(check)}`);
    return countRows(
      (sql) => Number(db.prepare(sql).pluck().get()),
      db
        .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'")
        .pluck()
        .all() as string[],
    );
  } finally {
    db.close();
  }
}

async function restorePostgres(databaseUrl: string, dump: string) {
  await run(
    "pg_restore",
    ["--no-owner", "--no-privileges", "--exit-on-error", "--dbname", pgEnv(databaseUrl).PGDATABASE!, dump],
    {
      env: pgEnv(databaseUrl),
    },
  );
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const names = (
      await client.query<{ t: string }>("select tablename as t from pg_tables where schemaname = 'public'")
    ).rows.map((r) => r.t);
    const counts: Record<string, number> = {};
    for (const name of names)
      counts[name] = Number((await client.query(`select count(*) as n from "${name.replace(/"/g, '""')}"`)).rows[0].n);
    return counts;
  } finally {
    await client.end();
  }
}

function countRows(count: (sql: string) => number, names: string[]) {
  return Object.fromEntries(names.map((name) => [name, count(`select count(*) from "${name.replace(/"/g, '""')}"`)]));
}

async function pgTableCount(databaseUrl: string) {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return Number((await client.query("select count(*) as n from pg_tables where schemaname = 'public'")).rows[0].n);
  } finally {
    await client.end();
  }
}
