import { afterAll, beforeAll, describe, expect, it } from "vitest";

import {
  type Api,
  createStaff,
  loginCookie,
  resetLinksMailed,
  resetTokenMailed,
  rowCount,
  send,
  startApi,
  statusAndText,
  waitForMail,
} from "./harness";

/** The session cookie among the login answer's Set-Cookie headers (there must be one). */
function sessionCookieOf(res: Response) {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("academy_session="));
  if (!cookie) throw new Error("no session cookie");
  return cookie;
}

let api: Api;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

describe("staff sign-in", () => {
  it("logs in with JSON, sets an HttpOnly SameSite=Lax session cookie, and answers the user without the hash", async () => {
    // An Editor without two-factor sign-in: the password alone opens the session.
    const staff = await createStaff(api, "login@academy.test", undefined, { role: "editor", twoFactor: false });
    const res = await fetch(api.url("/api/auth/login/password"), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: staff.email, password: staff.password, keepMeSignedIn: true }),
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({ id: staff.id, email: staff.email, name: "Test Staff", role: "editor" });
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
    // The session's own cookie (the device cookie beside it lasts: docs/security.md).
    expect(sessionCookieOf(res)).not.toContain("Max-Age");
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
      fetch(api.url("/api/auth/password-reset"), {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email }),
      });
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
      fetch(api.url("/api/auth/password-reset"), {
        method: "PATCH",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ token, password }),
      });

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
    await fetch(api.url("/api/auth/password-reset"), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: staff.email }),
    });
    const token = await resetTokenMailed(api, staff.email);
    await api.db
      .updateTable("password_resets")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("user_id", "=", staff.id)
      .execute();
    const res = await fetch(api.url("/api/auth/password-reset"), {
      method: "PATCH",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ token, password: "New#Password1" }),
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toBe("The reset link is invalid or has expired");
  });
});

describe("login validation and cookie lifetime", () => {
  it.each([
    ["JSON without username", { json: { password: "x" } }, "Kindly input your email"],
    ["JSON with an e-mail that is not one", { json: { username: "staff", password: "x" } }, "Kindly input your email"],
    ["JSON without password", { json: { username: "a@academy.test" } }, "Kindly input your password"],
    [
      "JSON with an empty password",
      { json: { username: "a@academy.test", password: "" } },
      "Kindly input your password",
    ],
    ["a form without username", { form: { password: "x" } }, "Kindly input your email"],
    [
      "a form with an empty password",
      { form: { username: "a@academy.test", password: "" } },
      "Kindly input your password",
    ],
  ])("refuses %s with 400 and opens no session", async (_name, body, message) => {
    const sessions = await rowCount(api, "sessions");
    expect(await statusAndText(await send(api, "POST", "/api/auth/login/password", body))).toEqual({
      status: 400,
      text: message,
    });
    expect(await rowCount(api, "sessions")).toBe(sessions);
  });

  it("finds the account whatever the case of the e-mail typed, and around spaces", async () => {
    const staff = await createStaff(api, "case@academy.test");
    for (const username of ["CASE@Academy.test", " case@academy.test "]) {
      const res = await send(api, "POST", "/api/auth/login/password", { json: { username, password: staff.password } });
      expect(await statusAndText(res)).toMatchObject({ status: 200 });
    }
  });

  it("keepMeSignedIn gives a 30-day cookie and a session that ends after 7 idle days; without it the cookie ends with the browser and the server ends it after 2 idle hours", async () => {
    const staff = await createStaff(api, "lifetime@academy.test");
    const login = (keepMeSignedIn: boolean) =>
      send(api, "POST", "/api/auth/login/password", {
        json: { username: staff.email, password: staff.password, keepMeSignedIn },
      });
    const day = 24 * 60 * 60 * 1000;

    const kept = await login(true);
    expect(kept.headers.get("set-cookie")).toContain("Max-Age=2592000");
    const short = await login(false);
    expect(sessionCookieOf(short)).not.toMatch(/Max-Age|Expires/i);

    const rows = await api.db
      .selectFrom("sessions")
      .select(["persistent", "expires_at"])
      .where("user_id", "=", staff.id)
      .orderBy("created_at")
      .execute();
    expect(rows).toHaveLength(2);
    const left = rows.map((r) => Date.parse(r.expires_at) - Date.now());
    expect(rows[0].persistent).toBe(1);
    expect(left[0]).toBeGreaterThan(7 * day - 60_000);
    expect(left[0]).toBeLessThanOrEqual(7 * day);
    expect(rows[1].persistent).toBe(0);
    expect(left[1]).toBeGreaterThan(2 * 60 * 60 * 1000 - 60_000);
    expect(left[1]).toBeLessThanOrEqual(2 * 60 * 60 * 1000);
  });

  it("takes keepMeSignedIn from a form too", async () => {
    const staff = await createStaff(api, "formkeep@academy.test");
    const res = await send(api, "POST", "/api/auth/login/password", {
      form: { username: staff.email, password: staff.password, keepMeSignedIn: "on" },
    });
    expect(res.headers.get("set-cookie")).toContain("Max-Age=2592000");
  });

  it("stores only a hash of the session id, never the cookie value", async () => {
    const staff = await createStaff(api, "hash@academy.test");
    const cookie = await loginCookie(api, staff.email, staff.password);
    const token = cookie.split("=")[1];
    const rows = await api.db.selectFrom("sessions").select("id_hash").where("user_id", "=", staff.id).execute();
    expect(rows.map((r) => r.id_hash)).not.toContain(token);
  });
});

