import { dayWords } from "@domain/intakes";
import { lagosDate } from "@domain/schedule";

import type { DB } from "../db";
import { queueMail } from "../mail";
import { savedFormReminderMail } from "../mail/templates";
import { siteSettings } from "./settings";

// One reminder to a person who saved the registration form and did not come back, after the days
// the academy set (docs/decisions/076-the-admissions-desk.md). Run by the housekeeping timer on
// every instance: each form is claimed by one conditional update (`reminded_at is null`) in the
// transaction that queues its mail, so two runners, or two runs, never send it twice.

const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = 100;

/** Queues the reminders now due; answers how many were queued. */
export async function remindSavedForms(db: DB, now = new Date()) {
  const settings = await siteSettings();
  const before = new Date(now.getTime() - settings.admissions.savedFormReminderDays * DAY_MS).toISOString();
  const at = now.toISOString();
  let queued = 0;
  for (;;) {
    // saved_forms_reminder (reminded_at, created_at): only the forms not reminded yet are read.
    const due = await db
      .selectFrom("saved_forms")
      .select(["token_hash", "email", "created_at", "expires_at"])
      .where("reminded_at", "is", null)
      .where("created_at", "<=", before)
      .orderBy("created_at")
      .limit(BATCH)
      .execute();
    for (const form of due) {
      const sent = await db.transaction().execute(async (trx) => {
        const claimed = await trx
          .updateTable("saved_forms")
          .set({ reminded_at: at })
          .where("token_hash", "=", form.token_hash)
          .where("reminded_at", "is", null)
          .executeTakeFirst();
        // Another runner took it, or there is no address or time left to come back: claimed, no mail.
        if (Number(claimed.numUpdatedRows) !== 1 || !form.email || form.expires_at <= at) return false;
        await queueMail(trx, {
          to: form.email,
          ...savedFormReminderMail(
            {
              savedOn: dayWords(lagosDate(new Date(form.created_at))),
              expiresOn: dayWords(lagosDate(new Date(form.expires_at))),
            },
            settings,
          ),
        });
        return true;
      });
      if (sent) queued += 1;
    }
    if (due.length < BATCH) return queued;
  }
}
