import { Hono } from "hono";
import type { Selectable, Transaction, Updateable } from "kysely";

import { JOURNEY_LIMITS, WITHDRAWABLE_BY_LINK } from "@domain/journey";
import { offerState, STATUS_MOVES } from "@domain/pipeline";
import { applicationReference } from "@domain/registrations";
import type { SiteSettings } from "@domain/settings";

import { clientIpKey, clientNetworks } from "../client-ip";
import { config } from "../config";
import type { DB } from "../db";
import type { Database } from "../db/schema";
import { check, type Ctx, type Env, fail, isFile, limitBody, readBody, requirePermission } from "../http";
import { answerOffer, moveApplicant, offerLetterFor } from "../lib/admission-offers";
import { afterAnswer } from "../lib/after-answer";
import { claimableBy } from "../lib/applicant-claims";
import { guardianStep, resendGuardianLink } from "../lib/guardian-step";
import { hashSecret, newSecret, nowIso } from "../lib/ids";
import { addCount } from "../lib/insight-counts";
import { waitingPosition } from "../lib/intakes";
import { recordTransferPayment } from "../lib/payments";
import { savedFormKeys } from "../lib/person-key";
import { receiptAttachment } from "../lib/receipt-pdf";
import { consumeSavedForm } from "../lib/saved-forms";
import { siteSettings } from "../lib/settings";
import { accountStatement, statementAnswer } from "../lib/statement";
import { newStatusLink, revokeStatusLinks, statusLinksExpired, withdrawalCheckMatches } from "../lib/status-links";
import { savedFormsMayKeep } from "../lib/upload-quota";
import { giveBackMail, mayMail, personKey, spend, spendEach, spendPerIp } from "../limits";
import { admissionsAddress, type Mail, queueMail } from "../mail";
import { owedWords } from "../mail/payment-mails";
import { paymentConfirmedMail, proofRejectedMail, savedFormMail, statusLink, statusLinksMail } from "../mail/templates";
import { apiMessages } from "../messages";
import { recordSecurityEvent } from "../security-events";
import { withdrawInput } from "../status-link-schemas";
import { prepareApplicantFile } from "../storage/applicant-photos";
import { FileRejectedError, newPrivateFileId, removePrivateFile, writePrivateFile } from "../storage/private-files";
import {
  guardianEmailInput,
  linkRequestInput,
  offerAnswerInput,
  privateToken,
  proofInput,
  proofRejectInput,
  savedFormInput,
} from "../validation";

// After the form (docs/decisions/035 and 036): the applicant's private status page, the
// "send me my link again" request, proof of payment and withdrawal, forms saved to finish
// later; and the staff calls that decide on a proof of payment. Every token is 32 random bytes
// kept only as its SHA-256; a token that opens nothing is answered 404 with one sentence,
// whether it never existed, expired, was used or its application is gone.

export const application = new Hono<Env>();

const statusUrl = (token: string) => statusLink(config().PUBLIC_URL, token);

async function linkedApplicant(db: DB, token: string) {
  if (!privateToken.safeParse(token).success) fail(404, apiMessages.applicationNotFound);
  const row = await db
    .selectFrom("application_links")
    .innerJoin("applicants", "applicants.id", "application_links.applicant_id")
    .selectAll("applicants")
    .select("application_links.reader")
    .where("application_links.token_hash", "=", hashSecret(token))
    .executeTakeFirst();
  // Ended (closed, paid, withdrawn) more than 30 days ago: the link has outlived it (api/lib/status-links.ts).
  if (!row || statusLinksExpired(row)) fail(404, apiMessages.applicationNotFound);
  const { reader, ...applicant } = row;
  return { row: applicant, reader: reader === 1 };
}

/** The applicant behind a link that may act: a guardian's read-only link is refused (403; decision 074). */
async function applicantByLink(db: DB, token: string) {
  const { row, reader } = await linkedApplicant(db, token);
  if (reader) fail(403, apiMessages.readerLink);
  return row;
}

