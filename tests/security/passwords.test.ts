import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type Api, createStaff, resetTokenMailed, send, startApi, waitForMail } from "../api/harness";

// docs/security.md, passwords: the reset rules alone let "Password1!" through; the most common passwords are refused
// however they are dressed up, and the refused token stays usable.
let api: Api;
let token: string;
beforeAll(async () => {
  api = await startApi({ rateLimitFactor: 1 });
  const staff = await createStaff(api);
  await send(api, "POST", "/api/auth/password-reset", { json: { email: staff.email } });
  const [mail] = await waitForMail(api, 1);
  token = decodeURIComponent(/token=([^\s]+)/.exec(mail.text)![1]);
});
afterAll(() => api.close());

const reset = (password: string) => send(api, "PATCH", "/api/auth/password-reset", { json: { token, password } });

describe("common passwords", () => {
  it.each(["Password1!", "P@ssw0rd2025", "Qwerty123!", "Welcome1!", "Iloveyou1!", "Football#1", "Abc123!!"])(
    "refuses %s with the new message and keeps the token",
    async (password) => {
      const res = await reset(password);
      expect(res.status).toBe(400);
      expect(await res.text()).toBe("This password is too common. Choose one that is harder to guess");
    },
  );

  it("still names the spec's rule first for a password that breaks one", async () => {
    const res = await reset("password");
    expect(await res.text()).toBe("Password must contain an uppercase letter");
  });

  it.each([194, 129])(
    "refuses a %i-character password that meets every rule, in words, and keeps the token",
    async (length) => {
      const res = await reset("Aa1!" + "x".repeat(length - 4));
      expect(res.status).toBe(400);
      expect(await res.text()).toBe("Password must be at most 128 characters long");
    },
  );

  it("accepts an uncommon password with the same token", async () => {
    expect((await reset("Lagos#Beauty2026")).status).toBe(200);
  });

  it("accepts 128 characters, the most there may be", async () => {
    await send(api, "POST", "/api/auth/password-reset", { json: { email: "staff@academy.test" } });
    // The newest reset link: the "password changed" notice of the reset before may land in between.
    const second = await resetTokenMailed(api, "staff@academy.test", 1);
    const res = await send(api, "PATCH", "/api/auth/password-reset", {
      json: { token: second, password: "Aa1!" + "y".repeat(124) },
    });
    expect(res.status).toBe(200);
  });
});

describe("the web tier's own check (the reset page, in the browser and its action)", () => {
  it.each([129, 194])("refuses %i characters meeting every rule, on the form, in words", async (length) => {
    const { safeParse } = await import("zod/mini");
    const { newPasswordSchema } = await import("~/features/auth/schema");
    const password = "Aa1!" + "x".repeat(length - 4);
    const result = safeParse(newPasswordSchema, { password, confirmPassword: password });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["", "Password must be at most 128 characters long"],
    ]);
  });

  it("takes 128", async () => {
    const { safeParse } = await import("zod/mini");
    const { newPasswordSchema } = await import("~/features/auth/schema");
    const password = "Aa1!" + "x".repeat(124);
    expect(safeParse(newPasswordSchema, { password, confirmPassword: password }).success).toBe(true);
  });
});
