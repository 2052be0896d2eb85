import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { z } from "zod";

import { type Permission, permissionNeedsTwoFactor, roleAllows } from "@domain/staff";

import { sessionTokenFrom, type SessionUser, userForSessionToken } from "./auth/session";
import { noteStaff } from "./client-ip";
import { config } from "./config";
import { type DB, getDb } from "./db";
import { fail } from "./lib/fail";
import type { Visibility } from "./lib/visibility";
import { apiMessages } from "./messages";
import { recordSecurityEvent } from "./security-events";
import { firstProblem } from "./validation";

export { fail };

export type Env = { Variables: { db: DB; user: SessionUser | undefined } };
export type Ctx = Context<Env>;

/** Errors are plain text: the old front end shows the response text as-is (docs/product.md §7). */

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * A browser posting from another site says so (Sec-Fetch-Site, Origin); SameSite=Lax alone
 * still lets a cross-site form post without cookies reach the anonymous calls, and a sibling
 * subdomain is "same-site", so SameSite lets it post with the staff cookie. A state-changing
 * call passes only when both headers, where sent, say this origin: Sec-Fetch-Site same-origin
 * (or none: typed by the user) and an Origin that is ours, as the web tier requires
 * (app/utils/request-guard.server.ts). Calls without either header (the web tier's in-process
 * calls, scripts, curl) are not browsers' and pass.
 */
export const refuseCrossSite: MiddlewareHandler<Env> = async (c, next) => {
  if (STATE_CHANGING.has(c.req.method)) {
    const site = c.req.header("sec-fetch-site");
    const origin = c.req.header("origin");
    const otherSite = site !== undefined && site !== "same-origin" && site !== "none";
    if (otherSite || (origin !== undefined && !sameOrigin(origin, c.req.url))) fail(403, apiMessages.crossSite);
  }
  await next();
};

function sameOrigin(origin: string, requestUrl: string) {
  if (origin === "null") return false;
  const own = [new URL(requestUrl).origin, new URL(config().PUBLIC_URL).origin];
  return own.includes(origin);
}

export const withDb: MiddlewareHandler<Env> = async (c, next) => {
  c.set("db", await getDb());
  await next();
};

/**
 * The staff user of this request's session cookie, looked up only by calls that need it. A
 * session still waiting for its two-factor code is no sign-in (see `pendingSignIn`).
 */
export async function sessionUser(c: Ctx) {
  const found = await userForSessionToken(c.get("db"), sessionTokenFrom(c.req.header("cookie")));
  const user = found && !found.pendingSecondFactor ? found : undefined;
  c.set("user", user);
  if (user) noteStaff(user.id);
  return user;
}

/** The account of a session opened by its password whose two-factor code is still to come. */
export async function pendingSignIn(c: Ctx) {
  const found = await userForSessionToken(c.get("db"), sessionTokenFrom(c.req.header("cookie")));
  return found?.pendingSecondFactor ? found : undefined;
}

/**
 * Any signed-in staff member, whatever the role. A staff call needs `requirePermission` instead:
 * the contract test (tests/api/roles.test.ts) fails for a route behind this alone.
 */
export const requireStaff: MiddlewareHandler<Env> = async (c, next) => {
  if (!(await sessionUser(c))) fail(401, apiMessages.signInNeeded);
  await next();
};

/** The permission each `requirePermission` middleware stands for, read by the contract test. */
export const declaredPermissions = new WeakMap<MiddlewareHandler<Env>, Permission>();

/**
 * A signed-in staff member whose role has this permission (domain/staff.ts ROLE_PERMISSIONS;
 * docs/decisions/031-staff-roles.md). Refused with 403 and a sentence saying why, never a hidden
 * 404: the web tier hides what a role cannot use, the API is what enforces it. A role that must
 * sign in with two factors and has not set them up reaches only what an Editor may.
 */
export function requirePermission(permission: Permission): MiddlewareHandler<Env> {
  const middleware: MiddlewareHandler<Env> = async (c, next) => {
    const user = await sessionUser(c);
    if (!user) fail(401, apiMessages.signInNeeded);
    if (user.needsTwoFactorSetup && permissionNeedsTwoFactor(permission)) fail(403, apiMessages.twoFactorSetupNeeded);
    if (!roleAllows(user.role, permission)) {
      await recordSecurityEvent({ type: "permission.denied", actorId: user.id, reason: permission });
      fail(403, apiMessages.forbidden(permission));
    }
    await next();
  };
  declaredPermissions.set(middleware, permission);
  return middleware;
}

/** Logs an export once, at its first page (no `after`, no `skip`): who exported which list. */
export const logExport =
  (list: string): MiddlewareHandler<Env> =>
  async (c, next) => {
    await next();
    if (c.res.status === 200 && !c.req.query("after") && !Number(c.req.query("skip") ?? 0))
      await recordSecurityEvent({ type: "export.downloaded", actorId: c.get("user")!.id, reason: list });
  };

export const limitBody = (maxSize: number) =>
  bodyLimit({ maxSize, onError: () => fail(413, "The request is too large") });

/** Reads a JSON, form-encoded or multipart body into a plain object (repeated keys become arrays). */
export async function readBody(c: Ctx): Promise<Record<string, unknown>> {
  const type = c.req.header("content-type") ?? "";
  if (type.includes("application/json")) {
    try {
      const body = await c.req.json();
      if (body && typeof body === "object" && !Array.isArray(body)) return body as Record<string, unknown>;
    } catch {
      // fall through
    }
    fail(400, "The request body is not valid JSON");
  }
  if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
    try {
      return (await c.req.parseBody({ all: true })) as Record<string, unknown>;
    } catch {
      // The multipart parser throws on e.g. a quoted `;` in a file name: the sender's mistake, not ours.
      fail(400, "The form could not be read: check the file names and send it again");
    }
  }
  fail(415, "Send the body as JSON or as a form");
}

export function check<T extends z.ZodType>(schema: T, data: unknown): z.infer<T> {
  const parsed = schema.safeParse(data);
  if (!parsed.success) fail(400, firstProblem(parsed.error));
  return parsed.data;
}

export function query<T extends z.ZodType>(c: Ctx, schema: T): z.infer<T> {
  return check(schema, c.req.query());
}

/** Duck-typed: bodies may carry Node's File or Remix's polyfilled one. */
export function isFile(value: unknown): value is File {
  return (
    typeof value === "object" && value !== null && typeof (value as File).arrayBuffer === "function" && "name" in value
  );
}

/**
 * A detail request for an item visitors may not see: 410 for one in the trash (it existed and
 * was taken down), 404 for one scheduled for later, unless a staff session asks `?preview=1`
 * (the item page and editor for staff). Only the opt-in answers differently to staff, so a
 * cache keyed by the call's path never shares a staff answer with visitors.
 */
export async function checkVisible(c: Ctx, visibility: Visibility, what: "Course" | "Article" | "Job") {
  if (visibility === "trashed") fail(410, `${what} was moved to the trash`);
  if (visibility === "scheduled") {
    const preview = c.req.query("preview") === "1" && (await sessionUser(c));
    if (!preview) fail(404, `${what} not found`);
  }
}
