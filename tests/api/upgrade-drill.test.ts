import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

import { Kysely, type Migration, Migrator, PostgresDialect, sql, SqliteDialect } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";

// The upgrade and rollback of docs/deploy.md ("Upgrade", "Rollback"), drilled on this engine
// (SQLite, or PostgreSQL with TEST_DATABASE_URL): a database made by the previous release's
// migrations holds a course; it is backed up (`npm run backup`), migrated forward (`npm run
// setup`, as the upgrade does), then the backup is restored into an empty database (`npm run
// restore`) and the previous release's schema check passes on it: its migrations, all run, none
// unknown, and the schema and the row exactly as before the upgrade.
const exec = promisify(execFile);
const root = path.resolve(__dirname, "../..");
const tsx = path.join(root, "node_modules/tsx/dist/cli.mjs");
const work = fs.mkdtempSync(path.join(os.tmpdir(), "academy-upgrade-drill-"));
const keyFile = path.join(work, "identity.txt");
const postgresUrl = process.env.TEST_DATABASE_URL;
const oldDb = postgresUrl ? `${postgresUrl}_drill` : undefined;
const restoredDb = postgresUrl ? `${postgresUrl}_drill_restored` : undefined;
const oldDir = path.join(work, "old");
const restoredDir = path.join(work, "restored");

let all: Record<string, Migration>;
let previous: Record<string, Migration>;

beforeAll(async () => {
  ({ all, previous } = await migrationSets());
  await exec("age-keygen", ["-o", keyFile]);
  if (oldDb) await recreateDatabase(oldDb);
  if (restoredDb) await recreateDatabase(restoredDb);
  fs.mkdirSync(oldDir, { recursive: true });
});
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** Every migration of this release, and those of the release before it (all but the newest). */
async function migrationSets() {
  const { migrationProvider } = await import("../../api/db/migrations");
  const migrations = await migrationProvider.getMigrations();
  const names = Object.keys(migrations).sort();
  const newest = names.at(-1)!;
  return {
    all: migrations,
    previous: Object.fromEntries(names.filter((n) => n !== newest).map((n) => [n, migrations[n]!])),
  };
}

async function recreateDatabase(url: string) {
  const { default: pg } = await import("pg");
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  const name = new URL(url).pathname.slice(1);
  await admin.query(`drop database if exists "${name}"`);
  await admin.query(`create database "${name}"`);
  await admin.end();
}

/** A Kysely handle on the drill's SQLite file in `dir`, or on a PostgreSQL database. */
async function open(where: { dir?: string; url?: string }) {
  const drivers = globalThis as unknown as { __academyDriver?: unknown };
  if (where.url) {
    const { default: pg } = await import("pg");
    const pool = new pg.Pool({ connectionString: where.url, max: 2 });
    drivers.__academyDriver = { kind: "postgres", pool };
    return new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
  }
  const { default: SQLite } = await import("better-sqlite3");
  const { registerSqliteSearch } = await import("../../api/lib/search");
  const { useSqliteDriver } = await import("../../api/db/index");
  const sqlite = new SQLite(path.join(where.dir!, "academy.db"));
  sqlite.pragma("journal_mode = WAL");
  registerSqliteSearch(sqlite);
  useSqliteDriver(sqlite);
  return new Kysely<unknown>({ dialect: new SqliteDialect({ database: sqlite }) });
}

const oldPlace = () => (oldDb ? { url: oldDb } : { dir: oldDir });
const restoredPlace = () => (restoredDb ? { url: restoredDb } : { dir: restoredDir });
const withProvider = (db: Kysely<unknown>, migrations: Record<string, Migration>) =>
  new Migrator({ db, provider: { getMigrations: async () => migrations } });

