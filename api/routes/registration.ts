import { Hono } from "hono";

import { dayWords } from "@domain/intakes";
import { JOURNEY_LIMITS } from "@domain/journey";
import { ENDED } from "@domain/pipeline";
import { applicationReference } from "@domain/registrations";
import { lagosDate } from "@domain/schedule";

/** An ISO moment's Lagos day in words ("4 Dec 2026"). */
const lagosDayWords = (iso: string) => dayWords(lagosDate(new Date(iso)));
import { UPLOAD_LIMITS } from "@domain/uploads";

import { clientIpKey, clientNetworks } from "../client-ip";
import { config } from "../config";
import type { DB } from "../db";
import { check, type Env, fail, isFile, limitBody, readBody } from "../http";
import { mailWaitingPosition } from "../lib/admission-offers";
import { afterAnswer } from "../lib/after-answer";
import { claimableBy, submissionKeyOf } from "../lib/applicant-claims";
import { recordApplicantMail } from "../lib/applicant-mails";
import { courseTypesOf } from "../lib/course-json";
import { guardianLink } from "../lib/guardian-step";
import { hashSecret, newId, newSecret, nowIso } from "../lib/ids";
import { intakeForRegistration } from "../lib/intakes";
import { legalConsents } from "../lib/legal-texts";
import { consumeSavedForm, forgetSavedFormsOf } from "../lib/saved-forms";
import { siteSettings } from "../lib/settings";
import { newStatusLink } from "../lib/status-links";
import { checkUploadRoom } from "../lib/upload-quota";
import { isPublicAt } from "../lib/visibility";
import { giveBackMail, mayMail, personKey, spendEach, spendPerIp } from "../limits";
import { admissionsAddress, queueMail, queueNotice } from "../mail";
import {
  alreadyAppliedMail,
  confirmationMail,
  greetingName,
  guardianMail,
  registrationNotice,
  statusLink,
} from "../mail/templates";
import { apiMessages } from "../messages";
import { prepareApplicantFile } from "../storage/applicant-photos";
import { FileRejectedError, newPrivateFileId, writePrivateFile } from "../storage/private-files";
import { issueUploadToken, uploadTokenValid } from "../upload-token";
import { applicantInput, fileGroup } from "../validation";

/** The public side of applying: the form's files, then the form itself (the pipeline is api/routes/applicants.ts). */
export const registration = new Hono<Env>();

// Visitors upload their files first (kept private, not yet linked), then submit the form
// naming them; so a failed form keeps the files and the applicant need not pick them again.
// How much may wait, from whom, and for how long: api/lib/upload-quota.ts (docs/security.md).

/** A token for the registration form's files (api/upload-token.ts); the page's loader asks for it. */
registration.get("/applicant/upload-token", (c) => c.json(issueUploadToken(), 200, { "cache-control": "no-store" }));

registration.post(
  "/applicant/files",
  // Camera photos up to 15 MB each are taken and shrunk (api/storage/applicant-photos.ts).
  limitBody(UPLOAD_LIMITS.filesPerGroup * JOURNEY_LIMITS.maxPhotoBytes + 64 * 1024),
  async (c) => {
    // Before the body is read: only a visitor who loaded the registration form uploads.
    if (!uploadTokenValid(c.req.header("x-upload-token"))) fail(403, apiMessages.uploadTokenInvalid);
    await spendPerIp("uploadsPerIp", apiMessages.tooManyUploads);
    const body = await readBody(c);
    const group = check(fileGroup, body.group);
    const files = [body.file].flat().filter((f): f is File => isFile(f) && f.size > 0);
    if (files.length === 0) fail(400, apiMessages.chooseFiles);
    if (files.length > UPLOAD_LIMITS.filesPerGroup) fail(400, apiMessages.tooManyFiles);
    const checked: { file: File; bytes: Buffer; type: string }[] = [];
    for (const file of files) {
      try {
        checked.push({ file, ...(await prepareApplicantFile(file.name, Buffer.from(await file.arrayBuffer()))) });
      } catch (error) {
        if (error instanceof FileRejectedError) fail(400, error.message);
        throw error;
      }
    }
    const db = c.get("db");
    const incoming = checked.reduce((n, f) => n + f.bytes.length, 0);
    const networks = clientNetworks();
    // Bound to the token that carried them: only that form claims them (docs/security.md).
    const uploadToken = hashSecret(c.req.header("x-upload-token")!);
    await checkUploadRoom(db, networks, uploadToken, incoming);
    const stored = [];
    let previous = 0;
    for (const { file, bytes, type } of checked) {
      const publicId = newPrivateFileId();
      // A millisecond after the batch's previous file at least: a group's files are named in the
      // order they were chosen (filesOf), and two small files can be stored within one millisecond.
      previous = Math.max(Date.now(), previous + 1);
      const row = {
        public_id: publicId,
        applicant_id: null,
        file_group: group,
        original_name: file.name.slice(0, 200),
        content_type: type,
        size: bytes.length,
        created_at: new Date(previous).toISOString(),
        client_key: networks.address,
        client_net56: networks.net56,
        client_net48: networks.net48,
        upload_token: uploadToken,
      };
      // The row before the file: a crash between the two leaves a row without a file, which the
      // sweep removes; never a file on disk that no row accounts for.
      await db.insertInto("private_files").values(row).execute();
      try {
        await writePrivateFile(publicId, bytes);
      } catch (error) {
        await db.deleteFrom("private_files").where("public_id", "=", publicId).execute();
        throw error;
      }
      stored.push({ public_id: publicId, name: row.original_name, size: row.size, type, group });
    }
    return c.json(stored, 201);
  },
);

