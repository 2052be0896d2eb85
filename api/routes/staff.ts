import { Hono } from "hono";

import { INVITATION_HOURS, ROLE_NAMES, type StaffRole } from "@domain/staff";

import { hashPassword } from "../auth/password";
import { turnOffTwoFactor } from "../auth/two-factor";
import { config } from "../config";
import type { DB } from "../db";
import { check, type Ctx, type Env, fail, limitBody, readBody, requirePermission } from "../http";
import { hashSecret, newId, newSecret, nowIso } from "../lib/ids";
import { spendPerIp } from "../limits";
import { queueMail } from "../mail";
import { invitationMail, roleChangedMail, twoFactorOffMail } from "../mail/staff-mails";
import { apiMessages } from "../messages";
import { recordSecurityEvent } from "../security-events";
import { invitationAcceptInput, invitationInput, invitationTokenInput, roleInput } from "../validation";

// Staff management (Admin only; docs/decisions/031-staff-roles.md): the team, invitations by
// e-mail, roles, deactivation, and an Admin's reset of another's two-factor sign-in. There is
// always at least one active Admin. `npm run staff` (scripts/staff.ts) works beside it.
export const staff = new Hono<Env>();
staff.use("*", limitBody(8 * 1024));
const admin = requirePermission("staff");
const INVITATION_MS = INVITATION_HOURS * 60 * 60 * 1000;

staff.get("/", admin, async (c) => {
  const db = c.get("db");
  // The team is a handful of people: the whole list, no paging.
  const members = await db
    .selectFrom("users")
    .select([
      "id",
      "email",
      "name",
      "role",
      "is_demo",
      "totp_enabled_at",
      "last_login_at",
      "deactivated_at",
      "created_at",
    ])
    .orderBy("created_at")
    .orderBy("id")
    .limit(500)
    .execute();
  const invitations = await db
    .selectFrom("staff_invitations")
    .select(["id", "email", "name", "role", "expires_at", "created_at"])
    .where("accepted_at", "is", null)
    .orderBy("created_at", "desc")
    .limit(500)
    .execute();
  const now = nowIso();
  return c.json({
    members: members.map((m) => ({
      id: m.id,
      email: m.email,
      name: m.name,
      role: m.role,
      demo: !!m.is_demo,
      twoFactor: !!m.totp_enabled_at,
      lastLoginAt: m.last_login_at,
      deactivatedAt: m.deactivated_at,
      createdAt: m.created_at,
    })),
    invitations: invitations.map((i) => ({
      id: i.id,
      email: i.email,
      name: i.name,
      role: i.role,
      expiresAt: i.expires_at,
      expired: i.expires_at <= now,
      createdAt: i.created_at,
    })),
  });
});

/** A fresh link for the invitation and the mail that carries it, in the caller's transaction. */
async function mailInvitation(
  trx: DB,
  invitedBy: string,
  invitation: { id: string; email: string; name: string; role: StaffRole },
) {
  const token = newSecret();
  await trx
    .updateTable("staff_invitations")
    .set({ token_hash: hashSecret(token), expires_at: new Date(Date.now() + INVITATION_MS).toISOString() })
    .where("id", "=", invitation.id)
    .execute();
  const link = `${config().PUBLIC_URL}/invitation?token=${encodeURIComponent(token)}`;
  await queueMail(trx, {
    to: invitation.email,
    ...invitationMail({ name: invitation.name, roleName: ROLE_NAMES[invitation.role], invitedBy, link }),
  });
}

