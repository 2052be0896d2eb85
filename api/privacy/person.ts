import { strToU8, zipSync } from "fflate";
import { type Expression, sql, type SqlBool } from "kysely";

import { applicationReference } from "@domain/registrations";

import type { DB } from "../db";
import { personKey } from "../limits";
import { streamPrivateFile } from "../storage/private-files";
import { deleteApplicantFiles } from "./retention";

// People's rights (docs/decisions/034-retention-and-rights.md): everything held about a person,
// found by e-mail (however cased) or phone (however written), through indexes; exported as a
// ZIP; erased. What is held about a person: their applications (with notes, files and the mails
// sent about them), and their contact messages. An applicant's guardian is found by the
// guardian's e-mail or phone too: the guardian's details are the guardian's data.

export type Person = { email?: string; phone?: string };

function byPerson(p: Person, columns: { email: string; phoneKey: string }): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [];
  if (p.email) parts.push(sql<SqlBool>`lower(${sql.ref(columns.email)}) = ${personKey.email(p.email)}`);
  if (p.phone) parts.push(sql<SqlBool>`${sql.ref(columns.phoneKey)} = ${personKey.phone(p.phone)}`);
  return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}

/** How many records of one person a lookup reads at most: a person has a handful, never thousands. */
const MOST = 200;

export async function findPerson(db: DB, p: Person) {
  const applicants = await db
    .selectFrom("applicants")
    .selectAll()
    .where(byPerson(p, { email: "email", phoneKey: "phone_key" }))
    .orderBy("created_at")
    .limit(MOST)
    .execute();
  // The guardian's own details, on the applications they consented to.
  const guardianOf = p.email
    ? await db
        .selectFrom("applicants")
        .select(["id", "guardian_name", "guardian_relationship", "guardian_phone", "guardian_email"])
        .where(sql<SqlBool>`lower(guardian_email) = ${personKey.email(p.email)}`)
        .limit(MOST)
        .execute()
    : [];
  const messages = await db
    .selectFrom("contact_messages")
    .selectAll()
    .where(byPerson(p, { email: "email", phoneKey: "phone_key" }))
    .orderBy("created_at")
    .limit(MOST)
    .execute();
  const ids = applicants.map((a) => a.id);
  const [notes, files, mails] = ids.length
    ? await Promise.all([
        db.selectFrom("applicant_notes").selectAll().where("applicant_id", "in", ids).orderBy("created_at").execute(),
        db.selectFrom("private_files").selectAll().where("applicant_id", "in", ids).orderBy("created_at").execute(),
        db.selectFrom("applicant_mails").selectAll().where("applicant_id", "in", ids).orderBy("sent_at").execute(),
      ])
    : [[], [], []];
  return {
    applications: applicants.map((a) => ({
      reference: applicationReference(a.id),
      ...a,
      // The hash of the guardian's link is a secret of the academy's, not the person's data.
      guardian_token_hash: undefined,
      consents: a.consents ? (JSON.parse(a.consents) as unknown) : null,
      notes: notes
        .filter((n) => n.applicant_id === a.id)
        .map((n) => ({ id: n.id, body: n.body, author_id: n.author_id, created_at: n.created_at })),
      files: files
        .filter((f) => f.applicant_id === a.id)
        .map((f) => ({
          public_id: f.public_id,
          group: f.file_group,
          name: f.original_name,
          type: f.content_type,
          size: f.size,
          uploaded_at: f.created_at,
        })),
      mails: mails
        .filter((m) => m.applicant_id === a.id)
        .map((m) => ({ id: m.id, kind: m.kind, recipient: m.recipient, subject: m.subject, sent_at: m.sent_at })),
    })),
    guardianOf: guardianOf.map((g) => ({ reference: applicationReference(g.id), ...g })),
    messages: messages.map((m) => ({ ...m, phone_key: undefined })),
  };
}