/** What the status page shows: the applicant's own application, never the staff's notes. */
application.get("/application/:token", async (c) => {
  const db = c.get("db");
  const { row, reader } = await linkedApplicant(db, c.req.param("token"));
  const intake = row.intake_id
    ? await db
        .selectFrom("intakes")
        .select(["start_date", "campus", "schedule"])
        .where("id", "=", row.intake_id)
        .executeTakeFirst()
    : undefined;
  return c.json(
    {
      reference: applicationReference(row.id),
      course: row.course_title,
      courseType: row.course_type,
      createdAt: row.created_at,
      status: row.status,
      // A guardian's read-only link: the page shows no form (decision 074).
      reader,
      // Withdrawn after paying: open until admissions refund or decide none is due (docs/decisions/099).
      refund: row.refund_question,
      // The offer: its deadline, whether the applicant may still answer it, and whether it lapsed
      // (past its deadline, shown at once even before the sweep frees the seat: domain/pipeline.ts).
      offer:
        row.offered_at && row.offer_expires_at
          ? {
              offeredAt: row.offered_at,
              expiresAt: row.offer_expires_at,
              open: offerState(row.status, row.offer_expires_at) === "open",
              lapsed: offerState(row.status, row.offer_expires_at) === "lapsed",
            }
          : null,
      // The intake applied for, and the place on its waiting list (1 is next; null: not waiting).
      intake: intake
        ? {
            startDate: intake.start_date,
            campus: intake.campus,
            schedule: intake.schedule,
            seatHeld: row.intake_seat === 1,
            waitingPosition: await waitingPosition(db, row),
          }
        : null,
      proof: row.payment_proof
        ? {
            state: row.payment_proof,
            transferReference: row.payment_transfer_ref ?? "",
            sentAt: row.payment_proof_at ?? "",
            rejectedReason: row.payment_proof === "rejected" ? (row.payment_rejected_reason ?? "") : "",
          }
        : null,
      // A minor's guardian: to whom the link went (masked), when, and their answer (decision 065).
      guardian: await guardianStep(db, row),
      // What is owed, paid and due next: "Paid" means nothing is owed (docs/decisions/093).
      statement: statementAnswer(await accountStatement(db, row, await siteSettings())),
    },
    200,
    { "cache-control": "private, no-store" },
  );
});

/**
 * "Send me my link again": the same answer, in the same time, whether or not the address made an
 * application (the lookup runs after the answer), so the form tells nobody who applied. Counted
 * per address asked for and per client address. Each new link revokes the ones sent before.
 */
application.post("/application/link-request", limitBody(4 * 1024), async (c) => {
  const { email } = check(linkRequestInput, await readBody(c));
  await spendEach(
    [
      { name: "linkRequestsPerAddress", key: personKey.email(email) },
      { name: "linkRequestsPerIp", key: clientIpKey() },
    ],
    apiMessages.tooManyLinkRequests,
  );
  const db = c.get("db");
  afterAnswer("link-request", () => mailStatusLinks(db, email));
  return c.json({ message: apiMessages.linkRequested }, 202);
});

async function mailStatusLinks(db: DB, email: string) {
  // The address as typed or lower-cased: the index on email serves both lookups.
  const addresses = [...new Set([email, email.toLowerCase()])];
  const rows = (
    await db
      .selectFrom("applicants")
      .select(["id", "course_title", "status", "status_changed_at"])
      .where("email", "in", addresses)
      .orderBy("created_at", "desc")
      .limit(5)
      .execute()
  ).filter((row) => !statusLinksExpired(row));
  if (rows.length === 0) return;
  const academy = await siteSettings();
  // The new links, the old ones' revocation and the mail that carries them: together or not at all.
  await db.transaction().execute(async (trx) => {
    const links = [];
    for (const row of rows) {
      await revokeStatusLinks(trx, row.id);
      links.push({
        reference: applicationReference(row.id),
        course: row.course_title,
        url: statusUrl(await newStatusLink(trx, row.id)),
      });
    }
    await queueMail(trx, { to: email, replyTo: admissionsAddress(academy), ...statusLinksMail({ links }, academy) });
  });
}

/** Statuses after which the applicant sends nothing more. */
const CLOSED = new Set(["withdrawn", "declined"]);

/**
 * The guardian's link again, to the address on file (`/guardian/resend`) or to a corrected one
 * (`/guardian/email`), from the applicant's status page (decision 065). Only while the guardian has
 * not answered and the application is open; counted per status link and per recipient (the
 * registration's own allowance, so a corrected address cannot be mailed more than any other).
 * The new link replaces the one sent before.
 */
