import { clientIp, clientUserAgent } from "./client-ip";

// The one place every security-relevant event passes through (docs/security.md, "Security
// events"). For now each becomes one JSON line on stderr; a security log kept elsewhere (a table,
// a file) is written here and nowhere else. Only ids, the client's address and user agent go in:
// never a password, a token, an e-mail address or a name.
export type SecurityEventType =
  | "login.succeeded"
  | "login.failed"
  /** An address, or an address+account pair, is refused sign-ins for a while. */
  | "login.locked"
  /** An account's sign-ins from unknown devices begin to be slowed down. */
  | "login.slowed"
  | "password_reset.requested"
  | "password_reset.completed"
  | "applicant_file.downloaded"
  | "payment_proof.confirmed"
  | "payment_proof.rejected"
  | "item.deleted"
  /** A person's data exported or erased (docs/decisions/034-retention-and-rights.md): who did it, never whom. */
  | "person.exported"
  | "person.erased";

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

export function recordSecurityEvent(event: SecurityEvent) {
  const line = {
    log: "security",
    time: new Date().toISOString(),
    event: event.type,
    actorId: event.actorId,
    subjectId: event.subjectId,
    reason: event.reason,
    ip: event.ip ?? clientIp(),
    // Sent by the client, so bounded; JSON-encoding keeps line breaks in it from forging lines.
    userAgent: (event.userAgent ?? clientUserAgent())?.slice(0, MAX_AGENT),
  };
  process.stderr.write(`${JSON.stringify(line)}\n`);
}
