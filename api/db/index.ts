import fs from "node:fs";
import path from "node:path";

import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import { Migrator } from "kysely";

import { config } from "../config";
import { registerSqliteSearch } from "../lib/search";
import { drivers, useSqliteDriver } from "./driver";
import { migrationProvider } from "./migrations";
import type { Database } from "./schema";

export type DB = Kysely<Database>;

export { rawDriver, useSqliteDriver } from "./driver";

async function createDialect() {
  const { DATABASE_URL, sqlitePath } = config();
  if (DATABASE_URL) {
    const { default: pg } = await import("pg");
    const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 10 });
    // An idle connection the server closes (restart, pg_terminate_backend, a proxy's timeout)
    // is reported on the pool; unheard, that 'error' event would end the process. The pool has
    // already dropped the connection and opens a new one for the next query.
    pool.on("error", (error) => console.error("[db] idle PostgreSQL connection lost:", error.message));
    drivers.__academyDriver = { kind: "postgres", pool };
    return new PostgresDialect({ pool });
  }
  const { default: SQLite } = await import("better-sqlite3");
  fs.mkdirSync(path.dirname(sqlitePath), { recursive: true });
  const sqlite = new SQLite(sqlitePath);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  // The folding both engines share (api/lib/search.ts), which the search index's triggers call.
  registerSqliteSearch(sqlite);
  useSqliteDriver(sqlite);
  return new SqliteDialect({ database: sqlite });
}

/** Any fixed number: the session-level advisory lock every instance takes to migrate. */
const MIGRATION_LOCK = 7_240_310;

/**
 * Several instances starting together migrate once: on PostgreSQL the first takes an advisory
 * lock (on a connection of its own, held for the whole run), the others wait for it and then
 * find nothing left to do. Kysely's own lock table is not enough: creating it races.
 */
async function withMigrationLock<T>(work: () => Promise<T>): Promise<T> {
  const { DATABASE_URL } = config();
  if (!DATABASE_URL) return work();
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: DATABASE_URL });
  client.on("error", (error) => console.error("[db] migration lock connection lost:", error.message));
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    return await work();
  } finally {
    // Ending the session releases the lock too, even if the unlock itself failed.
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}

export async function migrateToLatest(db: DB) {
  return withMigrationLock(() => runMigrations(db));
}

async function runMigrations(db: DB) {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  for (const r of results ?? []) {
    if (r.status === "Error") console.error(`migration ${r.migrationName} failed`);
  }
  if (error) throw error;
}

// One database handle per process, migrated before first use. Kept on globalThis so the
// Remix build, the scripts and the tests share one connection pool.
const holder = globalThis as unknown as { __academyDb?: Promise<DB> };

export function getDb(): Promise<DB> {
  holder.__academyDb ??= (async () => {
    const db = new Kysely<Database>({ dialect: await createDialect() });
    await migrateToLatest(db);
    return db;
  })().catch((error) => {
    holder.__academyDb = undefined;
    throw error;
  });
  return holder.__academyDb;
}

export async function closeDb() {
  const pending = holder.__academyDb;
  holder.__academyDb = undefined;
  if (pending) await (await pending).destroy();
}
