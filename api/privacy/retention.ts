import type { Expression, ExpressionBuilder, SqlBool } from "kysely";

import { lagosDay } from "@domain/consent";
import { INSIGHT_KEEP_DAYS } from "@domain/insights";
import { CLOSED_STATUSES, type RetentionSettings } from "@domain/retention";

import { config } from "../config";
import type { DB } from "../db";
import type { Database } from "../db/schema";
import { deleteCountsBefore } from "../lib/insight-counts";
import { removePrivateFile } from "../storage/private-files";

// The retention schedule (docs/product.md, "Retention"; docs/decisions/034-retention-and-rights.md),
// applied once a day. Every rule reads "older than N days", so a run that was missed (an instance
// stopped mid-run, a day without any instance) is caught up by the next one; the clock is a
// parameter, so tests move it. Work goes in batches of BATCH rows through indexes, never a
// whole table at once.

const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = 100;
const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();
const daysAfter = (iso: string, days: number) => new Date(Date.parse(iso) + days * DAY_MS).toISOString();

export type RetentionCounts = {
  filesDeleted: number;
  applicantsWithFilesDeleted: number;
  applicantsAnonymised: number;
  messagesDeleted: number;
  visitCountsDeleted: number;
  paymentEventsCleared: number;
};

/** Paystack's events and verifications as received are kept a year, then emptied (the payment's row stays: it is the academy's accounts). */
const PAYMENT_EVENT_DAYS = 365;

/**
 * The day an applicant's ID documents and certificates are deleted, with the rule that sets it:
 * after Declined or withdrawn, after Enrolled, or else with the record's anonymisation; null once
 * deleted. Staff see it on the applicant's page.
 */
export function filesDeletedOn(
  row: { status: string; status_changed_at: string | null; updated_at: string | null; created_at: string },
  settings: RetentionSettings = config().retention,
) {
  const changed = row.status_changed_at ?? row.created_at;
  if ((CLOSED_STATUSES as readonly string[]).includes(row.status))
    return { on: daysAfter(changed, settings.filesAfterClosedDays), rule: "closed" as const };
  if (row.status === "enrolled")
    return { on: daysAfter(changed, settings.filesAfterEnrolledDays), rule: "enrolled" as const };
  return { on: daysAfter(row.updated_at ?? row.created_at, settings.applicantAfterDays), rule: "inactive" as const };
}

/**
 * Deletes the private files `whose` selects: each row first (nothing can reach the file then),
 * then the file. The row is deleted only if it still matches (a saved form's file claimed
 * meanwhile by a registration is left alone). Answers the files deleted.
 */
async function deletePrivateFiles(
  db: DB,
  whose: (eb: ExpressionBuilder<Database, "private_files">) => Expression<SqlBool>,
) {
  const files = await db.selectFrom("private_files").select("public_id").where(whose).execute();
  let n = 0;
  for (const { public_id } of files) {
    const gone = await db
      .deleteFrom("private_files")
      .where("public_id", "=", public_id)
      .where(whose)
      .executeTakeFirst();
    if (Number(gone.numDeletedRows) === 1) {
      await removePrivateFile(public_id);
      n++;
    }
  }
  return n;
}

/** Deletes an applicant's files. */
export const deleteApplicantFiles = (db: DB, applicantId: string) =>
  deletePrivateFiles(db, (eb) => eb("applicant_id", "=", applicantId));

/**
 * Deletes a form saved to finish later (docs/decisions/036) with its files: the files no
 * registration claimed, then the form. Answers the files deleted.
 */
export async function deleteSavedForm(db: DB, tokenHash: string) {
  const n = await deletePrivateFiles(db, (eb) =>
    eb.and([eb("saved_form", "=", tokenHash), eb("applicant_id", "is", null)]),
  );
  await db.deleteFrom("saved_forms").where("token_hash", "=", tokenHash).execute();
  return n;
}

/** What an anonymised applicant keeps: the course, the kind of course, the status and when it came (for counts). */
const ANONYMOUS = {
  firstname: "Anonymised",
  lastname: "applicant",
  gender: "N/A",
  dob: "",
  email: "",
  phone: "",
  phone_key: null,
  street: "",
  city: "",
  state: "",
  postal_code: "",
  id_cards: "[]",
  school_name: "",
  graduation_year: 0,
  emergency_fullname: "",
  emergency_relationship: "",
  emergency_phone: "",
  guardian_name: null,
  guardian_relationship: null,
  guardian_phone: null,
  guardian_email: null,
  guardian_token_hash: null,
} as const;

/** Anonymises one applicant: files, notes and mails go; the row keeps only ANONYMOUS's columns. */
async function anonymise(db: DB, applicantId: string, now: string) {
  const files = await deleteApplicantFiles(db, applicantId);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("applicant_notes").where("applicant_id", "=", applicantId).execute();
    await trx.deleteFrom("applicant_mails").where("applicant_id", "=", applicantId).execute();
    // Paystack's events name the payer; the payment itself stays in the accounts.
    await trx
      .updateTable("payments")
      .set({ raw_event: null, raw_event_at: null })
      .where("applicant_id", "=", applicantId)
      .execute();
    // An anonymised application has no status page any more (docs/decisions/035-application-status-page.md).
    await trx.deleteFrom("application_links").where("applicant_id", "=", applicantId).execute();
    await trx
      .updateTable("applicants")
      .set({ ...ANONYMOUS, anonymised_at: now, files_deleted_at: now })
      .where("id", "=", applicantId)
      .execute();
  });
  return files;
}