/** Every table and its columns, in order (the engine's own catalogue), but the migrator's own. */
async function schemaOf(db: Kysely<unknown>) {
  if (postgresUrl) {
    const { rows } = await sql<{ table_name: string; column_name: string; data_type: string }>`
      select table_name, column_name, data_type from information_schema.columns
      where table_schema = 'public' and table_name not like 'kysely_%'
      order by table_name, ordinal_position`.execute(db);
    // Its indexes too, as SQLite's schema has them: a release may add only an index.
    const indexes = await sql<{ indexname: string; indexdef: string }>`
      select indexname, indexdef from pg_indexes
      where schemaname = 'public' and tablename not like 'kysely_%' order by indexname`.execute(db);
    return [
      ...rows.map((r) => `${r.table_name}.${r.column_name} ${r.data_type}`),
      ...indexes.rows.map((r) => `${r.indexname}: ${r.indexdef}`),
    ];
  }
  const { rows } = await sql<{ name: string; sql: string }>`
    select name, sql from sqlite_master where name not like 'kysely_%' and name not like 'sqlite_%' and sql is not null
    order by name`.execute(db);
  return rows.map((r) => `${r.name}: ${r.sql}`);
}

/** A script of this repository, as `npm run` runs it, on the drill's data folder and database. */
function script(name: string, args: string[], env: Record<string, string | undefined>) {
  const merged: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "test", ...env };
  for (const key of ["VITEST", "DATABASE_URL", "SMTP_URL"]) delete merged[key];
  for (const [k, v] of Object.entries(env)) if (v !== undefined) merged[k] = v;
  return exec(process.execPath, [tsx, `scripts/${name}.ts`, ...args], { cwd: root, env: merged });
}
const placeEnv = (place: { dir?: string; url?: string }, dir: string) => ({
  DATA_DIR: dir,
  ...(place.url ? { DATABASE_URL: place.url } : {}),
});

it("migrates the previous release's database forward, and its backup restores the previous schema exactly", async () => {
  // The previous release's database, with a course in it.
  const before = await open(oldPlace());
  const made = await withProvider(before, previous).migrateToLatest();
  expect(made.error).toBeUndefined();
  const now = new Date().toISOString();
  await sql`insert into courses (id, title, slug, tutors, featured_img, tag, tip_color, content, asset_folder, created_at, updated_at)
      values ('drillcourse', 'Hairdressing, before the upgrade', 'hairdressing', 'Ada', '', 'Beauty', '#8a1c5c', '<p>Kept</p>', '', ${now}, ${now})`.execute(
    before,
  );
  const oldSchema = await schemaOf(before);
  await before.destroy();

  // Upgrade, step 2: the backup; step 4: the new release's migrations.
  const recipient = (await exec("age-keygen", ["-y", keyFile])).stdout.trim();
  const backupDir = path.join(work, "backups");
  await script("backup", [backupDir], { ...placeEnv(oldPlace(), oldDir), BACKUP_AGE_RECIPIENT: recipient });
  const archive = fs.readdirSync(backupDir).find((n) => n.endsWith(".tar.age"))!;
  await script("setup", [], placeEnv(oldPlace(), oldDir));
  const upgraded = await open(oldPlace());
  const upgradedMigrations = await withProvider(upgraded, all).getMigrations();
  expect(upgradedMigrations.every((m) => m.executedAt !== undefined)).toBe(true);
  expect(await schemaOf(upgraded)).not.toEqual(oldSchema);
  await upgraded.destroy();

  // Rollback, step 3: the pre-upgrade backup into an empty database.
  fs.mkdirSync(restoredDir, { recursive: true });
  const restore = await script("restore", [path.join(backupDir, archive), "--identity", keyFile], {
    ...placeEnv(restoredPlace(), restoredDir),
  });
  expect(restore.stdout).toContain("restored and verified");

  // Step 4: the previous release's schema check on it: every one of its migrations has run, no
  // other has, and the schema and the course are as they were before the upgrade.
  const restored = await open(restoredPlace());
  const check = await withProvider(restored, previous).getMigrations();
  expect(check.every((m) => m.executedAt !== undefined)).toBe(true);
  const ran = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(restored);
  expect(ran.rows.map((r) => r.name)).toEqual(Object.keys(previous).sort());
  expect(await schemaOf(restored)).toEqual(oldSchema);
  const course = await sql<{ title: string }>`select title from courses where id = 'drillcourse'`.execute(restored);
  expect(course.rows).toEqual([{ title: "Hairdressing, before the upgrade" }]);
  // Started on it, the previous release migrates nothing.
  const started = await withProvider(restored, previous).migrateToLatest();
  expect(started.error).toBeUndefined();
  expect(started.results).toEqual([]);
  await restored.destroy();
}, 120_000);
