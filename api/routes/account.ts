import { Hono } from "hono";

import { roleNeedsTwoFactor } from "@domain/staff";

import {
  claimRecoveryCode,
  claimTotpCode,
  enrolmentOf,
  looksLikeRecoveryCode,
  newTotpSecret,
  replaceRecoveryCodes,
  stepOfCode,
  turnOffTwoFactor,
} from "../auth/two-factor";
import { config } from "../config";
import { check, type Ctx, type Env, fail, limitBody, readBody, requirePermission } from "../http";
import { nowIso } from "../lib/ids";
import { checkCodeAllowed, recordCodeFailure } from "../limits";
import { queueMail } from "../mail";
import { twoFactorOffMail, twoFactorOnMail } from "../mail/staff-mails";
import { apiMessages } from "../messages";
import { recordSecurityEvent } from "../security-events";
import { codeInput } from "../validation";

// One's own account (every role): two-factor sign-in (docs/decisions/032-two-factor-sign-in.md).
export const account = new Hono<Env>();
account.use("*", limitBody(4 * 1024));
const own = requirePermission("account");
const signInPage = () => `${config().PUBLIC_URL}/fla-admin`;

async function me(c: Ctx) {
  return c
    .get("db")
    .selectFrom("users")
    .select(["id", "email", "name", "role", "is_demo", "totp_secret", "totp_pending_secret", "totp_enabled_at"])
    .where("id", "=", c.get("user")!.id)
    .executeTakeFirstOrThrow();
}

/** Whether it is on, whether the role requires it, the recovery codes left, and a set-up in progress. */
account.get("/two-factor", own, async (c) => {
  const user = await me(c);
  const left = await c
    .get("db")
    .selectFrom("recovery_codes")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", user.id)
    .where("used_at", "is", null)
    .executeTakeFirstOrThrow();
  return c.json({
    enabled: !!user.totp_enabled_at,
    required: roleNeedsTwoFactor(user.role) && !user.is_demo,
    recoveryCodesLeft: Number(left.n),
    setup:
      user.totp_pending_secret && !user.totp_enabled_at
        ? await enrolmentOf(user.totp_pending_secret, user.email)
        : null,
  });
});

/** Starts (or starts again) a set-up: a new secret, shown as a QR code and as text until confirmed. */
account.post("/two-factor/setup", own, async (c) => {
  const user = await me(c);
  if (user.totp_enabled_at) fail(409, apiMessages.twoFactorAlreadyOn);
  const secret = newTotpSecret();
  await c.get("db").updateTable("users").set({ totp_pending_secret: secret }).where("id", "=", user.id).execute();
  return c.json(await enrolmentOf(secret, user.email), 201);
});

/**
 * The first code from the app proves it holds the secret: two-factor sign-in is on from now,
 * and the ten recovery codes are answered, the only time anyone sees them.
 */
account.post("/two-factor/confirm", own, async (c) => {
  const { code } = check(codeInput, await readBody(c));
  const user = await me(c);
  if (user.totp_enabled_at) fail(409, apiMessages.twoFactorAlreadyOn);
  if (!user.totp_pending_secret) fail(409, apiMessages.twoFactorSetUpFirst);
  await checkCodeAllowed(user.id);
  const step = stepOfCode(user.totp_pending_secret, code);
  const db = c.get("db");
  // Turned on, its recovery codes made and its mail queued in one transaction (docs/decisions/043-durable-mail-queue.md):
  // never on without the codes that let its owner back in.
  const recoveryCodes =
    step === undefined
      ? undefined
      : await db.transaction().execute(async (trx) => {
          const claimed = await trx
            .updateTable("users")
            .set({
              totp_secret: user.totp_pending_secret,
              totp_pending_secret: null,
              totp_enabled_at: nowIso(),
              totp_last_step: step,
            })
            .where("id", "=", user.id)
            .where("totp_pending_secret", "=", user.totp_pending_secret)
            .where("totp_enabled_at", "is", null)
            .executeTakeFirst();
          // Another set-up or confirmation got there first: nothing is changed.
          if (Number(claimed.numUpdatedRows) !== 1) return undefined;
          await queueMail(trx, {
            to: user.email,
            ...twoFactorOnMail({ name: user.name, when: new Date(), signInPage: signInPage() }),
          });
          return replaceRecoveryCodes(trx, user.id);
        });
  if (!recoveryCodes) {
    await recordCodeFailure(user.id);
    await recordSecurityEvent({ type: "two_factor.failed", actorId: user.id, reason: "set-up" });
    fail(400, apiMessages.codeWrong);
  }
  await recordSecurityEvent({ type: "two_factor.enabled", actorId: user.id, subjectId: user.id });
  return c.json({ recoveryCodes });
});

/** Turns it off, with a current code (or a recovery code); not for a role that requires it. */
account.post("/two-factor/disable", own, async (c) => {
  const { code } = check(codeInput, await readBody(c));
  const user = await me(c);
  if (!user.totp_enabled_at || !user.totp_secret) fail(409, apiMessages.twoFactorNotOn);
  if (roleNeedsTwoFactor(user.role)) fail(403, apiMessages.twoFactorRequiredByRole);
  await checkCodeAllowed(user.id);
  const db = c.get("db");
  const ok = looksLikeRecoveryCode(code)
    ? (await claimRecoveryCode(db, user.id, code)) !== undefined
    : await claimTotpCode(db, user.id, user.totp_secret, code);
  if (!ok) {
    await recordCodeFailure(user.id);
    await recordSecurityEvent({ type: "two_factor.failed", actorId: user.id, reason: "turning off" });
    fail(400, apiMessages.codeWrong);
  }
  await turnOffTwoFactor(c.get("db"), user, {
    mail: twoFactorOffMail({ name: user.name, when: new Date(), byAdmin: false, signInPage: signInPage() }),
  });
  await recordSecurityEvent({ type: "two_factor.disabled", actorId: user.id, subjectId: user.id });
  return c.json({ enabled: false });
});