/** Applies the schedule as it stands at `now`; answers what it removed, by count. */
export async function applyRetention(db: DB, now: Date, settings: RetentionSettings = config().retention) {
  const counts: RetentionCounts = {
    filesDeleted: 0,
    applicantsWithFilesDeleted: 0,
    applicantsAnonymised: 0,
    messagesDeleted: 0,
    visitCountsDeleted: 0,
    paymentEventsCleared: 0,
  };
  const stamp = now.toISOString();

  // ID documents and certificates after Declined / withdrawn, and after Enrolled.
  const fileRules: [readonly string[], number][] = [
    [CLOSED_STATUSES, settings.filesAfterClosedDays],
    [["enrolled"], settings.filesAfterEnrolledDays],
  ];
  for (const [statuses, days] of fileRules) {
    const before = daysBefore(now, days);
    for (;;) {
      const due = await db
        .selectFrom("applicants")
        .select("id")
        .where("status", "in", [...statuses] as never[])
        .where("files_deleted_at", "is", null)
        .where("status_changed_at", "<", before)
        .limit(BATCH)
        .execute();
      for (const { id } of due) {
        counts.filesDeleted += await deleteApplicantFiles(db, id);
        await db.updateTable("applicants").set({ files_deleted_at: stamp }).where("id", "=", id).execute();
        counts.applicantsWithFilesDeleted++;
      }
      if (due.length < BATCH) break;
    }
  }

  // Applicant records, some time after their last change.
  const staleBefore = daysBefore(now, settings.applicantAfterDays);
  for (;;) {
    const due = await db
      .selectFrom("applicants")
      .select("id")
      .where("updated_at", "<", staleBefore)
      .where("anonymised_at", "is", null)
      .orderBy("updated_at")
      .limit(BATCH)
      .execute();
    for (const { id } of due) {
      counts.filesDeleted += await anonymise(db, id, stamp);
      counts.applicantsAnonymised++;
    }
    if (due.length < BATCH) break;
  }

  // Contact messages.
  const messagesBefore = daysBefore(now, settings.messagesAfterDays);
  for (;;) {
    const due = await db
      .selectFrom("contact_messages")
      .select("id")
      .where("created_at", "<", messagesBefore)
      .orderBy("created_at")
      .limit(BATCH)
      .execute();
    if (due.length === 0) break;
    const gone = await db
      .deleteFrom("contact_messages")
      .where(
        "id",
        "in",
        due.map((m) => m.id),
      )
      .executeTakeFirst();
    counts.messagesDeleted += Number(gone.numDeletedRows);
    if (due.length < BATCH) break;
  }

  // Daily visit counts (docs/decisions/064-cookie-free-visit-counts.md): nobody's data, kept two years.
  counts.visitCountsDeleted = await deleteCountsBefore(
    db,
    lagosDay(new Date(now.getTime() - INSIGHT_KEEP_DAYS * DAY_MS)),
  );
  // Paystack's raw events (docs/decisions/063-payments-table-and-paystack-webhooks.md), by the raw_event_at index.
  const eventsBefore = daysBefore(now, PAYMENT_EVENT_DAYS);
  for (;;) {
    const due = await db
      .selectFrom("payments")
      .select("id")
      .where("raw_event_at", "<", eventsBefore)
      .orderBy("raw_event_at")
      .limit(BATCH)
      .execute();
    if (due.length === 0) break;
    const cleared = await db
      .updateTable("payments")
      .set({ raw_event: null, raw_event_at: null })
      .where(
        "id",
        "in",
        due.map((p) => p.id),
      )
      .executeTakeFirst();
    counts.paymentEventsCleared += Number(cleared.numUpdatedRows);
    if (due.length < BATCH) break;
  }
  return counts;
}

export const RETENTION_JOB = "retention";

/**
 * Today's run of the schedule (a Lagos day), by whichever instance claims it first: the claim is
 * a row keyed by job and day, and of several instances inserting it at once exactly one succeeds
 * (the primary key), so the job runs once a day however many instances call this. Answers the
 * counts, or null when today's run was already claimed. The log holds counts only.
 */
export async function runDailyRetention(db: DB, now: Date = new Date()) {
  const day = lagosDay(now);
  const claimed = await db
    .insertInto("job_runs")
    .values({ job: RETENTION_JOB, run_on: day, started_at: now.toISOString(), finished_at: null, summary: null })
    .onConflict((oc) => oc.columns(["job", "run_on"]).doNothing())
    .executeTakeFirst();
  if (Number(claimed.numInsertedOrUpdatedRows ?? 0) !== 1) return null;
  const counts = await applyRetention(db, now);
  await db
    .updateTable("job_runs")
    .set({ finished_at: new Date().toISOString(), summary: JSON.stringify(counts) })
    .where("job", "=", RETENTION_JOB)
    .where("run_on", "=", day)
    .execute();
  console.log(`[retention] ${day} ${JSON.stringify(counts)}`);
  return counts;
}
