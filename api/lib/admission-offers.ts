import type { Selectable, Transaction } from "kysely";
import { sql } from "kysely";

import { dayWords } from "@domain/intakes";
import { OFFER_DAYS, OFFER_WARNING_DAYS } from "@domain/pipeline";
import { applicationReference } from "@domain/registrations";
import type { SiteSettings } from "@domain/settings";

import { config } from "../config";
import type { DB } from "../db";
import type { ApplicantsTable, Database } from "../db/schema";
import { admissionsAddress, queueMail } from "../mail";
import { type DecisionKind, decisionMail, guardianDecisionCopy } from "../mail/decision-mails";
import { owedWords } from "../mail/payment-mails";
import { statusLink } from "../mail/templates";
import { apiMessages } from "../messages";
import { fail } from "./fail";
import { hashSecret, newSecret, nowIso } from "./ids";
import { leaveIntake, takeSeat, waitingPosition } from "./intakes";
import { lagosMoment, offerLetterAttachment } from "./offer-letter-pdf";
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
/** Statuses an offer may be made from: an open application that has no decision yet. */
const OFFERABLE = ["new", "contacted", "paid"] as const;

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
    owed: kind === "enrolled" ? owedWords(await accountStatement(trx, row, academy)) : "",
    url,
  };
  const attachments = kind === "offer" ? [await offerLetterAttachment(row, intake, url, academy)] : [];
  await queueMail(trx, {
    to: row.email,
    replyTo: admissionsAddress(),
    ...decisionMail(kind, facts, academy),
    attachments,
  });
  if (row.guardian_relationship && row.guardian_email) {
    const readerUrl = statusLink(config().PUBLIC_URL, await newReaderLink(trx, row.id));
    await queueMail(trx, {
      to: row.guardian_email,
      replyTo: admissionsAddress(),
      ...guardianDecisionCopy(kind, { ...facts, url: readerUrl }, academy),
      attachments,
    });
  }
}

/**
 * Staff offer applicant `id` a seat until `expiresAt`: the status, the seat (409 when none is
 * left: nothing changes) and the offer mail with its letter, in one transaction.
 */
export async function makeOffer(db: DB, id: string, expiresAt: string, staffId: string | null) {
  const academy = await siteSettings();
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    const row = await trx
      .updateTable("applicants")
      .set({
        status: "offered",
        offered_at: now,
        offer_expires_at: expiresAt,
        offer_warned_at: null,
        status_changed_by: staffId,
        status_changed_at: now,
        updated_at: now,
      })
      .where("id", "=", id)
      .where("status", "in", [...OFFERABLE])
      .returningAll()
      .executeTakeFirst();
    if (!row) {
      const exists = await trx.selectFrom("applicants").select("status").where("id", "=", id).executeTakeFirst();
      if (!exists) fail(404, "Applicant not found");
      fail(409, apiMessages.offerNotPossible);
    }
    await takeSeat(trx, id);
    await mailDecision(trx, { ...row, waitlisted_at: null, intake_seat: row.intake_id ? 1 : 0 }, "offer", academy);
    return row;
  });
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
  return db.transaction().execute(async (trx) => {
    if (answer === "accept") {
      const done = await trx
        .updateTable("applicants")
        .set({ status: "accepted", status_changed_by: null, status_changed_at: now, updated_at: now })
        .where("id", "=", id)
        .where("status", "=", "offered")
        .where("offer_expires_at", ">", now)
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) fail(409, apiMessages.noOfferOpen);
      return "accepted" as const;
    }
    const done = await trx
      .updateTable("applicants")
      .set({ status: "withdrawn", status_changed_by: null, status_changed_at: now, updated_at: now })
      .where("id", "=", id)
      .where("status", "=", "offered")
      .where("offer_expires_at", ">", now)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) fail(409, apiMessages.noOfferOpen);
    await leaveIntake(trx, [id]);
    return "withdrawn" as const;
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
      const lapsed = await trx
        .updateTable("applicants")
        .set({ status: "withdrawn", status_changed_by: null, status_changed_at: at, updated_at: at })
        .where("id", "=", id)
        .where("status", "=", "offered")
        .where("offer_expires_at", "<=", at)
        .executeTakeFirst();
      if (Number(lapsed.numUpdatedRows) !== 1) return;
      await leaveIntake(trx, [id]);
      done.lapsed++;
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
          const row = await trx
            .updateTable("applicants")
            .set({
              status: "offered",
              offered_at: at,
              offer_expires_at: expiresAt,
              offer_warned_at: null,
              status_changed_by: null,
              status_changed_at: at,
              updated_at: at,
            })
            .where("id", "=", first.id)
            .where("waitlisted_at", "is not", null)
            .where("status", "in", [...OFFERABLE])
            .returningAll()
            .executeTakeFirst();
          if (!row) return "gone" as const;
          try {
            await takeSeat(trx, row.id);
          } catch {
            // No seat after all (another instance took it first): the transaction's rollback keeps
            // this person on the list, in their place.
            throw new NoSeat();
          }
          await mailDecision(trx, { ...row, waitlisted_at: null, intake_seat: 1 }, "offer", academy);
          return "offered" as const;
        })
        .catch((error: unknown) => {
          if (error instanceof NoSeat) return "full" as const;
          throw error;
        });
      if (outcome === "full") break;
      if (outcome === "offered") done.offered++;
    }
  }
  return done;
}

class NoSeat extends Error {}

/** Staff set a status by hand: the mails it owes the applicant (not admitted, enrolled). */
export async function mailStatusDecision(trx: Trx, id: string, status: string, academy: SiteSettings) {
  const kind: DecisionKind | null = status === "declined" ? "declined" : status === "enrolled" ? "enrolled" : null;
  if (!kind) return;
  const row = await trx.selectFrom("applicants").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  await mailDecision(trx, row, kind, academy);
}

/** A registration that joined a full intake's waiting list: its position, by mail. */
export async function mailWaitingPosition(trx: Trx, id: string, academy: SiteSettings) {
  const row = await trx.selectFrom("applicants").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  await mailDecision(trx, row, "waiting", academy);
}

/** The offer letter of an open or accepted offer, for the status page's download. */
export async function offerLetterFor(db: DB, row: Applicant, url: string) {
  if (!row.offered_at || !row.offer_expires_at || !["offered", "accepted", "paid", "enrolled"].includes(row.status))
    return null;
  return offerLetterAttachment(row, await intakeOf(db, row.intake_id), url, await siteSettings());
}
