import fs from "node:fs";
import path from "node:path";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import { Migrator } from "kysely/migration";
import { config } from "../config";
import { migrationProvider } from "./migrations";
import type { Database } from "./schema";

export type DB = Kysely<Database>;

async function createDialect() {
  const { DATABASE_URL, sqlitePath } = config();
  if (DATABASE_URL) {
    const pg = await import("pg");
    const Pool = pg.default?.Pool ?? (pg as any).Pool;
    return new PostgresDialect({ pool: new Pool({ connectionString: DATABASE_URL, max: 10 }) });
  }
  const { default: SQLite } = await import("better-sqlite3");
  fs.mkdirSync(path.dirname(sqlitePath), { recursive: true });
  const sqlite = new SQLite(sqlitePath);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  return new SqliteDialect({ database: sqlite });
}

export async function migrateToLatest(db: DB) {
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
