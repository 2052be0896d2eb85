import { lagosDate } from "@domain/schedule";

import type { DB } from "../db";
import { boundedCount } from "./bounded-count";
import { nowIso } from "./ids";
import { toStaffIntake, waitingCounts } from "./intakes";

// The admissions desk (docs/decisions/076-the-admissions-desk.md): the day's work as counts, each
// one query on an index (named beside it) that stops at the staff badges' bound (999, then "999+":
// api/lib/bounded-count.ts), so the page costs the same with ten applicants or a hundred thousand;
// and the open intakes' seats and waiting lists.

/** The most intakes the desk lists; more open at once than this is not an academy's day. */
export const DESK_INTAKES = 40;

export async function deskFigures(db: DB) {
  const now = nowIso();
  const weekOn = new Date(Date.parse(now) + 7 * 24 * 60 * 60 * 1000).toISOString();
  const [newApplications, receiptsWaiting, guardiansPending, offersLapsing, savedForms, refundsToDecide, intakeRows] =
    await Promise.all([
      // applicants_status
      boundedCount(db, db.selectFrom("applicants").where("status", "=", "new")),
      // applicants_proof_list
      boundedCount(db, db.selectFrom("applicants").where("payment_proof", "=", "waiting")),
      // applicants_guardian_pending (partial: only the guardians still to answer)
      boundedCount(
        db,
        db
          .selectFrom("applicants")
          .where("guardian_relationship", "is not", null)
          .where("guardian_confirmed_at", "is", null)
          .where("guardian_refused_at", "is", null),
      ),
      // applicants_offer_expires: offers still open whose deadline falls in the next seven days
      // (docs/decisions/074-one-status-model-and-when-a-seat-is-taken.md)
      boundedCount(
        db,
        db
          .selectFrom("applicants")
          .where("offer_expires_at", ">", now)
          .where("offer_expires_at", "<=", weekOn)
          .where("status", "=", "offered"),
      ),
      // saved_forms_expiry: a form saved and not sent yet (sending or replacing it removes its row)
      boundedCount(db, db.selectFrom("saved_forms").where("expires_at", ">", now)),
      // applicants_refund_open (partial): withdrawn after paying, the refund still to decide
      // (docs/decisions/099-withdrawn-after-paying.md)
      boundedCount(db, db.selectFrom("applicants").where("refund_question", "=", "open")),
      // intakes_status_start
      db
        .selectFrom("intakes")
        .innerJoin("courses", "courses.id", "intakes.course_id")
        .selectAll("intakes")
        .select("courses.title as course_title")
        .where("intakes.status", "=", "open")
        .orderBy("intakes.start_date")
        .orderBy("intakes.id")
        .limit(DESK_INTAKES)
        .execute(),
    ]);
  const waiting = await waitingCounts(
    db,
    intakeRows.map((r) => r.id),
  );
  const today = lagosDate();
  const work = { newApplications, receiptsWaiting, guardiansPending, offersLapsing, savedForms, refundsToDecide };
  return {
    ...(Object.fromEntries(Object.entries(work).map(([k, c]) => [k, c.n])) as Record<keyof typeof work, number>),
    // The counts that stopped at their bound: the page says "999+" for them.
    more: Object.keys(work).filter((k) => work[k as keyof typeof work].more),
    intakes: intakeRows.map(({ course_title, ...row }) => ({
      ...toStaffIntake(row, today, waiting.get(row.id) ?? 0),
      courseTitle: course_title,
    })),
  };
}
