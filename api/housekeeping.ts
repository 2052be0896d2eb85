import { getDb } from "./db";
import { nowIso } from "./lib/ids";
import { runDailyRetention } from "./privacy/retention";
import { sweepAbandonedFiles } from "./routes/applicants";
import { sweepSavedForms } from "./routes/application";
import { diskImageStore } from "./storage/images";

// Work that must happen whatever the traffic, on a timer rather than inside a visitor's request
// (a per-request sweep made every upload pay for the last attacker's files).
export const HOUSEKEEPING_EVERY_MS = 10 * 60 * 1000;

/**
 * Ended sessions, used or expired reset tokens, files of forms never sent, surplus image variants;
 * and, once a day across all instances, the retention schedule (api/privacy/retention.ts).
 */
export async function runHousekeeping() {
  const db = await getDb();
  const now = nowIso();
  await db.deleteFrom("sessions").where("expires_at", "<=", now).execute();
  await db
    .deleteFrom("password_resets")
    .where((eb) => eb.or([eb("expires_at", "<=", now), eb("used_at", "is not", null)]))
    .execute();
  await sweepAbandonedFiles(db);
  await sweepSavedForms(db);
  await diskImageStore().trimCache();
  await runDailyRetention(db);
}

const holder = globalThis as unknown as { __academyHousekeeping?: NodeJS.Timeout };

/** Starts the timer once per process (first API call); it never keeps the process alive. */
export function startHousekeeping() {
  if (holder.__academyHousekeeping) return;
  const tick = () => runHousekeeping().catch((error) => console.error("[housekeeping]", error));
  holder.__academyHousekeeping = setInterval(tick, HOUSEKEEPING_EVERY_MS);
  holder.__academyHousekeeping.unref();
}
