import { Hono } from "hono";
import type { Selectable } from "kysely";
import { type Expression, sql, type SqlBool } from "kysely";

import { JOURNEY_LIMITS } from "@domain/journey";
import { APPLICANT_STATUSES } from "@domain/pipeline";
import { applicationReference } from "@domain/registrations";
import { lagosDate } from "@domain/schedule";
import { applicantsExport, type ExportApplicant } from "@domain/staff-exports";
import { UPLOAD_LIMITS } from "@domain/uploads";

import { clientIpKey, clientNetworks } from "../client-ip";
import { config } from "../config";
import type { DB } from "../db";
import type { ApplicantsTable, PrivateFilesTable } from "../db/schema";
import {
  check,
  type Ctx,
  type Env,
  fail,
  isFile,
  limitBody,
  logExport,
  query,
  readBody,
  requirePermission,
} from "../http";
import { claimableBy, submissionKeyOf } from "../lib/applicant-claims";
import { contentDisposition, downloadName, INLINE_TYPES, PRIVATE_FILE_CSP } from "../lib/applicant-files";
import { courseTypesOf } from "../lib/course-json";
import { csvResponse, csvStream } from "../lib/csv-export";
import { guardianLink } from "../lib/guardian-step";
import { hashSecret, newId, newSecret, nowIso } from "../lib/ids";
import { intakeForRegistration, leaveIntake, takeSeat } from "../lib/intakes";
import { legalConsents } from "../lib/legal-texts";
import { exportPage, exportPageSize, newestFirst } from "../lib/query";
import { staffByIds } from "../lib/revisions";
import { consumeSavedForm } from "../lib/saved-forms";
import { matchesSearch } from "../lib/search";
import { siteSettings } from "../lib/settings";
import { newStatusLink } from "../lib/status-links";
import { checkUploadRoom } from "../lib/upload-quota";
import { isPublicAt } from "../lib/visibility";
import { giveBackMail, mayMail, personKey, spendEach, spendPerIp } from "../limits";
import { admissionsAddress, queueMail } from "../mail";
import { confirmationMail, greetingName, guardianMail, statusLink } from "../mail/templates";
import { apiMessages } from "../messages";
import { filesDeletedOn } from "../privacy/retention";
import { recordSecurityEvent } from "../security-events";
import { prepareApplicantFile } from "../storage/applicant-photos";
import { FileRejectedError, newPrivateFileId, streamPrivateFile, writePrivateFile } from "../storage/private-files";
import { issueUploadToken, uploadTokenValid } from "../upload-token";
import {
  applicantCountsQuery,
  applicantCsvQuery,
  applicantExportQuery,
  applicantInput,
  applicantListQuery,
  applicantNoteInput,
  applicantStatusInput,
  fileGroup,
} from "../validation";

export const applicants = new Hono<Env>();

// Visitors upload their files first (kept private, not yet linked), then submit the form
// naming them; so a failed form keeps the files and the applicant need not pick them again.
// How much may wait, from whom, and for how long: api/lib/upload-quota.ts (docs/security.md).

/** A token for the registration form's files (api/upload-token.ts); the page's loader asks for it. */
applicants.get("/applicant/upload-token", (c) => c.json(issueUploadToken(), 200, { "cache-control": "no-store" }));

