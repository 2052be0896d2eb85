import { Hono } from "hono";

import { lagosDay } from "@domain/consent";
import { applicationReference } from "@domain/registrations";
import { PRIVACY_REQUEST_DAYS } from "@domain/retention";

import { config } from "../config";
import { check, type Ctx, type Env, fail, limitBody, query, readBody, requirePermission } from "../http";
import { guardianLinkExpired } from "../lib/guardian-step";
import { hashSecret, newId, nowIso } from "../lib/ids";
import { siteSettings } from "../lib/settings";
import { admissionsAddress, queueMail } from "../mail";
import { greetingName } from "../mail/templates";
import { guardianRefusalNotice } from "../mail/templates";
import { apiMessages } from "../messages";
import { erasePerson, exportPerson, findPerson } from "../privacy/person";
import { recordSecurityEvent } from "../security-events";
import { guardianConfirmInput, personEraseInput, personQuery, privacyRequestInput } from "../validation";

// People's rights and the guardian's confirmation (docs/decisions/033-consent-versions-and-minors.md,
// 034-retention-and-rights.md). Every staff call here is for the role that handles admissions.
export const privacy = new Hono<Env>();

const DAY_MS = 24 * 60 * 60 * 1000;

/** The application a guardian's link names; 404 for an unknown link, 410 for an expired one. */
async function guardianApplication(c: Ctx, token: string) {
  const row = await c
    .get("db")
    .selectFrom("applicants")
    .select([
      "id",
      "created_at",
      "guardian_confirmed_at",
      "guardian_refused_at",
      "guardian_link_at",
      "guardian_email",
      "firstname",
      "course_title",
    ])
    .where("guardian_token_hash", "=", hashSecret(token))
    .executeTakeFirst();
  if (!row) fail(404, apiMessages.guardianLinkInvalid);
  // 30 days from the link's own sending: one the applicant sent again works as long (decision 065).
  if (guardianLinkExpired(row)) fail(410, apiMessages.guardianLinkExpired);
  return row;
}

/**
 * What the guardian's page shows before the button: whose application, for which course. Only a
 * first name that reads as a name (the mail's rule, docs/security.md); never the applicant's
 * contact details. A POST, so the link's secret stays out of every URL and log.
 */
privacy.post("/guardian/preview", limitBody(4 * 1024), async (c) => {
  const { token } = check(guardianConfirmInput, await readBody(c));
  const row = await guardianApplication(c, token);
  return c.json(
    {
      reference: applicationReference(row.id),
      course: row.course_title,
      child: greetingName(row.firstname),
      confirmedAt: row.guardian_refused_at ? null : row.guardian_confirmed_at,
      refusedAt: row.guardian_refused_at,
    },
    200,
    { "cache-control": "private, no-store" },
  );
});

/** The guardian's link (public: the token is the key). Confirms once; a second use says it is done. */
privacy.post("/guardian/confirm", limitBody(4 * 1024), async (c) => {
  const { token } = check(guardianConfirmInput, await readBody(c));
  const row = await guardianApplication(c, token);
  // A refusal stands: changing one's mind goes through the academy, who hear of it in person.
  if (row.guardian_refused_at) fail(409, apiMessages.guardianRefusedAlready);
  const confirmedAt = row.guardian_confirmed_at ?? nowIso();
  // The token is kept (as its hash) so the link answers "already confirmed" rather than "invalid".
  await c
    .get("db")
    .updateTable("applicants")
    .set({ guardian_confirmed_at: confirmedAt })
    .where("id", "=", row.id)
    .execute();
  return c.json({ reference: applicationReference(row.id), confirmedAt });
});

/**
 * "I do not consent", from the guardian's page (decision 065): recorded with its time, once (a
 * second press changes nothing and mails nobody); admissions are told by mail, Reply-To the
 * guardian, so their answer reaches the guardian directly. Also after a confirmation: consent may
 * be withdrawn (NDPA s.26). The applicant's status page says so.
 */
privacy.post("/guardian/refuse", limitBody(4 * 1024), async (c) => {
  const { token } = check(guardianConfirmInput, await readBody(c));
  const row = await guardianApplication(c, token);
  const reference = applicationReference(row.id);
  if (row.guardian_refused_at) return c.json({ reference, refusedAt: row.guardian_refused_at });
  const refusedAt = nowIso();
  // Read before the transaction: on SQLite's one connection a read inside it would wait for it.
  const admissions = admissionsAddress(await siteSettings());
  const refused = await c
    .get("db")
    .transaction()
    .execute(async (trx) => {
      // One conditional update: of two presses at once, one records and mails.
      const done = await trx
        .updateTable("applicants")
        .set({ guardian_refused_at: refusedAt })
        .where("id", "=", row.id)
        .where("guardian_refused_at", "is", null)
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) return false;
      if (admissions)
        await queueMail(trx, {
          to: admissions,
          ...(row.guardian_email ? { replyTo: row.guardian_email } : {}),
          ...guardianRefusalNotice({
            reference,
            course: row.course_title,
            confirmedBefore: !!row.guardian_confirmed_at,
            url: `${config().PUBLIC_URL}/admin/applicants/${row.id}`,
          }),
        });
      return true;
    });
  const now = refused
    ? refusedAt
    : ((
        await c
          .get("db")
          .selectFrom("applicants")
          .select("guardian_refused_at")
          .where("id", "=", row.id)
          .executeTakeFirst()
      )?.guardian_refused_at ?? refusedAt);
  return c.json({ reference, refusedAt: now });
});

