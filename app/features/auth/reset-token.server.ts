import { createCookie, redirect } from "@remix-run/node";

import { env } from "~/env.server";

// The password-reset token never stays in a URL (docs/security.md): the mailed link's
// `?token=…` is moved into this HttpOnly cookie on first load and the browser is sent to the
// clean /password-reset, so later requests, the Referer and browser history never carry it.
// Path "/": with single fetch the form posts to /password-reset.data, which a cookie scoped to
// /password-reset is not sent to ("." is no path separator). It goes only to this site, HttpOnly.
const resetCookie = createCookie("academy_reset", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  secure: env.isProduction,
  maxAge: 3600,
});

/** On a mailed link: a redirect to the clean URL that keeps the token in the cookie; else null. */
export async function moveTokenOutOfUrl(request: Request) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  if (token === null) return null;
  url.searchParams.delete("token");
  const clean = url.pathname + (url.searchParams.size ? `?${url.searchParams}` : "");
  return redirect(clean, { headers: { "Set-Cookie": await resetCookie.serialize(token.slice(0, 200)) } });
}

/** The token the cookie holds, or "" (the form then says the link is invalid or expired). */
export async function resetTokenOf(request: Request): Promise<string> {
  const value = await resetCookie.parse(request.headers.get("cookie"));
  return typeof value === "string" ? value : "";
}

/** Clears the cookie once the token has been used. */
export function forgetResetToken() {
  return resetCookie.serialize("", { maxAge: 0 });
}
