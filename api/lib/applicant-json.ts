import type { Selectable } from "kysely";
import { type Expression, sql, type SqlBool } from "kysely";

import { applicationReference } from "@domain/registrations";
import type { ExportApplicant } from "@domain/staff-exports";

import type { DB } from "../db";
import type { ApplicantsTable, PrivateFilesTable } from "../db/schema";
import { filesDeletedOn } from "../privacy/retention";
import { staffByIds } from "./revisions";

// An applicant as the API answers it: each column spelled once here, for the pipeline's pages,
// the exports' pages and the streamed CSV file (docs/decisions/048-exports-written-by-the-api.md).

/** The columns the CSV export reads (it streams rows of values, not objects), in this order. */
export const APPLICANT_CSV_COLUMNS = [
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

type ExportedColumns = Pick<Selectable<ApplicantsTable>, (typeof APPLICANT_CSV_COLUMNS)[number]>;

/** The fields every answer about an applicant has, from the columns every answer reads. */
function applicantFields(row: ExportedColumns) {
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
    paymentTransferRef: row.payment_transfer_ref,
    // docs/decisions/033-consent-versions-and-minors.md: null on registrations from before versions.
    consents: row.consents ? (JSON.parse(row.consents) as Record<string, number>) : null,
  };
}

/** An applicant whole, for the pipeline's list and page and the exports' pages. */
export function toApplicant(row: Selectable<ApplicantsTable>) {
  return {
    ...applicantFields(row),
    paymentProofAt: row.payment_proof_at,
    paymentRejectedReason: row.payment_rejected_reason,
    paymentProofFile: row.payment_proof_file,
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
    // The offer's deadline: an offer past it reads as lapsed in the lists at once (decision 088).
    offerExpiresAt: row.offer_expires_at,
  };
}

/** A streamed row of APPLICANT_CSV_COLUMNS as the export's cells read it: the same fields as `toApplicant`'s. */
export function csvApplicant(values: unknown[], notes: LatestNotes): ExportApplicant {
  const row = Object.fromEntries(APPLICANT_CSV_COLUMNS.map((column, i) => [column, values[i]])) as ExportedColumns;
  return {
    ...applicantFields(row),
    latestNote: notes.get(row.id) ?? null,
    guardian: row.guardian_relationship ? { confirmedAt: row.guardian_confirmed_at } : null,
  };
}

/** The pipeline filters (status, course) as one condition, for the list and the counts. */
export function pipelineFilter(q: {
  status?: string;
  course?: string;
  proof?: string;
}): Expression<SqlBool> | undefined {
  const parts: Expression<SqlBool>[] = [];
  if (q.proof === "refund") parts.push(sql<SqlBool>`refund_question = 'open'`);
  else if (q.proof) parts.push(sql<SqlBool>`payment_proof = ${q.proof}`);
  if (q.status) parts.push(sql<SqlBool>`status = ${q.status}`);
  if (q.course) parts.push(sql<SqlBool>`course_title = ${q.course}`);
  return parts.length ? sql<SqlBool>`${sql.join(parts, sql` and `)}` : undefined;
}

/** Each applicant's newest note (with its author), for the list and the CSV export. */
export async function latestNotes(db: DB, applicantIds: string[]) {
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

type LatestNotes = Awaited<ReturnType<typeof latestNotes>>;

/** Each of an applicant's files with what names it (api/lib/applicant-files.ts): its place among its group's files. */
export function namedFiles(
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
export const filesOf = (db: DB, applicantId: string) =>
  db
    .selectFrom("private_files")
    .selectAll()
    .where("applicant_id", "=", applicantId)
    .orderBy("created_at")
    .orderBy("public_id")
    .execute();
