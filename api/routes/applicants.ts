import { Hono } from "hono";
import { type Expression, sql, type SqlBool } from "kysely";

import { APPLICANT_STATUSES, ENDED } from "@domain/pipeline";
import { applicationReference } from "@domain/registrations";

import type { DB } from "../db";
import { check, type Ctx, type Env, fail, limitBody, query, readBody, requirePermission } from "../http";
import { endOfLagosDay, makeOffer, moveApplicant } from "../lib/admission-offers";
import { downloadName, INLINE_TYPES } from "../lib/applicant-files";
import { filesOf, latestNotes, namedFiles, pipelineFilter, toApplicant } from "../lib/applicant-json";
import { boundedCount, COUNT_BOUND } from "../lib/bounded-count";
import { guardianStep, resendGuardianLink } from "../lib/guardian-step";
import { newId, nowIso } from "../lib/ids";
import { listThoseLeftWithoutSeat } from "../lib/intakes";
import { decideNoRefund } from "../lib/payments";
import { newestFirst } from "../lib/query";
import { staffByIds } from "../lib/revisions";
import { matchesSearch } from "../lib/search";
import { siteSettings } from "../lib/settings";
import { accountStatement, refuseWhileOwed, statementAnswer } from "../lib/statement";
import { apiMessages } from "../messages";
import { recordSecurityEvent } from "../security-events";
import {
  applicantCountsQuery,
  applicantListQuery,
  applicantNoteInput,
  applicantStatusInput,
  closeDuplicateInput,
  offerInput,
  refundDecisionInput,
} from "../validation";

/**
 * Admissions' pipeline: the list, the counts, an applicant's page, status and notes. Applying is
 * api/routes/registration.ts; the exports and the files have their own modules.
 */
export const applicants = new Hono<Env>();

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
 * How many applicants are at each status (within the course filter and search, if given), each
 * count stopping at the staff badges' bound (docs/decisions/084-stored-search-words-and-bounded-pipeline-counts.md):
 * `more` names the statuses whose count stopped there ("999+"). Without a search each status is
 * counted through its index (applicants_status, or applicants_course_status within a course), at
 * most COUNT_BOUND + 1 entries each. A search reads at most COUNT_BOUND + 1 of its matches and
 * counts those: past the bound every status may have more, so `more` names them all.
 */
applicants.get("/applicants/counts", requirePermission("applicants"), async (c) => {
  const q = query(c, applicantCountsQuery);
  const db = c.get("db");
  const byCourse = pipelineFilter({ course: q.course });
  const counts = Object.fromEntries(APPLICANT_STATUSES.map((s) => [s, 0])) as Record<
    (typeof APPLICANT_STATUSES)[number],
    number
  >;
  const more: string[] = [];
  if (q.search) {
    const conditions: Expression<SqlBool>[] = [matchesSearch(db, "applicants", q.search)];
    if (byCourse) conditions.push(byCourse);
    const rows = await db
      .selectFrom("applicants")
      .select("status")
      .where(sql<SqlBool>`${sql.join(conditions, sql` and `)}`)
      .limit(COUNT_BOUND + 1)
      .execute();
    for (const r of rows.slice(0, COUNT_BOUND)) counts[r.status as keyof typeof counts] += 1;
    if (rows.length > COUNT_BOUND) more.push(...APPLICANT_STATUSES);
  } else {
    const bounded = await Promise.all(
      APPLICANT_STATUSES.map((status) => {
        let rows = db.selectFrom("applicants").where("status", "=", status);
        if (byCourse) rows = rows.where(byCourse);
        return boundedCount(db, rows);
      }),
    );
    APPLICANT_STATUSES.forEach((status, i) => {
      counts[status] = bounded[i].n;
      if (bounded[i].more) more.push(status);
    });
  }
  return c.json({ ...counts, more });
});

/**
 * How many applicants are still at New, up to a bound ("999+"): the staff tabs' badge, read on
 * every staff page, so it reads at most the bound's entries of index applicants_status.
 */
applicants.get("/applicants/new-count", requirePermission("applicants"), async (c) => {
  const db = c.get("db");
  const { n, more } = await boundedCount(db, db.selectFrom("applicants").where("status", "=", "new"));
  return c.json({ new: n, more });
});

