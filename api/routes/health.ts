import fs from "node:fs/promises";
import path from "node:path";

import { Hono } from "hono";
import { Migrator, sql } from "kysely";

import { config } from "../config";
import { migrationProvider } from "../db/migrations";
import type { Env } from "../http";
import { oldestStuckMail } from "../mail/queue";

// Readiness for a proxy or a process manager (docs/deploy.md, "Health checks"): this instance can
// serve a submission now. Each check is a yes or no; no error text, path or address is given out.
export const health = new Hono<Env>();

/** A check that does not answer within this long counts as failed: a probe must not hang. */
const CHECK_WITHIN_MS = 2000;

function within<T>(work: Promise<T>): Promise<T> {
  return Promise.race([
    work,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error("timed out")), CHECK_WITHIN_MS).unref()),
  ]);
}

async function passes(work: () => Promise<boolean>) {
  try {
    return await within(work());
  } catch {
    return false;
  }
}

health.get("/ready", async (c) => {
  const db = c.get("db");
  const checks = {
    database: await passes(async () => {
      await sql`select 1`.execute(db);
      return true;
    }),
    migrations: await passes(async () => {
      const all = await new Migrator({ db, provider: migrationProvider }).getMigrations();
      return all.every((m) => m.executedAt !== undefined);
    }),
    // A write and its removal in the data folder: uploads, the outbox and the SQLite file live there.
    dataFolder: await passes(async () => {
      const probe = path.join(config().dataDir, `.ready-${process.pid}`);
      await fs.writeFile(probe, "ok");
      await fs.rm(probe);
      return true;
    }),
    // Due mails no worker has taken for long mean no worker runs (api/mail/queue.ts).
    mailQueue: await passes(async () => (await oldestStuckMail(db)) === undefined),
  };
  const ready = Object.values(checks).every(Boolean);
  return c.json({ status: ready ? "ready" : "not ready", checks }, ready ? 200 : 503, { "cache-control": "no-store" });
});
