import crypto from "node:crypto";

import {
  CERTIFICATE_ALPHABET,
  CERTIFICATE_BATCH_MAX,
  CERTIFICATE_RANDOM_CHARS,
  certificateCheckChar,
  normalizeCertificateNumber,
  type RevocationReason,
  verifyPath,
} from "@domain/certificates";
import { dayWords } from "@domain/intakes";
import { applicationReference } from "@domain/registrations";

import type { SessionUser } from "../auth/session";
import { config } from "../config";
import type { DB } from "../db";
import { queueMail } from "../mail";
import { certificateMail } from "../mail/certificate-mails";
import { certificateMessages as m } from "../messages";
import { recordSecurityEvent } from "../security-events";
import { certificatePdf } from "./certificate-pdf";
import { fail } from "./fail";
import { nowIso } from "./ids";
import { siteSettings } from "./settings";
import { isUniqueViolation } from "./slug";
import { refuseWhileOwed } from "./statement";

// Completion, issue, revocation and the public check of certificates
// (docs/decisions/058-certificates-and-their-public-check.md). A certificate is issued on a
// completion, which is issued on an enrolled applicant; both keep the applicant's intake, and staff
// choose a course or one of its intakes (docs/decisions/068).

/** A new number: 12 characters drawn uniformly from 32 (a byte's low five bits), then the check character. */
export function newCertificateNumber() {
  const bytes = crypto.randomBytes(CERTIFICATE_RANDOM_CHARS);
  const body = [...bytes].map((b) => CERTIFICATE_ALPHABET[b & 31]).join("");
  return body + certificateCheckChar(body);
}

export const checkUrl = (number: string) => `${config().PUBLIC_URL}${verifyPath(number)}`;
export const credentialUrl = (number: string) => `${checkUrl(number)}/credential`;

/** The name as it would be printed before staff correct it. */
const defaultHolderName = (a: { firstname: string; lastname: string }) =>
  `${a.firstname.trim()} ${a.lastname.trim()}`.replace(/\s+/g, " ");

/**
 * A course's enrolled applicants with their completion and certificate in force (or the last
 * revoked one), by key: the applicants_course_status index, at most CERTIFICATE_BATCH_MAX.
 */
export async function courseGraduates(db: DB, courseTitle: string, intakeId?: string) {
  let chosen = db
    .selectFrom("applicants")
    .leftJoin("intakes", "intakes.id", "applicants.intake_id")
    .select([
      "applicants.id",
      "applicants.firstname",
      "applicants.lastname",
      "applicants.email",
      "applicants.created_at",
      "intakes.start_date",
    ])
    .where("applicants.course_title", "=", courseTitle)
    .where("applicants.status", "=", "enrolled");
  if (intakeId) chosen = chosen.where("applicants.intake_id", "=", intakeId);
  const applicants = await chosen
    .orderBy("applicants.created_at")
    .orderBy("applicants.id")
    .limit(CERTIFICATE_BATCH_MAX)
    .execute();
  const ids = applicants.map((a) => a.id);
  const [completions, certificates] = ids.length
    ? await Promise.all([
        db.selectFrom("completions").selectAll().where("applicant_id", "in", ids).execute(),
        db
          .selectFrom("certificates")
          .select(["number", "applicant_id", "holder_name", "issued_at", "revoked_at", "revoked_reason"])
          .where("applicant_id", "in", ids)
          .orderBy("issued_at", "desc")
          .execute(),
      ])
    : [[], []];
  return applicants.map((a) => {
    const completion = completions.find((c) => c.applicant_id === a.id);
    const mine = certificates.filter((c) => c.applicant_id === a.id);
    const certificate = mine.find((c) => !c.revoked_at) ?? mine[0];
    return {
      applicantId: a.id,
      reference: applicationReference(a.id),
      name: defaultHolderName(a),
      email: a.email,
      /** The intake's first day: the page proposes no completion day before it (docs/decisions/098). */
      intakeStart: a.start_date ?? null,
      completion: completion
        ? { completedOn: completion.completed_on, grade: completion.grade, earlyReason: completion.early_reason }
        : null,
      certificate: certificate
        ? {
            number: certificate.number,
            holderName: certificate.holder_name,
            issuedAt: certificate.issued_at,
            revokedAt: certificate.revoked_at,
            revokedReason: certificate.revoked_reason,
          }
        : null,
    };
  });
}

/** The ids a "whom" input names: the ones given, or every enrolled applicant of the course. */
/** The enrolled among `ids`, as the statement of account reads them (docs/decisions/093). */
const enrolledOf = (db: DB, ids: readonly string[]) =>
  db
    .selectFrom("applicants")
    .select(["id", "status", "intake_id", "payment_proof", "firstname", "lastname"])
    .where("id", "in", ids)
    .where("status", "=", "enrolled")
    .execute();

