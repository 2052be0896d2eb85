import { sql } from "kysely";

import { lagosDate } from "@domain/schedule";

import { config } from "../config";
import type { DB } from "../db";
import { queueMail } from "../mail";
import { jobAlertConfirmMail, jobAlertWeeklyMail } from "../mail/job-alert-mails";
import { hashSecret, newId, newSecret, nowIso } from "./ids";
import { siteSettings } from "./settings";
import { isPublicAt } from "./visibility";

// Job alerts (docs/product.md §2, Blog; docs/decisions/066-job-alerts.md): a weekly mail of new
// jobs to an address confirmed by a mailed link, and one-click unsubscribe in every mail.

/** Days a confirmation link works; an unconfirmed address is forgotten after them. */
export const JOB_ALERT_CONFIRM_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;
const JOB = "job-alerts";
/** Jobs listed in one weekly mail; more are counted with a link to the list. */
const JOBS_PER_MAIL = 20;
/** Alerts read per step of the weekly run, by key: each step is one small query. */
const BATCH = 500;

const jobsListUrl = () => `${config().PUBLIC_URL}/blog?jobs`;
const unsubscribeUrl = (token: string) => `${config().PUBLIC_URL}/job-alerts/unsubscribe?token=${token}`;

/**
 * A request for alerts. The answer never says whether the address was known; a confirmed address
 * gets nothing new, an unconfirmed one a fresh link (when `mayMail` allows one to it today).
 */
export async function requestJobAlert(db: DB, email: string, mayMail: () => Promise<boolean>) {
  const key = email.toLowerCase();
  const known = await db
    .selectFrom("job_alerts")
    .select("confirmed_at")
    .where("email_key", "=", key)
    .executeTakeFirst();
  if (known?.confirmed_at || !(await mayMail())) return;
  const secret = newSecret();
  const now = nowIso();
  // Read before the transaction: on SQLite a read outside it would wait for it (one connection).
  const settings = await siteSettings();
  await db.transaction().execute(async (trx) => {
    const { unsubscribe_token } = await trx
      .insertInto("job_alerts")
      .values({
        id: newId(),
        email,
        email_key: key,
        confirm_hash: hashSecret(secret),
        unsubscribe_token: newSecret(),
        confirmed_at: null,
        created_at: now,
      })
      // Asked again before confirming: the new link replaces the old one.
      .onConflict((oc) => oc.column("email_key").doUpdateSet({ confirm_hash: hashSecret(secret), created_at: now }))
      .returning("unsubscribe_token")
      .executeTakeFirstOrThrow();
    const unsubscribe = unsubscribeUrl(unsubscribe_token);
    await queueMail(trx, {
      to: email,
      ...jobAlertConfirmMail(
        {
          confirmUrl: `${config().PUBLIC_URL}/job-alerts/confirm?token=${secret}`,
          days: JOB_ALERT_CONFIRM_DAYS,
          unsubscribeUrl: unsubscribe,
        },
        settings,
      ),
      listUnsubscribe: unsubscribe,
    });
  });
}

/** The button of the confirmation link: true once the alert is on (again pressed: still true). */
export async function confirmJobAlert(db: DB, token: string) {
  const row = await db
    .selectFrom("job_alerts")
    .select(["id", "created_at", "confirmed_at"])
    .where("confirm_hash", "=", hashSecret(token))
    .executeTakeFirst();
  if (!row) return false;
  if (row.confirmed_at) return true;
  if (Date.parse(row.created_at) + JOB_ALERT_CONFIRM_DAYS * DAY_MS < Date.now()) return false;
  await db.updateTable("job_alerts").set({ confirmed_at: nowIso() }).where("id", "=", row.id).execute();
  return true;
}

/** The unsubscribe button, or a mail app's one-click POST: the address is forgotten at once. */
export async function endJobAlert(db: DB, token: string) {
  await db.deleteFrom("job_alerts").where("unsubscribe_token", "=", token).execute();
}

/** Addresses never confirmed are forgotten once their link has expired (housekeeping). */
export async function sweepUnconfirmedAlerts(db: DB, now = new Date()) {
  await db
    .deleteFrom("job_alerts")
    .where("confirmed_at", "is", null)
    .where("created_at", "<", new Date(now.getTime() - JOB_ALERT_CONFIRM_DAYS * DAY_MS).toISOString())
    .execute();
}

