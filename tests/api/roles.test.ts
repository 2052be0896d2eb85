import { afterAll, describe, expect, it } from "vitest";

import { type Permission, PERMISSIONS, roleAllows, STAFF_ROLES, type StaffRole } from "@domain/staff";

import { createStaff, loginCookie, send, startApi } from "./harness";

// Every staff call × every role (docs/decisions/031-staff-roles.md). The calls are not listed
// here: they are read from the API's own routes, so a staff call added later is in the table at
// once, and one that declares no permission (requireStaff alone, or a session check of its
// own) fails this file until it does.
const api = await startApi();
afterAll(() => api.close());

const { apiRoutes } = await import("../../api/index");
const { declaredPermissions, requireStaff } = await import("../../api/http");
const { apiMessages } = await import("../../api/messages");

type Route = { method: string; path: string; handler: unknown };
type Call = { method: string; path: string; permission: Permission | undefined; gated: boolean };

/**
 * Each method and path with the permission its handlers (or a `use` middleware over its
 * prefix) declare, and whether `requireStaff` guards it (a staff call without a permission).
 */
function callsOf(routes: readonly Route[]): Call[] {
  const prefixes = routes
    .filter((r) => r.method === "ALL" && r.path.endsWith("/*"))
    .map((r) => ({ prefix: r.path.slice(0, -2), handler: r.handler }));
  const calls = new Map<string, Call>();
  for (const r of routes) {
    if (r.method === "ALL") continue;
    const key = `${r.method} ${r.path}`;
    const call = calls.get(key) ?? { method: r.method, path: r.path, permission: undefined, gated: false };
    const around = prefixes.filter((p) => r.path === p.prefix || r.path.startsWith(`${p.prefix}/`));
    for (const handler of [r.handler, ...around.map((p) => p.handler)]) {
      const declared = declaredPermissions.get(handler as never);
      if (declared) call.permission = declared;
      if (handler === requireStaff) call.gated = true;
    }
    calls.set(key, call);
  }
  return [...calls.values()];
}

/** A path to call: each parameter an id that names nothing, each wildcard a made-up name. */
const concrete = (path: string) =>
  path
    .replace(/:[A-Za-z]+\{([^}|]*)[^}]*\}\??/g, "$1")
    .replace(/:[A-Za-z]+\??/g, "0123456789abcdef01234567")
    .replace(/\*/g, "x");

// Sign-in's own steps answer 401 to a visitor without being staff calls: who is signed in, and
// the code step of a sign-in waiting for its code.
const SIGN_IN_STEPS = new Set(["GET /api/auth/isloggedin", "GET /api/auth/login/code", "POST /api/auth/login/code"]);

const calls = callsOf(apiRoutes() as readonly Route[]);
const staffCalls = calls.filter((c) => c.permission);

describe("the table of staff calls is complete", () => {
  it("finds the staff calls through the API's routes", () => {
    // Every permission but none is used by some call; this many calls exist at least today.
    expect(new Set(staffCalls.map((c) => c.permission))).toEqual(new Set(PERMISSIONS));
    expect(staffCalls.length).toBeGreaterThanOrEqual(35);
  });

  it("has no call behind requireStaff without a permission", () => {
    expect(calls.filter((c) => c.gated && !c.permission).map((c) => `${c.method} ${c.path}`)).toEqual([]);
  });

  it("has no call that asks a visitor to sign in without declaring a permission", async () => {
    const undeclared: string[] = [];
    for (const c of calls.filter((c) => !c.permission && !SIGN_IN_STEPS.has(`${c.method} ${c.path}`))) {
      const res = await send(api, c.method, concrete(c.path));
      await res.body?.cancel();
      if (res.status === 401) undeclared.push(`${c.method} ${c.path}`);
    }
    expect(undeclared).toEqual([]);
  });

  it("would catch a call added behind requireStaff alone", async () => {
    const { Hono } = await import("hono");
    const probe = new Hono().basePath("/api");
    probe.get("/new-staff-call", requireStaff as never, (c) => c.text("ok"));
    probe.get("/declared", (await import("../../api/http")).requirePermission("staff") as never, (c) => c.text("ok"));
    const found = callsOf(probe.routes as readonly Route[]);
    expect(found.filter((c) => c.gated && !c.permission).map((c) => c.path)).toEqual(["/api/new-staff-call"]);
    expect(found.find((c) => c.path === "/api/declared")?.permission).toBe("staff");
  });
});

const cookies = {} as Record<StaffRole, string>;
for (const role of STAFF_ROLES) {
  // Admin and Admissions with two-factor sign-in on (their role requires it), an Editor without.
  const staff = await createStaff(api, `${role}@roles.test`, undefined, { role, twoFactor: role !== "editor" });
  cookies[role] = await loginCookie(api, staff.email, staff.password);
}

describe.each(staffCalls.map((c) => [`${c.method} ${c.path} (${c.permission})`, c] as const))("%s", (_name, call) => {
  it.each(STAFF_ROLES.map((role) => [role, roleAllows(role, call.permission!)] as const))(
    "%s: allowed %s",
    async (role, allowed) => {
      const res = await send(api, call.method, concrete(call.path), { cookie: cookies[role] });
      const text = await res.text();
      if (allowed) {
        expect(res.status, text).not.toBe(401);
        expect(text).not.toBe(apiMessages.forbidden(call.permission!));
      } else {
        expect({ status: res.status, text }).toEqual({ status: 403, text: apiMessages.forbidden(call.permission!) });
      }
    },
  );

  it("refuses a visitor with 401", async () => {
    const res = await send(api, call.method, concrete(call.path));
    expect(res.status).toBe(401);
  });
});

describe("two-factor sign-in required by the role", () => {
  it("keeps an Admin without it out of everything an Editor cannot reach, with a sentence saying what to do", async () => {
    const staff = await createStaff(api, "no2fa@roles.test", undefined, { role: "admin", twoFactor: false });
    const cookie = await loginCookie(api, staff.email, staff.password);
    for (const path of ["/api/applicants", "/api/contact", "/api/staff", "/api/security-log"]) {
      const res = await send(api, "GET", path, { cookie });
      expect({ status: res.status, text: await res.text() }).toEqual({
        status: 403,
        text: apiMessages.twoFactorSetupNeeded,
      });
    }
    // Their own account and the content stay open, to set it up and to keep working.
    expect((await send(api, "GET", "/api/account/two-factor", { cookie })).status).toBe(200);
    expect((await send(api, "GET", "/api/trash", { cookie })).status).toBe(200);
  });
});