describe("sessions that have ended", () => {
  it("refuses a logged-out session on staff calls, and logout clears the cookie", async () => {
    const staff = await createStaff(api, "ended@academy.test");
    const cookie = await loginCookie(api, staff.email, staff.password);
    expect((await send(api, "GET", "/api/draft/article", { cookie })).status).toBe(204);
    const out = await send(api, "POST", "/api/auth/logout", { cookie });
    expect(out.status).toBe(200);
    expect(out.headers.get("set-cookie")).toMatch(/^academy_session=;.*Max-Age=0/);
    expect((await send(api, "GET", "/api/draft/article", { cookie })).status).toBe(401);
    expect((await send(api, "POST", "/api/draft", { cookie, json: { postType: "article", title: "x" } })).status).toBe(
      401,
    );
    expect(await rowCount(api, "drafts")).toBe(0);
  });

  it("answers logout without a session with 200", async () => {
    expect((await send(api, "POST", "/api/auth/logout")).status).toBe(200);
  });

  it("refuses an expired session", async () => {
    const staff = await createStaff(api, "stale@academy.test");
    const cookie = await loginCookie(api, staff.email, staff.password);
    await api.db
      .updateTable("sessions")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("user_id", "=", staff.id)
      .execute();
    expect((await send(api, "GET", "/api/auth/isloggedin", { cookie })).status).toBe(401);
    expect((await send(api, "GET", "/api/draft/job", { cookie })).status).toBe(401);
  });

  it("refuses a made-up session cookie", async () => {
    expect(
      (
        await send(api, "GET", "/api/auth/isloggedin", {
          cookie: "academy_session=made-up-value-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
        })
      ).status,
    ).toBe(401);
  });
});

describe("password reset rules", () => {
  let ruleStaff: Awaited<ReturnType<typeof createStaff>> | undefined;
  async function tokenFor(email: string) {
    const account = email.trim().toLowerCase();
    const before = resetLinksMailed(api, account);
    expect((await send(api, "POST", "/api/auth/password-reset", { json: { email } })).status).toBe(200);
    return resetTokenMailed(api, account, before);
  }
  const reset = (token: string | undefined, password: string | undefined) =>
    send(api, "PATCH", "/api/auth/password-reset", { json: { token, password } });

  it("mails a link to /password-reset and stores only the token's hash, expiring in an hour", async () => {
    const staff = await createStaff(api, "link@academy.test");
    const token = await tokenFor(staff.email);
    const rows = await api.db.selectFrom("password_resets").selectAll().where("user_id", "=", staff.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).not.toBe(token);
    const left = Date.parse(rows[0].expires_at) - Date.now();
    expect(left).toBeGreaterThan(59 * 60_000);
    expect(left).toBeLessThanOrEqual(60 * 60_000);
  });

  it("mails the account when the e-mail is typed in capitals with spaces around", async () => {
    const staff = await createStaff(api, "spaced@academy.test");
    const token = await tokenFor("  Spaced@Academy.test ");
    expect(
      await api.db.selectFrom("password_resets").select("user_id").where("user_id", "=", staff.id).execute(),
    ).toHaveLength(1);
    expect(token.length).toBeGreaterThan(20);
  });

  it("stores no token for an unknown e-mail", async () => {
    const before = await rowCount(api, "password_resets");
    expect(
      (await send(api, "POST", "/api/auth/password-reset", { json: { email: "nobody-here@academy.test" } })).status,
    ).toBe(200);
    expect(await rowCount(api, "password_resets")).toBe(before);
  });

  it("refuses a token request without a valid e-mail", async () => {
    expect(
      await statusAndText(await send(api, "POST", "/api/auth/password-reset", { json: { email: "not-an-email" } })),
    ).toEqual({ status: 400, text: "Kindly input a valid email" });
    expect(await statusAndText(await send(api, "POST", "/api/auth/password-reset", { json: {} }))).toEqual({
      status: 400,
      text: "Kindly input a valid email",
    });
  });

  it.each([
    ["Sh#rt1A", "Password must be at least 8 characters long"],
    ["lowercase#123", "Password must contain an uppercase letter"],
    ["UPPERCASE#123", "Password must contain a lowercase letter"],
    ["NoDigits#here", "Password must contain a digit"],
    ["NoSpecial123", "Password must contain one of ! @ # $ % ^ & *"],
  ])("refuses the password %s with the rule it breaks, and keeps the token usable", async (password, message) => {
    const token = await tokenFor((ruleStaff ??= await createStaff(api, "rules@academy.test")).email);
    expect(await statusAndText(await reset(token, password))).toEqual({ status: 400, text: message });
    expect((await reset(token, "Good#Pass123")).status).toBe(200);
  });

  it("refuses a reused token", async () => {
    const staff = await createStaff(api, "reuse@academy.test");
    const token = await tokenFor(staff.email);
    expect((await reset(token, "First#Pass123")).status).toBe(200);
    expect(await statusAndText(await reset(token, "Second#Pass123"))).toEqual({
      status: 400,
      text: "The reset link is invalid or has expired",
    });
    await expect(loginCookie(api, staff.email, "Second#Pass123")).rejects.toThrow(/401/);
    await expect(loginCookie(api, staff.email, "First#Pass123")).resolves.toMatch(/academy_session=/);
  });

  it("refuses a missing or made-up token", async () => {
    expect(await statusAndText(await reset(undefined, "Good#Pass123"))).toEqual({
      status: 400,
      text: "The reset link is invalid or has expired",
    });
    expect(await statusAndText(await reset("made-up-token-value-123456", "Good#Pass123"))).toEqual({
      status: 400,
      text: "The reset link is invalid or has expired",
    });
  });

  it("refuses a reset without a password", async () => {
    const staff = await createStaff(api, "nopass@academy.test");
    const token = await tokenFor(staff.email);
    expect(await statusAndText(await reset(token, undefined))).toEqual({ status: 400, text: "Password is required" });
  });
});
