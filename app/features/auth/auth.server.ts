import { getZodConstraint } from "@conform-to/zod/v4";
import { json } from "@remix-run/node";

import { type Permission, permissionNeedsTwoFactor } from "@domain/staff";
import { editorText } from "~/content/editor";
import { rolesText } from "~/content/staff-accounts";
import { loginSchema, tokenRequestSchema } from "~/features/auth/schema";
import { rolesFor, STAFF_ROUTES, type StaffRouteId } from "~/features/auth/staff-routes";
import { UnauthorizedError, upstream } from "~/upstream/index.server";
import type { User } from "~/upstream/schemas";
import { redirectWithToast } from "~/utils/toast.server";

/**
 * Only paths on this site: a `redirectTo` can never send someone elsewhere. The value is resolved
 * the way a browser would (`/\t/evil.example` becomes `//evil.example` once the tab is dropped),
 * and anything with a control character or a backslash is refused outright.
 */
export function safeRedirectPath(to: FormDataEntryValue | string | null | undefined, fallback = "/") {
  // eslint-disable-next-line no-control-regex
  if (typeof to !== "string" || !to.startsWith("/") || /[\u0000-\u001f\u007f\\]/.test(to)) return fallback;
  const base = "http://same.origin.invalid";
  let url: URL;
  try {
    url = new URL(to, base);
  } catch {
    return fallback;
  }
  if (url.origin !== base || !url.pathname.startsWith("/") || url.pathname.startsWith("//")) return fallback;
  return url.pathname + url.search + url.hash;
}

export function loginUrl(request: Request) {
  const url = new URL(request.url);
  return `/fla-admin?${new URLSearchParams({ redirectTo: url.pathname + url.search })}`;
}

/**
 * The signed-in staff user, or a redirect to /fla-admin that brings them back here after
 * login (docs/product.md §8: "You need to be Logged In to do this").
 */
export async function requireStaff(request: Request, message = "You need to be Logged In to do this") {
  const api = upstream(request);
  const user = await api.auth.currentUser();
  if (!user) throw await redirectWithToast(loginUrl(request), { message, type: "error" });
  return { user, api };
}

/**
 * A signed-in member whose role may use this staff route, by its row in STAFF_ROUTES
 * (docs/decisions/031-staff-roles.md). Another role gets a 403 page saying who may open it, what
 * this role is for and who can help (the API refuses the same calls); a role that must sign in
 * with two factors and has not set them up is sent to set it up first (decision 032).
 */
export async function requireStaffRoute(request: Request, route: StaffRouteId) {
  const signedIn = await requireStaff(request);
  refuseOtherRoles(signedIn.user, route);
  const { user } = signedIn;
  if (user.needsTwoFactorSetup && permissionNeedsTwoFactor(STAFF_ROUTES[route].permission))
    throw await redirectWithToast("/admin/account", { message: rolesText.setUpTwoFactorFirst, type: "error" });
  return signedIn;
}

/**
 * The role check alone, for a page that answers a missing session itself (the editors keep what
 * was typed and ask to sign in again, decision 007): a member whose role may not use the route
 * gets the 403 page before anything is read for it.
 */
export function refuseOtherRoles(user: User | null, route: StaffRouteId) {
  if (!user) return;
  const row: { permission: Permission; file?: boolean } = STAFF_ROUTES[route];
  if (user.permissions.includes(row.permission)) return;
  const allowed = rolesFor(route);
  const message = rolesText.forbidden(user.role, allowed);
  // A download has no page to draw the words in: they come as plain text.
  if (row.file)
    throw new Response(`${rolesText.forbiddenTitle}. ${message} ${rolesText.forbiddenHelp}`, {
      status: 403,
      headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "private, no-store" },
    });
  // The page says who may open it, what this role is for and who can help (docs/product.md §6).
  const forbidden = { title: rolesText.forbiddenTitle, message: `${message} ${rolesText.forbiddenHelp}` };
  throw json(forbidden, { status: 403, headers: { "cache-control": "private, no-store" } });
}

/**
 * The sign-in page's two forms' HTML constraints (required, maxLength, …), read from their
 * schemas here and sent with the page: getZodConstraint in the browser would bring conform's
 * zod adapter, and with it classic zod (decision 023).
 */
export const loginConstraint = {
  login: getZodConstraint(loginSchema),
  requestToken: getZodConstraint(tokenRequestSchema),
};

/** A 401 in the middle of a staff action: to the login page, coming back here afterwards. */
export async function loginIfUnauthorized(error: unknown, request: Request) {
  if (error instanceof UnauthorizedError)
    throw await redirectWithToast(loginUrl(request), { message: editorText.draftExpired, type: "error" }, {}, request);
}
