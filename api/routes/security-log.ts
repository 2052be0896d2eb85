import { Hono } from "hono";

import { formatCertificateNumber } from "@domain/certificates";
import { applicationReference } from "@domain/registrations";
import { lagosLocalToIso } from "@domain/schedule";

import type { DB } from "../db";
import { type Env, query, requirePermission } from "../http";
import { recordSecurityEvent, SECURITY_EVENT_TYPES } from "../security-events";
import { securityLogQuery } from "../validation";

// The security log for Admins (docs/security.md, "Security log"): newest first, by key (time,
// then id), filtered by person (who did it or whom it was about), event and day. Each page reads
// one index range, however long the log. The CSV export reads it page by page (the web tier).
export const securityLog = new Hono<Env>();
const admin = requirePermission("security-log");

securityLog.get("/", admin, async (c) => {
  const q = query(c, securityLogQuery);
  const db = c.get("db");
  let select = db.selectFrom("security_log").selectAll();
  if (q.event) select = select.where("event", "=", q.event);
  // Days are Lagos days, as every staff page shows time (docs/security.md, "Security log").
  if (q.from) select = select.where("at", ">=", startOfLagosDay(q.from));
  if (q.to) select = select.where("at", "<", endOfLagosDay(q.to));
  if (q.after) {
    const { at, id } = q.after;
    select = select.where((eb) => eb.or([eb("at", "<", at), eb.and([eb("at", "=", at), eb("id", "<", id)])]));
  }
  const page = (base: typeof select) => base.orderBy("at", "desc").orderBy("id", "desc").limit(q.limit);
  // A person is the actor or the subject: two index ranges, merged (an OR would scan).
  let rows;
  if (q.person) {
    const [asActor, asSubject] = await Promise.all([
      page(select.where("actor_id", "=", q.person)).execute(),
      page(select.where("subject_id", "=", q.person)).execute(),
    ]);
    const seen = new Map([...asActor, ...asSubject].map((r) => [r.id, r]));
    rows = [...seen.values()]
      .sort((a, b) => (a.at === b.at ? (a.id < b.id ? 1 : -1) : a.at < b.at ? 1 : -1))
      .slice(0, q.limit);
  } else {
    rows = await page(select).execute();
  }
  if (q.export && !q.after)
    await recordSecurityEvent({ type: "export.downloaded", actorId: c.get("user")!.id, reason: "security-log" });
  const names = await staffNames(
    db,
    rows.flatMap((r) => [r.actor_id, r.subject_id]),
  );
  const subjects = await describeSubjects(
    db,
    rows.map((r) => r.subject_id),
    names,
  );
  return c.json({
    events: SECURITY_EVENT_TYPES,
    entries: rows.map((r) => ({
      _id: r.id,
      at: r.at,
      event: r.event,
      actorId: r.actor_id,
      actor: r.actor_id ? (names.get(r.actor_id) ?? null) : null,
      subjectId: r.subject_id,
      subject: r.subject_id ? (subjects.get(r.subject_id)?.label ?? null) : null,
      // What the id is: staff, applicant, applicant_file, certificate, payment, course, … or unknown.
      subjectKind: r.subject_id ? (subjects.get(r.subject_id)?.kind ?? "unknown") : null,
      reason: r.reason,
      ip: r.ip,
      userAgent: r.user_agent,
    })),
  });
});

/** The instant a Lagos day begins (checked real by the query's schema). */
const startOfLagosDay = (day: string) => lagosLocalToIso(`${day}T00:00`)!;
/** The instant after a Lagos day ends: 24 hours on (Lagos keeps no summer time), even for 9999-12-31. */
const endOfLagosDay = (day: string) => new Date(Date.parse(startOfLagosDay(day)) + 86_400_000).toISOString();

/** The names of the staff accounts among these ids (the others are files, items, invitations). */
async function staffNames(db: DB, ids: (string | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is string => !!id && /^[a-f0-9]{24}$/.test(id)))];
  if (!wanted.length) return new Map<string, string>();
  const rows = await db.selectFrom("users").select(["id", "name", "email"]).where("id", "in", wanted).execute();
  return new Map(rows.map((r) => [r.id, `${r.name} <${r.email}>`]));
}

/** What an entry's subject is, and how a person reads it (docs/product.md, "Security log": names, not raw ids). */
type Described = { kind: SubjectKind; label: string };
export type SubjectKind =
  | "staff"
  | "applicant"
  | "applicant_file"
  | "certificate"
  | "payment"
  | "course"
  | "article"
  | "job"
  | "mail"
  | "invitation"
  | "privacy_request"
  | "unknown";

