import type { Selectable } from "kysely";

import { GUARDIAN_LINK_DAYS } from "@domain/consent";
import { applicationReference } from "@domain/registrations";
import type { SiteSettings } from "@domain/settings";

import { config } from "../config";
import type { DB } from "../db";
import type { ApplicantsTable } from "../db/schema";
import { giveBackMail, mayMail } from "../limits";
import { admissionsAddress, queueMail } from "../mail";
import { greetingName, guardianMail } from "../mail/templates";
import { apiMessages } from "../messages";
import { recordApplicantMail } from "./applicant-mails";
import { fail } from "./fail";
import { hashSecret, newSecret, nowIso } from "./ids";
import { siteSettings } from "./settings";

// The guardian's step of a minor's application (docs/decisions/033 and 065): the applicant sees it
// on the thank-you screen and the status page (to whom it went, partly masked; when the answer
// came), may send the link again or correct the address; the guardian may confirm or refuse.

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * An address as the applicant's pages show it: the first character of the name, the domain whole
 * ("a•••@gmail.com"). Enough for the applicant to recognise a typo, not to read someone's address
 * off a status link that travelled.
 */
export function maskEmail(address: string) {
  const at = address.lastIndexOf("@");
  if (at < 1) return "•••";
  return `${address.slice(0, 1)}•••${address.slice(at)}`;
}

type GuardianRow = Pick<
  Selectable<ApplicantsTable>,
  "id" | "guardian_relationship" | "guardian_email" | "guardian_confirmed_at" | "guardian_refused_at"
>;

/** What the applicant's pages say of the guardian's step; null for an adult's application. */
export async function guardianStep(db: DB, row: GuardianRow) {
  if (!row.guardian_relationship) return null;
  const last = await db
    .selectFrom("applicant_mails")
    .select("sent_at")
    .where("applicant_id", "=", row.id)
    .where("kind", "=", "guardian")
    .orderBy("sent_at", "desc")
    .limit(1)
    .executeTakeFirst();
  return {
    to: row.guardian_email ? maskEmail(row.guardian_email) : "",
    sentAt: last?.sent_at ?? null,
    confirmedAt: row.guardian_refused_at ? null : row.guardian_confirmed_at,
    refusedAt: row.guardian_refused_at,
  };
}

/** A guardian's link stops working 30 days after it was sent (the registration's, or a later one). */
export function guardianLinkExpired(row: { created_at: string; guardian_link_at: string | null }, now = Date.now()) {
  return Date.parse(row.guardian_link_at ?? row.created_at) + GUARDIAN_LINK_DAYS * DAY_MS < now;
}

/**
 * Sends the guardian a new link (to `to`, the address on file or a corrected one): the link sent
 * before stops working. The caller has counted the mail against the recipient's allowance and runs
 * this in the transaction that stores any correction.
 */
export async function mailGuardianLink(
  db: DB,
  row: Pick<Selectable<ApplicantsTable>, "id" | "course_title" | "firstname" | "guardian_name">,
  to: string,
  academy: SiteSettings,
) {
  const token = newSecret();
  const now = nowIso();
  await db
    .updateTable("applicants")
    .set({ guardian_email: to, guardian_token_hash: hashSecret(token), guardian_link_at: now, updated_at: now })
    .where("id", "=", row.id)
    .execute();
  const mail = guardianMail(
    {
      reference: applicationReference(row.id),
      course: row.course_title,
      link: guardianLink(token),
      child: greetingName(row.firstname),
      guardian: greetingName(row.guardian_name ?? ""),
    },
    academy,
  );
  await recordApplicantMail(db, row.id, "guardian", to, mail.subject);
  await queueMail(db, { to, replyTo: admissionsAddress(academy), ...mail });
}

/**
 * Sends the guardian's link again to `to` within the recipient's allowance of mails (refused with
 * 409 when it is spent); a mail that could not be queued gives its allowance back. Staff's "send
 * the link again" and the applicant's own resend or correction both come here.
 */
export async function resendGuardianLink(
  db: DB,
  row: Pick<Selectable<ApplicantsTable>, "id" | "course_title" | "firstname" | "guardian_name">,
  to: string,
) {
  if (!(await mayMail("confirmationsPerRecipient", to))) fail(409, apiMessages.guardianMailedEnough);
  try {
    const academy = await siteSettings();
    await db.transaction().execute((trx) => mailGuardianLink(trx, row, to, academy));
  } catch (error) {
    await giveBackMail("confirmationsPerRecipient", to).catch(() => undefined);
    throw error;
  }
}

export const guardianLink = (token: string) => `${config().PUBLIC_URL}/guardian/confirm?token=${token}`;
