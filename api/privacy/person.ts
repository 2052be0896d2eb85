import { strToU8, zipSync } from "fflate";
import { type Expression, sql, type SqlBool } from "kysely";

import { formatCertificateNumber } from "@domain/certificates";
import { applicationReference } from "@domain/registrations";

import type { DB } from "../db";
import { leaveIntake } from "../lib/intakes";
import { personKey } from "../lib/person-key";
import { removeOutboxFiles } from "../mail/outbox-files";
import { streamPrivateFile } from "../storage/private-files";
import { deleteApplicantFiles, deleteSavedForm } from "./retention";

// People's rights (docs/decisions/034-retention-and-rights.md): everything held about a person,
// found by e-mail (however cased) or phone (however written), through indexes; exported as a
// ZIP; erased. What is held about a person: their applications (with notes, files and the mails
// sent about them), their contact messages, the forms they saved to finish later (with their
// files), their job alert, and the mails to them or answering them still in the outbox. An applicant's guardian
// is found by the guardian's e-mail too: the guardian's details are the guardian's data.

export type Person = { email?: string; phone?: string };

function byPerson(p: Person, columns: { email: string; phoneKey: string }): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [];
  if (p.email) parts.push(sql<SqlBool>`lower(${sql.ref(columns.email)}) = ${personKey.email(p.email)}`);
  if (p.phone) parts.push(sql<SqlBool>`${sql.ref(columns.phoneKey)} = ${personKey.phone(p.phone)}`);
  return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}

/** How many records of one person a lookup reads at most: a person has a handful, never thousands. */
const MOST = 200;

/** Everything held about a person, as staff see it and the export holds it. */
export async function findPerson(db: DB, p: Person) {
  return (await gather(db, p)).records;
}