const unique = (values: string[]) => [...new Set(values)];

/**
 * Each subject id's kind and words: a staff member's name, "applicant FLA-XXXXXXXX" (the
 * reference is the id's own, so it reads even after the applicant is erased), a file by its
 * applicant, a payment by its reference, a course or post by its title. A few indexed lookups per
 * page, whatever its length; an id nothing matches says what it was, or "unknown".
 */
async function describeSubjects(db: DB, ids: (string | null)[], names: Map<string, string>) {
  const out = new Map<string, Described>();
  const all = unique(ids.filter((id): id is string => !!id));
  const prefixed = (prefix: string) =>
    all.filter((id) => id.startsWith(`${prefix}:`)).map((id) => [id, id.slice(prefix.length + 1)] as const);
  const bare = all.filter((id) => !id.includes(":") && !id.startsWith("applicants/"));

  for (const id of bare) if (names.has(id)) out.set(id, { kind: "staff", label: names.get(id)! });
  const rest = bare.filter((id) => !out.has(id));
  if (rest.length) {
    const [applicants, certificates, payments] = await Promise.all([
      db.selectFrom("applicants").select("id").where("id", "in", rest).execute(),
      db.selectFrom("certificates").select("number").where("number", "in", rest).execute(),
      db.selectFrom("payments").select(["id", "reference", "applicant_id"]).where("id", "in", rest).execute(),
    ]);
    for (const a of applicants) out.set(a.id, { kind: "applicant", label: `applicant ${applicationReference(a.id)}` });
    for (const c of certificates)
      out.set(c.number, { kind: "certificate", label: `certificate ${formatCertificateNumber(c.number)}` });
    for (const p of payments)
      out.set(p.id, {
        kind: "payment",
        label: `payment ${p.reference} of applicant ${applicationReference(p.applicant_id)}`,
      });
  }
  for (const [id, applicantId] of prefixed("applicant"))
    out.set(id, { kind: "applicant", label: `applicant ${applicationReference(applicantId)}` });

  const files = all.filter((id) => id.startsWith("applicants/"));
  if (files.length) {
    const rows = await db
      .selectFrom("private_files")
      .select(["public_id", "applicant_id", "file_group"])
      .where("public_id", "in", files)
      .execute();
    const byId = new Map(rows.map((r) => [r.public_id, r]));
    for (const id of files) {
      const row = byId.get(id);
      out.set(id, {
        kind: "applicant_file",
        label: row?.applicant_id
          ? `${row.file_group === "receipt" ? "receipt" : "file"} of applicant ${applicationReference(row.applicant_id)}`
          : "an applicant's file (since deleted)",
      });
    }
  }

  const courses = prefixed("course");
  const posts = [...prefixed("job"), ...prefixed("article"), ...prefixed("post")];
  const invitations = prefixed("invitation");
  const [courseRows, postRows, invitationRows] = await Promise.all([
    courses.length
      ? db
          .selectFrom("courses")
          .select(["id", "title"])
          .where(
            "id",
            "in",
            courses.map(([, v]) => v),
          )
          .execute()
      : [],
    posts.length
      ? db
          .selectFrom("posts")
          .select(["id", "title"])
          .where(
            "id",
            "in",
            posts.map(([, v]) => v),
          )
          .execute()
      : [],
    invitations.length
      ? db
          .selectFrom("staff_invitations")
          .select(["id", "name"])
          .where(
            "id",
            "in",
            invitations.map(([, v]) => v),
          )
          .execute()
      : [],
  ]);
  const titles = new Map([...courseRows, ...postRows].map((r) => [r.id, r.title]));
  for (const [id, itemId] of [...courses, ...posts]) {
    const kind = id.slice(0, id.indexOf(":")) as "course" | "job" | "article";
    const title = titles.get(itemId);
    out.set(id, { kind, label: title ? `${kind} “${title}”` : `a ${kind} (since deleted)` });
  }
  const invited = new Map(invitationRows.map((r) => [r.id, r.name]));
  for (const [id, invitationId] of invitations)
    out.set(id, {
      kind: "invitation",
      label: invited.has(invitationId) ? `invitation of ${invited.get(invitationId)}` : "an invitation (since removed)",
    });
  for (const [id] of prefixed("mail")) out.set(id, { kind: "mail", label: "a mail in the outbox" });
  for (const [id] of prefixed("privacy_request")) out.set(id, { kind: "privacy_request", label: "a privacy request" });
  return out;
}
