import { sql } from "kysely";

import { config } from "../config";
import { type DB, getDb, rawDriver } from "../db";
import type { MailOutboxTable } from "../db/schema";
import { newId, nowIso } from "../lib/ids";
import { countMailAttempt, timedJob } from "../lib/metrics";
import { deliverMail } from "./transport";

// The worker of the durable mail queue (docs/decisions/043-durable-mail-queue.md). Each instance
// runs one: it claims due mails (a claim is one statement, so two instances never hold the same
// mail), sends each, and marks it sent, or due again later, or failed. It looks for due mails
// every POLL_MS, and at once when this process queues one.
const POLL_MS = 2000;
/** Mails claimed and sent together by one worker. */
const BATCH = 5;
/** Attempts before a mail is given up: with the doubling wait, about two and a half days. */
export const MAX_TRIES = 12;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The wait after the n-th failed attempt: doubling from MAIL_RETRY_SECONDS, at most a day. */
export function retryDelayMs(tries: number) {
  return Math.min(config().MAIL_RETRY_SECONDS * 1000 * 2 ** Math.max(tries - 1, 0), DAY_MS);
}

type Claimed = Pick<
  MailOutboxTable,
  | "id"
  | "recipient"
  | "subject"
  | "body_text"
  | "body_html"
  | "reply_to"
  | "list_unsubscribe"
  | "tries"
  | "expires_at"
  | "created_at"
>;

/**
 * Takes up to BATCH due mails for this worker until its hold ends. PostgreSQL: rows another
 * worker is claiming at this moment are skipped (FOR UPDATE SKIP LOCKED) rather than waited for,
 * and a row claimed meanwhile fails the re-checked condition. SQLite: one writer at a time, so
 * the statement is the whole claim.
 */
async function claimDue(db: DB) {
  const now = nowIso();
  const until = new Date(Date.now() + config().MAIL_LEASE_SECONDS * 1000).toISOString();
  const claim = newId();
  // A read first: most looks find nothing due, and a read takes no lock (SQLite's WAL), while the
  // claiming update takes the one writer's lock even when it changes no row; a script writing to
  // the same file meanwhile would hold this process's event loop in SQLite's busy wait.
  const due = await db
    .selectFrom("mail_outbox")
    .select("id")
    .where("status", "=", "queued")
    .where("next_attempt_at", "<=", now)
    .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<=", now)]))
    .limit(1)
    .executeTakeFirst();
  if (!due) return { claim, rows: [] as Claimed[] };
  const lock = rawDriver().kind === "postgres" ? sql`for update skip locked` : sql``;
  const { rows } = await sql<Claimed>`
    update mail_outbox set claimed_until = ${until}, claim_id = ${claim}, tries = tries + 1
    where id in (
      select id from mail_outbox
      where status = 'queued' and next_attempt_at <= ${now} and (claimed_until is null or claimed_until <= ${now})
      order by next_attempt_at
      limit ${BATCH}
      ${lock}
    )
    returning id, recipient, subject, body_text, body_html, reply_to, list_unsubscribe, tries, expires_at, created_at`.execute(
    db,
  );
  return { claim, rows };
}

/** What went wrong, for the staff page: the SMTP code and message, bounded. */
function describe(error: unknown) {
  const e = error as { code?: unknown; responseCode?: unknown; message?: unknown };
  const code = e?.responseCode ?? e?.code;
  const message = typeof e?.message === "string" ? e.message : String(error);
  return `${code ? `${String(code)}: ` : ""}${message}`.slice(0, 500);
}

/** An SMTP 5xx answer will not change by waiting (no such mailbox, refused); anything else may. */
function isPermanent(error: unknown) {
  const code = Number((error as { responseCode?: unknown })?.responseCode);
  return code >= 500 && code < 600;
}

/** Logged by id and error code only: an SMTP refusal quotes the recipient's address (docs/security.md). */
function logMail(what: string, about: Record<string, string | number>) {
  console.log(`[mail] ${what} ${JSON.stringify(about)}`);
}

/** The files a mail carries, in order (none for most mails). */
async function attachmentsOf(db: DB, mailId: string) {
  const rows = await db
    .selectFrom("mail_attachments")
    .select(["filename", "content_type", "content_base64"])
    .where("mail_id", "=", mailId)
    .orderBy("seq")
    .execute();
  return rows.map((r) => ({
    filename: r.filename,
    contentType: r.content_type,
    content: Buffer.from(r.content_base64, "base64"),
  }));
}

/** A mail sent or expired no longer needs its files: they held a person's name and more. */
const dropAttachments = (db: DB, mailId: string) =>
  db.deleteFrom("mail_attachments").where("mail_id", "=", mailId).execute();

