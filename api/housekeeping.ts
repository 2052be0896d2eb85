import { type DB, getDb } from "./db";
import { runOfferSweep } from "./lib/admission-offers";
import { loggableError } from "./lib/error-log";
import { nowIso } from "./lib/ids";
import { runWeeklyJobAlerts, sweepUnconfirmedAlerts } from "./lib/job-alerts";
import { timedJob } from "./lib/metrics";
import { remindSavedForms } from "./lib/saved-form-reminders";
import { sweepAbandonedFiles, sweepSavedForms } from "./lib/saved-forms";
import { purgeServerErrors } from "./lib/server-errors";
import { sweepOutboxFiles } from "./mail/outbox-files";
import { runDailyRetention } from "./privacy/retention";
import { purgeSecurityLog } from "./security-events";
import { diskImageStore } from "./storage/images";

// Work that must happen whatever the traffic, on a timer rather than inside a visitor's request
// (a per-request sweep made every upload pay for the last attacker's files).
export const HOUSEKEEPING_EVERY_MS = 10 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The steps of housekeeping, each a job of its own: ended sessions, used or expired reset tokens and
 * invitations, security log entries over a year old, files of forms never sent, surplus image
 * variants, job alerts never confirmed; once a day across all instances, the retention schedule
 * (api/privacy/retention.ts); once a week, the job alerts' mail (api/lib/job-alerts.ts); the saved
 * forms' one reminder (api/lib/saved-form-reminders.ts); the offers' sweep.
 */
type Step = { name: string; run: (db: DB) => Promise<unknown> };
export const HOUSEKEEPING_STEPS: readonly Step[] = [
  { name: "sessions", run: (db) => db.deleteFrom("sessions").where("expires_at", "<=", nowIso()).execute() },
  {
    name: "password_resets",
    run: (db) =>
      db
        .deleteFrom("password_resets")
        .where((eb) => eb.or([eb("expires_at", "<=", nowIso()), eb("used_at", "is not", null)]))
        .execute(),
  },
  {
    // Sent mails are kept a week for the staff page's sake (their bodies went when sent); mails
    // given up, a month (docs/decisions/043-durable-mail-queue.md); then the files of mails no
    // longer in the outbox (deleted here, or erased with their person).
    name: "mail_outbox",
    run: async (db) => {
      await db
        .deleteFrom("mail_outbox")
        .where("status", "=", "sent")
        .where("created_at", "<=", new Date(Date.now() - 7 * DAY_MS).toISOString())
        .execute();
      await db
        .deleteFrom("mail_outbox")
        .where("status", "in", ["failed", "expired"])
        .where("created_at", "<=", new Date(Date.now() - 30 * DAY_MS).toISOString())
        .execute();
      await db
        .deleteFrom("mail_attachments")
        .where("mail_id", "not in", db.selectFrom("mail_outbox").select("id"))
        .execute();
    },
  },
  {
    // An invitation is kept a week past its expiry, so the staff page can show it as expired.
    name: "staff_invitations",
    run: (db) =>
      db
        .deleteFrom("staff_invitations")
        .where("expires_at", "<=", new Date(Date.now() - 7 * DAY_MS).toISOString())
        .execute(),
  },
  // The outbox folder's files (no SMTP_URL) with the rows' retention above (docs/security.md).
  { name: "outbox_files", run: sweepOutboxFiles },
  { name: "security_log", run: purgeSecurityLog },
  { name: "server_errors", run: purgeServerErrors },
  { name: "abandoned_files", run: sweepAbandonedFiles },
  { name: "saved_forms", run: sweepSavedForms },
  { name: "saved_form_reminders", run: remindSavedForms },
  { name: "image_cache", run: () => diskImageStore().trimCache() },
  { name: "retention", run: runDailyRetention },
  { name: "unconfirmed_alerts", run: sweepUnconfirmedAlerts },
  { name: "job_alerts", run: runWeeklyJobAlerts },
  // Offers past their deadline lapse, lapse warnings, freed seats offered to the waiting list:
  // each row by a conditional update, so once however many instances run this (decision 074).
  { name: "offers", run: runOfferSweep },
];

/**
 * Runs every step, each timed and counted as its own job (`housekeeping_<step>` in /metrics), and
 * each isolated: a step that throws (say, trimming the image cache on a full disk) is logged and
 * counted, and the steps after it still run, so retention and the offers' sweep never wait on it.
 * Throws at the end when any step failed, so the whole run is counted as failed too.
 */
export async function runHousekeeping(steps: readonly Step[] = HOUSEKEEPING_STEPS) {
  const db = await getDb();
  const failed: string[] = [];
  for (const step of steps) {
    await timedJob(`housekeeping_${step.name}`, () => step.run(db)).catch((error: unknown) => {
      failed.push(step.name);
      console.error("[housekeeping]", JSON.stringify({ step: step.name, error: loggableError(error) }));
    });
  }
  if (failed.length) throw new Error(`housekeeping steps failed: ${failed.join(", ")}`);
}

const holder = globalThis as unknown as { __academyHousekeeping?: NodeJS.Timeout };

/** Starts the timer once per process (first API call); it never keeps the process alive. */
export function startHousekeeping() {
  if (holder.__academyHousekeeping) return;
  const tick = () =>
    timedJob("housekeeping", runHousekeeping).catch((error) =>
      console.error("[housekeeping]", JSON.stringify(loggableError(error))),
    );
  holder.__academyHousekeeping = setInterval(tick, HOUSEKEEPING_EVERY_MS);
  holder.__academyHousekeeping.unref();
}