const csvCell = (v: unknown) => {
  const s = v === null || v === undefined ? "" : typeof v === "object" ? JSON.stringify(v) : String(v);
  // A cell a spreadsheet would run as a formula is prefixed with ' (docs/decisions/009-csv-exports-for-spreadsheets.md).
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};
function csv(rows: Record<string, unknown>[]) {
  if (rows.length === 0) return "";
  const header = Object.keys(rows[0]).filter((k) => rows[0][k] !== undefined);
  return (
    [header, ...rows.map((r) => header.map((h) => r[h]))].map((r) => r.map(csvCell).join(",")).join("\r\n") + "\r\n"
  );
}

/**
 * The person's data as a ZIP: person.json (everything, readable), applications.csv and
 * messages.csv (one row each), and every file under files/<reference>/. Built in memory: a
 * person's files are at most a few applications of 6 files of 3 MB.
 */
export async function exportPerson(db: DB, p: Person) {
  const records = await findPerson(db, p);
  const entries: Record<string, Uint8Array> = {
    "person.json": strToU8(JSON.stringify({ exportedAt: new Date().toISOString(), asked: p, ...records }, null, 2)),
    "applications.csv": strToU8(
      csv(
        records.applications.map(({ notes, files, mails, ...a }) => ({
          ...a,
          notes: notes.length,
          files: files.length,
          mails: mails.length,
        })),
      ),
    ),
    "messages.csv": strToU8(csv(records.messages)),
  };
  for (const a of records.applications) {
    for (const f of a.files) {
      const { body } = await streamPrivateFile(f.public_id);
      const bytes = new Uint8Array(await new Response(body).arrayBuffer());
      const name = f.name.replace(/[^\w.-]+/g, "_");
      entries[`files/${a.reference}/${f.group}-${f.public_id.slice(-6)}-${name}`] = bytes;
    }
  }
  return { zip: zipSync(entries, { level: 6 }), records };
}

/**
 * Erases the person: their applications (files first, then notes, mails and the row, whose
 * search entries go with it: triggers on SQLite, a column of the row on PostgreSQL), the
 * guardian details they gave on others' applications, their contact messages, and their name
 * in the request register. Answers counts only.
 */
export async function erasePerson(db: DB, p: Person) {
  const records = await findPerson(db, p);
  let files = 0;
  for (const a of records.applications) files += await deleteApplicantFiles(db, a.id);
  const applicationIds = records.applications.map((a) => a.id);
  const messageIds = records.messages.map((m) => m.id);
  await db.transaction().execute(async (trx) => {
    if (applicationIds.length) {
      await trx.deleteFrom("applicant_notes").where("applicant_id", "in", applicationIds).execute();
      await trx.deleteFrom("applicant_mails").where("applicant_id", "in", applicationIds).execute();
      // The status page's links (docs/decisions/035-application-status-page.md) go with the application.
      await trx.deleteFrom("application_links").where("applicant_id", "in", applicationIds).execute();
      await trx.deleteFrom("applicants").where("id", "in", applicationIds).execute();
    }
    const guardianIds = records.guardianOf.map((g) => g.id).filter((id) => !applicationIds.includes(id));
    if (guardianIds.length)
      await trx
        .updateTable("applicants")
        .set({ guardian_name: null, guardian_phone: null, guardian_email: null, guardian_token_hash: null })
        .where("id", "in", guardianIds)
        .execute();
    if (messageIds.length) await trx.deleteFrom("contact_messages").where("id", "in", messageIds).execute();
    const subjects = [p.email?.trim(), p.phone?.trim()].filter((s): s is string => !!s);
    if (subjects.length)
      await trx.updateTable("privacy_requests").set({ subject: "erased" }).where("subject", "in", subjects).execute();
  });
  return {
    applications: applicationIds.length,
    files,
    messages: messageIds.length,
    guardianDetails: records.guardianOf.length,
  };
}
