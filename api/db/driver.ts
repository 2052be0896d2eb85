// The driver under Kysely (a better-sqlite3 file or a pg pool), for the code that needs it
// itself: the rate limiter's store, the mail queue's and exports' cursors, the metrics, and a
// migration that edits SQLite's stored schema. Apart from api/db/index.ts, which opens it, so
// the migrations can reach it without importing the module that runs them.

/** The driver under Kysely, for the rate limiter's store (api/limits.ts). */
export type RawDriver =
  { kind: "sqlite"; sqlite: import("better-sqlite3").Database } | { kind: "postgres"; pool: import("pg").Pool };
export const drivers = globalThis as unknown as { __academyDriver?: RawDriver };
/**
 * Names the SQLite file under Kysely for the code that needs the driver itself (the limiter's
 * store, a migration that edits the stored schema): the app's own opening, and a script or test
 * that opens a file of its own and migrates it.
 */
export function useSqliteDriver(sqlite: import("better-sqlite3").Database) {
  drivers.__academyDriver = { kind: "sqlite", sqlite };
}
export function rawDriver(): RawDriver {
  if (!drivers.__academyDriver) throw new Error("the database is not open yet");
  return drivers.__academyDriver;
}