/** The person's records, and the keys erasure needs that the records do not show. */
async function gather(db: DB, p: Person) {
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
  // Forms saved to finish later (docs/decisions/036), by the keys stored when each was saved;
  // one past its 14 days is still held until the sweep takes it, so it is found too.
  const savedForms = await db
    .selectFrom("saved_forms")
    .selectAll()
    .where((eb) =>
      eb.or([
        ...(p.email ? [eb("email", "=", personKey.email(p.email))] : []),
        ...(p.phone ? [eb("phone_key", "=", personKey.phone(p.phone))] : []),
      ]),
    )
    .orderBy("created_at")
    .limit(MOST)
    .execute();
  const savedHashes = savedForms.map((f) => f.token_hash);
  // A job seeker's weekly alert (docs/decisions/066-job-alerts.md): found by the address alone.
  const jobAlerts = p.email
    ? await db
        .selectFrom("job_alerts")
        .select(["id", "email", "confirmed_at", "created_at"])
        .where("email_key", "=", personKey.email(p.email))
        .execute()
    : [];
  const savedFiles = savedHashes.length
    ? await db
        .selectFrom("private_files")
        .selectAll()
        .where("saved_form", "in", savedHashes)
        .where("applicant_id", "is", null)
        .orderBy("created_at")
        .execute()
    : [];
  const ids = applicants.map((a) => a.id);
  const [notes, files, mails, completions, certificates] = ids.length
    ? await Promise.all([
        db.selectFrom("applicant_notes").selectAll().where("applicant_id", "in", ids).orderBy("created_at").execute(),
        db.selectFrom("private_files").selectAll().where("applicant_id", "in", ids).orderBy("created_at").execute(),
        db.selectFrom("applicant_mails").selectAll().where("applicant_id", "in", ids).orderBy("sent_at").execute(),
        // Completions and certificates (docs/decisions/058), by the applicant they were issued on.
        db.selectFrom("completions").selectAll().where("applicant_id", "in", ids).execute(),
        db.selectFrom("certificates").selectAll().where("applicant_id", "in", ids).orderBy("issued_at").execute(),
      ])
    : [[], [], [], [], []];
  // The outbox (docs/decisions/043-durable-mail-queue.md): mails to any address the person's
  // records give, or whose Reply-To is one (the academy's notice of their registration or
  // message carries what they typed).
  const addresses = [
    ...new Set(
      [p.email, ...applicants.map((a) => a.email), ...messages.map((m) => m.email), ...savedForms.map((f) => f.email)]
        .filter((e): e is string => !!e)
        .map(personKey.email),
    ),
  ];
  const outbox = await outboxOf(db, addresses);
  const fileView = (f: (typeof files)[number]) => ({
    public_id: f.public_id,
    group: f.file_group,
    name: f.original_name,
    type: f.content_type,
    size: f.size,
    uploaded_at: f.created_at,
  });
  const records = {
    applications: applicants.map((a) => ({
      reference: applicationReference(a.id),
      ...a,
      // The hash of the guardian's link is a secret of the academy's, not the person's data.
      guardian_token_hash: undefined,
      consents: a.consents ? (JSON.parse(a.consents) as unknown) : null,
      notes: notes
        .filter((n) => n.applicant_id === a.id)
        .map((n) => ({ id: n.id, body: n.body, author_id: n.author_id, created_at: n.created_at })),
      files: files.filter((f) => f.applicant_id === a.id).map(fileView),
      mails: mails
        .filter((m) => m.applicant_id === a.id)
        .map((m) => ({ id: m.id, kind: m.kind, recipient: m.recipient, subject: m.subject, sent_at: m.sent_at })),
    })),
    guardianOf: guardianOf.map((g) => ({ reference: applicationReference(g.id), ...g })),
    messages: messages.map((m) => ({ ...m, phone_key: undefined })),
    completions: completions.map((c) => ({ reference: applicationReference(c.applicant_id), ...c })),
    certificates: certificates.map((c) => ({
      reference: applicationReference(c.applicant_id),
      number: formatCertificateNumber(c.number),
      holder_name: c.holder_name,
      course_title: c.course_title,
      completed_on: c.completed_on,
      grade: c.grade,
      issued_at: c.issued_at,
      issued_by_name: c.issued_by_name,
      revoked_at: c.revoked_at,
      revoked_reason: c.revoked_reason,
    })),
    // The token's hash opens the form: a secret of the academy's, not the person's data.
    savedForms: savedForms.map((f) => ({
      fields: JSON.parse(f.fields) as Record<string, string | string[]>,
      saved_at: f.created_at,
      expires_at: f.expires_at,
      files: savedFiles.filter((file) => file.saved_form === f.token_hash).map(fileView),
    })),
    jobAlerts: jobAlerts.map((a) => ({ email: a.email, asked_at: a.created_at, confirmed_at: a.confirmed_at })),
    // Who and what only: a body waiting to be sent holds links that are secrets (a status page's,
    // a saved form's), and a sent one's body is gone.
    outboxMails: outbox.map((m) => ({
      id: m.id,
      recipient: m.recipient,
      reply_to: m.reply_to,
      subject: m.subject,
      status: m.status,
      created_at: m.created_at,
      sent_at: m.sent_at,
    })),
  };
  return { records, savedHashes, addresses, jobAlertIds: jobAlerts.map((a) => a.id) };
}

/**
 * Mails in the outbox to or answering any of `addresses` (lower-cased), through the indexes on
 * lower(recipient) and lower(reply_to) (migration 0019_rights_saved_forms_and_outbox).
 */
async function outboxOf(db: DB, addresses: string[]) {
  if (addresses.length === 0) return [];
  // Two lookups, one per index, rather than an OR that a planner might answer by reading the table.
  const [to, answering] = await Promise.all(
    (["recipient", "reply_to"] as const).map((column) =>
      db
        .selectFrom("mail_outbox")
        .select(["id", "recipient", "reply_to", "subject", "status", "created_at", "sent_at"])
        .where(sql<string>`lower(${sql.ref(column)})`, "in", addresses)
        .orderBy("created_at")
        .limit(MOST)
        .execute(),
    ),
  );
  // A mail both to and answering the person is one mail.
  const byId = new Map([...to, ...answering].map((m) => [m.id, m]));
  return [...byId.values()].sort((a, b) => a.created_at.localeCompare(b.created_at));
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
 * messages.csv (one row each), and every file under files/<reference>/ (a saved form's under
 * files/saved-form-<n>-<day>/). Built in memory: a person's files are at most a few
 * applications and saved forms of 6 files of 3 MB.
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
    "certificates.csv": strToU8(csv(records.certificates)),
  };
  const addFile = async (folder: string, f: { public_id: string; group: string; name: string }) => {
    const { body } = await streamPrivateFile(f.public_id);
    const bytes = new Uint8Array(await new Response(body).arrayBuffer());
    const name = f.name.replace(/[^\w.-]+/g, "_");
    entries[`files/${folder}/${f.group}-${f.public_id.slice(-6)}-${name}`] = bytes;
  };
  for (const a of records.applications) for (const f of a.files) await addFile(a.reference, f);
  // A saved form has no reference: its folder is named by the day it was saved, numbered.
  for (const [i, form] of records.savedForms.entries())
    for (const f of form.files) await addFile(`saved-form-${i + 1}-${form.saved_at.slice(0, 10)}`, f);
  return { zip: zipSync(entries, { level: 6 }), records };
}