async function sendGuardianAgain(c: Ctx, to?: string) {
  const db = c.get("db");
  const token = c.req.param("token")!;
  const row = await applicantByLink(db, token);
  if (!row.guardian_relationship) fail(404, apiMessages.applicationNotFound);
  if (CLOSED.has(row.status)) fail(409, apiMessages.applicationClosed);
  if (row.guardian_confirmed_at || row.guardian_refused_at) fail(409, apiMessages.guardianNotAwaited);
  const address = to ?? row.guardian_email;
  if (!address) fail(409, apiMessages.guardianNotAwaited);
  await spend("guardianMailsPerLink", hashSecret(token), apiMessages.tooManyGuardianMails);
  await resendGuardianLink(db, row, address);
  const after = await db.selectFrom("applicants").selectAll().where("id", "=", row.id).executeTakeFirstOrThrow();
  return c.json({ guardian: await guardianStep(db, after) });
}

application.post("/application/:token/guardian/resend", limitBody(4 * 1024), (c) => sendGuardianAgain(c));

application.post("/application/:token/guardian/email", limitBody(4 * 1024), async (c) => {
  const { email } = check(guardianEmailInput, await readBody(c));
  return sendGuardianAgain(c, email);
});

/** The applicant's transfer receipt (a photo or a PDF) and the transfer's reference. */
application.post("/application/:token/proof", limitBody(JOURNEY_LIMITS.maxPhotoBytes + 64 * 1024), async (c) => {
  const db = c.get("db");
  const row = await applicantByLink(db, c.req.param("token"));
  if (CLOSED.has(row.status)) fail(409, apiMessages.applicationClosed);
  if (row.payment_proof === "confirmed" || row.status === "paid" || row.status === "enrolled")
    fail(409, apiMessages.paymentAlreadyConfirmed);
  await spendPerIp("proofsPerIp", apiMessages.tooManyUploads);
  const body = await readBody(c);
  const { transferReference } = check(proofInput, body);
  const files = [body.file].flat().filter((f): f is File => isFile(f) && f.size > 0);
  if (files.length !== 1) fail(400, apiMessages.chooseReceipt);
  let prepared: { bytes: Buffer; type: string };
  try {
    prepared = await prepareApplicantFile(files[0].name, Buffer.from(await files[0].arrayBuffer()));
  } catch (error) {
    if (error instanceof FileRejectedError) fail(400, error.message);
    throw error;
  }
  const publicId = newPrivateFileId();
  const now = nowIso();
  // The row before the file, as every private file (api/routes/registration.ts).
  await db
    .insertInto("private_files")
    .values({
      public_id: publicId,
      applicant_id: row.id,
      file_group: "receipt",
      original_name: files[0].name.slice(0, 200),
      content_type: prepared.type,
      size: prepared.bytes.length,
      created_at: now,
      client_key: null,
    })
    .execute();
  try {
    await writePrivateFile(publicId, prepared.bytes);
  } catch (error) {
    await db.deleteFrom("private_files").where("public_id", "=", publicId).execute();
    throw error;
  }
  await db
    .updateTable("applicants")
    .set({
      payment_proof: "waiting",
      payment_proof_file: publicId,
      payment_transfer_ref: transferReference,
      payment_proof_at: now,
      payment_rejected_reason: null,
    })
    .where("id", "=", row.id)
    .execute();
  // One receipt per application: a new one replaces the one before (staff decide on the newest).
  if (row.payment_proof_file) {
    await db.deleteFrom("private_files").where("public_id", "=", row.payment_proof_file).execute();
    await removePrivateFile(row.payment_proof_file).catch(() => undefined);
  }
  return c.json({ state: "waiting", transferReference, sentAt: now }, 201);
});

/** The applicant withdraws (after the page's confirmation step); staff see the status. Repeating it changes nothing. */
application.post("/application/:token/withdraw", limitBody(4 * 1024), async (c) => {
  const db = c.get("db");
  const token = c.req.param("token");
  const row = await applicantByLink(db, token);
  const { dob } = check(withdrawInput, await readBody(c));
  // Paid or enrolled: money and a seat are settled, so admissions withdraws it and decides the
  // refund (decision 091). Said before any proof is asked: no try spent on an answer that cannot help.
  if (row.status === "declined") fail(409, apiMessages.applicationClosed);
  if (row.status !== "withdrawn" && !WITHDRAWABLE_BY_LINK.includes(row.status))
    fail(409, apiMessages.withdrawByAdmissions);
  await checkWhoAnswers(token, row, dob);
  if (row.status !== "withdrawn") {
    // Its seat or its place on the waiting list given up, admissions told (moveApplicant); no staff
    // member changed it: status_changed_by stays empty, which the staff pages show as the applicant.
    const academy = await siteSettings();
    await db.transaction().execute((trx) => moveApplicant(trx, row.id, { to: "withdrawn", by: "applicant", academy }));
  }
  return c.json({ status: "withdrawn" });
});

