import { Hono } from "hono";

import { type Env, fail, limitBody, requirePermission } from "../http";
import { nowIso } from "../lib/ids";
import { mailQueued } from "../mail/queue";
import { apiMessages } from "../messages";
import { recordSecurityEvent } from "../security-events";

// The mail queue as staff see it (docs/decisions/043-durable-mail-queue.md): what is waiting and
// what was given up, with why; a given-up mail can be sent again. Meant for administrators.
export const mailQueue = new Hono<Env>();
mailQueue.use("*", limitBody(4 * 1024));

/** At most this many of each status are shown: a queue longer than that is an outage to fix, not to page through. */
const SHOWN = 100;

mailQueue.get("/", requirePermission("staff"), async (c) => {
  const db = c.get("db");
  const list = (status: "queued" | "failed" | "expired") =>
    db
      .selectFrom("mail_outbox")
      .select(["id", "recipient", "subject", "status", "tries", "last_error", "next_attempt_at", "created_at"])
      .where("status", "=", status)
      .orderBy("created_at", "desc")
      .limit(SHOWN)
      .execute();
  const [queued, failed, expired] = await Promise.all([list("queued"), list("failed"), list("expired")]);
  return c.json(
    [...queued, ...failed, ...expired].map((m) => ({
      _id: m.id,
      to: m.recipient,
      subject: m.subject,
      status: m.status,
      tries: m.tries,
      lastError: m.last_error,
      nextAttemptAt: m.status === "queued" ? m.next_attempt_at : null,
      createdAt: m.created_at,
    })),
  );
});

/**
 * Sends a waiting or given-up mail now, with a fresh count of attempts. An expired mail cannot be
 * sent again (its link no longer works), nor a sent one.
 */
mailQueue.post("/:id/retry", requirePermission("staff"), async (c) => {
  const id = c.req.param("id");
  const result = await c
    .get("db")
    .updateTable("mail_outbox")
    .set({ status: "queued", tries: 0, next_attempt_at: nowIso(), claimed_until: null, claim_id: null })
    .where("id", "=", id)
    .where((eb) =>
      eb.or([
        eb("status", "=", "failed"),
        eb.and([
          eb("status", "=", "queued"),
          eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<=", nowIso())]),
        ]),
      ]),
    )
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) fail(409, apiMessages.mailNotResendable);
  recordSecurityEvent({ type: "mail.retried", actorId: c.get("user")!.id, subjectId: `mail:${id}` });
  mailQueued("now");
  return c.json({ _id: id, status: "queued" });
});