async function attempt(db: DB, claim: string, row: Claimed) {
  const mine = (q: ReturnType<typeof update>) => q.where("id", "=", row.id).where("claim_id", "=", claim);
  const update = () => db.updateTable("mail_outbox");
  const released = { claimed_until: null, claim_id: null };
  if (row.expires_at && row.expires_at <= nowIso()) {
    // Its link no longer works: sending it would only confuse. The body (the link) goes too.
    await mine(update())
      .set({
        ...released,
        status: "expired",
        body_text: "",
        body_html: null,
        last_error: "expired before it was sent",
      })
      .execute();
    await dropAttachments(db, row.id);
    countMailAttempt("expired");
    logMail("expired", { id: row.id });
    return;
  }
  const attachments = await attachmentsOf(db, row.id);
  try {
    await deliverMail({
      id: row.id,
      createdAt: row.created_at,
      to: row.recipient,
      subject: row.subject,
      text: row.body_text,
      ...(row.body_html ? { html: row.body_html } : {}),
      ...(row.reply_to ? { replyTo: row.reply_to } : {}),
      ...(row.list_unsubscribe ? { listUnsubscribe: row.list_unsubscribe } : {}),
      ...(attachments.length ? { attachments } : {}),
    });
  } catch (error) {
    const giveUp = isPermanent(error) || row.tries >= MAX_TRIES;
    await mine(update())
      .set({
        ...released,
        status: giveUp ? "failed" : "queued",
        next_attempt_at: new Date(Date.now() + retryDelayMs(row.tries)).toISOString(),
        last_error: describe(error),
      })
      .execute();
    const code =
      (error as { responseCode?: unknown; code?: unknown })?.responseCode ?? (error as { code?: unknown })?.code;
    countMailAttempt(giveUp ? "failed" : "retry");
    logMail(giveUp ? "failed" : "will retry", { id: row.id, tries: row.tries, code: String(code ?? "unknown") });
    return;
  }
  // A crash before this line sends the mail again once the hold ends: twice, never lost.
  // Once sent, only who and what is kept (the staff page, the sweep); the body held links and words.
  // The Reply-To stays: on the academy's notices it is the person who wrote, and it is how erasing
  // that person finds a notice whose subject names them (docs/decisions/034-retention-and-rights.md).
  const sent = await mine(update())
    .set({
      ...released,
      status: "sent",
      sent_at: nowIso(),
      body_text: "",
      body_html: null,
      last_error: null,
    })
    .executeTakeFirst();
  if (Number(sent.numUpdatedRows) === 1) await dropAttachments(db, row.id);
  countMailAttempt("sent");
}

/** Sends every mail due now, batch after batch; answers how many were attempted. */
export async function runMailQueue(db?: DB) {
  const handle = db ?? (await getDb());
  let attempted = 0;
  for (;;) {
    const { claim, rows } = await claimDue(handle);
    if (rows.length === 0) return attempted;
    attempted += rows.length;
    await Promise.all(rows.map((row) => attempt(handle, claim, row)));
  }
}

type Worker = { timer?: NodeJS.Timeout; running?: Promise<void>; again: boolean; stopped: boolean };
const holder = globalThis as unknown as { __academyMailWorker?: Worker };

function tick() {
  const worker = holder.__academyMailWorker;
  if (!worker || worker.stopped) return;
  if (worker.running) {
    worker.again = true;
    return;
  }
  worker.running = (async () => {
    do {
      worker.again = false;
      await timedJob("mail_queue", () => runMailQueue());
    } while (worker.again && !worker.stopped);
  })()
    .catch((error) => console.error("[mail] queue run failed", describe(error)))
    .finally(() => {
      worker.running = undefined;
      if (!worker.stopped) wakeIn(POLL_MS);
    });
}

function wakeIn(ms: number) {
  const worker = holder.__academyMailWorker!;
  clearTimeout(worker.timer);
  worker.timer = setTimeout(tick, ms);
  // Never what keeps a process alive: a script that queued a mail may end; the server sends it.
  worker.timer.unref();
}

/** Starts this process's worker once (the server's start, the API's first call); once stopped, it stays stopped. */
export function startMailWorker() {
  if (holder.__academyMailWorker) return;
  holder.__academyMailWorker = { again: false, stopped: false };
  wakeIn(0);
}

/**
 * A mail was queued here: look now, or, when it was queued inside a transaction not yet
 * committed, shortly and once more a little later (the poll would find it anyway).
 */
export function mailQueued(when: "now" | "after-commit") {
  startMailWorker();
  if (when === "now") return wakeIn(0);
  wakeIn(50);
  setTimeout(tick, 500).unref();
}

/** Stops the worker after the mails it is sending are marked (a stopping server, a test's end). */
export async function stopMailWorker() {
  const worker = holder.__academyMailWorker;
  if (!worker) return;
  worker.stopped = true;
  clearTimeout(worker.timer);
  await worker.running;
}

/**
 * Due mails no worker has taken for this long mean no worker runs: the readiness check says so.
 * (A mail waiting for its next attempt is not due, so a mail server that is down does not count.)
 */
const STUCK_MS = 10 * 60 * 1000;
export async function oldestStuckMail(db: DB) {
  const before = new Date(Date.now() - STUCK_MS).toISOString();
  const row = await db
    .selectFrom("mail_outbox")
    .select("next_attempt_at")
    .where("status", "=", "queued")
    .where("next_attempt_at", "<=", before)
    .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<=", nowIso())]))
    .orderBy("next_attempt_at")
    .limit(1)
    .executeTakeFirst();
  return row?.next_attempt_at;
}
