import { Hono } from "hono";
import type { Selectable } from "kysely";
import type { ApplicantsTable } from "../db/schema";
import { config } from "../config";
import { UPLOAD_LIMITS } from "../domain";
import { check, fail, isFile, limitBody, query, readBody, requireStaff, type Env } from "../http";
import { newId, nowIso } from "../lib/ids";
import { containsText } from "../lib/query";
import { sendMail } from "../mail";
import { checkApplicantFile, FileRejectedError, readPrivateFile, removePrivateFile, storePrivateFile } from "../storage/private-files";
import type { DB } from "../db";
import { applicantInput, fileGroup, listQuery } from "../validation";

export const applicants = new Hono<Env>();

// Visitors upload their files first (kept private, not yet linked), then submit the form
// naming them; so a failed form keeps the files and the applicant need not pick them again.
const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;

/** Files uploaded for a form that was never sent are removed after a day. */
async function sweepAbandonedFiles(db: DB) {
  const before = new Date(Date.now() - ABANDONED_AFTER_MS).toISOString();
  const stale = await db.selectFrom("private_files").select("public_id").where("applicant_id", "is", null).where("created_at", "<", before).limit(100).execute();
  for (const { public_id } of stale) {
    await removePrivateFile(public_id);
    await db.deleteFrom("private_files").where("public_id", "=", public_id).where("applicant_id", "is", null).execute();
  }
}

applicants.post("/applicant/files", limitBody(UPLOAD_LIMITS.filesPerGroup * UPLOAD_LIMITS.maxFileBytes + 64 * 1024), async (c) => {
  await sweepAbandonedFiles(c.get("db")).catch((error) => console.error("[files] sweep failed", error));
  const body = await readBody(c);
  const group = check(fileGroup, body.group);
  const files = [body.file].flat().filter((f): f is File => isFile(f) && f.size > 0);
  if (files.length === 0) fail(400, "Choose at least one file to upload");
  if (files.length > UPLOAD_LIMITS.filesPerGroup) fail(400, "Maximum number of file upload is 3");
  const checked: { file: File; bytes: Buffer; type: string }[] = [];
  for (const file of files) {
    const bytes = Buffer.from(await file.arrayBuffer());
    try {
      checked.push({ file, bytes, type: checkApplicantFile(file.name, bytes) });
    } catch (error) {
      if (error instanceof FileRejectedError) fail(400, error.message);
      throw error;
    }
  }
  const stored = [];
  for (const { file, bytes, type } of checked) {
    const publicId = await storePrivateFile(bytes);
    const row = { public_id: publicId, applicant_id: null, file_group: group, original_name: file.name.slice(0, 200), content_type: type, size: bytes.length, created_at: nowIso() };
    await c.get("db").insertInto("private_files").values(row).execute();
    stored.push({ public_id: publicId, name: row.original_name, size: row.size, type, group });
  }
  return c.json(stored, 201);
});