applicants.post(
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
    if (files.length === 0) fail(400, "Choose at least one file to upload");
    if (files.length > UPLOAD_LIMITS.filesPerGroup) fail(400, "Maximum number of file upload is 3");
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

applicants.post("/applicant", limitBody(64 * 1024), async (c) => {
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
  if (files.length !== new Set(input.files).size)
    fail(400, "An error occured while trying to upload your form file attachments");
  const idFiles = files.filter((f) => f.file_group === "idCards");
  if (idFiles.length === 0) fail(400, "Upload at least one ID card");
  if (idFiles.length > UPLOAD_LIMITS.filesPerGroup || files.length - idFiles.length > UPLOAD_LIMITS.filesPerGroup) {
    fail(400, "Maximum number of file upload is 3");
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
      if (Number(claimed.numUpdatedRows) !== files.length)
        fail(400, "An error occured while trying to upload your form file attachments");
      // The saved form this finishes is used up with it (docs/decisions/036): its link opens nothing now.
      if (input.resumeToken) await consumeSavedForm(trx, input.resumeToken);
      // The private status page's link, made with the application (docs/decisions/035).
      statusToken = await newStatusLink(trx, id);
      // The notice and the confirmation exist exactly when the registration does
      // (docs/decisions/043-durable-mail-queue.md).
      // Reply-To the applicant: staff answer them straight from the notice (docs/product.md §4).
      await queueMail(trx, {
        to: config().ACADEMY_INBOX,
        replyTo: input.email,
        subject: `New registration: ${input.firstname} ${input.lastname} — ${course.title}`,
        text: `${input.firstname} ${input.lastname} registered for ${course.title} (${input.courseType}).\nEmail: ${input.email}\nPhone: ${input.phone}\n\nSee every detail and the attached files at ${config().PUBLIC_URL}/admin/applicants/${id}`,
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
        await recordMail(trx, id, "confirmation", input.email, mail.subject);
        // A reply to the confirmation reaches admissions (docs/product.md §4).
        await queueMail(trx, { to: input.email, replyTo: admissionsAddress(), ...mail });
      }
      // The guardian's own mail: the reference and the link to confirm (docs/decisions/033-consent-versions-and-minors.md).
      if (input.guardian && guardianToken && guardianMailed) {
        const mail = guardianMail(
          {
            reference: applicationReference(id),
            course: course.title,
            link: guardianLink(guardianToken),
            child: greetingName(input.firstname),
          },
          academy,
        );
        await recordMail(trx, id, "guardian", input.guardian.email, mail.subject);
        // "Reply to this e-mail if you did not consent": the reply must reach admissions.
        await queueMail(trx, { to: input.guardian.email, replyTo: admissionsAddress(), ...mail });
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

/** Which mails went to whom about an applicant: found, exported and erased with the person. */
async function recordMail(
  db: DB,
  applicantId: string,
  kind: "confirmation" | "guardian",
  recipient: string,
  subject: string,
) {
  await db
    .insertInto("applicant_mails")
    .values({ id: newId(), applicant_id: applicantId, kind, recipient, subject, sent_at: nowIso() })
    .execute();
}

function toApplicant(row: Selectable<ApplicantsTable>) {
  return {
    _id: row.id,
    // What the applicant was told to quote (domain/registrations.ts): staff see and search it.
    reference: applicationReference(row.id),
    firstname: row.firstname,
    lastname: row.lastname,
    gender: row.gender,
    dob: row.dob,
    email: row.email,
    phone: row.phone,
    street: row.street,
    city: row.city,
    state: row.state,
    postalCode: row.postal_code,
    courseTitle: row.course_title,
    courseType: row.course_type,
    idCards: JSON.parse(row.id_cards) as string[],
    parentConsent: row.parent_consent,
    schoolName: row.school_name,
    graduationYear: row.graduation_year || null,
    highestEducation: row.highest_education,
    emergencyFullname: row.emergency_fullname,
    emergencyRelationship: row.emergency_relationship,
    emergencyPhone: row.emergency_phone,
    regTerms: !!row.reg_terms,
    regPrivacy: !!row.reg_privacy,
    createdAt: row.created_at,
    status: row.status,
    paymentProof: row.payment_proof,
    paymentProofAt: row.payment_proof_at,
    paymentTransferRef: row.payment_transfer_ref,
    paymentRejectedReason: row.payment_rejected_reason,
    paymentProofFile: row.payment_proof_file,
    // docs/decisions/033-consent-versions-and-minors.md: null on registrations from before versions.
    consents: row.consents ? (JSON.parse(row.consents) as Record<string, number>) : null,
    consentedAt: row.consented_at,
    guardian: row.guardian_relationship
      ? {
          name: row.guardian_name,
          relationship: row.guardian_relationship,
          phone: row.guardian_phone,
          email: row.guardian_email,
          confirmedAt: row.guardian_confirmed_at,
          refusedAt: row.guardian_refused_at,
        }
      : null,
    // docs/decisions/034-retention-and-rights.md: when the files go (null once gone).
    filesDeletedAt: row.files_deleted_at,
    filesDeleteOn: row.files_deleted_at ? null : filesDeletedOn(row),
    anonymisedAt: row.anonymised_at,
  };
}

/** The pipeline filters (status, course) as one condition, for the list and the counts. */
function pipelineFilter(q: { status?: string; course?: string; proof?: string }): Expression<SqlBool> | undefined {
  const parts: Expression<SqlBool>[] = [];
  if (q.proof) parts.push(sql<SqlBool>`payment_proof = ${q.proof}`);
  if (q.status) parts.push(sql<SqlBool>`status = ${q.status}`);
  if (q.course) parts.push(sql<SqlBool>`course_title = ${q.course}`);
  return parts.length ? sql<SqlBool>`${sql.join(parts, sql` and `)}` : undefined;
}

/** Each applicant's newest note (with its author), for the list and the CSV export. */
async function latestNotes(db: DB, applicantIds: string[]) {
  if (applicantIds.length === 0)
    return new Map<
      string,
      { body: string; createdAt: string; author: ReturnType<Awaited<ReturnType<typeof staffByIds>>> }
    >();
  const rows = await db
    .selectFrom("applicant_notes")
    .selectAll()
    .where("applicant_id", "in", applicantIds)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  const who = await staffByIds(
    db,
    rows.map((r) => r.author_id),
  );
  const latest = new Map<string, { body: string; createdAt: string; author: ReturnType<typeof who> }>();
  for (const r of rows)
    if (!latest.has(r.applicant_id))
      latest.set(r.applicant_id, { body: r.body, createdAt: r.created_at, author: who(r.author_id) });
  return latest;
}

const listApplicants = async (c: Ctx) => {
  const q = query(c, applicantListQuery);
  const db = c.get("db");
  const rows = await newestFirst(db, "applicants", q, pipelineFilter(q));
  const notes = await latestNotes(
    db,
    rows.map((r) => r.id),
  );
  return c.json(rows.map((r) => ({ ...toApplicant(r), latestNote: notes.get(r.id) ?? null })));
};
applicants.get("/applicants", requirePermission("applicants"), listApplicants);

/**
 * The exports' pages, a permission of their own and logged once per export (docs/decisions/031-staff-roles.md):
 * the list's rows (with the latest note) by key, larger than a list's
 * page, each answer naming where the next starts (docs/decisions/029-every-list-by-key-and-fast-exports.md).
 */
applicants.get("/applicants/export", requirePermission("exports"), logExport("applicants"), async (c) => {
  const q = query(c, applicantExportQuery);
  const db = c.get("db");
  const size = exportPageSize(db);
  const rows = await newestFirst(db, "applicants", { ...q, limit: size }, pipelineFilter(q));
  const notes = await latestNotes(
    db,
    rows.map((r) => r.id),
  );
  return c.json(exportPage(rows, q, size, (r) => ({ ...toApplicant(r), latestNote: notes.get(r.id) ?? null })));
});

/** The columns the CSV file reads, in the order `csvApplicant` takes them. */
const CSV_COLUMNS = [
  "id",
  "firstname",
  "lastname",
  "gender",
  "dob",
  "email",
  "phone",
  "street",
  "city",
  "state",
  "postal_code",
  "course_title",
  "course_type",
  "id_cards",
  "parent_consent",
  "school_name",
  "graduation_year",
  "highest_education",
  "emergency_fullname",
  "emergency_relationship",
  "emergency_phone",
  "reg_terms",
  "reg_privacy",
  "created_at",
  "status",
  "consents",
  "guardian_relationship",
  "guardian_confirmed_at",
  "payment_proof",
  "payment_transfer_ref",
] as const;

/** A row of CSV_COLUMNS as the export's cells read it: the fields `toApplicant` gives them, the same way. */
function csvApplicant(row: unknown[], notes: Awaited<ReturnType<typeof latestNotes>>): ExportApplicant {
  const [
    id,
    firstname,
    lastname,
    gender,
    dob,
    email,
    phone,
    street,
    city,
    state,
    postalCode,
    courseTitle,
    courseType,
    idCards,
    parentConsent,
    schoolName,
    graduationYear,
    highestEducation,
    emergencyFullname,
    emergencyRelationship,
    emergencyPhone,
    regTerms,
    regPrivacy,
    createdAt,
    status,
    consents,
    guardianRelationship,
    guardianConfirmedAt,
    paymentProof,
    paymentTransferRef,
  ] = row;
  return {
    _id: id as string,
    reference: applicationReference(id as string),
    firstname,
    lastname,
    gender,
    dob: dob as string,
    email,
    phone: phone as string,
    street,
    city,
    state,
    postalCode,
    courseTitle,
    courseType,
    idCards: JSON.parse(idCards as string) as string[],
    parentConsent,
    schoolName,
    graduationYear: graduationYear || null,
    highestEducation,
    emergencyFullname,
    emergencyRelationship,
    emergencyPhone: emergencyPhone as string,
    regTerms: !!regTerms,
    regPrivacy: !!regPrivacy,
    createdAt: createdAt as string,
    status: status as ExportApplicant["status"],
    latestNote: notes.get(id as string) ?? null,
    consents: consents ? (JSON.parse(consents as string) as Record<string, number>) : null,
    guardian: guardianRelationship ? { confirmedAt: guardianConfirmedAt as string | null } : null,
    paymentProof: paymentProof as string | null,
    paymentTransferRef: paymentTransferRef as string | null,
  };
}

/**
 * The applicants as a CSV file, written by the API whole and streamed (docs/decisions/048-exports-written-by-the-api.md):
 * the same permission, the same log line once per export, the same rows, filters and search as
 * the pages above; the web tier passes the file on.
 */
applicants.get("/applicants/export.csv", requirePermission("exports"), logExport("applicants"), (c) => {
  const q = query(c, applicantCsvQuery);
  const stream = csvStream(c.get("db"), {
    table: "applicants",
    columns: CSV_COLUMNS,
    where: pipelineFilter(q),
    search: q.search,
    header: applicantsExport.header,
    cells: applicantsExport.cells,
    shaper: async (db, rows) => {
      const notes = await latestNotes(
        db,
        rows.map((r) => r[0] as string),
      );
      return (row) => csvApplicant(row, notes);
    },
  });
  return csvResponse(stream);
});

/** How many applicants are at each status (within the course filter and search, if given). */
applicants.get("/applicants/counts", requirePermission("applicants"), async (c) => {
  const q = query(c, applicantCountsQuery);
  const conditions: Expression<SqlBool>[] = [];
  const byCourse = pipelineFilter({ course: q.course });
  if (byCourse) conditions.push(byCourse);
  if (q.search) conditions.push(matchesSearch(c.get("db"), "applicants", q.search));
  let select = c
    .get("db")
    .selectFrom("applicants")
    .select(["status", (eb) => eb.fn.countAll().as("n")]);
  if (conditions.length) select = select.where(sql<SqlBool>`${sql.join(conditions, sql` and `)}`);
  const rows = await select.groupBy("status").execute();
  const counts = Object.fromEntries(APPLICANT_STATUSES.map((s) => [s, 0])) as Record<
    (typeof APPLICANT_STATUSES)[number],
    number
  >;
  for (const r of rows) counts[r.status as keyof typeof counts] = Number(r.n);
  return c.json(counts);
});

applicants.patch("/applicants/:id/status", limitBody(4 * 1024), requirePermission("applicants"), async (c) => {
  const { status } = check(applicantStatusInput, await readBody(c));
  const db = c.get("db");
  const at = nowIso();
  const changes = { status, status_changed_by: c.get("user")!.id, status_changed_at: at, updated_at: at };
  const id = c.req.param("id");
  // Enrolled takes a seat of the applicant's intake, or nothing changes (409: none left);
  // declined gives it back (docs/decisions/068-intakes-and-seats.md).
  await db.transaction().execute(async (trx) => {
    if (status === "enrolled") await takeSeat(trx, id);
    const result = await trx.updateTable("applicants").set(changes).where("id", "=", id).executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) fail(404, "Applicant not found");
    if (status === "declined" || status === "withdrawn") await leaveIntake(trx, [id]);
  });
  await recordSecurityEvent({
    type: "applicant.status_changed",
    actorId: changes.status_changed_by,
    subjectId: `applicant:${c.req.param("id")}`,
    reason: status,
  });
  const who = await staffByIds(db, [changes.status_changed_by]);
  return c.json({
    _id: c.req.param("id"),
    status,
    statusChangedAt: changes.status_changed_at,
    statusChangedBy: who(changes.status_changed_by),
  });
});

applicants.post("/applicants/:id/notes", limitBody(16 * 1024), requirePermission("applicants"), async (c) => {
  const { body } = check(applicantNoteInput, await readBody(c));
  const db = c.get("db");
  const applicant = await db
    .selectFrom("applicants")
    .select("id")
    .where("id", "=", c.req.param("id"))
    .executeTakeFirst();
  if (!applicant) fail(404, "Applicant not found");
  const note = { id: newId(), applicant_id: applicant.id, author_id: c.get("user")!.id, body, created_at: nowIso() };
  await db.insertInto("applicant_notes").values(note).execute();
  // A note is a change: the record's retention clock starts again (docs/product.md, "Retention").
  await db.updateTable("applicants").set({ updated_at: note.created_at }).where("id", "=", applicant.id).execute();
  const who = await staffByIds(db, [note.author_id]);
  return c.json({ _id: note.id, body: note.body, createdAt: note.created_at, author: who(note.author_id) }, 201);
});

applicants.get("/applicants/:id", requirePermission("applicants"), async (c) => {
  const db = c.get("db");
  const row = await db.selectFrom("applicants").selectAll().where("id", "=", c.req.param("id")).executeTakeFirst();
  if (!row) fail(404, "Applicant not found");
  const files = await filesOf(db, row.id);
  const notes = await db
    .selectFrom("applicant_notes")
    .selectAll()
    .where("applicant_id", "=", row.id)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  const who = await staffByIds(db, [row.status_changed_by, ...notes.map((n) => n.author_id)]);
  return c.json({
    ...toApplicant(row),
    statusChangedAt: row.status_changed_at,
    statusChangedBy: who(row.status_changed_by),
    notes: notes.map((n) => ({ _id: n.id, body: n.body, createdAt: n.created_at, author: who(n.author_id) })),
    files: namedFiles(row, files).map(({ file: f, named }) => ({
      public_id: f.public_id,
      name: f.original_name,
      size: f.size,
      type: f.content_type,
      group: f.file_group,
      downloadName: downloadName(named),
      /** Shown in the page (an image, or a PDF in the browser's viewer). */
      inline: INLINE_TYPES.has(f.content_type),
    })),
  });
});

/** Each of an applicant's files with what names it (api/lib/applicant-files.ts): its place among its group's files. */
function namedFiles(
  applicant: Pick<Selectable<ApplicantsTable>, "id" | "firstname" | "lastname" | "id_cards">,
  files: Selectable<PrivateFilesTable>[],
) {
  const seen = new Map<string, number>();
  return files.map((f) => {
    const position = (seen.get(f.file_group) ?? 0) + 1;
    seen.set(f.file_group, position);
    const named = {
      applicantId: applicant.id,
      firstname: applicant.firstname,
      lastname: applicant.lastname,
      idCards: JSON.parse(applicant.id_cards) as string[],
      group: f.file_group,
      contentType: f.content_type,
      position,
    };
    return { file: f, named };
  });
}

/** An applicant's files in the order they were uploaded (the order their download names count in). */
const filesOf = (db: DB, applicantId: string) =>
  db
    .selectFrom("private_files")
    .selectAll()
    .where("applicant_id", "=", applicantId)
    .orderBy("created_at")
    .orderBy("public_id")
    .execute();

/**
 * A private file, to staff only. `?view=inline` shows it in the page (an image, or a PDF in the
 * browser's viewer) and is recorded as a view; otherwise it is a download named after the
 * applicant and the reference (docs/product.md §4). Both are security events (docs/security.md).
 */
applicants.get("/files/applicants/:fileId", requirePermission("applicants"), async (c) => {
  const publicId = `applicants/${c.req.param("fileId")}`;
  const db = c.get("db");
  const meta = await db.selectFrom("private_files").selectAll().where("public_id", "=", publicId).executeTakeFirst();
  if (!meta) fail(404, "File not found");
  const applicant = meta.applicant_id
    ? await db
        .selectFrom("applicants")
        .select(["id", "firstname", "lastname", "id_cards"])
        .where("id", "=", meta.applicant_id)
        .executeTakeFirst()
    : undefined;
  const inline = c.req.query("view") === "inline" && INLINE_TYPES.has(meta.content_type);
  const named = applicant
    ? namedFiles(applicant, await filesOf(db, applicant.id)).find((n) => n.file.public_id === publicId)?.named
    : undefined;
  const { size, body } = await streamPrivateFile(publicId);
  await recordSecurityEvent({
    type: inline ? "applicant_file.viewed" : "applicant_file.downloaded",
    actorId: c.get("user")!.id,
    subjectId: publicId,
  });
  const disposition = inline ? "inline" : "attachment";
  return new Response(body, {
    headers: {
      "content-type": meta.content_type,
      "content-length": String(size),
      "content-disposition": named
        ? contentDisposition(disposition, named)
        : `${disposition}; filename="${meta.original_name.replace(/[^\w.-]+/g, "_")}"`,
      "cache-control": "private, no-store",
      // Only the checked types (image or PDF, by content: api/storage/private-files.ts), never sniffed as another.
      "x-content-type-options": "nosniff",
      // Whatever a browser makes of an applicant's bytes (a `%PDF`/HTML polyglot), opened in a
      // staff member's signed-in browser it runs no script and is not of this origin (docs/security.md).
      "content-security-policy": PRIVATE_FILE_CSP,
    },
  });
});