/** Everything held about a person, by e-mail or phone. */
privacy.get("/privacy/person", requirePermission("applicants"), async (c) => {
  const person = query(c, personQuery);
  const records = await findPerson(c.get("db"), person);
  return c.json(records, 200, { "cache-control": "private, no-store" });
});

/** The person's data as a ZIP (person.json, CSVs, files). */
privacy.get("/privacy/person/export", requirePermission("applicants"), async (c) => {
  const person = query(c, personQuery);
  const { zip, records } = await exportPerson(c.get("db"), person);
  recordSecurityEvent({
    type: "person.exported",
    actorId: c.get("user")!.id,
    reason: `applications ${records.applications.length}, messages ${records.messages.length}`,
  });
  return new Response(zip, {
    headers: {
      "content-type": "application/zip",
      "content-length": String(zip.length),
      "content-disposition": `attachment; filename="person-export-${lagosDay()}.zip"`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
});

/** Erases the person; with a request's id, marks that request done. The log keeps that it happened, not whom. */
privacy.post("/privacy/person/erase", limitBody(4 * 1024), requirePermission("applicants"), async (c) => {
  const { requestId, ...person } = check(personEraseInput, await readBody(c));
  const db = c.get("db");
  if (requestId) {
    const request = await db.selectFrom("privacy_requests").select("id").where("id", "=", requestId).executeTakeFirst();
    if (!request) fail(404, apiMessages.requestNotFound);
  }
  const erased = await erasePerson(db, person);
  if (requestId)
    await db
      .updateTable("privacy_requests")
      .set({ done_at: nowIso(), subject: "erased" })
      .where("id", "=", requestId)
      .execute();
  recordSecurityEvent({
    type: "person.erased",
    actorId: c.get("user")!.id,
    subjectId: requestId && `privacy_request:${requestId}`,
  });
  return c.json(erased);
});

function toRequest(r: {
  id: string;
  kind: string;
  subject: string;
  received_on: string;
  due_on: string;
  done_at: string | null;
  created_at: string;
}) {
  return {
    _id: r.id,
    kind: r.kind,
    subject: r.subject,
    receivedOn: r.received_on,
    dueOn: r.due_on,
    doneAt: r.done_at,
    overdue: !r.done_at && r.due_on < lagosDay(),
  };
}

/** The register: open requests by due date first, then the last 50 done. */
privacy.get("/privacy/requests", requirePermission("applicants"), async (c) => {
  const db = c.get("db");
  const open = await db
    .selectFrom("privacy_requests")
    .selectAll()
    .where("done_at", "is", null)
    .orderBy("due_on")
    .limit(200)
    .execute();
  const done = await db
    .selectFrom("privacy_requests")
    .selectAll()
    .where("done_at", "is not", null)
    .orderBy("done_at", "desc")
    .limit(50)
    .execute();
  return c.json({ open: open.map(toRequest), done: done.map(toRequest) }, 200, {
    "cache-control": "private, no-store",
  });
});

privacy.post("/privacy/requests", limitBody(4 * 1024), requirePermission("applicants"), async (c) => {
  const input = check(privacyRequestInput, await readBody(c));
  const due = new Date(Date.parse(`${input.receivedOn}T00:00:00Z`) + PRIVACY_REQUEST_DAYS * DAY_MS)
    .toISOString()
    .slice(0, 10);
  const row = {
    id: newId(),
    kind: input.kind,
    subject: input.subject,
    received_on: input.receivedOn,
    due_on: due,
    done_at: null,
    created_by: c.get("user")!.id,
    created_at: nowIso(),
  };
  await c.get("db").insertInto("privacy_requests").values(row).execute();
  return c.json(toRequest(row), 201);
});

privacy.post("/privacy/requests/:id/done", limitBody(1024), requirePermission("applicants"), async (c) => {
  const db = c.get("db");
  const done = await db
    .updateTable("privacy_requests")
    .set({ done_at: nowIso() })
    .where("id", "=", c.req.param("id"))
    .where("done_at", "is", null)
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) === 0) {
    const exists = await db
      .selectFrom("privacy_requests")
      .select("id")
      .where("id", "=", c.req.param("id"))
      .executeTakeFirst();
    if (!exists) fail(404, apiMessages.requestNotFound);
  }
  const row = await db
    .selectFrom("privacy_requests")
    .selectAll()
    .where("id", "=", c.req.param("id"))
    .executeTakeFirstOrThrow();
  return c.json(toRequest(row));
});
