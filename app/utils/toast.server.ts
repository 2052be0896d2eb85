import { createCookie, redirect } from "@remix-run/node";
import { z } from "zod";

import { env } from "~/env.server";

// Flash messages ride a short-lived cookie across a redirect and are read once by the
// root loader, so they show with JavaScript off too. The cookie holds a list: a response that
// adds a notice before the previous one was read (the editor's re-login, then the publish it
// replays) keeps both.
export const toastSchema = z.object({
  // Fixed when the cookie is written: two loads that read the same cookie show it once.
  id: z
    .string()
    .max(64)
    .default(() => crypto.randomUUID()),
  message: z.string().max(500),
  type: z.enum(["success", "error", "info"]).default("success"),
  persistent: z.boolean().default(false),
});
export type Toast = z.infer<typeof toastSchema>;
export type ToastInput = z.input<typeof toastSchema>;

// Secure in production (docs/security.md), like every cookie the site sets.
const toastCookie = createCookie("academy_toast", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  secure: env.isProduction,
  maxAge: 60,
});
/** At most this many notices wait in the cookie (the oldest go first): it stays far below 4 KB. */
const MAX_PENDING = 4;

// Made once: the root loader reads the notices on every page (docs/decisions/083-home-throughput.md).
const toastList = toastSchema.array();

/** The notices the request's cookie still carries (none if it is missing or malformed). */
async function pendingToasts(request: Request | undefined): Promise<Toast[]> {
  const raw = await toastCookie.parse(request?.headers.get("cookie") ?? null);
  // Most requests carry none: nothing to check.
  if (!raw) return [];
  const parsed = toastList.safeParse(Array.isArray(raw) ? raw : [raw]);
  return parsed.success ? parsed.data : [];
}

/**
 * The Set-Cookie header that adds `toast`; given the request, after the notices it still
 * carries, so a notice not yet shown is not overwritten.
 */
export async function toastHeader(toast: ToastInput, request?: Request) {
  const list = [...(await pendingToasts(request)), toastSchema.parse(toast)].slice(-MAX_PENDING);
  return toastCookie.serialize(list);
}

export async function redirectWithToast(url: string, toast: ToastInput, init: ResponseInit = {}, request?: Request) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastHeader(toast, request));
  return redirect(url, { ...init, headers });
}

/** The pending notices, oldest first, and the header that clears them. */
export async function readToasts(request: Request) {
  const raw = await toastCookie.parse(request.headers.get("cookie"));
  return {
    toasts: await pendingToasts(request),
    clearHeader: raw ? await toastCookie.serialize("", { maxAge: 0 }) : null,
  };
}
