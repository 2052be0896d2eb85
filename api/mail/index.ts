import type { Kysely, Transaction } from "kysely";

import { config } from "../config";
import type { Database } from "../db/schema";
import { newId, nowIso } from "../lib/ids";
import { mailQueued } from "./queue";
import type { Mail } from "./transport";

export type { Mail };

/** A mail whose link dies with a token (a password reset) says when: it is never sent after that. */
export type MailOptions = { expiresAt?: Date };

/**
 * Queues a mail in `db`'s transaction: it exists exactly when the change that causes it is
 * committed (docs/decisions/043-durable-mail-queue.md). Call it inside the transaction that
 * writes the change; the queue's worker sends it once the transaction is committed.
 */
export async function queueMail(db: Kysely<Database> | Transaction<Database>, mail: Mail, options: MailOptions = {}) {
  const now = nowIso();
  const id = newId();
  await db
    .insertInto("mail_outbox")
    .values({
      id,
      recipient: mail.to,
      subject: mail.subject,
      body_text: mail.text,
      body_html: mail.html ?? null,
      reply_to: mail.replyTo ?? null,
      list_unsubscribe: mail.listUnsubscribe ?? null,
      status: "queued",
      tries: 0,
      next_attempt_at: now,
      expires_at: options.expiresAt?.toISOString() ?? null,
      created_at: now,
    })
    .execute();
  // Inside a transaction the row is seen only once committed: the worker looks again shortly.
  mailQueued(db.isTransaction ? "after-commit" : "now");
  return id;
}

/**
 * Where a person's reply to the academy's mail goes (its Reply-To): admissions. Every mail a person
 * may answer carries it, so "reply to this e-mail" never ends at the no-reply sender (docs/product.md §4).
 */
export const admissionsAddress = () => config().ADMISSIONS_INBOX ?? config().ACADEMY_INBOX;
