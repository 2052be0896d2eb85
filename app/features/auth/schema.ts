import * as z from "zod/mini";
import en from "zod/v4/locales/en.js";

import { PASSWORD_MAX_LENGTH } from "@domain/staff";
import { confirmRule, loginText, passwordRules, resetText } from "~/content/auth";

// zod/mini, not classic zod, as the registration schema (decision 023): the browser runs these
// schemas (app/utils/validate-form.ts), and classic zod there would put zod's whole core in a
// chunk the registration page shares.
// zod/mini sets no locale of its own: the rules that name no message speak English, as with
// classic zod (which installs the same English locale when none is set).
if (!z.config().localeError) z.config(en());
// In the browser, zod must not probe for eval (new Function): the CSP forbids it and Chrome
// reports every probe as a Content-Security-Policy issue.
if (typeof document !== "undefined") z.config({ jitless: true });

// The staff forms' schemas, shared by the browser (conform) and the actions.

const email = z.pipe(
  z
    .string({ error: loginText.emailRequired })
    .check(z.trim(), z.minLength(1, loginText.emailRequired), z.maxLength(200)),
  z.email({ error: loginText.emailInvalid }),
);

export const loginSchema = z.object({
  intent: z.literal("login"),
  email,
  password: z
    .string({ error: loginText.passwordRequired })
    .check(z.minLength(1, loginText.passwordRequired), z.maxLength(200)),
  keepMeLoggedIn: z.pipe(
    z.optional(z.string()),
    z.transform((v: string | undefined) => v === "on" || v === "true"),
  ),
  redirectTo: z.optional(z.string().check(z.maxLength(2000))),
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

// Each field's own bound is only a backstop for a hand-made request: a password over
// PASSWORD_MAX_LENGTH is refused below, on the form, in words the page shows.
const newPasswordFields = {
  password: z.string({ error: passwordRules[0].label }).check(z.maxLength(1000)),
  confirmPassword: z._default(z.string().check(z.maxLength(1000)), ""),
};

function checkNewPassword(value: { password: string; confirmPassword: string }, ctx: z.core.$RefinementCtx) {
  // Not a checklist line (docs/product.md §5 lists the rules): said on the form when it happens.
  if (value.password.length > PASSWORD_MAX_LENGTH)
    ctx.addIssue({ code: "custom", path: [], message: resetText.tooLong(PASSWORD_MAX_LENGTH) });
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
export const newPasswordSchema = z.object(newPasswordFields).check(z.superRefine(checkNewPassword));

/** The reset as the action checks it, with the token from the cookie. */
export const passwordResetSchema = z
  .object({
    token: z.string({ error: resetText.missingToken }).check(z.minLength(10, resetText.missingToken), z.maxLength(200)),
    ...newPasswordFields,
  })
  .check(z.superRefine(checkNewPassword));

/** The Session Expired modal: both fields must be non-empty (docs/product.md §5). */
export const reloginSchema = z.object({
  reloginEmail: z
    .string({ error: loginText.emailRequired })
    .check(z.trim(), z.minLength(1, loginText.emailRequired), z.maxLength(200)),
  reloginPassword: z
    .string({ error: loginText.passwordRequired })
    .check(z.minLength(1, loginText.passwordRequired), z.maxLength(200)),
});