/** Invites someone: a one-time link, valid 72 hours, to choose a password. A new invitation to the same address replaces the old. */
staff.post("/invitations", admin, async (c) => {
  const input = check(invitationInput, await readBody(c));
  const db = c.get("db");
  const taken = await db.selectFrom("users").select("id").where("email", "=", input.email).executeTakeFirst();
  if (taken) fail(409, apiMessages.staffEmailTaken);
  const invitation = { id: newId(), ...input };
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom("staff_invitations")
      .where("email", "=", input.email)
      .where("accepted_at", "is", null)
      .execute();
    await trx
      .insertInto("staff_invitations")
      .values({
        ...invitation,
        // Replaced at once by mailInvitation's token; unique and worthless meanwhile.
        token_hash: hashSecret(newSecret()),
        invited_by: c.get("user")!.id,
        expires_at: nowIso(),
        accepted_at: null,
        created_at: nowIso(),
      })
      .execute();
    await mailInvitation(trx, c.get("user")!.name, invitation);
  });
  await recordSecurityEvent({
    type: "invitation.sent",
    actorId: c.get("user")!.id,
    subjectId: `invitation:${invitation.id}`,
    reason: input.role,
  });
  return c.json({ id: invitation.id }, 201);
});

async function openInvitation(c: Ctx) {
  const row = await c
    .get("db")
    .selectFrom("staff_invitations")
    .select(["id", "email", "name", "role"])
    .where("id", "=", c.req.param("id")!)
    .where("accepted_at", "is", null)
    .executeTakeFirst();
  if (!row) fail(404, apiMessages.invitationNotFound);
  return row;
}

/** A new link (the old one stops working), valid 72 hours from now. */
staff.post("/invitations/:id/resend", admin, async (c) => {
  const invitation = await openInvitation(c);
  await c
    .get("db")
    .transaction()
    .execute((trx) => mailInvitation(trx, c.get("user")!.name, invitation));
  await recordSecurityEvent({
    type: "invitation.resent",
    actorId: c.get("user")!.id,
    subjectId: `invitation:${invitation.id}`,
  });
  return c.json({ id: invitation.id });
});

staff.delete("/invitations/:id", admin, async (c) => {
  const invitation = await openInvitation(c);
  await c.get("db").deleteFrom("staff_invitations").where("id", "=", invitation.id).execute();
  await recordSecurityEvent({
    type: "invitation.cancelled",
    actorId: c.get("user")!.id,
    subjectId: `invitation:${invitation.id}`,
  });
  return c.json({ id: invitation.id, cancelled: true });
});

async function member(c: Ctx) {
  const row = await c
    .get("db")
    .selectFrom("users")
    .select(["id", "email", "name", "role", "deactivated_at", "totp_enabled_at"])
    .where("id", "=", c.req.param("id")!)
    .executeTakeFirst();
  if (!row) fail(404, apiMessages.staffNotFound);
  return row;
}

/**
 * Refuses a change that would leave no active Admin. Counted inside the change's transaction
 * after the write, so two Admins demoting each other at once cannot both succeed on PostgreSQL
 * (its row locks) or SQLite (one writer at a time).
 */
async function keepOneAdmin(trx: DB) {
  const left = await trx
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("role", "=", "admin")
    .where("deactivated_at", "is", null)
    .executeTakeFirstOrThrow();
  if (Number(left.n) < 1) fail(409, apiMessages.lastAdmin);
}

staff.patch("/:id/role", admin, async (c) => {
  const { role } = check(roleInput, await readBody(c));
  const target = await member(c);
  if (target.role === role) return c.json({ id: target.id, role });
  await c
    .get("db")
    .transaction()
    .execute(async (trx) => {
      await trx.updateTable("users").set({ role }).where("id", "=", target.id).execute();
      await keepOneAdmin(trx);
      await queueMail(trx, {
        to: target.email,
        ...roleChangedMail({ name: target.name, roleName: ROLE_NAMES[role], when: new Date() }),
      });
    });
  await recordSecurityEvent({
    type: "staff.role_changed",
    actorId: c.get("user")!.id,
    subjectId: target.id,
    reason: `${target.role} -> ${role}`,
  });
  return c.json({ id: target.id, role });
});

