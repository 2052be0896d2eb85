import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type Api, createStaff, send, startApi } from "../api/harness";

// In production the staff session cookie is `__Host-academy_session`: a browser takes it only
// Secure, for path "/", with no Domain, so a sibling subdomain can neither set nor shadow it
// (docs/security.md, "Round two"). This file starts the API as production.
let api: Api;
let staff: { email: string; password: string };
beforeAll(async () => {
  api = await startApi({ nodeEnv: "production", rateLimitFactor: 1 });
  // An Editor without two-factor sign-in: the password alone opens the session whose cookie is tested.
  staff = await createStaff(api, "host.prefix@academy.test", undefined, { role: "editor", twoFactor: false });
});
afterAll(() => api.close());

const login = () =>
  send(api, "POST", "/api/auth/login/password", { json: { username: staff.email, password: staff.password } });

describe("the production session cookie", () => {
  it("is named __Host-academy_session, Secure, for path / and no Domain", async () => {
    const res = await login();
    expect(res.status).toBe(200);
    const cookie = res.headers.get("set-cookie")!;
    expect(cookie).toMatch(/^__Host-academy_session=[\w-]{40,};/);
    expect(cookie).toContain("Secure");
    expect(cookie).toContain("Path=/");
    expect(cookie).not.toMatch(/Domain=/i);
  });

  it("is the only name read: the same token under the plain name is no session", async () => {
    const token = /^__Host-academy_session=([^;]+)/.exec((await login()).headers.get("set-cookie")!)![1];
    const signedIn = await send(api, "GET", "/api/auth/isloggedin", {
      headers: { cookie: `__Host-academy_session=${token}` },
    });
    expect(signedIn.status).toBe(200);
    const planted = await send(api, "GET", "/api/auth/isloggedin", { headers: { cookie: `academy_session=${token}` } });
    expect(planted.status).toBe(401);
  });

  it("is cleared under its own name on logout", async () => {
    const cookie = (await login()).headers.get("set-cookie")!.split(";")[0];
    const out = await send(api, "POST", "/api/auth/logout", { cookie });
    expect(out.headers.get("set-cookie")).toMatch(/^__Host-academy_session=;.*Max-Age=0/);
  });
});
