import crypto from "node:crypto";

import * as OTPAuth from "otpauth";
import QRCode from "qrcode";

import { RECOVERY_CODE_COUNT } from "@domain/staff";

import type { DB } from "../db";
import { hashSecret, nowIso } from "../lib/ids";
import { type Mail, queueMail } from "../mail";
import { endSessionsOf } from "./session";

// Two-factor sign-in by TOTP (RFC 6238: six digits, 30-second steps, SHA-1, which every
// authenticator app reads), docs/decisions/032-two-factor-sign-in.md. A code of the step before
// or after is taken too (a phone's clock drifts); once a step's code is accepted, no code of that
// step or an earlier one is taken again, so an overheard code cannot be replayed.
const ISSUER = "Academy";
const PERIOD_S = 30;
const WINDOW = 1;

export function newTotpSecret() {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

function totp(secret: string, label = "staff") {
  return new OTPAuth.TOTP({
    issuer: ISSUER,
    label,
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD_S,
    secret: OTPAuth.Secret.fromBase32(secret),
  });
}

/** What the set-up page shows: the otpauth:// link as a QR code (PNG data URL) and the secret in groups of four. */
export async function enrolmentOf(secret: string, email: string) {
  const uri = totp(secret, email).toString();
  return {
    secret,
    secretGroups: secret.match(/.{1,4}/g)!.join(" "),
    otpauthUri: uri,
    qrDataUrl: await QRCode.toDataURL(uri, { margin: 1, width: 220, errorCorrectionLevel: "M" }),
  };
}

/** The step a code belongs to, or undefined when it is no code of this secret now. */
export function stepOfCode(secret: string, code: string, at = Date.now()): number | undefined {
  const token = code.replace(/\s+/g, "");
  if (!/^\d{6}$/.test(token)) return undefined;
  const t = totp(secret);
  const delta = t.validate({ token, timestamp: at, window: WINDOW });
  return delta === null ? undefined : t.counter({ timestamp: at }) + delta;
}

/**
 * Takes a code for the account: true when it is right and of a step later than any accepted
 * before. The claim is one conditional update, so two requests racing with one code cannot
 * both succeed.
 */
export async function claimTotpCode(db: DB, userId: string, secret: string, code: string) {
  const step = stepOfCode(secret, code);
  if (step === undefined) return false;
  const result = await db
    .updateTable("users")
    .set({ totp_last_step: step })
    .where("id", "=", userId)
    .where((eb) => eb.or([eb("totp_last_step", "is", null), eb("totp_last_step", "<", step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Recovery codes look like `k7f3q-9xm2p`: 10 characters from an alphabet without look-alikes. */
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
const RECOVERY_SHAPE = /^[a-z0-9]{5}-?[a-z0-9]{5}$/;

function newRecoveryCode() {
  const chars = Array.from({ length: 10 }, () => ALPHABET[crypto.randomInt(ALPHABET.length)]);
  return `${chars.slice(0, 5).join("")}-${chars.slice(5).join("")}`;
}

const normalRecovery = (code: string) => code.trim().toLowerCase().replace(/\s+/g, "").replace("-", "");

export const looksLikeRecoveryCode = (code: string) => RECOVERY_SHAPE.test(code.trim().toLowerCase());

/** Replaces the account's recovery codes with new ones; answers them, the only time they are seen. */
export async function replaceRecoveryCodes(db: DB, userId: string) {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  // Old and new codes are swapped at once; inside a caller's transaction, as part of it.
  const swap = async (trx: DB) => {
    await trx.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
    await trx
      .insertInto("recovery_codes")
      .values(
        codes.map((code) => ({
          code_hash: hashSecret(`${userId}:${normalRecovery(code)}`),
          user_id: userId,
          used_at: null,
          created_at: nowIso(),
        })),
      )
      .execute();
  };
  await (db.isTransaction ? swap(db) : db.transaction().execute(swap));
  return codes;
}

/** Uses one recovery code (once, even under a race); answers how many remain unused, or undefined when it was not one. */
export async function claimRecoveryCode(db: DB, userId: string, code: string) {
  const result = await db
    .updateTable("recovery_codes")
    .set({ used_at: nowIso() })
    .where("code_hash", "=", hashSecret(`${userId}:${normalRecovery(code)}`))
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return undefined;
  const left = await db
    .selectFrom("recovery_codes")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(left.n);
}

/**
 * Clears the secret and the recovery codes (the account's own choice, or an Admin's reset),
 * and queues the mail that tells the account's owner in the same transaction.
 */
export async function turnOffTwoFactor(
  db: DB,
  member: { id: string; email: string },
  { endSessions = false, mail }: { endSessions?: boolean; mail: Omit<Mail, "to"> },
) {
  const userId = member.id;
  await db.transaction().execute(async (trx) => {
    await queueMail(trx, { to: member.email, ...mail });
    await trx
      .updateTable("users")
      .set({ totp_secret: null, totp_pending_secret: null, totp_enabled_at: null, totp_last_step: null })
      .where("id", "=", userId)
      .execute();
    await trx.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
  });
  if (endSessions) await endSessionsOf(db, userId);
}