/** Deactivates an account: it cannot sign in, and every session of it ends at once. */
staff.post("/:id/deactivate", admin, async (c) => {
  const target = await member(c);
  if (target.deactivated_at) return c.json({ id: target.id, deactivatedAt: target.deactivated_at });
  const at = nowIso();
  await c
    .get("db")
    .transaction()
    .execute(async (trx) => {
      await trx.updateTable("users").set({ deactivated_at: at }).where("id", "=", target.id).execute();
      await keepOneAdmin(trx);
      await trx.deleteFrom("sessions").where("user_id", "=", target.id).execute();
    });
  await recordSecurityEvent({ type: "staff.deactivated", actorId: c.get("user")!.id, subjectId: target.id });
  return c.json({ id: target.id, deactivatedAt: at });
});

staff.post("/:id/reactivate", admin, async (c) => {
  const target = await member(c);
  await c.get("db").updateTable("users").set({ deactivated_at: null }).where("id", "=", target.id).execute();
  await recordSecurityEvent({ type: "staff.reactivated", actorId: c.get("user")!.id, subjectId: target.id });
  return c.json({ id: target.id, deactivatedAt: null });
});

/**
 * For a member who lost their phone and their recovery codes: their two-factor sign-in is
 * turned off and their sessions end; a role that requires it sets it up again at next sign-in.
 */
staff.post("/:id/two-factor/reset", admin, async (c) => {
  const target = await member(c);
  await turnOffTwoFactor(c.get("db"), target, {
    endSessions: true,
    mail: twoFactorOffMail({
      name: target.name,
      when: new Date(),
      byAdmin: true,
      signInPage: `${config().PUBLIC_URL}/fla-admin`,
    }),
  });
  await recordSecurityEvent({
    type: "two_factor.reset",
    actorId: c.get("user")!.id,
    subjectId: target.id,
    reason: "by admin",
  });
  return c.json({ id: target.id, twoFactor: false });
});

// Accepting an invitation: anyone holding the link (no session), so at /api/invitations.
export const invitations = new Hono<Env>();
invitations.use("*", limitBody(4 * 1024));

async function validInvitation(c: Ctx, token: string) {
  await spendPerIp("invitationTriesPerIp", apiMessages.tooManyResetTries);
  const row = await c
    .get("db")
    .selectFrom("staff_invitations")
    .select(["id", "email", "name", "role"])
    .where("token_hash", "=", hashSecret(token))
    .where("accepted_at", "is", null)
    .where("expires_at", ">", nowIso())
    .executeTakeFirst();
  if (!row) fail(410, apiMessages.invitationInvalid);
  return row;
}

/** Whom a link invites (the page greets them by name), or 410 when it is invalid, used or expired. */
invitations.get("/", async (c) => {
  const { token } = check(invitationTokenInput, c.req.query());
  const row = await validInvitation(c, token);
  return c.json({ email: row.email, name: row.name, role: row.role });
});

/**
 * Chooses the password and makes the account. The link is checked before the password is
 * hashed (a bogus link costs one indexed read), and claimed in the same transaction that makes
 * the account, so it works once even under a race.
 */
invitations.post("/accept", async (c) => {
  const input = check(invitationAcceptInput, await readBody(c));
  const invitation = await validInvitation(c, input.token);
  const passwordHash = await hashPassword(input.password);
  const db = c.get("db");
  const userId = newId();
  await db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable("staff_invitations")
      .set({ accepted_at: nowIso() })
      .where("id", "=", invitation.id)
      .where("accepted_at", "is", null)
      .where("expires_at", ">", nowIso())
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) fail(410, apiMessages.invitationInvalid);
    const taken = await trx.selectFrom("users").select("id").where("email", "=", invitation.email).executeTakeFirst();
    if (taken) fail(409, apiMessages.staffEmailTaken);
    await trx
      .insertInto("users")
      .values({
        id: userId,
        email: invitation.email,
        name: invitation.name,
        role: invitation.role,
        password_hash: passwordHash,
        is_demo: 0,
        created_at: nowIso(),
      })
      .execute();
  });
  await recordSecurityEvent({
    type: "invitation.accepted",
    actorId: userId,
    subjectId: `invitation:${invitation.id}`,
    reason: invitation.role,
  });
  return c.json({ email: invitation.email }, 201);
});
