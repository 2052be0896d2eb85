import { SECURITY_LOG_DAYS } from "@domain/staff";

import { clientIp, clientUserAgent } from "./client-ip";
import { type DB, getDb } from "./db";
import { loggableError } from "./lib/error-log";
import { newId } from "./lib/ids";

// The one place every security-relevant event passes through (docs/security.md, "Security
// events" and "Security log"): each becomes one JSON line on stderr and one row of the
// append-only table `security_log`, which Admins read at /admin/security-log. Only ids, the
// client's address and user agent go in: never a password, a token, a code, an e-mail address
// or a name.
export const SECURITY_EVENT_TYPES = [
  "login.succeeded",
  "login.failed",
  /** An address, or an address+account pair, is refused sign-ins for a while. */
  "login.locked",
  /** An account's sign-ins from unknown devices begin to be slowed down. */
  "login.slowed",
  /** A sign-in refused because the account is deactivated (the password was right). */
  "login.deactivated",
  "password_reset.requested",
  "password_reset.completed",
  /** A wrong or replayed two-factor code (at sign-in or while turning it on). */
  "two_factor.failed",
  "two_factor.enabled",
  "two_factor.disabled",
  /** An Admin turned off another member's two-factor sign-in (reason: "by admin"). */
  "two_factor.reset",
  "recovery_code.used",
  "invitation.sent",
  "invitation.resent",
  "invitation.cancelled",
  "invitation.accepted",
  /** reason: "<old> -> <new>" */
  "staff.role_changed",
  "staff.deactivated",
  "staff.reactivated",
  "applicant_file.downloaded",
  /** Staff looked at an applicant's file in the page (an image, a PDF in the browser's viewer). */
  "applicant_file.viewed",
  /** Staff confirmed or rejected an applicant's proof of payment (docs/decisions/035-application-status-page.md). */
  "payment_proof.confirmed",
  "payment_proof.rejected",
  /** A Paystack event refused (reason: unsigned, signature, amount or currency, unknown reference). */
  "payment.refused",
  /** Staff recorded a refund against a payment (subject: the payment's id). */
  "payment.refund_recorded",
  "payment.transfer_recorded",
  /** Staff decided no refund is due for an application withdrawn after paying (docs/decisions/099): subject `applicant:<id>`. */
  "applicant.refund_decided",
  /** reason: the new status. */
  "applicant.status_changed",
  /** reason: which list ("applicants", "messages", "security-log"). */
  "export.downloaded",
  /** A call refused for the caller's role (reason: the permission it needs). */
  "permission.denied",
  "item.deleted",
  /** A person's data exported or erased (docs/decisions/034-retention-and-rights.md): who did it, never whom. */
  "person.exported",
  "person.erased",
  /** A staff member sent a waiting or given-up mail again (api/routes/mail-queue.ts). */
  "mail.retried",
  /**
   * Staff messaged an intake (docs/decisions/080): subject `intake:<id>`, reason who and how many
   * ("waiting: 12 mails"), never the addresses.
   */
  "intake.messaged",
  /** Staff sent a guardian's consent link again (docs/decisions/088): subject `applicant:<id>`, never the address. */
  "guardian.link_resent",
  /** Certificates (docs/decisions/058): subject the certificate's number; reason for a revocation its category. */
  "certificate.issued",
  "certificate.revoked",
  /**
   * Staff marked a student completed before the intake's first day, with a stated reason (kept on
   * the completion, never here: staff's words may name people): subject `applicant:<id>`, reason
   * the two days ("completed 2026-11-20, intake starts 2026-12-01").
   */
  "completion.before_start",
  /** An Admin saved the academy's settings (reason: the changed fields' names, never their values). */
  "settings.changed",
  /** An Admin brought back an earlier version of the settings (reason: "version <n>"). */
  "settings.restored",
  /** An Editor or Admin saved page content blocks (reason: the changed blocks' names, e.g. "faqs,team"). */
  "page-content.changed",
  /** An Editor or Admin brought back an earlier version of the page content (reason: "version <n>"). */
  "page-content.restored",
  /** An Admin saved the privacy notice or the terms (reason: "privacy version <n>", its new consent version). */
  "legal-text.changed",
  /** An Admin brought back an earlier revision of a legal text (reason: which, and its new consent version). */
  "legal-text.restored",
  /** The first Admin made at the first run's setup (docs/decisions/061). */
  "setup.completed",
] as const;
export type SecurityEventType = (typeof SECURITY_EVENT_TYPES)[number];

export type SecurityEvent = {
  type: SecurityEventType;
  /** The staff user who did it (signed in), if any. */
  actorId?: string;
  /** What it was done to: a staff account's id, a file's public id, `article:<id>`… */
  subjectId?: string;
  /** Which limit, for a lock-out; how, for a delete ("staff", "trash purge"). */
  reason?: string;
  /** The client's address; by default the visitor of the request being served. */
  ip?: string;
  userAgent?: string;
};

const MAX_AGENT = 200;
const MAX_REASON = 200;

/**
 * Writes the line at once and the row before it resolves. It never rejects: a log that cannot
 * be written must not undo the action it records, so a failed insert is reported on stderr.
 */
export function recordSecurityEvent(event: SecurityEvent): Promise<void> {
  const line = {
    log: "security",
    time: new Date().toISOString(),
    event: event.type,
    actorId: event.actorId,
    subjectId: event.subjectId,
    reason: event.reason?.slice(0, MAX_REASON),
    ip: event.ip ?? clientIp(),
    // Sent by the client, so bounded; JSON-encoding keeps line breaks in it from forging lines.
    userAgent: (event.userAgent ?? clientUserAgent())?.slice(0, MAX_AGENT),
  };
  process.stderr.write(`${JSON.stringify(line)}\n`);
  return (async () => {
    const db = await getDb();
    await db
      .insertInto("security_log")
      .values({
        id: newId(),
        at: line.time,
        event: line.event,
        actor_id: line.actorId ?? null,
        subject_id: line.subjectId ?? null,
        reason: line.reason ?? null,
        ip: line.ip ?? null,
        user_agent: line.userAgent ?? null,
      })
      .execute();
  })().catch((error: unknown) =>
    console.error(
      "[security] the event could not be stored",
      JSON.stringify({ event: line.event, error: loggableError(error) }),
    ),
  );
}

/** Entries older than a year go (housekeeping, api/housekeeping.ts): one indexed range delete. */
export async function purgeSecurityLog(db: DB, now = Date.now()) {
  const before = new Date(now - SECURITY_LOG_DAYS * 24 * 60 * 60 * 1000).toISOString();
  await db.deleteFrom("security_log").where("at", "<", before).execute();
}
