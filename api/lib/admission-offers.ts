import { HTTPException } from "hono/http-exception";
import type { Selectable, Transaction, Updateable, UpdateQueryBuilder, UpdateResult } from "kysely";
import { sql } from "kysely";

import { dayWords } from "@domain/intakes";
import {
  type ApplicantStatusValue,
  ENDED,
  movableFrom,
  type Mover,
  OFFER_DAYS,
  OFFER_WARNING_DAYS,
  SEAT_HOLDING,
  STATUS_MOVES,
} from "@domain/pipeline";
import { applicationReference } from "@domain/registrations";
import type { SiteSettings } from "@domain/settings";

import { config } from "../config";
import type { DB } from "../db";
import type { ApplicantsTable, Database } from "../db/schema";
import { admissionsAddress, queueMail, queueNotice } from "../mail";
import { type DecisionKind, decisionMail, guardianDecisionCopy } from "../mail/decision-mails";
import { owedWords, paidWords } from "../mail/payment-mails";
import { greetingName, statusLink, withdrawalNotice, withdrawnAfterPaymentMail } from "../mail/templates";
import { apiMessages } from "../messages";
import { recordSecurityEvent } from "../security-events";
import { fail } from "./fail";
import { hashSecret, newSecret, nowIso } from "./ids";
import { leaveIntake, listThoseLeftWithoutSeat, takeSeat, waitingPosition } from "./intakes";
import { lagosMoment, type LetterReader, offerLetterAttachment } from "./offer-letter-pdf";
import { siteSettings } from "./settings";
import { accountStatement } from "./statement";
import { newStatusLink } from "./status-links";

// Offers and the decisions' mails (docs/decisions/074-one-status-model-and-when-a-seat-is-taken.md).
// A seat is taken when the offer is made (takeSeat's conditional update), so an open offer always
// has its seat and an accepted one needs no second check. A lapse, a decline or a withdrawal gives
// it back (leaveIntake); the sweep offers it to the first on the waiting list. Every step is a
// conditional update of the applicant's row, so two instances running the sweep at once do each
// thing once: the second finds the row changed and moves on.

type Trx = Transaction<Database>;
type Applicant = Selectable<ApplicantsTable>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The end of a Lagos day (YYYY-MM-DD) as an ISO moment: an offer "by 5 December" is open all that day. */
export const endOfLagosDay = (day: string) => new Date(`${day}T23:59:59.999+01:00`).toISOString();

async function intakeOf(db: DB, intakeId: string | null) {
  if (!intakeId) return null;
  return (await db.selectFrom("intakes").selectAll().where("id", "=", intakeId).executeTakeFirst()) ?? null;
}

/** A guardian's read-only status link (decision 074): the page, no forms. */
async function newReaderLink(db: DB, applicantId: string) {
  const token = newSecret();
  await db
    .insertInto("application_links")
    .values({ token_hash: hashSecret(token), applicant_id: applicantId, created_at: nowIso(), reader: 1 })
    .execute();
  return token;
}

/**
 * Queues a decision's mail to the applicant (with a fresh status link) and, for a minor with a
 * guardian on file, a copy to the guardian with their own read-only link. In the caller's
 * transaction: the decision and its mails are stored together or not at all.
 */
export async function mailDecision(trx: Trx, row: Applicant, kind: DecisionKind, academy: SiteSettings) {
  const intake = await intakeOf(trx, row.intake_id);
  const url = statusLink(config().PUBLIC_URL, await newStatusLink(trx, row.id));
  const facts = {
    firstname: row.firstname,
    reference: applicationReference(row.id),
    course: row.course_title,
    intake: intake ? `starts ${dayWords(intake.start_date)} · ${intake.schedule} · ${intake.campus}` : "",
    deadline: row.offer_expires_at ? `${lagosMoment(row.offer_expires_at)} (Lagos time)` : "",
    position: kind === "waiting" ? await waitingPosition(trx, row) : null,
    owed: kind === "enrolled" || kind === "accepted" ? owedWords(await accountStatement(trx, row, academy)) : "",
    url,
  };
  const attachments = kind === "offer" ? [await offerLetterAttachment(row, intake, url, academy)] : [];
  await queueMail(trx, {
    to: row.email,
    replyTo: admissionsAddress(academy),
    ...decisionMail(kind, facts, academy),
    attachments,
  });
  if (row.guardian_relationship && row.guardian_email) {
    const readerUrl = statusLink(config().PUBLIC_URL, await newReaderLink(trx, row.id));
    await queueMail(trx, {
      to: row.guardian_email,
      replyTo: admissionsAddress(academy),
      ...guardianDecisionCopy(
        kind,
        { ...facts, url: readerUrl, guardian: greetingName(row.guardian_name ?? "") },
        academy,
      ),
      // The guardian's own letter: its QR code is the read-only link. The applicant's letter holds
      // the applicant's link, which answers the offer (decision 091): never in a guardian's copy.
      attachments: kind === "offer" ? [await offerLetterAttachment(row, intake, readerUrl, academy, "guardian")] : [],
    });
  }
}

