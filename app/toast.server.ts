import { createCookie, redirect } from "@remix-run/node";
import { z } from "zod";

// A flash message rides a short-lived cookie across a redirect and is read once by the
// root loader, so it shows with JavaScript off too.
export const toastSchema = z.object({
  // Fixed when the cookie is written: two loads that read the same cookie show it once.
  id: z.string().max(64).default(() => crypto.randomUUID()),
  message: z.string().max(500),
  type: z.enum(["success", "error", "info"]).default("success"),
  persistent: z.boolean().default(false),
});
export type Toast = z.infer<typeof toastSchema>;
export type ToastInput = z.input<typeof toastSchema>;

const toastCookie = createCookie("academy_toast", { path: "/", httpOnly: true, sameSite: "lax", maxAge: 60 });

export async function toastHeader(toast: ToastInput) {
  return toastCookie.serialize(toastSchema.parse(toast));
}

export async function redirectWithToast(url: string, toast: ToastInput, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastHeader(toast));
  return redirect(url, { ...init, headers });
}

/** The pending toast, if any, and the header that clears it. */
export async function readToast(request: Request) {
  const raw = await toastCookie.parse(request.headers.get("cookie"));
  const parsed = toastSchema.safeParse(raw);
  return {
    toast: parsed.success ? parsed.data : null,
    clearHeader: raw ? await toastCookie.serialize("", { maxAge: 0 }) : null,
  };
}
