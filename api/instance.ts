import crypto from "node:crypto";
import http from "node:http";
import v8 from "node:v8";

import { config } from "./config";
import { closeDb, getDb } from "./db";
import { answeredWorkDone } from "./lib/after-answer";
import { startContentRelay, stopContentRelay } from "./lib/content-relay";
import { nowIso } from "./lib/ids";
import { flushCounts } from "./lib/insight-counts";
import { announceSetupCode } from "./lib/setup";
import { productionStartProblem } from "./lib/start-checks";
import { currentVersion } from "./lib/version";
import { startMailWorker, stopMailWorker } from "./mail/queue";

// What a serving process does around its HTTP server (remix-serve's, which this code does not
// own): when it starts listening, open the database (migrations under the advisory lock), check
// the settings every instance must share and join the content relay; when told to stop
// (SIGTERM), finish what it is serving and exit within STOP_WITHIN_MS (docs/deploy.md).
export const STOP_WITHIN_MS = 9000;

/** Settings that must be the same on every instance on one PostgreSQL; only their hashes are kept. */
export function sharedSettings(env: NodeJS.ProcessEnv = process.env) {
  const c = config();
  return {
    PUBLIC_URL: c.PUBLIC_URL,
    HONEYPOT_SECRET: env.HONEYPOT_SECRET ?? "",
    FILE_STORE: c.FILE_STORE ?? "database",
    CLOUDINARY_URL: c.CLOUDINARY_URL ?? "",
    RATE_LIMIT_FACTOR: String(c.RATE_LIMIT_FACTOR),
    DEMO: c.DEMO,
  };
}

const hash = (value: string) => crypto.createHash("sha256").update(value).digest("hex");

/**
 * The first instance records each shared setting's hash; a later one whose value differs refuses
 * to start, naming the setting. SHARED_SETTINGS_UPDATE=1 records this instance's values instead
 * (a deliberate change: stop the others first).
 */
export async function checkSharedSettings(env: NodeJS.ProcessEnv = process.env) {
  const db = await getDb();
  const differ: string[] = [];
  for (const [name, value] of Object.entries(sharedSettings(env))) {
    const row = { name, value: hash(value), updated_at: nowIso() };
    if (env.SHARED_SETTINGS_UPDATE === "1") {
      await db
        .insertInto("instance_settings")
        .values(row)
        .onConflict((oc) => oc.column("name").doUpdateSet({ value: row.value, updated_at: row.updated_at }))
        .execute();
      continue;
    }
    await db
      .insertInto("instance_settings")
      .values(row)
      .onConflict((oc) => oc.column("name").doNothing())
      .execute();
    const kept = await db
      .selectFrom("instance_settings")
      .select("value")
      .where("name", "=", name)
      .executeTakeFirstOrThrow();
    if (kept.value !== row.value) differ.push(name);
  }
  if (differ.length) {
    throw new Error(
      `This instance's ${differ.join(", ")} differ from the other instances' on this database; refusing to start. ` +
        "Give every instance the same values (or, after stopping them all, start one with SHARED_SETTINGS_UPDATE=1).",
    );
  }
}

// Under load V8 lets the old generation grow to several times what is live before collecting it
// (≈ 270 MB of heap, 350–390 MB resident, for ≈ 60 MB live after 10,000 home pages at 50
// connections). A growing factor of 1.25 collects sooner: 175–195 MB resident, for a throughput
// change within this machine's noise (docs/deploy.md, Memory). A value given on node's command
// line wins. Set when the server starts listening: V8 reads it at each collection.
export const HEAP_GROWING_PERCENT = 25;

export function keepHeapSmall(execArgv = process.execArgv) {
  if (execArgv.some((arg) => arg.startsWith("--heap-growing-percent"))) return false;
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  return true;
}

async function startInstance() {
  keepHeapSmall();
  // Mails queued before a stop or a crash go out without waiting for a first visitor.
  startMailWorker();
  // A production site without any staff account prints its one-time setup code (docs/decisions/061).
  announceSetupCode().catch((error: Error) => console.error(`[setup] ${error.message}`));
  const { DATABASE_URL, isProduction } = config();
  if (!DATABASE_URL) return; // one process on SQLite: nothing to share
  await getDb();
  if (isProduction) await checkSharedSettings();
  startContentRelay();
}

const servers = new Set<http.Server>();

async function stopGracefully(signal: string) {
  console.log(`[instance] ${signal}: finishing requests in progress, then exiting`);
  const deadline = setTimeout(() => {
    for (const server of servers) server.closeAllConnections();
    process.exit(0);
  }, STOP_WITHIN_MS);
  deadline.unref();
  // remix-serve closes its listener on the same signal; closing again is harmless. Idle
  // keep-alive connections are closed as each one's response ends.
  const idle = setInterval(() => servers.forEach((s) => s.closeIdleConnections()), 50);
  await Promise.all([...servers].map((server) => new Promise<void>((done) => server.close(() => done()))));
  clearInterval(idle);
  await stopContentRelay();
  // Work answered requests left behind (a link request's lookup) ends before the database closes.
  await answeredWorkDone();
  // The mails being sent are marked before the database closes: none goes twice after a stop.
  await stopMailWorker();
  // The visit counts still in memory are written: a restart loses none (docs/decisions/064).
  await flushCounts().catch((error: Error) => console.error(`[insights] last flush failed: ${error.message}`));
  await closeDb().catch(() => undefined);
  process.exit(0);
}

const holder = globalThis as unknown as { __academyInstanceHooked?: boolean; __academyInstanceStarted?: boolean };
/** Called where the API is loaded (api/index.ts): a bare import would be dropped by the bundler (sideEffects: false). */
export function watchServerLifecycle() {
  if (holder.__academyInstanceHooked) return;
  holder.__academyInstanceHooked = true;
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === "listening" && process.env.VITEST === undefined) {
      servers.add(this);
      if (!holder.__academyInstanceStarted) {
        holder.__academyInstanceStarted = true;
        // The log's first line names the release (docs/deploy.md, "Versions"); a setting that
        // would lose or leak data stops the start with one line naming it.
        console.log(JSON.stringify({ time: nowIso(), msg: "start", ...currentVersion(), node: process.version }));
        const problem = productionStartProblem(config());
        if (problem) {
          console.error(`[instance] refusing to start: ${problem}`);
          process.exit(1);
        }
        process.once("SIGTERM", () => void stopGracefully("SIGTERM"));
        startInstance().catch((error: Error) => {
          console.error(`[instance] cannot start: ${error.message}`);
          process.exit(1);
        });
      }
    }
    return emit.call(this, event, ...args);
  } as typeof emit;
}