/**
 * The published course a registration names: by id, or (the original API's field) by its exact
 * title when no id came. Trashed and scheduled courses are not open (docs/product.md §7).
 */
async function openCourse(db: DB, input: { courseId?: string; courseTitle?: string }) {
  const visible = isPublicAt(nowIso());
  if (input.courseId) {
    if (!/^[a-f0-9]{24}$/.test(input.courseId)) return undefined;
    return db
      .selectFrom("courses")
      .select(["id", "title", "course_types"])
      .where("id", "=", input.courseId)
      .where(visible)
      .executeTakeFirst();
  }
  return db
    .selectFrom("courses")
    .select(["id", "title", "course_types"])
    .where("title", "=", input.courseTitle ?? "")
    .where(visible)
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst();
}

/** The applicant a form's one-time token already made (docs/decisions/035), answered as its first post was. */
async function alreadySubmitted(db: DB, submissionKey: string | null) {
  if (!submissionKey) return undefined;
  const row = await db
    .selectFrom("applicants")
    .select(["id", "course_title"])
    .where("submission_key", "=", submissionKey)
    .executeTakeFirst();
  if (!row) return undefined;
  const statusToken = await newStatusLink(db, row.id);
  return {
    _id: row.id,
    reference: applicationReference(row.id),
    course: row.course_title,
    // The first post mailed the confirmation (or had used up the day's): this one sends none.
    confirmed: true,
    statusToken,
    message: "Registration received",
  };
}

/**
 * The same person's live application for this course (not withdrawn or declined): the same e-mail
 * (however cased, on its index) and the same date of birth. Not the phone: a family's one phone
 * serves brothers and sisters, who may apply for the same course; staff see those as possible
 * duplicates instead (docs/decisions/100-one-live-application-per-course.md).
 */
async function liveApplicationFor(db: DB, courseTitle: string, email: string, dob: string) {
  const addresses = [...new Set([email, email.toLowerCase()])];
  return db
    .selectFrom("applicants")
    .select(["id", "email", "firstname", "course_title", "created_at"])
    .where("email", "in", addresses)
    .where("dob", "=", dob)
    .where("course_title", "=", courseTitle)
    .where("status", "not in", [...ENDED])
    .orderBy("created_at")
    .limit(1)
    .executeTakeFirst();
}

/**
 * To the address the earlier application gave (never the one just typed): its day, reference and
 * a fresh status link, within that address's allowance of mails a day.
 */
async function mailAlreadyApplied(
  db: DB,
  earlier: { id: string; email: string; firstname: string; course_title: string; created_at: string },
) {
  if (!(await mayMail("confirmationsPerRecipient", earlier.email))) return;
  const academy = await siteSettings();
  await db.transaction().execute(async (trx) => {
    const token = await newStatusLink(trx, earlier.id);
    await queueMail(trx, {
      to: earlier.email,
      replyTo: admissionsAddress(academy),
      ...alreadyAppliedMail(
        {
          firstname: earlier.firstname,
          reference: applicationReference(earlier.id),
          course: earlier.course_title,
          appliedOn: lagosDayWords(earlier.created_at),
          url: statusLink(config().PUBLIC_URL, token),
        },
        academy,
      ),
    });
  });
}

