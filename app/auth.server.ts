import { redirect } from "@remix-run/node";
import { redirectWithToast } from "~/toast.server";
import { SessionExpiredError, upstream } from "~/upstream/index.server";

/** Only same-site paths: a `redirectTo` can never send someone to another site. */
export function safeRedirectPath(to: FormDataEntryValue | string | null | undefined, fallback = "/") {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  return to;
}

export function loginUrl(request: Request) {
  const url = new URL(request.url);
  return `/fla-admin?${new URLSearchParams({ redirectTo: url.pathname + url.search })}`;
}

/**
 * The signed-in staff user, or a redirect to /fla-admin that brings them back here after
 * login (SPEC §8: "You need to be Logged In to do this").
 */
export async function requireStaff(request: Request, message = "You need to be Logged In to do this") {
  const api = upstream(request);
  const user = await api.auth.currentUser();
  if (!user) throw await redirectWithToast(loginUrl(request), { message, type: "error" });
  return { user, api };
}

/** Turns a 401 from the API (session ended mid-way) into the same redirect to the login page. */
export async function redirectIfSessionExpired(error: unknown, request: Request, message = "Your Session has expired. Login Again") {
  if (error instanceof SessionExpiredError) throw await redirectWithToast(loginUrl(request), { message, type: "error" });
  return error;
}

export { redirect };