type ApplicantUpdate = UpdateQueryBuilder<Database, "applicants", "applicants", UpdateResult>;

/**
 * The one place an application's status changes (docs/decisions/089-one-place-moves-an-applicant.md),
 * in the caller's transaction, each side-effect stated once:
 * - the row, by a conditional update: only from a status `by` may move it from (the table in
 *   domain/pipeline.ts, narrowed by `from`), and only while `where` still holds, so two instances or
 *   two clicks move it once; `status_changed_*` and `updated_at` (the retention clock) with it;
 * - the seat: taken on the way into Offered, Accepted or Enrolled (409, and nothing stored, when the
 *   intake is full), given back with the place on the waiting list when it ends;
 * - who is told: the applicant (and a guardian, with their read-only link) of an offer, of Not
 *   admitted and of Enrolled; admissions of a withdrawal by the applicant; both of a withdrawal
 *   after a payment, which opens its refund question (docs/decisions/099);
 * - the security log, for a move by a staff member's hand.
 * Answers the row as it now stands, or null when it was not in a state to move (the caller says 404 or 409).
 */
export async function moveApplicant(
  trx: Trx,
  id: string,
  move: {
    to: ApplicantStatusValue;
    by: Mover;
    /** Fewer statuses than the table allows (an offer answered: only Offered). */
    from?: readonly ApplicantStatusValue[];
    /** A further condition the row must still meet (an offer still open). */
    where?: (update: ApplicantUpdate) => ApplicantUpdate;
    /** Other columns that change with the status (an offer's deadline). */
    set?: Updateable<ApplicantsTable>;
    academy: SiteSettings;
    at?: string;
  },
): Promise<Applicant | null> {
  const at = move.at ?? nowIso();
  const allowed = movableFrom(move.to, move.by).filter((s) => !move.from || move.from.includes(s));
  if (allowed.length === 0) return null;
  let update = trx
    .updateTable("applicants")
    .set({
      ...move.set,
      status: move.to,
      status_changed_by: typeof move.by === "object" ? move.by.staff : null,
      status_changed_at: at,
      updated_at: at,
    })
    .where("id", "=", id)
    .where("status", "in", [...allowed]);
  if (move.where) update = move.where(update);
  const row = await update.returningAll().executeTakeFirst();
  if (!row) return null;

  if (SEAT_HOLDING.includes(move.to)) await takeSeat(trx, id);
  if (ENDED.includes(move.to)) await leaveIntake(trx, [id]);

  const decision = DECISION_MAILS[move.to];
  const seated = SEAT_HOLDING.includes(move.to) && row.intake_id ? { waitlisted_at: null, intake_seat: 1 } : {};
  if (decision) await mailDecision(trx, { ...row, ...seated }, decision, move.academy);
  const moved = move.to === "withdrawn" ? await withdrawnWithMoney(trx, row, move.by, move.academy) : row;
  // Not awaited: on SQLite's one connection the log's write waits for this transaction to end.
  if (typeof move.by === "object")
    void recordSecurityEvent({
      type: "applicant.status_changed",
      actorId: move.by.staff,
      subjectId: `applicant:${id}`,
      reason: move.to,
    });
  return moved;
}

/**
 * A withdrawal's side of the money (docs/decisions/099-withdrawn-after-paying.md). Whatever was
 * paid (net of refunds, from the statement of account) puts the refund question on the desk
 * ("open") and is told, with the academy's refund policy, to the applicant and to admissions.
 * Admissions hear of every withdrawal by the applicant, and of any other after a payment.
 */