/** The Monday (Lagos) of `now`'s week: the weekly run's key. */
function weekOf(now: Date) {
  const today = new Date(`${lagosDate(now)}T00:00:00Z`);
  const back = (today.getUTCDay() + 6) % 7;
  return new Date(today.getTime() - back * DAY_MS).toISOString().slice(0, 10);
}

/**
 * Once a week across every instance (the job_runs claim, as the retention job's): each confirmed
 * address gets one mail listing the jobs published since the last run. A week without new jobs
 * sends nothing. Returns the number of mails queued, or null when this week's run was done already.
 */
export async function runWeeklyJobAlerts(db: DB, now = new Date()) {
  const week = weekOf(now);
  const claimed = await db
    .insertInto("job_runs")
    .values({ job: JOB, run_on: week, started_at: now.toISOString(), finished_at: null, summary: null })
    .onConflict((oc) => oc.columns(["job", "run_on"]).doNothing())
    .executeTakeFirst();
  if (Number(claimed.numInsertedOrUpdatedRows ?? 0) !== 1) return null;
  const previous = await db
    .selectFrom("job_runs")
    .select("started_at")
    .where("job", "=", JOB)
    .where("run_on", "<", week)
    .orderBy("run_on", "desc")
    .limit(1)
    .executeTakeFirst();
  const since = previous?.started_at ?? new Date(now.getTime() - 7 * DAY_MS).toISOString();
  const jobs = await newJobs(db, since, now.toISOString());
  let sent = 0;
  if (jobs.length) {
    const listed = jobs.slice(0, JOBS_PER_MAIL).map((job) => ({
      title: job.title,
      company: job.company_name,
      place: job.job_location,
      url: `${config().PUBLIC_URL}/job/${encodeURIComponent(job.id)}/${encodeURIComponent(job.slug)}`,
    }));
    const settings = await siteSettings();
    let after = "";
    for (;;) {
      const alerts = await db
        .selectFrom("job_alerts")
        .select(["id", "email", "unsubscribe_token"])
        .where("confirmed_at", "is not", null)
        .where("id", ">", after)
        .orderBy("id")
        .limit(BATCH)
        .execute();
      if (!alerts.length) break;
      await db.transaction().execute(async (trx) => {
        for (const alert of alerts) {
          const unsubscribe = unsubscribeUrl(alert.unsubscribe_token);
          await queueMail(trx, {
            to: alert.email,
            ...jobAlertWeeklyMail(
              {
                jobs: listed,
                more: jobs.length - listed.length,
                listUrl: jobsListUrl(),
                unsubscribeUrl: unsubscribe,
              },
              settings,
            ),
            listUnsubscribe: unsubscribe,
          });
        }
      });
      sent += alerts.length;
      after = alerts.at(-1)!.id;
    }
  }
  await db
    .updateTable("job_runs")
    .set({ finished_at: new Date().toISOString(), summary: JSON.stringify({ jobs: jobs.length, mails: sent }) })
    .where("job", "=", JOB)
    .where("run_on", "=", week)
    .execute();
  return sent;
}

/**
 * Jobs that became public since the last run: created since then (the list's index), or scheduled
 * and published since then (the schedule's index). At most one mail's worth and a count beyond.
 */
async function newJobs(db: DB, since: string, now: string) {
  const cap = 200;
  const columns = ["id", "slug", "title", "company_name", "job_location", "created_at"] as const;
  const created = await db
    .selectFrom("posts")
    .select(columns)
    .where("post_type", "=", "job")
    .where("created_at", ">", since)
    .where(isPublicAt(now))
    .orderBy("created_at", "desc")
    .limit(cap)
    .execute();
  const scheduled = await db
    .selectFrom("posts")
    .select(columns)
    .where("publish_at", ">", since)
    .where("publish_at", "<=", now)
    .where("post_type", "=", "job")
    .where(sql<boolean>`coalesce(trashed_at, '') = ''`)
    .orderBy("publish_at", "desc")
    .limit(cap)
    .execute();
  const byId = new Map([...created, ...scheduled].map((job) => [job.id, job]));
  return [...byId.values()].sort((a, b) => b.created_at.localeCompare(a.created_at));
}
