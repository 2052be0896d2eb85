import { getDb } from "./db";
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
 * Ended sessions, used or expired reset tokens and invitations, security log entries over a
 * year old, files of forms never sent, surplus image variants, job alerts never confirmed; once a
 * day across all instances, the retention schedule (api/privacy/retention.ts); once a week, the
 * job alerts' mail (api/lib/job-alerts.ts); the saved forms' one reminder (api/lib/saved-form-reminders.ts).
 */
export async function runHousekeeping() {
  const db = await getDb();
  const now = nowIso();
  await db.deleteFrom("sessions").where("expires_at", "<=", now).execute();
  await db
    .deleteFrom("password_resets")
    .where((eb) => eb.or([eb("expires_at", "<=", now), eb("used_at", "is not", null)]))
    .execute();
  // Sent mails are kept a week for the staff page's sake (their bodies went when sent); mails
  // given up, a month (docs/decisions/043-durable-mail-queue.md).
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
  // Files of mails no longer in the outbox (deleted above, or erased with their person).
  await db
    .deleteFrom("mail_attachments")
    .where("mail_id", "not in", db.selectFrom("mail_outbox").select("id"))
    .execute();
  // An invitation is kept a week past its expiry, so the staff page can show it as expired.
  await db
    .deleteFrom("staff_invitations")
    .where("expires_at", "<=", new Date(Date.now() - 7 * 24 * 60 * 60 * 1000).toISOString())
    .execute();
  // The outbox folder's files (no SMTP_URL) with the rows' retention above (docs/security.md).
  await sweepOutboxFiles(db);
  await purgeSecurityLog(db);
  await purgeServerErrors(db);
  await sweepAbandonedFiles(db);
  await sweepSavedForms(db);
  await remindSavedForms(db);
  await diskImageStore().trimCache();
  await runDailyRetention(db);
  await sweepUnconfirmedAlerts(db);
  await runWeeklyJobAlerts(db);
  // Offers past their deadline lapse, lapse warnings, freed seats offered to the waiting list:
  // each row by a conditional update, so once however many instances run this (decision 074).
  await runOfferSweep(db);
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
