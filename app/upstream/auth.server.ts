import { z } from "zod";

import type { Call } from "./client.server";
import { enrolmentSchema, twoFactorStateSchema, userSchema } from "./schemas";
import { type Body, hasSessionCookie, parse, UnauthorizedError } from "./transport.server";

/** Signing in and out, the password reset, one's own account and two-factor sign-in: the part of the API client (app/upstream/index.server.ts) bound to one request. */
export function authClients(request: Request, call: Call) {
  return {
    auth: {
      /** The logged-in staff user, or null when the API answers 401. */
      async currentUser() {
        // No session cookie, no session: an anonymous visitor costs no call.
        if (!hasSessionCookie(request)) return null;
        try {
          return await parse(await call("GET", "/api/auth/isloggedin"), userSchema, "isloggedin");
        } catch (error) {
          if (error instanceof UnauthorizedError) return null;
          throw error;
        }
      },
      async login(
        input: { username: string; password: string; keepMeSignedIn?: boolean },
        encoding: "json" | "form" = "json",
      ) {
        const body: Body =
          encoding === "json"
            ? { json: { ...input, keepMeSignedIn: !!input.keepMeSignedIn } }
            : {
                form: {
                  username: input.username,
                  password: input.password,
                  keepMeSignedIn: String(!!input.keepMeSignedIn),
                },
              };
        return parse(await call("POST", "/api/auth/login/password", body), userSchema, "login");
      },
      async logout() {
        await call("POST", "/api/auth/logout");
      },
      /** The address of a sign-in waiting for its two-factor code, or null when there is none. */
      async pendingSignIn() {
        if (!hasSessionCookie(request)) return null;
        try {
          return await parse(await call("GET", "/api/auth/login/code"), z.object({ email: z.string() }), "code step");
        } catch (error) {
          if (error instanceof UnauthorizedError) return null;
          throw error;
        }
      },
      async submitCode(code: string) {
        return parse(await call("POST", "/api/auth/login/code", { json: { code } }), userSchema, "code step");
      },
      async requestPasswordReset(email: string) {
        await call("POST", "/api/auth/password-reset", { json: { email } });
      },
      async resetPassword(input: { password: string; token: string }) {
        await call("PATCH", "/api/auth/password-reset", { json: input });
      },
    },
    /** One's own account: two-factor sign-in (docs/decisions/032-two-factor-sign-in.md). */
    account: {
      async twoFactor() {
        return parse(await call("GET", "/api/account/two-factor"), twoFactorStateSchema, "two-factor state");
      },
      async startTwoFactor() {
        return parse(await call("POST", "/api/account/two-factor/setup"), enrolmentSchema, "two-factor set-up");
      },
      async confirmTwoFactor(code: string) {
        return parse(
          await call("POST", "/api/account/two-factor/confirm", { json: { code } }),
          z.object({ recoveryCodes: z.array(z.string()) }),
          "two-factor confirm",
        );
      },
      async disableTwoFactor(code: string) {
        await call("POST", "/api/account/two-factor/disable", { json: { code } });
      },
    },
  };
}
