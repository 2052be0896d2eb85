import type { Kysely, Transaction } from "kysely";

import { getDb } from "../db";
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
 * Queues a mail on its own, outside any transaction: for a mail that no stored change causes.
 * A mail that goes with a change is queued in its transaction with queueMail instead.
 */
export async function sendMail(mail: Mail, options: MailOptions = {}) {
  try {
    return await queueMail(await getDb(), mail, options);
  } catch (error) {
    logMailFailure("queueing", {})(error);
    throw error;
  }
}

/**
 * Logs a mail that could not be queued or sent by what it was about (an id), with the error's
 * code and not its message: an SMTP refusal quotes the recipient's address. Callers written for
 * the old fire-and-forget mail (`sendMail(…).catch(logMailFailure(…))`) keep working.
 */
export function logMailFailure(what: string, about: Record<string, string>) {
  return (error: unknown) => {
    const e = error as { code?: unknown; responseCode?: unknown; name?: unknown };
    const code = e?.code ?? e?.responseCode ?? e?.name ?? "unknown";
    console.error(`[mail] ${what} failed ${JSON.stringify({ ...about, code: String(code) })}`);
  };
}