async function withdrawnWithMoney(trx: Trx, row: Applicant, by: Mover, academy: SiteSettings) {
  const paid = paidWords(await accountStatement(trx, row, academy));
  const reference = applicationReference(row.id);
  const staffUrl = `${config().PUBLIC_URL}/admin/applicants/${row.id}`;
  if (by === "applicant" || paid)
    await queueNotice(trx, academy, {
      ...withdrawalNotice({
        reference,
        course: row.course_title,
        url: staffUrl,
        by: typeof by === "object" ? "staff" : by,
        paid,
        refundPolicy: academy.payments.refundPolicy,
      }),
    });
  if (!paid || row.refund_question === "open") return row;
  const url = statusLink(config().PUBLIC_URL, await newStatusLink(trx, row.id));
  await queueMail(trx, {
    to: row.email,
    replyTo: admissionsAddress(academy),
    ...withdrawnAfterPaymentMail(
      { firstname: row.firstname, reference, course: row.course_title, paid: paid.words, url },
      academy,
    ),
  });
  return trx
    .updateTable("applicants")
    .set({ refund_question: "open", refund_decided_at: null, refund_decided_by: null, refund_decision_note: null })
    .where("id", "=", row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The decision mail each status owes the applicant when an application reaches it. */
const DECISION_MAILS: Partial<Record<ApplicantStatusValue, DecisionKind>> = {
  offered: "offer",
  accepted: "accepted",
  declined: "declined",
  enrolled: "enrolled",
};

/**
 * Staff offer applicant `id` a seat until `expiresAt`: the status, the seat (409 when none is
 * left: nothing changes) and the offer mail with its letter, in one transaction.
 */
export async function makeOffer(db: DB, id: string, expiresAt: string, staffId: string) {
  const academy = await siteSettings();
  const offered = await db.transaction().execute(async (trx) => {
    const now = nowIso();
    const row = await moveApplicant(trx, id, {
      to: "offered",
      by: { staff: staffId },
      // Staff offer only what the site would: an open application with no decision yet.
      from: STATUS_MOVES.offered,
      set: { offered_at: now, offer_expires_at: expiresAt, offer_warned_at: null },
      academy,
      at: now,
    });
    if (!row) {
      const exists = await trx.selectFrom("applicants").select("status").where("id", "=", id).executeTakeFirst();
      if (!exists) fail(404, "Applicant not found");
      fail(409, apiMessages.offerNotPossible);
    }
    return row;
  });
  await listThoseLeftWithoutSeat(db, offered.intake_id);
  return offered;
}

/**
 * The applicant's answer on their status page, either one only while the offer is open: Offered
 * and before its deadline (`offerState` in domain/pipeline.ts, here as the update's condition), so
 * an offer past its deadline is refused at once, before the sweep has lapsed it. Accept: its seat
 * is already held. Decline: the application is withdrawn and its seat freed for the next in line
 * (the sweep offers it). A second answer finds no open offer: 409.
 */
export async function answerOffer(db: DB, id: string, answer: "accept" | "decline") {
  const now = nowIso();
  const academy = await siteSettings();
  return db.transaction().execute(async (trx) => {
    const moved = await moveApplicant(trx, id, {
      to: answer === "accept" ? "accepted" : "withdrawn",
      by: "applicant",
      from: ["offered"],
      where: (update) => update.where("offer_expires_at", ">", now),
      academy,
      at: now,
    });
    if (!moved) fail(409, apiMessages.noOfferOpen);
    return answer === "accept" ? ("accepted" as const) : ("withdrawn" as const);
  });
}

const BATCH = 50;

/**
 * The offers' sweep, run by housekeeping in every instance (api/housekeeping.ts): offers past
 * their deadline lapse (withdrawn, seat freed); offers within two days of it get their warning,
 * once; and each intake with a free seat and a waiting list offers it to the first in line, for
 * OFFER_DAYS days, with the mail. Each row changes by a conditional update, so when two instances
 * sweep at once each lapse, warning and offer happens exactly once. Answers what it did.
 */
export async function runOfferSweep(db: DB, now = new Date()) {
  const at = now.toISOString();
  const academy = await siteSettings();
  const done = { lapsed: 0, warned: 0, offered: 0 };

  // Lapsed: read by the deadline's index, each freed by the update that still finds it open.
  const lapsing = await db
    .selectFrom("applicants")
    .select("id")
    .where("offer_expires_at", "<=", at)
    .where("status", "=", "offered")
    .orderBy("offer_expires_at")
    .limit(BATCH)
    .execute();
  for (const { id } of lapsing) {
    await db.transaction().execute(async (trx) => {
      const lapsed = await moveApplicant(trx, id, {
        to: "withdrawn",
        by: "system",
        from: ["offered"],
        where: (update) => update.where("offer_expires_at", "<=", at),
        academy,
        at,
      });
      if (lapsed) done.lapsed++;
    });
  }

  // Warned: two days before the deadline, once (offer_warned_at set by the update that finds it empty).
  const warnBy = new Date(now.getTime() + OFFER_WARNING_DAYS * DAY_MS).toISOString();
  const warning = await db
    .selectFrom("applicants")
    .select("id")
    .where("offer_expires_at", ">", at)
    .where("offer_expires_at", "<=", warnBy)
    .where("status", "=", "offered")
    .where("offer_warned_at", "is", null)
    .orderBy("offer_expires_at")
    .limit(BATCH)
    .execute();
  for (const { id } of warning) {
    await db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable("applicants")
        .set({ offer_warned_at: at })
        .where("id", "=", id)
        .where("status", "=", "offered")
        .where("offer_warned_at", "is", null)
        .returningAll()
        .executeTakeFirst();
      if (!row) return;
      await mailDecision(trx, row, "warning", academy);
      done.warned++;
    });
  }

  // Promoted: intakes with a seat free and someone waiting, the first in line each time.
  const intakes = await db
    .selectFrom("intakes")
    .select("id")
    .where(sql<boolean>`seats_taken < seats`)
    .where("status", "!=", "archived")
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("applicants")
          .select("applicants.id")
          .whereRef("applicants.intake_id", "=", "intakes.id")
          .where("applicants.waitlisted_at", "is not", null),
      ),
    )
    .limit(BATCH)
    .execute();
  const expiresAt = new Date(now.getTime() + OFFER_DAYS * DAY_MS).toISOString();
  for (const intake of intakes) {
    for (let tries = 0; tries < BATCH; tries++) {
      const first = await db
        .selectFrom("applicants")
        .select("id")
        .where("intake_id", "=", intake.id)
        .where("waitlisted_at", "is not", null)
        .orderBy("waitlisted_at")
        .orderBy("id")
        .limit(1)
        .executeTakeFirst();
      if (!first) break;
      const outcome = await db
        .transaction()
        .execute(async (trx) => {
          // Taken off the list by the update that still finds it there: another instance's offer
          // to the same person changes nothing here.
          const row = await moveApplicant(trx, first.id, {
            to: "offered",
            by: "system",
            where: (update) => update.where("waitlisted_at", "is not", null),
            set: { offered_at: at, offer_expires_at: expiresAt, offer_warned_at: null },
            academy,
            at,
          });
          return row ? ("offered" as const) : ("gone" as const);
        })
        .catch((error: unknown) => {
          // No seat after all (another instance took it first): the transaction's rollback keeps
          // this person on the list, in their place.
          if (error instanceof HTTPException && error.status === 409) return "full" as const;
          throw error;
        });
      if (outcome === "full") break;
      if (outcome === "offered") {
        done.offered++;
        await listThoseLeftWithoutSeat(db, intake.id);
      }
    }
  }
  return done;
}

/** A registration that joined a full intake's waiting list: its position, by mail. */
export async function mailWaitingPosition(trx: Trx, id: string, academy: SiteSettings) {
  const row = await trx.selectFrom("applicants").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  await mailDecision(trx, row, "waiting", academy);
}

/** The offer letter of an open or accepted offer, for the status page's download. */
export async function offerLetterFor(db: DB, row: Applicant, url: string, reader: LetterReader = "applicant") {
  if (!row.offered_at || !row.offer_expires_at || !["offered", "accepted", "paid", "enrolled"].includes(row.status))
    return null;
  return offerLetterAttachment(row, await intakeOf(db, row.intake_id), url, await siteSettings(), reader);
}