/**
 * A link alone does not give an application up: the applicant's date of birth too, which the page
 * never shows (decision 091). Every answer, empty or wrong, spends one of the link's tries, so a
 * forwarded link cannot be walked through the calendar.
 */
async function checkWhoAnswers(token: string, row: { dob: string }, dob: string) {
  await spend("withdrawalChecksPerLink", hashSecret(token), apiMessages.tooManyWithdrawalChecks);
  if (!dob.trim()) fail(400, apiMessages.withdrawalCheckRequired);
  if (!withdrawalCheckMatches(row, dob)) fail(400, apiMessages.withdrawalCheck);
}

/**
 * The applicant accepts or declines their offer (decision 074); a decline frees the seat for the
 * next in line. Declining gives the application up as withdrawing does, so it asks for the same
 * proof, the date of birth, with the same tries per link (decisions 055, 088 and 091):
 * a forwarded link alone cannot decline. Accepting asks for none: it gives nothing away.
 */
application.post("/application/:token/offer", limitBody(4 * 1024), async (c) => {
  const db = c.get("db");
  const token = c.req.param("token");
  const row = await applicantByLink(db, token);
  const { answer, dob } = check(offerAnswerInput, await readBody(c));
  // No open offer (answered, lapsed, never made) is said first: no proof to ask for, no try spent.
  if (offerState(row.status, row.offer_expires_at) !== "open") fail(409, apiMessages.noOfferOpen);
  if (answer === "decline") await checkWhoAnswers(token, row, dob);
  const status = await answerOffer(db, row.id, answer);
  return c.json({ status });
});

