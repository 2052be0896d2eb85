import { parse, serialize } from "cookie";
import { config } from "../config";
import type { DB } from "../db";
import { hashSecret, newSecret, nowIso } from "../lib/ids";

export const SESSION_COOKIE = "academy_session";
const DAY = 24 * 60 * 60 * 1000;
const PERSISTENT_MS = 30 * DAY;
// A browser-session cookie may outlive the browser (session restore); the server still
// ends it after a day.
const BROWSER_SESSION_MS = 1 * DAY;

export type SessionUser = { id: string; email: string; name: string };

export function sessionCookie(token: string, persistent: boolean) {
  return serialize(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: "lax",
    secure: config().secureCookies,
    path: "/",
    ...(persistent ? { maxAge: PERSISTENT_MS / 1000 } : {}),
  });
}

export function clearedSessionCookie() {
  return serialize(SESSION_COOKIE, "", {
    httpOnly: true,
    sameSite: "lax",
    secure: config().secureCookies,
    path: "/",
    maxAge: 0,
  });
}

export function sessionTokenFrom(cookieHeader: string | null | undefined) {
  if (!cookieHeader) return undefined;
  return parse(cookieHeader)[SESSION_COOKIE] || undefined;
}

export async function createSession(db: DB, userId: string, persistent: boolean) {
  const token = newSecret();
  const now = Date.now();
  await db
    .insertInto("sessions")
    .values({
      id_hash: hashSecret(token),
      user_id: userId,
      persistent: persistent ? 1 : 0,
      expires_at: new Date(now + (persistent ? PERSISTENT_MS : BROWSER_SESSION_MS)).toISOString(),
      created_at: new Date(now).toISOString(),
    })
    .execute();
  return { token, cookie: sessionCookie(token, persistent) };
}

export async function userForSessionToken(db: DB, token: string | undefined): Promise<SessionUser | undefined> {
  if (!token) return undefined;
  const row = await db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select(["users.id", "users.email", "users.name", "sessions.expires_at"])
    .where("sessions.id_hash", "=", hashSecret(token))
    .executeTakeFirst();
  if (!row || row.expires_at <= nowIso()) return undefined;
  return { id: row.id, email: row.email, name: row.name };
}

export async function revokeSession(db: DB, token: string | undefined) {
  if (!token) return;
  await db.deleteFrom("sessions").where("id_hash", "=", hashSecret(token)).execute();
}

export async function revokeAllSessions(db: DB, userId: string) {
  await db.deleteFrom("sessions").where("user_id", "=", userId).execute();
}