applicants.patch("/applicants/:id/status", limitBody(4 * 1024), requirePermission("applicants"), async (c) => {
  const { status, confirmOwed } = check(applicantStatusInput, await readBody(c));
  const db = c.get("db");
  const staffId = c.get("user")!.id;
  // The seat, the mails (Not admitted, Enrolled) and the log go with the move (moveApplicant,
  // docs/decisions/089-one-place-moves-an-applicant.md): 409 and nothing changed when the intake is full.
  // The settings are read before the transaction: on SQLite's one connection a read outside it would wait on it.
  const academy = await siteSettings();
  const id = c.req.param("id");
  if (status === "enrolled") {
    const before = await db.selectFrom("applicants").selectAll().where("id", "=", id).executeTakeFirst();
    // Enrolling while fees are owed is staff's call, made knowingly (docs/decisions/093).
    if (before && before.status !== "enrolled") await refuseWhileOwed(db, [before], academy, "enrol", confirmOwed);
  }
  const row = await db
    .transaction()
    .execute((trx) => moveApplicant(trx, id, { to: status, by: { staff: staffId }, academy }));
  if (!row) fail(404, apiMessages.applicantNotFound);
  await listThoseLeftWithoutSeat(db, row.intake_id);
  const who = await staffByIds(db, [staffId]);
  return c.json({
    _id: row.id,
    status,
    statusChangedAt: row.status_changed_at,
    statusChangedBy: who(staffId),
  });
});

/**
 * Staff send a guardian still to answer their link again, to the address on file, from the desk's
 * list (docs/decisions/088-the-desk-lists-and-offers-answered-as-expected.md): the applicant's own
 * "send again" (decision 065) done for them, e.g. after a phone call. The same rules: only while
 * the application is open and the guardian has not answered; the recipient's allowance of mails a
 * day (shared with the registration's and the applicant's); a new link, the one before stops.
 */
applicants.post("/applicants/:id/guardian/resend", limitBody(1024), requirePermission("applicants"), async (c) => {
  const db = c.get("db");
  const row = await db.selectFrom("applicants").selectAll().where("id", "=", c.req.param("id")).executeTakeFirst();
  if (!row) fail(404, apiMessages.applicantNotFound);
  if (row.status === "withdrawn" || row.status === "declined") fail(409, apiMessages.applicationClosed);
  if (!row.guardian_relationship || row.guardian_confirmed_at || row.guardian_refused_at || !row.guardian_email)
    fail(409, apiMessages.guardianNotAwaited);
  await resendGuardianLink(db, row, row.guardian_email);
  recordSecurityEvent({ type: "guardian.link_resent", actorId: c.get("user")!.id, subjectId: `applicant:${row.id}` });
  const after = await db.selectFrom("applicants").selectAll().where("id", "=", row.id).executeTakeFirstOrThrow();
  return c.json({ guardian: await guardianStep(db, after) });
});

/**
 * Staff offer a seat with an acceptance deadline (docs/decisions/074): the seat is taken now
 * (409 when none is left), and the offer mail with its letter goes in the same transaction.
 */
applicants.post("/applicants/:id/offer", limitBody(4 * 1024), requirePermission("applicants"), async (c) => {
  const { acceptBy } = check(offerInput, await readBody(c));
  const user = c.get("user")!;
  const row = await makeOffer(c.get("db"), c.req.param("id"), endOfLagosDay(acceptBy), user.id);
  return c.json({ _id: row.id, status: "offered", offerExpiresAt: row.offer_expires_at, offeredAt: row.offered_at });
});

/** Other applications by the same person: the same date of birth and the same e-mail or phone (at most 10, newest first). */
async function possibleDuplicates(db: DB, row: { id: string; dob: string; email: string; phone_key: string | null }) {
  if (!row.dob) return [];
  const addresses = [...new Set([row.email, row.email.toLowerCase()])].filter(Boolean);
  return db
    .selectFrom("applicants")
    .select(["id", "course_title", "status", "created_at"])
    .where("id", "!=", row.id)
    .where("dob", "=", row.dob)
    .where((eb) =>
      row.phone_key
        ? eb.or([eb("email", "in", addresses), eb("phone_key", "=", row.phone_key)])
        : eb("email", "in", addresses),
    )
    .orderBy("created_at", "desc")
    .limit(10)
    .execute();
}

/**
 * Staff close an application as a duplicate of the same person's other one (docs/decisions/100):
 * a move to Withdrawn through moveApplicant (seat, refund question, log as any staff move) and a
 * note naming the one kept, in one transaction. 409 when `of` is not a possible duplicate of it
 * or it is closed already.
 */