async function chosen(db: DB, whom: { applicantIds: string[] } | { course: string; intake?: string; all: true }) {
  if ("applicantIds" in whom) return [...new Set(whom.applicantIds)];
  return (await courseGraduates(db, whom.course, whom.intake)).map((g) => g.applicantId);
}

/**
 * Marks enrolled applicants completed (again: a new date or grade replaces the old, until a
 * certificate is in force on it). Answers how many were marked; others (not enrolled, already
 * certified) are left as they are.
 */
export async function completeApplicants(
  db: DB,
  user: SessionUser,
  input: ({ applicantIds: string[] } | { course: string; intake?: string; all: true }) & {
    completedOn: string;
    grade?: string;
    confirmOwed?: boolean | undefined;
    earlyReason?: string | undefined;
  },
) {
  const ids = await chosen(db, input);
  if (ids.length === 0) return { completed: 0 };
  await refuseBeforeStart(db, ids, input.completedOn, input.earlyReason);
  await refuseWhileOwed(db, await enrolledOf(db, ids), await siteSettings(), "mark completed", input.confirmOwed);
  const early: { id: string; startDate: string }[] = [];
  const result = await db.transaction().execute(async (trx) => {
    const enrolled = await trx
      .selectFrom("applicants")
      .leftJoin("intakes", "intakes.id", "applicants.intake_id")
      .select(["applicants.id", "applicants.intake_id", "intakes.start_date"])
      .where("applicants.id", "in", ids)
      .where("applicants.status", "=", "enrolled")
      .execute();
    const certified = new Set(
      (
        await trx
          .selectFrom("certificates")
          .select("applicant_id")
          .where("applicant_id", "in", ids)
          .where("revoked_at", "is", null)
          .execute()
      ).map((c) => c.applicant_id),
    );
    const now = nowIso();
    let completed = 0;
    for (const { id, intake_id, start_date } of enrolled) {
      if (certified.has(id)) continue;
      const before = !!start_date && input.completedOn < start_date;
      // Checked again here: the intake's first day may have been moved since the check above.
      if (before && !input.earlyReason) fail(409, m.beforeStart(dayWords(start_date), 1), "before-start");
      if (before) early.push({ id, startDate: start_date });
      await trx.deleteFrom("completions").where("applicant_id", "=", id).execute();
      await trx
        .insertInto("completions")
        .values({
          applicant_id: id,
          completed_on: input.completedOn,
          grade: input.grade ?? null,
          intake_id,
          completed_by: user.id,
          created_at: now,
          early_reason: before ? input.earlyReason! : null,
        })
        .execute();
      completed++;
    }
    return { completed };
  });
  // Logged as staff's moves are: who, whom, the two days; staff's words stay on the completion.
  for (const { id, startDate } of early)
    await recordSecurityEvent({
      type: "completion.before_start",
      actorId: user.id,
      subjectId: `applicant:${id}`,
      reason: `completed ${input.completedOn}, intake starts ${startDate}`,
    });
  return result;
}

/**
 * Completion before the intake's first day is refused (409, `x-refusal: before-start`) unless
 * staff state why: "Mark completed" for a class that has not begun is far likelier a slip than a
 * course finished early (docs/decisions/098-completion-before-the-intake-starts.md).
 */
async function refuseBeforeStart(db: DB, ids: readonly string[], completedOn: string, reason: string | undefined) {
  if (reason) return;
  const early = await db
    .selectFrom("applicants")
    .innerJoin("intakes", "intakes.id", "applicants.intake_id")
    .select("intakes.start_date")
    .where("applicants.id", "in", ids)
    .where("applicants.status", "=", "enrolled")
    .where("intakes.start_date", ">", completedOn)
    .orderBy("intakes.start_date")
    .execute();
  const first = early[0];
  if (first) fail(409, m.beforeStart(dayWords(first.start_date), early.length), "before-start");
}

/**
 * Issues a certificate to each completed applicant without one in force, each with its mail (the
 * PDF attached) in one transaction: a certificate never exists without its mail, nor a mail
 * without its certificate. Answers the numbers issued.
 */