registration.post("/applicant", limitBody(64 * 1024), async (c) => {
  const input = check(applicantInput, await readBody(c));
  // The terms and privacy versions accepted: stored texts an Admin edits (docs/decisions/071).
  const consents = await legalConsents(input.consents);
  if (!consents) fail(400, apiMessages.consentVersionUnknown);
  const db = c.get("db");
  const submissionKey = submissionKeyOf(input);
  // A double tap, a retry after a time-out, a resent post: the applicant the first one made.
  const again = await alreadySubmitted(db, submissionKey);
  if (again) return c.json(again, 200);
  // The title kept and mailed is the course's own, never the visitor's text (docs/security.md).
  const course = await openCourse(db, input);
  if (!course) fail(400, apiMessages.courseClosed);
  // Only a type the course offers (docs/decisions/038-course-types-per-course.md).
  const offered = courseTypesOf(course);
  if (!offered.includes(input.courseType)) fail(400, apiMessages.courseTypeNotOffered(course.title, offered));
  // The intake named, if any (docs/decisions/068-intakes-and-seats.md): a full one takes the
  // registration onto its waiting list, first come first served.
  const intake = input.intakeId
    ? await intakeForRegistration(db, {
        intakeId: input.intakeId,
        courseId: course.id,
        courseType: input.courseType,
        today: lagosDate(),
      })
    : null;
  // Counted once the form is valid: a visitor correcting mistakes is not using up their allowance.
  // The person's own allowances first, then the address's, which a whole crowd may share.
  await spendEach(
    [
      { name: "registrationsPerEmail", key: personKey.email(input.email) },
      { name: "registrationsPerPhone", key: personKey.phone(input.phone) },
      { name: "registrationsPerIp", key: clientIpKey() },
    ],
    apiMessages.tooManyRegistrations,
  );
  // The same person (e-mail and date of birth) already has a live application for this course: no second
  // one. The page says so without naming it; the reference, day and link go by mail to the
  // address that application gave (docs/decisions/100-one-live-application-per-course.md).
  const earlier = await liveApplicationFor(db, course.title, input.email, input.dob);
  if (earlier) {
    afterAnswer("already-applied", () => mailAlreadyApplied(db, earlier));
    fail(409, apiMessages.alreadyApplied, "already-applied");
  }
  // Only this form's own files: uploaded with its token, or kept by the saved form it finishes.
  const ownFiles = claimableBy({ uploadTokens: [input.submissionKey, c.req.header("x-upload-token")], ...input });
  const files = input.files.length
    ? await db
        .selectFrom("private_files")
        .selectAll()
        .where("public_id", "in", input.files)
        .where("applicant_id", "is", null)
        .where(ownFiles)
        .execute()
    : [];
  if (files.length !== new Set(input.files).size) fail(400, apiMessages.filesNotClaimed);
  const idFiles = files.filter((f) => f.file_group === "idCards");
  if (idFiles.length === 0) fail(400, apiMessages.idCardRequired);
  if (idFiles.length > UPLOAD_LIMITS.filesPerGroup || files.length - idFiles.length > UPLOAD_LIMITS.filesPerGroup) {
    fail(400, apiMessages.tooManyFiles);
  }
  // A few confirmations a day per recipient: the address is the visitor's word, and the academy
  // must not become a way to mail someone over and over. Beyond that the registration is kept
  // and staff are told as usual; only the confirmation is not sent again (docs/security.md).
  // Counted before the registration is written, so its mails are queued in the same transaction;
  // given back if the transaction fails.
  const confirmed = await mayMail("confirmationsPerRecipient", input.email);
  const id = newId();
  const now = nowIso();
  // The guardian confirms by a link whose token is kept only as its hash (like a reset link).
  const guardianToken = input.guardian ? newSecret() : null;
  const guardianMailed = input.guardian ? await mayMail("confirmationsPerRecipient", input.guardian.email) : false;
  let statusToken = "";
  try {
    const academy = await siteSettings();
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto("applicants")
        .values({
          id,
          firstname: input.firstname,
          lastname: input.lastname,
          gender: input.gender,
          dob: input.dob,
          email: input.email,
          phone: input.phone,
          street: input.street,
          city: input.city,
          state: input.state,
          postal_code: input.postalCode,
          course_title: course.title,
          course_type: input.courseType,
          id_cards: JSON.stringify(input.idCards),
          // 0 stands for "no graduation year" (highest education "none"): the column predates the
          // conditional rule and SQLite cannot drop its NOT NULL without rebuilding the table.
          parent_consent: input.parentConsent,
          school_name: input.schoolName,
          graduation_year: input.graduationYear ?? 0,
          highest_education: input.highestEducation,
          emergency_fullname: input.emergencyFullname,
          emergency_relationship: input.emergencyRelationship,
          emergency_phone: input.emergencyPhone,
          reg_terms: 1,
          reg_privacy: 1,
          created_at: now,
          // docs/decisions/033-consent-versions-and-minors.md: what was accepted, and when.
          consents: JSON.stringify(consents),
          consented_at: now,
          guardian_name: input.guardian?.name ?? null,
          guardian_relationship: input.guardian?.relationship ?? null,
          guardian_phone: input.guardian?.phone ?? null,
          guardian_email: input.guardian?.email ?? null,
          guardian_token_hash: guardianToken ? hashSecret(guardianToken) : null,
          updated_at: now,
          phone_key: personKey.phone(input.phone),
          submission_key: submissionKey,
          intake_id: intake?.row.id ?? null,
          waitlisted_at: intake?.full ? now : null,
        })
        .execute();
      // Claimed only if still unclaimed: of two registrations racing for the same files, one
      // gets them and the other is rolled back whole.
      const claimed = await trx
        .updateTable("private_files")
        .set({
          applicant_id: id,
          client_key: null,
          client_net56: null,
          client_net48: null,
          saved_form: null,
          upload_token: null,
        })
        .where("public_id", "in", input.files)
        .where("applicant_id", "is", null)
        .where(ownFiles)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== files.length) fail(400, apiMessages.filesNotClaimed);
      // The saved form this finishes is used up with it (docs/decisions/036): its link opens nothing now.
      if (input.resumeToken) await consumeSavedForm(trx, input.resumeToken);
      // A form saved earlier by the same person and sent afresh is not "saved, not sent" any more:
      // no reminder, off the desk's list (docs/decisions/100-one-live-application-per-course.md).
      await forgetSavedFormsOf(trx, input.email, personKey.phone(input.phone), course.id);
      // The private status page's link, made with the application (docs/decisions/035).
      statusToken = await newStatusLink(trx, id);
      // The notice and the confirmation exist exactly when the registration does
      // (docs/decisions/043-durable-mail-queue.md).
      // Reply-To the applicant: staff answer them straight from the notice (docs/product.md §4).
      await queueNotice(trx, academy, {
        replyTo: input.email,
        ...registrationNotice({
          name: `${input.firstname} ${input.lastname}`,
          course: course.title,
          courseType: input.courseType,
          email: input.email,
          phone: input.phone,
          url: `${config().PUBLIC_URL}/admin/applicants/${id}`,
        }),
      });
      if (confirmed) {
        const mail = confirmationMail(
          {
            firstname: input.firstname,
            reference: applicationReference(id),
            course: course.title,
            courseType: input.courseType,
            statusUrl: statusLink(config().PUBLIC_URL, statusToken),
          },
          academy,
        );
        await recordApplicantMail(trx, id, "confirmation", input.email, mail.subject);
        // A reply to the confirmation reaches admissions (docs/product.md §4).
        await queueMail(trx, { to: input.email, replyTo: admissionsAddress(academy), ...mail });
        // A full intake: the waiting list's place, in its own decision mail (decision 074).
        if (intake?.full) await mailWaitingPosition(trx, id, academy);
      }
      // The guardian's own mail: the reference and the link to confirm (docs/decisions/033-consent-versions-and-minors.md).
      if (input.guardian && guardianToken && guardianMailed) {
        const mail = guardianMail(
          {
            reference: applicationReference(id),
            course: course.title,
            link: guardianLink(guardianToken),
            child: greetingName(input.firstname),
            guardian: greetingName(input.guardian.name),
          },
          academy,
        );
        await recordApplicantMail(trx, id, "guardian", input.guardian.email, mail.subject);
        // "Reply to this e-mail if you did not consent": the reply must reach admissions.
        await queueMail(trx, { to: input.guardian.email, replyTo: admissionsAddress(academy), ...mail });
      }
    });
  } catch (error) {
    // Nothing was stored, so nothing was mailed: the recipients' allowances are theirs again (a
    // store that fails now too must not hide the first error).
    await Promise.allSettled([
      confirmed ? giveBackMail("confirmationsPerRecipient", input.email) : null,
      guardianMailed && input.guardian ? giveBackMail("confirmationsPerRecipient", input.guardian.email) : null,
    ]);
    // Two posts of one form at once: the unique submission key let one in; answer the other with it.
    const first = await alreadySubmitted(db, submissionKey);
    if (first) return c.json(first, 200);
    throw error;
  }
  const reference = applicationReference(id);
  return c.json(
    { _id: id, reference, course: course.title, confirmed, statusToken, message: "Registration received" },
    201,
  );
});
