import type { Kysely, Transaction } from "kysely";

import type { SiteSettings } from "@domain/settings";

import { config } from "../config";
import type { Database } from "../db/schema";
import { newId, nowIso } from "../lib/ids";
import { mailQueued } from "./queue";
import type { Mail } from "./transport";

export type { Mail };

/** Attachments over this many bytes in all are refused: a mail is not a file transfer. */
const MAX_ATTACHMENT_BYTES = 2 * 1024 * 1024;

/** A mail whose link dies with a token (a password reset) says when: it is never sent after that. */
export type MailOptions = { expiresAt?: Date };

/**
 * Queues a mail in `db`'s transaction: it exists exactly when the change that causes it is
 * committed (docs/decisions/043-durable-mail-queue.md). Call it inside the transaction that
 * writes the change; the queue's worker sends it once the transaction is committed.
 */
export async function queueMail(db: Kysely<Database> | Transaction<Database>, mail: Mail, options: MailOptions = {}) {
  const id = newId();
  await db
    .insertInto("mail_outbox")
    .values(outboxRow(id, mail, nowIso(), options.expiresAt?.toISOString() ?? null))
    .execute();
  // A mail's files wait beside it, in the same transaction, until it is sent (api/mail/queue.ts).
  const attachments = mail.attachments ?? [];
  if (attachments.reduce((n, a) => n + a.content.length, 0) > MAX_ATTACHMENT_BYTES)
    throw new Error("A mail's attachments are too large");
  for (const [seq, a] of attachments.entries())
    await db
      .insertInto("mail_attachments")
      .values({
        mail_id: id,
        seq,
        filename: a.filename,
        content_type: a.contentType,
        content_base64: a.content.toString("base64"),
      })
      .execute();
  // Inside a transaction the row is seen only once committed: the worker looks again shortly.
  mailQueued(db.isTransaction ? "after-commit" : "now");
  return id;
}

/**
 * Queues many mails without attachments with one insert (a message to an intake,
 * docs/decisions/080-message-an-intake.md), in `db`'s transaction like `queueMail`: the caller
 * passes a page at a time, so one statement stays small whatever the list.
 */
export async function queueMails(db: Kysely<Database> | Transaction<Database>, mails: readonly Mail[]) {
  if (mails.length === 0) return;
  if (mails.some((m) => m.attachments?.length)) throw new Error("queueMails takes no attachments");
  const now = nowIso();
  await db
    .insertInto("mail_outbox")
    .values(mails.map((mail) => outboxRow(newId(), mail, now, null)))
    .execute();
  mailQueued(db.isTransaction ? "after-commit" : "now");
}

/** A mail as the outbox keeps it until sent: queued now, due at once. */
function outboxRow(id: string, mail: Mail, now: string, expiresAt: string | null) {
  return {
    id,
    recipient: mail.to,
    subject: mail.subject,
    body_text: mail.text,
    body_html: mail.html ?? null,
    reply_to: mail.replyTo ?? null,
    list_unsubscribe: mail.listUnsubscribe ?? null,
    status: "queued" as const,
    tries: 0,
    next_attempt_at: now,
    expires_at: expiresAt,
    created_at: now,
  };
}

/**
 * The academy's inbox: where staff notices go (new registrations, contact messages, withdrawals,
 * refunds due). ACADEMY_INBOX when the operator set one, else the e-mail saved in Settings, else
 * none: the launch checklist says so (docs/decisions/095-mail-identity-from-settings.md).
 */
export function academyInbox(s: SiteSettings): string | undefined {
  return config().ACADEMY_INBOX ?? (s.contact.email.trim() || undefined);
}

/**
 * Where a person's reply to the academy's mail goes (its Reply-To): admissions. Every mail a person
 * may answer carries it, so "reply to this e-mail" never ends at the no-reply sender (docs/product.md §4).
 */
export const admissionsAddress = (s: SiteSettings) => config().ADMISSIONS_INBOX ?? academyInbox(s);

/**
 * Queues a notice to the academy's inbox. With no inbox at all there is nowhere to send it: the
 * change it tells of is still on the staff pages, and the launch checklist asks for an inbox.
 */
export async function queueNotice(
  db: Kysely<Database> | Transaction<Database>,
  s: SiteSettings,
  mail: Omit<Mail, "to">,
) {
  const to = academyInbox(s);
  if (to) await queueMail(db, { to, ...mail });
}
