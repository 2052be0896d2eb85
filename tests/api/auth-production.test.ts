import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type Api, createStaff, rowCount, send, startApi, statusAndText } from "./harness";

// The API reads NODE_ENV and DEMO once, at start; this file runs in its own fork and starts the
// API as a real deployment does: production, not in demo mode.
let api: Api;
beforeAll(async () => {
  api = await startApi({ nodeEnv: "production" });
});
afterAll(() => api.close());

describe("in production, outside demo mode", () => {
  it("refuses the demo account and opens no session", async () => {
    // As seeded: an Admin without two-factor sign-in (demo accounts are exempt, decision 032).
    const demo = await createStaff(api, "demo@academy.local", "Demo#Academy2025", { twoFactor: false });
    await api.db.updateTable("users").set({ is_demo: 1 }).where("id", "=", demo.id).execute();
    const res = await send(api, "POST", "/api/auth/login/password", {
      json: { username: demo.email, password: demo.password },
    });
    expect(await statusAndText(res)).toEqual({ status: 403, text: "The demo account works only in demo mode" });
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(await rowCount(api, "sessions")).toBe(0);
  });

  it("refuses a demo session left over from demo mode", async () => {
    const { createSession } = await import("../../api/auth/session");
    const demo = await createStaff(api, "demo2@academy.local", "Demo#Academy2025");
    await api.db.updateTable("users").set({ is_demo: 1 }).where("id", "=", demo.id).execute();
    const { token } = await createSession(api.db, demo.id, false);
    const res = await send(api, "GET", "/api/auth/isloggedin", {
      headers: { cookie: `__Host-academy_session=${token}` },
    });
    expect(res.status).toBe(401);
  });

  it("lets a real staff account in, with a Secure cookie", async () => {
    const staff = await createStaff(api, "real@academy.test");
    const res = await send(api, "POST", "/api/auth/login/password", {
      json: { username: staff.email, password: staff.password },
    });
    expect(res.status).toBe(200);
    const cookie = res.headers.get("set-cookie")!;
    expect(cookie).toContain("Secure");
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
  });

  it("does not tell a wrong demo password apart from any other wrong password", async () => {
    const res = await send(api, "POST", "/api/auth/login/password", {
      json: { username: "demo@academy.local", password: "Wrong#Pass1" },
    });
    expect(await statusAndText(res)).toEqual({ status: 401, text: "Incorrect email or password" });
  });
});