export async function issueCertificates(
  db: DB,
  user: SessionUser,
  input: (
    { items: { applicantId: string; holderName?: string }[] } | { course: string; intake?: string; all: true }
  ) & {
    confirmOwed?: boolean | undefined;
  },
) {
  const items =
    "items" in input
      ? input.items
      : (await courseGraduates(db, input.course, input.intake))
          .filter((g) => g.completion && !(g.certificate && !g.certificate.revokedAt))
          .map((g) => ({ applicantId: g.applicantId, holderName: undefined }));
  const ids = [...new Set(items.map((i) => i.applicantId))];
  if (ids.length === 0) return { issued: [] as string[] };
  await refuseWhileOwed(
    db,
    await enrolledOf(db, ids),
    await siteSettings(),
    "issue the certificate",
    input.confirmOwed,
  );
  const rows = await db
    .selectFrom("applicants")
    .innerJoin("completions", "completions.applicant_id", "applicants.id")
    .select([
      "applicants.id",
      "applicants.firstname",
      "applicants.lastname",
      "applicants.email",
      "applicants.course_title",
      "completions.completed_on",
      "completions.grade",
      "completions.intake_id",
    ])
    .where("applicants.id", "in", ids)
    .where("applicants.status", "=", "enrolled")
    .execute();
  const issued: string[] = [];
  // The mail offers the signed credential's link only when a key is published (docs/decisions/059).
  const hasKey = !!(await db
    .selectFrom("credential_keys")
    .select("kid")
    .where("retired_at", "is", null)
    .executeTakeFirst());
  for (const row of rows) {
    const named = items.find((i) => i.applicantId === row.id)?.holderName;
    const certificate = {
      number: newCertificateNumber(),
      applicant_id: row.id,
      holder_name: named ?? defaultHolderName(row),
      course_title: row.course_title,
      intake_id: row.intake_id,
      completed_on: row.completed_on,
      grade: row.grade,
      issued_at: nowIso(),
      issued_by: user.id,
      issued_by_name: user.name,
      revoked_at: null,
      revoked_reason: null,
      revoked_by: null,
    };
    const pdf = await certificatePdf({
      number: certificate.number,
      holderName: certificate.holder_name,
      courseTitle: certificate.course_title,
      completedOn: certificate.completed_on,
      grade: certificate.grade,
      issuedByName: certificate.issued_by_name,
      checkUrl: checkUrl(certificate.number),
    });
    const mail = certificateMail(
      {
        holderName: certificate.holder_name,
        courseTitle: certificate.course_title,
        completedOn: certificate.completed_on,
        number: certificate.number,
        checkUrl: checkUrl(certificate.number),
        credentialUrl: hasKey ? credentialUrl(certificate.number) : undefined,
        publicUrl: config().PUBLIC_URL,
      },
      await siteSettings(),
    );
    try {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto("certificates").values(certificate).execute();
        await queueMail(trx, {
          to: row.email,
          ...mail,
          attachments: [
            { filename: `certificate-${certificate.number}.pdf`, contentType: "application/pdf", content: pdf },
          ],
        });
      });
    } catch (error) {
      // One in force already (issued meanwhile by another click): nothing more to do for this one.
      if (isUniqueViolation(error)) continue;
      throw error;
    }
    issued.push(certificate.number);
    await recordSecurityEvent({ type: "certificate.issued", actorId: user.id, subjectId: certificate.number });
  }
  return { issued };
}

/** Revokes a certificate in force; false when there is none by that number (or it was revoked already). */
export async function revokeCertificate(db: DB, user: SessionUser, typed: string, reason: RevocationReason) {
  const number = normalizeCertificateNumber(typed);
  if (!number) return false;
  const done = await db
    .updateTable("certificates")
    .set({ revoked_at: nowIso(), revoked_reason: reason, revoked_by: user.id })
    .where("number", "=", number)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) !== 1) return false;
  await recordSecurityEvent({ type: "certificate.revoked", actorId: user.id, subjectId: number, reason });
  return true;
}

/**
 * The public check: valid (what the certificate prints: name, course, day, grade, signer), revoked
 * (day and category), or unknown. A malformed number and a well-formed one that names nothing answer the same, after
 * the same one lookup by key, so neither the answer nor its time says how close a guess was.
 */
export async function checkCertificate(db: DB, typed: string) {
  const number = normalizeCertificateNumber(typed) ?? "-";
  const row = await db
    .selectFrom("certificates")
    .select([
      "number",
      "holder_name",
      "course_title",
      "completed_on",
      "grade",
      "issued_by_name",
      "revoked_at",
      "revoked_reason",
    ])
    .where("number", "=", number)
    .executeTakeFirst();
  if (!row) return { state: "unknown" as const };
  if (row.revoked_at)
    return {
      state: "revoked" as const,
      number: row.number,
      revokedOn: row.revoked_at,
      reason: row.revoked_reason as RevocationReason,
    };
  return {
    state: "valid" as const,
    number: row.number,
    holderName: row.holder_name,
    courseTitle: row.course_title,
    completedOn: row.completed_on,
    // Every fact the certificate prints, so an added or changed one is contradicted (docs/decisions/098).
    grade: row.grade,
    issuedByName: row.issued_by_name,
  };
}

/** A certificate in force, whole, for its signed credential. */
export async function certificateInForce(db: DB, typed: string) {
  const number = normalizeCertificateNumber(typed);
  if (!number) return undefined;
  return db
    .selectFrom("certificates")
    .selectAll()
    .where("number", "=", number)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
}
