import * as z from "zod";
import { confirmRule, loginText, passwordRules, resetText } from "~/content/staff";

// In the browser, zod must not probe for eval (new Function): the CSP forbids it and Chrome
// reports every probe as a Content-Security-Policy issue.
if (typeof document !== "undefined") z.config({ jitless: true });

// The staff forms' schemas, shared by the browser (conform) and the actions.

const email = z
  .string({ error: loginText.emailRequired })
  .trim()
  .min(1, loginText.emailRequired)
  .max(200)
  .pipe(z.email({ error: loginText.emailInvalid }));

export const loginSchema = z.object({
  intent: z.literal("login"),
  email,
  password: z.string({ error: loginText.passwordRequired }).min(1, loginText.passwordRequired).max(200),
  keepMeLoggedIn: z
    .string()
    .optional()
    .transform((v) => v === "on" || v === "true"),
  redirectTo: z.string().max(2000).optional(),
});

export const tokenRequestSchema = z.object({
  intent: z.literal("request-token"),
  email,
});

export const loginPageSchema = z.discriminatedUnion("intent", [loginSchema, tokenRequestSchema]);

/** Which of docs/product.md §5's rules a password passes, in checklist order (the confirmation last). */
export function passwordChecklist(password: string, confirm: string) {
  return [
    ...passwordRules.map((rule) => ({ id: rule.id, label: rule.label, ok: rule.test(password) })),
    { id: confirmRule.id, label: confirmRule.label, ok: password.length > 0 && password === confirm },
  ];
}

const newPasswordFields = {
  password: z.string({ error: passwordRules[0].label }).max(200),
  confirmPassword: z.string().max(200).default(""),
};

function checkNewPassword(value: { password: string; confirmPassword: string }, ctx: z.RefinementCtx) {
  for (const item of passwordChecklist(value.password, value.confirmPassword)) {
    if (!item.ok)
      ctx.addIssue({
        code: "custom",
        path: [item.id === "match" ? "confirmPassword" : "password"],
        message: item.label,
      });
  }
}

/** What the reset form itself carries; the token rides an HttpOnly cookie, never the page or URL. */
export const newPasswordSchema = z.object(newPasswordFields).superRefine(checkNewPassword);

/** The reset as the action checks it, with the token from the cookie. */
export const passwordResetSchema = z
  .object({
    token: z.string({ error: resetText.missingToken }).min(10, resetText.missingToken).max(200),
    ...newPasswordFields,
  })
  .superRefine(checkNewPassword);

/** The Session Expired modal: both fields must be non-empty (docs/product.md §5). */
export const reloginSchema = z.object({
  reloginEmail: z.string({ error: loginText.emailRequired }).trim().min(1, loginText.emailRequired).max(200),
  reloginPassword: z.string({ error: loginText.passwordRequired }).min(1, loginText.passwordRequired).max(200),
});