applicants.post("/applicants/:id/close-duplicate", limitBody(4 * 1024), requirePermission("applicants"), async (c) => {
  const { of } = check(closeDuplicateInput, await readBody(c));
  const db = c.get("db");
  const staffId = c.get("user")!.id;
  const row = await db.selectFrom("applicants").selectAll().where("id", "=", c.req.param("id")).executeTakeFirst();
  if (!row) fail(404, apiMessages.applicantNotFound);
  if (!(await possibleDuplicates(db, row)).some((d) => d.id === of)) fail(409, apiMessages.notADuplicate);
  if (ENDED.includes(row.status)) fail(409, apiMessages.applicationClosed);
  const academy = await siteSettings();
  const moved = await db.transaction().execute(async (trx) => {
    const done = await moveApplicant(trx, row.id, {
      to: "withdrawn",
      by: { staff: staffId },
      from: APPLICANT_STATUSES.filter((s) => !ENDED.includes(s)),
      academy,
    });
    if (!done) return null;
    await trx
      .insertInto("applicant_notes")
      .values({
        id: newId(),
        applicant_id: row.id,
        author_id: staffId,
        body: apiMessages.closedAsDuplicate(applicationReference(of)),
        created_at: nowIso(),
      })
      .execute();
    return done;
  });
  if (!moved) fail(409, apiMessages.applicationClosed);
  await listThoseLeftWithoutSeat(db, moved.intake_id);
  return c.json({ _id: moved.id, status: moved.status });
});

/**
 * Staff decide that no refund is due for an application withdrawn after paying (the academy's
 * policy keeps the money): the refund question closes with their note, and leaves the desk
 * (docs/decisions/099-withdrawn-after-paying.md). 409 when no question is open.
 */
applicants.post("/applicants/:id/refund-decision", limitBody(4 * 1024), requirePermission("applicants"), async (c) => {
  const { note } = check(refundDecisionInput, await readBody(c));
  const db = c.get("db");
  const user = c.get("user")!;
  const id = c.req.param("id");
  if (!(await decideNoRefund(db, id, note, user.id))) {
    const exists = await db.selectFrom("applicants").select("id").where("id", "=", id).executeTakeFirst();
    fail(exists ? 409 : 404, exists ? apiMessages.noRefundQuestion : apiMessages.applicantNotFound);
  }
  await recordSecurityEvent({ type: "applicant.refund_decided", actorId: user.id, subjectId: `applicant:${id}` });
  return c.json({ refund: "none_due" });
});

applicants.post("/applicants/:id/notes", limitBody(16 * 1024), requirePermission("applicants"), async (c) => {
  const { body } = check(applicantNoteInput, await readBody(c));
  const db = c.get("db");
  const applicant = await db
    .selectFrom("applicants")
    .select("id")
    .where("id", "=", c.req.param("id"))
    .executeTakeFirst();
  if (!applicant) fail(404, apiMessages.applicantNotFound);
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
  if (!row) fail(404, apiMessages.applicantNotFound);
  const files = await filesOf(db, row.id);
  const notes = await db
    .selectFrom("applicant_notes")
    .selectAll()
    .where("applicant_id", "=", row.id)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  const who = await staffByIds(db, [row.status_changed_by, row.refund_decided_by, ...notes.map((n) => n.author_id)]);
  return c.json({
    ...toApplicant(row),
    statusChangedAt: row.status_changed_at,
    statusChangedBy: who(row.status_changed_by),
    // The same person's other applications (same e-mail or phone, and date of birth): one may be
    // closed as a duplicate of the other (docs/decisions/100-one-live-application-per-course.md).
    possibleDuplicates: (await possibleDuplicates(db, row)).map((d) => ({
      _id: d.id,
      reference: applicationReference(d.id),
      courseTitle: d.course_title,
      status: d.status,
      createdAt: d.created_at,
    })),
    // Withdrawn after a payment: the refund question and how staff answered it (docs/decisions/099).
    refund: row.refund_question
      ? {
          question: row.refund_question,
          decidedAt: row.refund_decided_at,
          decidedBy: row.refund_decided_by ? who(row.refund_decided_by) : null,
          note: row.refund_decision_note,
        }
      : null,
    // The open offer's deadline, or the last one's (docs/decisions/074); null: never offered.
    offerExpiresAt: row.offer_expires_at,
    // What is owed, paid and due next, for staff as for the applicant (docs/decisions/093).
    statement: statementAnswer(await accountStatement(db, row, await siteSettings())),
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
