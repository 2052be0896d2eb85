import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStaff, loginCookie, startApi, waitForMail, type Api } from "./harness";

let api: Api;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

describe("staff sign-in", () => {
  it("logs in with JSON, sets an HttpOnly SameSite=Lax session cookie, and answers the user without the hash", async () => {
    const staff = await createStaff(api, "login@academy.test");
    const res = await fetch(api.url("/api/auth/login/password"), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: staff.email, password: staff.password, keepMeSignedIn: true }),
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({ id: staff.id, email: staff.email, name: "Test Staff" });
    const cookie = res.headers.get("set-cookie")!;
    expect(cookie).toMatch(/^academy_session=[\w-]{40,};/);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("Max-Age=2592000");
  });

  it("logs in form-encoded (the expired-session modal) with a browser-session cookie", async () => {
    const staff = await createStaff(api, "form@academy.test");
    const res = await fetch(api.url("/api/auth/login/password"), {
      method: "POST",
      body: new URLSearchParams({ username: staff.email, password: staff.password }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).not.toContain("Max-Age");
  });

  it("refuses a wrong password and an unknown e-mail with the same answer", async () => {
    const staff = await createStaff(api, "wrong@academy.test");
    const post = (username: string, password: string) =>
      fetch(api.url("/api/auth/login/password"), {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username, password }),
      });
    const a = await post(staff.email, "Nope#12345");
    const b = await post("nobody@academy.test", "Nope#12345");
    expect(a.status).toBe(401);
    expect(b.status).toBe(401);
    expect(await a.text()).toBe(await b.text());
  });

  it("answers 401 to isloggedin without a session, and after logout", async () => {
    expect((await fetch(api.url("/api/auth/isloggedin"))).status).toBe(401);
    const staff = await createStaff(api, "logout@academy.test");
    const cookie = await loginCookie(api, staff.email, staff.password);
    expect((await fetch(api.url("/api/auth/isloggedin"), { headers: { cookie } })).status).toBe(200);
    const out = await fetch(api.url("/api/auth/logout"), { method: "POST", headers: { cookie } });
    expect(out.status).toBe(200);
    expect((await fetch(api.url("/api/auth/isloggedin"), { headers: { cookie } })).status).toBe(401);
  });
});

describe("password reset", () => {
  it("answers the same for a known and an unknown e-mail, and mails only the real account", async () => {
    const staff = await createStaff(api, "reset@academy.test");
    const ask = (email: string) =>
      fetch(api.url("/api/auth/password-reset"), { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email }) });
    const known = await ask(staff.email);
    const unknown = await ask("ghost@academy.test");
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await known.text()).toBe(await unknown.text());
    const mails = await waitForMail(api, 1);
    expect(mails).toHaveLength(1);
    expect(JSON.stringify(mails[0].to)).toContain(staff.email);

    const token = new URL(mails[0].text.match(/http\S+/)![0]).searchParams.get("token")!;
    const cookie = await loginCookie(api, staff.email, staff.password);
    const reset = (password: string) =>
      fetch(api.url("/api/auth/password-reset"), { method: "PATCH", headers: { "content-type": "application/json" }, body: JSON.stringify({ token, password }) });

    const weak = await reset("weakpass");
    expect(weak.status).toBe(400);
    expect(await weak.text()).toMatch(/uppercase/);

    expect((await reset("New#Password1")).status).toBe(200);
    // Every session of that user ends; the old password no longer works; the new one does.
    expect((await fetch(api.url("/api/auth/isloggedin"), { headers: { cookie } })).status).toBe(401);
    await expect(loginCookie(api, staff.email, staff.password)).rejects.toThrow(/401/);
    await expect(loginCookie(api, staff.email, "New#Password1")).resolves.toMatch(/academy_session=/);
    // Single use.
    expect((await reset("Other#Password2")).status).toBe(400);
  });

  it("refuses an expired token", async () => {
    const staff = await createStaff(api, "expired@academy.test");
    await fetch(api.url("/api/auth/password-reset"), { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: staff.email }) });
    const mails = await waitForMail(api, 2);
    const token = new URL(mails.at(-1)!.text.match(/http\S+/)![0]).searchParams.get("token")!;
    await api.db.updateTable("password_resets").set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where("user_id", "=", staff.id).execute();
    const res = await fetch(api.url("/api/auth/password-reset"), { method: "PATCH", headers: { "content-type": "application/json" }, body: JSON.stringify({ token, password: "New#Password1" }) });
    expect(res.status).toBe(400);
    expect(await res.text()).toBe("The reset link is invalid or has expired");
  });
});
