import { Hono } from "hono";

import { decoyHash, hashPassword, verifyPassword } from "../auth/password";
import {
  clearedSessionCookie,
  createSession,
  deviceCookie,
  deviceTokenFrom,
  revokeSession,
  sessionTokenFrom,
} from "../auth/session";
import { config } from "../config";
import { check, type Env, fail, limitBody, readBody, sessionUser } from "../http";
import { hashSecret, newSecret, nowIso } from "../lib/ids";
import {
  checkLoginAllowed,
  clearAccountFailures,
  recordLoginFailure,
  recordLoginSuccess,
  spend,
  spendPerIp,
} from "../limits";
import { queueMail } from "../mail";
import { passwordChangedMail, passwordResetMail } from "../mail/staff-mails";
import { apiMessages } from "../messages";
import { recordSecurityEvent } from "../security-events";
import { loginInput, passwordRequestInput, passwordResetInput } from "../validation";

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
    recordSecurityEvent({ type: "login.failed", subjectId: user?.id });
    await recordLoginFailure(input.username, user?.id);
    fail(401, "Incorrect email or password");
  }
  // The same token for every account this browser signs in to; a new one for a new browser.
  const deviceToken = device ?? newSecret();
  await recordLoginSuccess(input.username, deviceToken);
  if (user.is_demo && !config().demo) fail(403, "The demo account works only in demo mode");
  const { cookie } = await createSession(db, user.id, input.keepMeSignedIn);
  // Shown by `npm run staff -- list`, so an unused or misused account stands out.
  await db.updateTable("users").set({ last_login_at: nowIso() }).where("id", "=", user.id).execute();
  recordSecurityEvent({ type: "login.succeeded", actorId: user.id });
  c.header("set-cookie", cookie);
  c.header("set-cookie", deviceCookie(deviceToken), { append: true });
  return c.json({ id: user.id, email: user.email, name: user.name });
});

auth.post("/logout", async (c) => {
  await revokeSession(c.get("db"), sessionTokenFrom(c.req.header("cookie")));
  c.header("set-cookie", clearedSessionCookie());
  return c.json({ message: "Logged out" });
});

auth.get("/isloggedin", async (c) => {
  const user = await sessionUser(c);
  if (!user) fail(401, "Not logged in");
  return c.json(user);
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
  recordSecurityEvent({ type: "password_reset.requested", subjectId: user?.id });
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
  if (!claimed) fail(400, "The reset link is invalid or has expired");
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
  recordSecurityEvent({ type: "password_reset.completed", subjectId: claimed.user_id });
  // The mailbox is proven: others' guesses no longer hold the account back (docs/security.md).
  await clearAccountFailures(user.email);
  return c.json({ message: "Password reset successful" });
});
