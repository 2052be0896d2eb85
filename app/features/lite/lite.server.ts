import { z } from "zod/mini";

import { env } from "~/env.server";

// Lite mode (docs/product.md §2, docs/decisions/041-lite-mode.md): a visitor whose browser asks to
// save data (`Save-Data: on`) or who chose "Lite" in the footer gets every page without scripts,
// with smaller, lighter images. The choice is a cookie; choosing "Full" overrides Save-Data.
export const LITE_COOKIE = "academy_lite";
const YEAR_S = 365 * 24 * 60 * 60;

function cookieValue(request: Request, name: string) {
  for (const part of (request.headers.get("Cookie") ?? "").split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k === name) return v.join("=");
  }
  return undefined;
}

/** Whether this request gets the Lite page: the visitor's choice first, then the browser's Save-Data. */
export function isLite(request: Request) {
  const chosen = cookieValue(request, LITE_COOKIE);
  if (chosen === "on") return true;
  if (chosen === "off") return false;
  return request.headers.get("Save-Data")?.trim().toLowerCase() === "on";
}

/** The cookie that remembers the visitor's choice for a year; not a secret, so readable by nginx. */
export function liteCookie(mode: "on" | "off") {
  const secure = env.publicUrl.startsWith("https:") ? "; Secure" : "";
  return `${LITE_COOKIE}=${mode}; Path=/; Max-Age=${YEAR_S}; SameSite=Lax; HttpOnly${secure}`;
}

/** The footer's switch: which mode, and the page to go back to (a path on this site only). */
export const liteSwitchSchema = z.object({
  mode: z.enum(["on", "off"]),
  to: z.string().check(z.maxLength(2000), z.regex(/^\/(?![/\\])[^\s]*$/)),
});
