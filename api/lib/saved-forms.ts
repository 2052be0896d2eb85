import type { Transaction } from "kysely";

import type { DB } from "../db";
import type { Database } from "../db/schema";
import { deleteSavedForm } from "../privacy/retention";
import { removePrivateFile } from "../storage/private-files";
import { hashSecret, nowIso } from "./ids";
import { abandonedAfterMs, savedFileMs } from "./upload-quota";

// Files waiting for a form: a saved form's end (docs/decisions/036-save-for-later-and-camera-photos.md),
// used up by the form that replaces it or the registration that sends it, or swept once its days
// are over; and the files of a form never sent, swept after a few hours (api/housekeeping.ts).

/**
 * Uses up a saved form: its row goes, and its files are handed to the form that replaces it
 * (`movedTo`) or left to the registration that claims them in the same transaction.
 */
export async function consumeSavedForm(trx: Transaction<Database>, token: string, movedTo: string | null = null) {
  const hash = hashSecret(token);
  await trx.deleteFrom("saved_forms").where("token_hash", "=", hash).execute();
  await trx
    .updateTable("private_files")
    .set({ saved_form: movedTo })
    .where("saved_form", "=", hash)
    .where("applicant_id", "is", null)
    .execute();
}

/**
 * A registration sent afresh by the person who saved a form for the same course (or none chosen
 * yet) uses that form up too: it is no longer "saved, not sent" (no reminder, off the desk), and
 * its files are left to the sweep of files no form kept (docs/decisions/100-one-live-application-per-course.md).
 * Found by the saved forms' e-mail and phone keys; a form for another course is the person's still.
 */
export async function forgetSavedFormsOf(
  trx: Transaction<Database>,
  email: string,
  phoneKey: string | null,
  courseId: string,
) {
  const key = email.trim().toLowerCase();
  const rows = await trx
    .selectFrom("saved_forms")
    .select(["token_hash", "fields"])
    .where((eb) => (phoneKey ? eb.or([eb("email", "=", key), eb("phone_key", "=", phoneKey)]) : eb("email", "=", key)))
    .limit(20)
    .execute();
  const sent = rows.filter((r) => {
    let fields: Record<string, unknown> = {};
    try {
      fields = JSON.parse(r.fields) as Record<string, unknown>;
    } catch {
      // An unreadable form names no course: it is taken as this one's.
    }
    const typed = fields.courseId ?? fields.course;
    return typeof typed !== "string" || typed === "" || typed === courseId;
  });
  for (const { token_hash } of sent) {
    await trx.deleteFrom("saved_forms").where("token_hash", "=", token_hash).execute();
    await trx
      .updateTable("private_files")
      .set({ saved_form: null })
      .where("saved_form", "=", token_hash)
      .where("applicant_id", "is", null)
      .execute();
  }
}

/**
 * Saved forms past their 14 days go, with their files (api/housekeeping.ts). A file claimed
 * meanwhile by a registration has an applicant and is left alone.
 */
export async function sweepSavedForms(db: DB) {
  const now = nowIso();
  // A file is kept 14 days from its upload, not from its form's last save (`replaces` renews the
  // form, never its files): among the few unclaimed files, those past it go (docs/security.md).
  const before = new Date(Date.now() - savedFileMs()).toISOString();
  for (;;) {
    const old = await db
      .selectFrom("private_files")
      .select("public_id")
      .where("applicant_id", "is", null)
      .where("saved_form", "is not", null)
      .where("created_at", "<", before)
      .limit(100)
      .execute();
    for (const { public_id } of old) {
      const gone = await db
        .deleteFrom("private_files")
        .where("public_id", "=", public_id)
        .where("applicant_id", "is", null)
        .executeTakeFirst();
      if (Number(gone.numDeletedRows) === 1) await removePrivateFile(public_id);
    }
    if (old.length < 100) break;
  }
  for (;;) {
    const expired = await db
      .selectFrom("saved_forms")
      .select("token_hash")
      .where("expires_at", "<=", now)
      .limit(100)
      .execute();
    for (const { token_hash } of expired) await deleteSavedForm(db, token_hash);
    if (expired.length < 100) return;
  }
}

/** Files uploaded for a form that was never sent are removed after UNCLAIMED_HOURS (api/housekeeping.ts). */
export async function sweepAbandonedFiles(db: DB) {
  const before = new Date(Date.now() - abandonedAfterMs()).toISOString();
  for (;;) {
    const stale = await db
      .selectFrom("private_files")
      .select("public_id")
      .where("applicant_id", "is", null)
      // A saved form keeps its files for 14 days (sweepSavedForms, below, sweeps those).
      .where("saved_form", "is", null)
      .where("created_at", "<", before)
      .limit(100)
      .execute();
    for (const { public_id } of stale) {
      // The row first: once it is gone no registration can claim the file, so removing the
      // file cannot break one that was sent meanwhile.
      const gone = await db
        .deleteFrom("private_files")
        .where("public_id", "=", public_id)
        .where("applicant_id", "is", null)
        .where("saved_form", "is", null)
        .executeTakeFirst();
      if (Number(gone.numDeletedRows) === 1) await removePrivateFile(public_id);
    }
    if (stale.length < 100) return;
  }
}
