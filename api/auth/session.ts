import { parse, serialize } from "cookie";

import {
  roleNeedsTwoFactor,
  SECURE_SESSION_COOKIE,
  SESSION_COOKIE as PLAIN_SESSION_COOKIE,
  type StaffRole,
} from "@domain/staff";

import { config } from "../config";
import type { DB } from "../db";
import { hashSecret, newSecret, nowIso } from "../lib/ids";

/**
 * `__Host-academy_session` where cookies are Secure (production), `academy_session` on plain
 * http (development, tests): only the name in use is read, so a cookie a sibling subdomain
 * planted under the other name is never taken for a session.
 */
export const sessionCookieName = () => (config().secureCookies ? SECURE_SESSION_COOKIE : PLAIN_SESSION_COOKIE);
const DAY = 24 * 60 * 60 * 1000;
const PERSISTENT_MS = 30 * DAY;
// A browser-session cookie may outlive the browser (session restore); the server still
// ends it after a day.
const BROWSER_SESSION_MS = 1 * DAY;
// Idle timeout: a session unused this long ends, within its absolute lifetime above. Each use
// moves its end forward (at most once every few minutes, to spare the database a write a call).
export const IDLE_MS = { browser: 2 * 60 * 60 * 1000, persistent: 7 * DAY };
const EXTEND_EVERY_MS = 5 * 60 * 1000;

export type SessionUser = {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  twoFactor: boolean;
  /**
   * The role requires two-factor sign-in and it is not on yet: only the account's own calls
   * answer until it is (docs/decisions/032-two-factor-sign-in.md; demo accounts are exempt).
   */
  needsTwoFactorSetup: boolean;
  /** Signed in with the password only, the account's code not yet given: the session opens nothing else. */
  pendingSecondFactor: boolean;
};

export function sessionCookie(token: string, persistent: boolean) {
  return serialize(sessionCookieName(), token, {
    httpOnly: true,
    sameSite: "lax",
    secure: config().secureCookies,
    path: "/",
    ...(persistent ? { maxAge: PERSISTENT_MS / 1000 } : {}),
  });
}

export function clearedSessionCookie() {
  return serialize(sessionCookieName(), "", {
    httpOnly: true,
    sameSite: "lax",
    secure: config().secureCookies,
    path: "/",
    maxAge: 0,
  });
}

/**
 * A random token the browser keeps after a successful sign-in: the account's slow-down under
 * guessing (api/limits.ts) lets this device through. Only its hash is stored, and only for the
 * accounts it signed in to, so a made-up or copied-elsewhere value opens nothing.
 */
export const DEVICE_COOKIE = "academy_device";
const DEVICE_MAX_AGE_S = 90 * 24 * 60 * 60;

export function deviceCookie(token: string) {
  return serialize(DEVICE_COOKIE, token, {
    httpOnly: true,
    sameSite: "lax",
    secure: config().secureCookies,
    path: "/",
    maxAge: DEVICE_MAX_AGE_S,
  });
}

/** The device token the browser sent, if it looks like one of ours (newSecret's form). */
export function deviceTokenFrom(cookieHeader: string | null | undefined) {
  if (!cookieHeader) return undefined;
  const token = parse(cookieHeader)[DEVICE_COOKIE];
  return token && /^[A-Za-z0-9_-]{20,100}$/.test(token) ? token : undefined;
}

export function sessionTokenFrom(cookieHeader: string | null | undefined) {
  if (!cookieHeader) return undefined;
  return parse(cookieHeader)[sessionCookieName()] || undefined;
}

export async function createSession(db: DB, userId: string, persistent: boolean, pendingSecondFactor = false) {
  const token = newSecret();
  const now = Date.now();
  await db
    .insertInto("sessions")
    .values({
      id_hash: hashSecret(token),
      user_id: userId,
      persistent: persistent ? 1 : 0,
      expires_at: new Date(now + (persistent ? IDLE_MS.persistent : IDLE_MS.browser)).toISOString(),
      created_at: new Date(now).toISOString(),
      pending_second_factor: pendingSecondFactor ? 1 : 0,
    })
    .execute();
  return { token, cookie: sessionCookie(token, persistent) };
}

export async function userForSessionToken(db: DB, token: string | undefined): Promise<SessionUser | undefined> {
  if (!token) return undefined;
  const row = await db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select([
      "users.id",
      "users.email",
      "users.name",
      "users.is_demo",
      "users.role",
      "users.deactivated_at",
      "users.totp_enabled_at",
      "sessions.pending_second_factor",
      "sessions.expires_at",
      "sessions.created_at",
      "sessions.persistent",
    ])
    .where("sessions.id_hash", "=", hashSecret(token))
    .executeTakeFirst();
  if (!row || row.expires_at <= nowIso() || row.deactivated_at) return undefined;
  // A session opened while the site ran in demo mode is worthless once demo mode is off.
  if (row.is_demo && !config().demo) return undefined;
  const now = Date.now();
  const idle = row.persistent ? IDLE_MS.persistent : IDLE_MS.browser;
  const end = Math.min(now + idle, Date.parse(row.created_at) + (row.persistent ? PERSISTENT_MS : BROWSER_SESSION_MS));
  if (end - Date.parse(row.expires_at) > EXTEND_EVERY_MS) {
    await db
      .updateTable("sessions")
      .set({ expires_at: new Date(end).toISOString() })
      .where("id_hash", "=", hashSecret(token))
      .execute();
  }
  const twoFactor = !!row.totp_enabled_at;
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    twoFactor,
    needsTwoFactorSetup: roleNeedsTwoFactor(row.role) && !twoFactor && !row.is_demo,
    pendingSecondFactor: !!row.pending_second_factor,
  };
}

/** Ends every session of an account (deactivation, a password reset). */
export async function endSessionsOf(db: DB, userId: string) {
  await db.deleteFrom("sessions").where("user_id", "=", userId).execute();
}

export async function revokeSession(db: DB, token: string | undefined) {
  if (!token) return;
  await db.deleteFrom("sessions").where("id_hash", "=", hashSecret(token)).execute();
}