/**
 * Erases the person: their applications (files first, then notes, mails and the row, whose
 * search entries go with it: triggers on SQLite, a column of the row on PostgreSQL), their saved
 * forms (files first), the guardian details they gave on others' applications, their contact
 * messages, the outbox's mails to or answering them, and their name in the request register.
 * Answers counts only (`files` counts the saved forms' files too).
 */
export async function erasePerson(db: DB, p: Person) {
  const { records, savedHashes, addresses, jobAlertIds } = await gather(db, p);
  let files = 0;
  for (const a of records.applications) files += await deleteApplicantFiles(db, a.id);
  for (const hash of savedHashes) files += await deleteSavedForm(db, hash);
  const applicationIds = records.applications.map((a) => a.id);
  const messageIds = records.messages.map((m) => m.id);
  let outboxMails = 0;
  const erasedMails: { id: string; created_at: string }[] = [];
  await db.transaction().execute(async (trx) => {
    // Every status: queued and failed mails hold the person's data in their bodies, sent and
    // expired ones their address and subject. A mail a worker has claimed is deleted too: the
    // worker holds its copy and sends it (it was already on its way), and its mark afterwards
    // updates by id and claim and so touches no row, without error (api/mail/queue.ts attempt).
    // A queued mail's files first (a certificate's PDF carries the name), while its row still says whose.
    if (addresses.length)
      await trx
        .deleteFrom("mail_attachments")
        .where(
          "mail_id",
          "in",
          trx
            .selectFrom("mail_outbox")
            .select("id")
            .where(sql<string>`lower(recipient)`, "in", addresses),
        )
        .execute();
    if (addresses.length)
      for (const column of ["recipient", "reply_to"] as const) {
        const gone = await trx
          .deleteFrom("mail_outbox")
          .where(sql<string>`lower(${sql.ref(column)})`, "in", addresses)
          .returning(["id", "created_at"])
          .execute();
        outboxMails += gone.length;
        erasedMails.push(...gone);
      }
    if (applicationIds.length) {
      // Their certificates go too: a check of the number then finds none (docs/product.md, "Retention").
      await trx.deleteFrom("certificates").where("applicant_id", "in", applicationIds).execute();
      await trx.deleteFrom("completions").where("applicant_id", "in", applicationIds).execute();
      await trx.deleteFrom("applicant_notes").where("applicant_id", "in", applicationIds).execute();
      await trx.deleteFrom("applicant_mails").where("applicant_id", "in", applicationIds).execute();
      // The payments stay (the academy's accounts: amount, date, reference); Paystack's event, which names the payer, goes.
      await trx
        .updateTable("payments")
        .set({ raw_event: null, raw_event_at: null })
        .where("applicant_id", "in", applicationIds)
        .execute();
      // The status page's links (docs/decisions/035-application-status-page.md) go with the application.
      await trx.deleteFrom("application_links").where("applicant_id", "in", applicationIds).execute();
      // A seat they held goes back to its intake (docs/decisions/068-intakes-and-seats.md).
      await leaveIntake(trx, applicationIds);
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
    if (jobAlertIds.length) await trx.deleteFrom("job_alerts").where("id", "in", jobAlertIds).execute();
    const subjects = [p.email?.trim(), p.phone?.trim()].filter((s): s is string => !!s);
    if (subjects.length)
      await trx.updateTable("privacy_requests").set({ subject: "erased" }).where("subject", "in", subjects).execute();
  });
  // Their mails' files in the outbox folder (no SMTP_URL) go with the rows; one a worker was
  // writing at that moment is swept a week on, its row gone (api/mail/outbox-files.ts).
  await removeOutboxFiles(erasedMails);
  return {
    applications: applicationIds.length,
    files,
    messages: messageIds.length,
    guardianDetails: records.guardianOf.length,
    savedForms: savedHashes.length,
    outboxMails,
    jobAlerts: jobAlertIds.length,
  };
}