/** The offer letter as a PDF, for the applicant and the guardian's read-only link alike. */
application.get("/application/:token/offer-letter", async (c) => {
  const db = c.get("db");
  const token = c.req.param("token");
  const { row, reader } = await linkedApplicant(db, token);
  // The QR code is the link asked with: a guardian's letter carries their own read-only link.
  const letter = await offerLetterFor(db, row, statusUrl(token), reader ? "guardian" : "applicant");
  if (!letter) fail(404, apiMessages.noOfferLetter);
  return new Response(new Uint8Array(letter.content), {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="${letter.filename}"`,
      "cache-control": "private, no-store",
    },
  });
});

// ---- staff: deciding on a proof of payment (docs/product.md §4) ----

/**
 * Decides on the waiting proof of payment of applicant `id`: the change, a fresh status link
 * and the mail that tells the applicant are one transaction. Two staff deciding at once: the
 * second finds no proof waiting (409) and nothing of theirs is stored or sent.
 */
async function decideOnProof<Recorded = undefined>(
  c: Ctx,
  change: Updateable<Database["applicants"]>,
  mailFor: (
    row: Selectable<Database["applicants"]>,
    url: string,
    academy: SiteSettings,
    recorded: Recorded | undefined,
    trx: Transaction<Database>,
  ) => Omit<Mail, "to"> | null | Promise<Omit<Mail, "to"> | null>,
  alsoRecord?: (
    trx: Transaction<Database>,
    row: Selectable<Database["applicants"]>,
    academy: SiteSettings,
  ) => Promise<Recorded>,
) {
  const id = c.req.param("id")!;
  const academy = await siteSettings();
  return c
    .get("db")
    .transaction()
    .execute(async (trx) => {
      const row = await trx.selectFrom("applicants").selectAll().where("id", "=", id).executeTakeFirst();
      if (!row) fail(404, apiMessages.applicantNotFound);
      const decided = await trx
        .updateTable("applicants")
        .set(change)
        .where("id", "=", id)
        .where("payment_proof", "=", "waiting")
        .executeTakeFirst();
      if (Number(decided.numUpdatedRows) !== 1) fail(409, apiMessages.noProofWaiting);
      const recorded = await alsoRecord?.(trx, row, academy);
      const url = statusUrl(await newStatusLink(trx, id));
      // No mail at all is an answer too: a transfer that paid the fee a second time (decision 092).
      const mail = await mailFor(row, url, academy, recorded, trx);
      if (mail) await queueMail(trx, { to: row.email, replyTo: admissionsAddress(academy), ...mail });
      return { row, recorded };
    });
}

/**
 * Confirmed: the status becomes paid and the applicant gets a receipt by e-mail. When the fee was
 * paid already (online, or another transfer), the transfer is recorded and flagged for a refund,
 * the academy is told, the status stays and no second receipt goes (docs/decisions/092).
 */
application.post("/applicants/:id/proof/confirm", limitBody(4 * 1024), requirePermission("applicants"), async (c) => {
  const user = c.get("user")!;
  const { row, recorded } = await decideOnProof<Awaited<ReturnType<typeof recordTransferPayment>>>(
    c,
    { payment_proof: "confirmed" },
    async (row, url, academy, payment, trx) => {
      if (payment?.paidBefore) return null;
      // What is still owed after this fee, read in the transaction that records it (docs/decisions/093).
      const status = STATUS_MOVES.paid.includes(row.status) ? "paid" : row.status;
      const statement = await accountStatement(trx, { ...row, status, payment_proof: "confirmed" }, academy);
      return {
        ...paymentConfirmedMail(
          {
            firstname: row.firstname,
            reference: applicationReference(row.id),
            course: row.course_title,
            url,
            owed: owedWords(statement),
          },
          academy,
        ),
        // The receipt as a PDF, to keep and print (docs/product.md §4, "Payments").
        attachments: payment ? [await receiptAttachment(payment, row, url, academy, null, statement)] : [],
      };
    },
    // The confirmed transfer joins the payments' one history (docs/product.md §4, "Payments"), and
    // the registration fee moves an open application to Paid (one further on stays where it is).
    async (trx, row, academy) => {
      const payment = await recordTransferPayment(trx, row, academy);
      if (!payment.paidBefore)
        await moveApplicant(trx, row.id, { to: "paid", by: { staff: user.id }, from: STATUS_MOVES.paid, academy });
      return payment;
    },
  );
  recordSecurityEvent({ type: "payment_proof.confirmed", actorId: user.id, subjectId: row.id });
  const refundDue = Boolean(recorded?.paidBefore);
  const status = !refundDue && STATUS_MOVES.paid.includes(row.status) ? "paid" : row.status;
  return c.json({ _id: row.id, status, paymentProof: "confirmed", refundDue });
});

/** Rejected with a reason the applicant reads on the status page; they may send another. */
application.post("/applicants/:id/proof/reject", limitBody(8 * 1024), requirePermission("applicants"), async (c) => {
  const { reason } = check(proofRejectInput, await readBody(c));
  const user = c.get("user")!;
  const { row } = await decideOnProof(
    c,
    { payment_proof: "rejected", payment_rejected_reason: reason },
    (row, url, academy) =>
      proofRejectedMail({ firstname: row.firstname, reference: applicationReference(row.id), url }, academy),
  );
  recordSecurityEvent({ type: "payment_proof.rejected", actorId: user.id, subjectId: row.id });
  return c.json({ _id: row.id, paymentProof: "rejected", paymentRejectedReason: reason });
});

// ---- saved forms (docs/decisions/036) ----

const savedExpiry = () => new Date(Date.now() + JOURNEY_LIMITS.savedFormDays * 24 * 3600 * 1000).toISOString();

/**
 * Saves a registration to finish later: the fields the web tier read from the form, and files
 * already uploaded (unclaimed, still counted in their address's share). Answers the token once.
 */
application.post("/applicant/saved", limitBody(128 * 1024), async (c) => {
  const input = check(savedFormInput, await readBody(c));
  await spendPerIp("savesPerIp", apiMessages.tooManySaves);
  const db = c.get("db");
  // Only this form's own files, and only within its network's allowance for saved forms
  // (api/lib/upload-quota.ts); beyond it the fields are saved and the files wait as any upload.
  const ownFiles = claimableBy({ uploadTokens: [input.uploadToken, c.req.header("x-upload-token")], ...input });
  const candidates = input.files.length
    ? await db
        .selectFrom("private_files")
        .select(["public_id", "size", "saved_form"])
        .where("public_id", "in", [...new Set(input.files)])
        .where("applicant_id", "is", null)
        .where(ownFiles)
        .execute()
    : [];
  // Files this form kept already are in the allowance; only the new ones must fit.
  const keptBefore = input.replaces ? hashSecret(input.replaces) : null;
  const newBytes = candidates.reduce(
    (n, f) => n + (f.saved_form !== null && f.saved_form === keptBefore ? 0 : f.size),
    0,
  );
  const keepFiles = candidates.length > 0 && (await savedFormsMayKeep(db, clientNetworks(), newBytes));
  const filesKept = candidates.length === new Set(input.files).size && (keepFiles || candidates.length === 0);
  const token = newSecret();
  const hash = hashSecret(token);
  const expiresAt = savedExpiry();
  const email = typeof input.email === "string" ? linkRequestInput.safeParse({ email: input.email }) : undefined;
  const mailTo = email?.success && (await mayMail("savedLinksPerRecipient", email.data.email)) ? email.data.email : "";
  try {
    const academy = await siteSettings();
    await db.transaction().execute(async (trx) => {
      // Keyed by the e-mail and phone typed, so the person's rights find it through an index
      // (docs/decisions/034-retention-and-rights.md); a form saved again is a new row, keyed anew.
      await trx
        .insertInto("saved_forms")
        .values({
          token_hash: hash,
          fields: JSON.stringify(input.fields),
          expires_at: expiresAt,
          created_at: nowIso(),
          ...savedFormKeys(input.fields),
        })
        .execute();
      if (input.replaces) await consumeSavedForm(trx, input.replaces, hash);
      if (keepFiles) {
        // Only files still waiting for a form: another's claimed files are never taken.
        await trx
          .updateTable("private_files")
          .set({ saved_form: hash })
          .where(
            "public_id",
            "in",
            candidates.map((f) => f.public_id),
          )
          .where("applicant_id", "is", null)
          .where(ownFiles)
          .execute();
      }
      if (mailTo)
        await queueMail(trx, {
          to: mailTo,
          replyTo: admissionsAddress(academy),
          ...savedFormMail({ url: savedFormUrl(token), days: JOURNEY_LIMITS.savedFormDays }, academy),
        });
    });
  } catch (error) {
    // Nothing was saved, so nothing was mailed: the address's allowance is its own again.
    if (mailTo) await giveBackMail("savedLinksPerRecipient", mailTo).catch(() => undefined);
    throw error;
  }
  // A first save counts for the funnel by its course (docs/decisions/064); saving again does not.
  if (!input.replaces) {
    addCount("saved", savedCourse(input.fields));
    // and by its intake, for the funnel per intake.
    const intake = savedId(input.fields.intakeId);
    if (intake) addCount("saved_intake", intake);
  }
  return c.json({ token, expiresAt, mailed: Boolean(mailTo), filesKept }, 201);
});

const savedId = (value: unknown) => (typeof value === "string" && /^[A-Za-z0-9_-]{1,64}$/.test(value) ? value : "");
// The registration form names its course `courseId` (a hand-made save may say `course`).
const savedCourse = (fields: Record<string, unknown>) => savedId(fields.courseId) || savedId(fields.course);

const savedFormUrl = (token: string) => `${config().PUBLIC_URL}/registration-form?resume=${token}`;

/** A saved form, to fill the registration form again; its files as the form lists kept files. */
application.get("/applicant/saved/:token", async (c) => {
  const token = c.req.param("token");
  if (!privateToken.safeParse(token).success) fail(404, apiMessages.savedFormNotFound);
  const db = c.get("db");
  const hash = hashSecret(token);
  const saved = await db
    .selectFrom("saved_forms")
    .selectAll()
    .where("token_hash", "=", hash)
    .where("expires_at", ">", nowIso())
    .executeTakeFirst();
  if (!saved) fail(404, apiMessages.savedFormNotFound);
  const files = await db
    .selectFrom("private_files")
    .select(["public_id", "original_name", "size", "file_group"])
    .where("saved_form", "=", hash)
    .where("applicant_id", "is", null)
    .orderBy("created_at")
    .execute();
  return c.json(
    {
      fields: JSON.parse(saved.fields) as Record<string, string | string[]>,
      files: files.map((f) => ({ public_id: f.public_id, name: f.original_name, size: f.size, group: f.file_group })),
      expiresAt: saved.expires_at,
    },
    200,
    { "cache-control": "private, no-store" },
  );
});
