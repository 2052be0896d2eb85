import { Hono } from "hono";

import { ROLE_PERMISSIONS, roleNeedsTwoFactor } from "@domain/staff";

import { decoyHash, hashPassword, verifyPassword } from "../auth/password";
import {
  clearedSessionCookie,
  createSession,
  deviceCookie,
  deviceTokenFrom,
  revokeSession,
  sessionTokenFrom,
  type SessionUser,
} from "../auth/session";
import { claimRecoveryCode, claimTotpCode, looksLikeRecoveryCode } from "../auth/two-factor";
import { config } from "../config";
import { check, type Ctx, type Env, fail, limitBody, pendingSignIn, readBody, sessionUser } from "../http";
import { hashSecret, newSecret, nowIso } from "../lib/ids";
import {
  checkCodeAllowed,
  checkLoginAllowed,
  clearAccountFailures,
  recordCodeFailure,
  recordLoginFailure,
  recordLoginSuccess,
  spend,
  spendPerIp,
} from "../limits";
import { queueMail } from "../mail";
import { passwordChangedMail, passwordResetMail, recoveryCodeUsedMail } from "../mail/staff-mails";
import { apiMessages } from "../messages";
import { recordSecurityEvent } from "../security-events";
import { codeInput, loginInput, passwordRequestInput, passwordResetInput } from "../validation";

const RESET_TTL_MS = 60 * 60 * 1000;
const TOKEN_ANSWER = "If an account exists for that email, a reset token has been sent to it";

export const auth = new Hono<Env>();
auth.use("*", limitBody(16 * 1024));

auth.post("/login/password", async (c) => {
  const input = check(loginInput, await readBody(c));
  const db = c.get("db");
  const device = deviceTokenFrom(c.req.header("cookie"));
  // Checked before the password is: a paused guesser gets no answer about it, and no hash.
  await checkLoginAllowed(input.username, device);
  const user = await db.selectFrom("users").selectAll().where("email", "=", input.username).executeTakeFirst();
  const ok = await verifyPassword(input.password, user?.password_hash ?? (await decoyHash()));
  if (!user || !ok) {
    await recordSecurityEvent({ type: "login.failed", subjectId: user?.id });
    await recordLoginFailure(input.username, user?.id);
    fail(401, apiMessages.wrongCredentials);
  }
  // The same token for every account this browser signs in to; a new one for a new browser.
  const deviceToken = device ?? newSecret();
  await recordLoginSuccess(input.username, deviceToken);
  if (user.is_demo && !config().demo) fail(403, apiMessages.demoAccountOnlyInDemo);
  if (user.deactivated_at) {
    await recordSecurityEvent({ type: "login.deactivated", subjectId: user.id });
    fail(403, apiMessages.accountDeactivated);
  }
  // The password was right; with two-factor on, the session opens nothing until the code is given (POST /login/code).
  const codeNeeded = !!user.totp_enabled_at;
  const { cookie } = await createSession(db, user.id, input.keepMeSignedIn, codeNeeded);
  if (!codeNeeded) await signedIn(c, user.id, "password");
  c.header("set-cookie", cookie);
  c.header("set-cookie", deviceCookie(deviceToken), { append: true });
  // `codeNeeded` only when it is: the answer of a one-step sign-in keeps its original shape.
  // The role tells the web tier where the member lands (domain/staff.ts staffHome).
  return c.json({
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    ...(codeNeeded ? { codeNeeded } : {}),
    // A role that requires two-factor sign-in, not set up and not exempt (a demo account): the web
    // tier starts them at its set-up rather than at their desk (decision 032 and its amendment).
    ...(!codeNeeded && roleNeedsTwoFactor(user.role) && !user.is_demo ? { needsTwoFactorSetup: true } : {}),
  });
});

async function signedIn(c: Ctx, userId: string, how: string) {
  // Shown by `npm run staff -- list` and /admin/staff, so an unused or misused account stands out.
  await c.get("db").updateTable("users").set({ last_login_at: nowIso() }).where("id", "=", userId).execute();
  await recordSecurityEvent({ type: "login.succeeded", actorId: userId, reason: how });
}

/** Whom a session waiting for its code belongs to (the code page shows the address). */
auth.get("/login/code", async (c) => {
  const pending = await pendingSignIn(c);
  if (!pending) fail(401, apiMessages.signInNeeded);
  return c.json({ email: pending.email });
});

/**
 * The second step of a sign-in: a code of the authenticator app, or one recovery code. Wrong
 * codes are counted per account and address (api/limits.ts); a right one replaces the waiting
 * session by a full one (a new token, so the waiting one is worth nothing).
 */
