import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { SiteSettings } from "@domain/settings";

import { type Api, loginCookie, send, startApi } from "./harness";

// The first run of a production site (docs/product.md, "First run"; docs/decisions/061): the code
// printed at start makes the first Admin, once; then the calls answer 404.
let api: Api;
let code = "";
beforeAll(async () => {
  api = await startApi({ nodeEnv: "production" });
  const { announceSetupCode } = await import("../../api/lib/setup");
  const lines: string[] = [];
  await announceSetupCode((line) => lines.push(line));
  expect(lines).toHaveLength(1);
  code = /setup code (\S+)/.exec(lines[0])![1];
});
afterAll(() => api.close());

const first = {
  academyName: "Glow Beauty School",
  name: "Ada Obi",
  email: "Ada@Glow.test",
  password: "First#Admin2026",
};

describe("first run", () => {
  it("is open while no staff account exists", async () => {
    expect(code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    expect(await (await send(api, "GET", "/api/setup")).json()).toEqual({ needed: true });
  });

  it("refuses a wrong code (403) and a weak password (400), and makes nothing", async () => {
    expect((await send(api, "POST", "/api/setup", { json: { ...first, code: "AAAA-BBBB-CCCC" } })).status).toBe(403);
    const weak = await send(api, "POST", "/api/setup", { json: { ...first, code, password: "short" } });
    expect(weak.status).toBe(400);
    expect(await api.db.selectFrom("users").select("id").execute()).toEqual([]);
  });

  it("makes the first Admin with the code (typed in lower case, without dashes), names the academy, and closes", async () => {
    const res = await send(api, "POST", "/api/setup", {
      json: { ...first, code: code.replace(/-/g, "").toLowerCase() },
    });
    expect(res.status).toBe(201);
    const user = await api.db.selectFrom("users").select(["email", "role", "name"]).executeTakeFirstOrThrow();
    expect(user).toEqual({ email: "ada@glow.test", role: "admin", name: "Ada Obi" });
    const settings = (await (await send(api, "GET", "/api/settings")).json()) as SiteSettings;
    expect(settings.contact.academyName).toBe("Glow Beauty School");
    expect(
      await api.db.selectFrom("security_log").select("event").where("event", "=", "setup.completed").execute(),
    ).toHaveLength(1);
    // The new Admin signs in with the password chosen.
    await loginCookie(api, "ada@glow.test", first.password);
    // Gone: 404 for the page's call and for another try with the same code.
    expect((await send(api, "GET", "/api/setup")).status).toBe(404);
    const again = await send(api, "POST", "/api/setup", { json: { ...first, email: "eve@evil.test", code } });
    expect(again.status).toBe(404);
    expect(await api.db.selectFrom("users").select("id").execute()).toHaveLength(1);
    // A restart prints nothing now.
    const { announceSetupCode } = await import("../../api/lib/setup");
    const lines: string[] = [];
    await announceSetupCode((line) => lines.push(line));
    expect(lines).toEqual([]);
  });
});