applicants.post("/applicant", limitBody(64 * 1024), async (c) => {
  const input = check(applicantInput, await readBody(c));
  const db = c.get("db");
  const files = input.files.length
    ? await db.selectFrom("private_files").selectAll().where("public_id", "in", input.files).where("applicant_id", "is", null).execute()
    : [];
  if (files.length !== new Set(input.files).size) fail(400, "An error occured while trying to upload your form file attachments");
  const idFiles = files.filter((f) => f.file_group === "idCards");
  if (idFiles.length === 0) fail(400, "Upload at least one ID card");
  if (idFiles.length > UPLOAD_LIMITS.filesPerGroup || files.length - idFiles.length > UPLOAD_LIMITS.filesPerGroup) {
    fail(400, "Maximum number of file upload is 3");
  }
  const id = newId();
  await db.transaction().execute(async (trx) => {
    await trx.insertInto("applicants").values({
      id, firstname: input.firstname, lastname: input.lastname, gender: input.gender, dob: input.dob, email: input.email,
      phone: input.phone, street: input.street, city: input.city, state: input.state, postal_code: input.postalCode,
      course_title: input.courseTitle, course_type: input.courseType, id_cards: JSON.stringify(input.idCards),
      parent_consent: input.parentConsent, school_name: input.schoolName, graduation_year: input.graduationYear,
      highest_education: input.highestEducation, emergency_fullname: input.emergencyFullname,
      emergency_relationship: input.emergencyRelationship, emergency_phone: input.emergencyPhone,
      reg_terms: 1, reg_privacy: 1, created_at: nowIso(),
    }).execute();
    // Claimed only if still unclaimed: of two registrations racing for the same files, one
    // gets them and the other is rolled back whole.
    const claimed = await trx
      .updateTable("private_files")
      .set({ applicant_id: id })
      .where("public_id", "in", input.files)
      .where("applicant_id", "is", null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== files.length) fail(400, "An error occured while trying to upload your form file attachments");
  });
  sendMail({
    to: config().ACADEMY_INBOX,
    subject: `New registration: ${input.firstname} ${input.lastname} — ${input.courseTitle}`,
    text: `${input.firstname} ${input.lastname} registered for ${input.courseTitle} (${input.courseType}).\nEmail: ${input.email}\nPhone: ${input.phone}\n\nSee every detail and the attached files at ${config().PUBLIC_URL}/admin/applicants/${id}`,
  }).catch((error) => console.error("[mail] registration notice failed", error));
  return c.json({ _id: id, message: "Registration received" }, 201);
});

function toApplicant(row: Selectable<ApplicantsTable>) {
  return {
    _id: row.id, firstname: row.firstname, lastname: row.lastname, gender: row.gender, dob: row.dob, email: row.email,
    phone: row.phone, street: row.street, city: row.city, state: row.state, postalCode: row.postal_code,
    courseTitle: row.course_title, courseType: row.course_type, idCards: JSON.parse(row.id_cards) as string[],
    parentConsent: row.parent_consent, schoolName: row.school_name, graduationYear: row.graduation_year,
    highestEducation: row.highest_education, emergencyFullname: row.emergency_fullname,
    emergencyRelationship: row.emergency_relationship, emergencyPhone: row.emergency_phone,
    regTerms: !!row.reg_terms, regPrivacy: !!row.reg_privacy, createdAt: row.created_at,
  };
}

applicants.get("/applicants", requireStaff, async (c) => {
  const q = query(c, listQuery(20));
  let select = c.get("db").selectFrom("applicants").selectAll();
  if (q.search) {
    select = select.where((eb) => eb.or([containsText("firstname", q.search!), containsText("lastname", q.search!), containsText("email", q.search!), containsText("course_title", q.search!)]));
  }
  const rows = await select.orderBy("created_at", "desc").orderBy("id", "desc").limit(q.limit).offset(q.skip).execute();
  return c.json(rows.map(toApplicant));
});

applicants.get("/applicants/:id", requireStaff, async (c) => {
  const db = c.get("db");
  const row = await db.selectFrom("applicants").selectAll().where("id", "=", c.req.param("id")).executeTakeFirst();
  if (!row) fail(404, "Applicant not found");
  const files = await db.selectFrom("private_files").selectAll().where("applicant_id", "=", row.id).orderBy("created_at").execute();
  return c.json({
    ...toApplicant(row),
    files: files.map((f) => ({ public_id: f.public_id, name: f.original_name, size: f.size, type: f.content_type, group: f.file_group })),
  });
});

applicants.get("/files/applicants/:fileId", requireStaff, async (c) => {
  const publicId = `applicants/${c.req.param("fileId")}`;
  const meta = await c.get("db").selectFrom("private_files").selectAll().where("public_id", "=", publicId).executeTakeFirst();
  if (!meta) fail(404, "File not found");
  const bytes = await readPrivateFile(publicId);
  return new Response(new Uint8Array(bytes), {
    headers: {
      "content-type": meta.content_type,
      "content-length": String(bytes.length),
      "content-disposition": `attachment; filename="${meta.original_name.replace(/[^\w.-]+/g, "_")}"`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
});