auth.post("/login/code", async (c) => {
  const { code } = check(codeInput, await readBody(c));
  const pending = await pendingSignIn(c);
  if (!pending) fail(401, apiMessages.signInNeeded);
  const db = c.get("db");
  await checkCodeAllowed(pending.id);
  const user = await db
    .selectFrom("users")
    .select(["id", "name", "email", "role", "totp_secret"])
    .where("id", "=", pending.id)
    .executeTakeFirstOrThrow();
  let how = "two-factor";
  let ok = false;
  if (looksLikeRecoveryCode(code)) {
    // The code is used up exactly when the mail that tells its owner is queued.
    const left = await db.transaction().execute(async (trx) => {
      const left = await claimRecoveryCode(trx, user.id, code);
      if (left !== undefined)
        await queueMail(trx, {
          to: user.email,
          ...recoveryCodeUsedMail({ name: user.name, when: new Date(), left, signInPage: signInPage() }),
        });
      return left;
    });
    if (left !== undefined) {
      ok = true;
      how = "recovery code";
      await recordSecurityEvent({ type: "recovery_code.used", actorId: user.id });
    }
  } else if (user.totp_secret) {
    ok = await claimTotpCode(db, user.id, user.totp_secret, code);
  }
  if (!ok) {
    await recordCodeFailure(user.id);
    await recordSecurityEvent({ type: "two_factor.failed", subjectId: user.id, reason: "sign-in" });
    fail(400, apiMessages.codeWrong);
  }
  const token = sessionTokenFrom(c.req.header("cookie"));
  const row = await db
    .selectFrom("sessions")
    .select("persistent")
    .where("id_hash", "=", hashSecret(token ?? ""))
    .executeTakeFirst();
  await revokeSession(db, token);
  const { cookie } = await createSession(db, user.id, !!row?.persistent);
  await signedIn(c, user.id, how);
  c.header("set-cookie", cookie);
  return c.json({ id: user.id, email: user.email, name: user.name, role: user.role });
});

const signInPage = () => `${config().PUBLIC_URL}/fla-admin`;

/** The signed-in member as the web tier needs them: who, which role and what it may use. */
export function accountAnswer(user: SessionUser) {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    permissions: ROLE_PERMISSIONS[user.role],
    twoFactor: user.twoFactor,
    needsTwoFactorSetup: user.needsTwoFactorSetup,
  };
}

auth.post("/logout", async (c) => {
  await revokeSession(c.get("db"), sessionTokenFrom(c.req.header("cookie")));
  c.header("set-cookie", clearedSessionCookie());
  return c.json({ message: "Logged out" });
});

auth.get("/isloggedin", async (c) => {
  const user = await sessionUser(c);
  if (!user) fail(401, apiMessages.notLoggedIn);
  return c.json(accountAnswer(user));
});

auth.post("/password-reset", async (c) => {
  const { email } = check(passwordRequestInput, await readBody(c));
  await spendPerIp("resetRequestsPerIp", apiMessages.tooManyResetRequests);
  await spend("resetRequestsPerAddress", email, apiMessages.tooManyResetRequests);
  const db = c.get("db");
  const user = await db
    .selectFrom("users")
    .select(["id", "email", "name"])
    .where("email", "=", email)
    .where("deactivated_at", "is", null)
    .executeTakeFirst();
  if (user) {
    const token = newSecret();
    const expiresAt = new Date(Date.now() + RESET_TTL_MS);
    const link = `${config().PUBLIC_URL}/password-reset?token=${encodeURIComponent(token)}`;
    // The link's mail is queued with its token and dies with it (docs/decisions/043-durable-mail-queue.md);
    // sending is the queue's work, so the answer takes the same time whether or not the account exists.
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto("password_resets")
        .values({
          token_hash: hashSecret(token),
          user_id: user.id,
          expires_at: expiresAt.toISOString(),
          used_at: null,
          created_at: nowIso(),
        })
        .execute();
      await queueMail(trx, { to: user.email, ...passwordResetMail({ name: user.name, link }) }, { expiresAt });
    });
  }
  // For an unknown e-mail too (no subject): asking about many addresses shows in the log.
  await recordSecurityEvent({ type: "password_reset.requested", subjectId: user?.id });
  return c.json({ message: TOKEN_ANSWER });
});

auth.patch("/password-reset", async (c) => {
  const input = check(passwordResetInput, await readBody(c));
  await spendPerIp("resetTriesPerIp", apiMessages.tooManyResetTries);
  const db = c.get("db");
  const now = nowIso();
  // The token is claimed before the password is hashed: a bogus token costs one indexed
  // update, not 64 MiB and a thread of scrypt. Claiming is one statement, so a token works
  // once even under a race.
  const claimed = await db
    .updateTable("password_resets")
    .set({ used_at: now })
    .where("token_hash", "=", hashSecret(input.token))
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .returning("user_id")
    .executeTakeFirst();
  if (!claimed) fail(400, apiMessages.resetLinkInvalid);
  const passwordHash = await hashPassword(input.password);
  const user = await db.transaction().execute(async (trx) => {
    await trx.updateTable("users").set({ password_hash: passwordHash }).where("id", "=", claimed.user_id).execute();
    await trx.deleteFrom("sessions").where("user_id", "=", claimed.user_id).execute();
    await trx
      .deleteFrom("password_resets")
      .where("user_id", "=", claimed.user_id)
      .where("used_at", "is", null)
      .execute();
    const owner = await trx
      .selectFrom("users")
      .select(["id", "email", "name"])
      .where("id", "=", claimed.user_id)
      .executeTakeFirstOrThrow();
    // The owner hears of the change even if it was not them; queued with the change itself.
    await queueMail(trx, {
      to: owner.email,
      ...passwordChangedMail({
        name: owner.name,
        changedAt: new Date(),
        signInPage: `${config().PUBLIC_URL}/fla-admin`,
      }),
    });
    return owner;
  });
  await recordSecurityEvent({ type: "password_reset.completed", subjectId: claimed.user_id });
  // The mailbox is proven: others' guesses no longer hold the account back (docs/security.md).
  await clearAccountFailures(user.email);
  return c.json({ message: "Password reset successful" });
});
