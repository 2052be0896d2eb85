import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type Api, createStaff, send, startApi } from "./harness";

// The quick start: production React build and cookies, in demo mode (DEMO=1).
let api: Api;
beforeAll(async () => {
  api = await startApi({ nodeEnv: "production", demo: true });
});
afterAll(() => api.close());

describe("in demo mode", () => {
  it("lets the demo account in, and its session holds", async () => {
    // As seeded: an Admin without two-factor sign-in (demo accounts are exempt, decision 032).
    const demo = await createStaff(api, "demo@academy.local", "Demo#Academy2025", { twoFactor: false });
    await api.db.updateTable("users").set({ is_demo: 1 }).where("id", "=", demo.id).execute();
    const res = await send(api, "POST", "/api/auth/login/password", {
      json: { username: demo.email, password: demo.password },
    });
    expect(res.status).toBe(200);
    // Exempt: the web tier lands it on its desk with a reminder, not on the set-up (decision 032, amended).
    const answer = (await res.json()) as Record<string, unknown>;
    expect(answer).not.toHaveProperty("needsTwoFactorSetup");
    const cookie = res.headers.get("set-cookie")!.split(";")[0];
    const me = await send(api, "GET", "/api/auth/isloggedin", { cookie });
    expect(me.status).toBe(200);
    expect((await me.json()).email).toBe(demo.email);
  });
});
