import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { Kysely, Migrator, PostgresDialect, sql, SqliteDialect } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type DB, useSqliteDriver } from "../../api/db";
import { migrationProvider } from "../../api/db/migrations";
import { newestFirst } from "../../api/lib/query";
import { registerSqliteSearch } from "../../api/lib/search";
import { seedScale } from "../../scripts/seed-scale";

// The same rows on SQLite and on PostgreSQL (TEST_DATABASE_URL, in a schema of its own) answer
// every search with the same ids in the same order: one folding, one tokenising, one ranking
// (docs/decisions/027-keyset-paging-search-sitemap.md).
const SIZES = { posts: 3_000, courses: 300, applicants: 3_000, messages: 3_000 };
const schema = `search_engines_${process.pid}`;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "academy-search-"));
let sqlite: DB;
let postgres: DB;

beforeAll(async () => {
  const { default: SQLite } = await import("better-sqlite3");
  const file = new SQLite(path.join(dir, "search.sqlite"));
  registerSqliteSearch(file);
  // The migrations that edit SQLite's stored schema use the file itself (api/db/migrations.ts).
  useSqliteDriver(file);
  sqlite = new Kysely({ dialect: new SqliteDialect({ database: file }) });
  const { default: pg } = await import("pg");
  const setup = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await setup.connect();
  await setup.query(`drop schema if exists ${schema} cascade; create schema ${schema}`);
  await setup.end();
  const pool = new pg.Pool({
    connectionString: process.env.TEST_DATABASE_URL,
    max: 2,
    options: `-c search_path=${schema}`,
  });
  postgres = new Kysely({ dialect: new PostgresDialect({ pool }) });
  for (const [db, options] of [
    [sqlite, {}],
    [postgres, { migrationTableSchema: schema }],
  ] as const) {
    const { error } = await new Migrator({ db, provider: migrationProvider, ...options }).migrateToLatest();
    if (error) throw error;
    await seedScale(db, SIZES);
  }
}, 110_000);

afterAll(async () => {
  await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(postgres);
  await postgres?.destroy();
  await sqlite?.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

const QUERIES = [
  "bridal",
  "BRIDAL makeup",
  "makeup bridal",
  "café",
  "cafe talk",
  "CRÈME",
  "elan atelier",
  "Studio Omo",
  "olajide",
  "okafor12",
  "zoe",
  "lagos",
  "glow salon",
  "in lagos",
  "#12",
  "nail art #1",
  "photography",
  "+234 80",
  "2348000001",
  "example.com",
  "amaka.okafor",
  "hair-colouring",
  "%",
  "zzzz",
];

describe("search gives the same results on SQLite and PostgreSQL", () => {
  it.each(["posts", "courses", "applicants", "contact_messages"] as const)("%s", async (table) => {
    let nonEmpty = 0;
    for (const search of QUERIES) {
      for (const skip of [0, 40]) {
        const page = { limit: 40, skip, search };
        const [a, b] = await Promise.all([newestFirst(sqlite, table, page), newestFirst(postgres, table, page)]);
        expect(
          b.map((r) => r.id),
          `${table} "${search}" skip ${skip}`,
        ).toEqual(a.map((r) => r.id));
        if (a.length) nonEmpty++;
      }
    }
    // The queries find something: equal empty answers would prove nothing.
    expect(nonEmpty).toBeGreaterThan(5);
  });
});
