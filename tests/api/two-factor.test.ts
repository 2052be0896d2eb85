import { afterAll, beforeAll, describe, expect, it } from "vitest";

import {
  type Api,
  codeFor,
  completeSignIn,
  createStaff,
  loginCookie,
  readOutbox,
  send,
  startApi,
  waitForMail,
} from "./harness";

// Two-factor sign-in by TOTP (docs/decisions/032-two-factor-sign-in.md): enrolment confirmed by
// a first code, ten recovery codes shown once, a wrong and a replayed code refused, recovery
// codes good once, an Admin's reset.
let api: Api;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

const STEP_MS = 30_000;

async function passwordStep(email: string, password: string) {
  const res = await send(api, "POST", "/api/auth/login/password", { json: { username: email, password } });
  expect(res.status).toBe(200);
  return { cookie: res.headers.get("set-cookie")!.split(";")[0], body: (await res.json()) as { codeNeeded?: boolean } };
}

const codeStep = (cookie: string, code: string) =>
  send(api, "POST", "/api/auth/login/code", { cookie, json: { code } });

describe("the password step's answer (decision 032, amended)", () => {
  it("says when the role requires two-factor sign-in and it is not on, so the web tier starts there; nothing for an Editor or once on", async () => {
    const admissions = await createStaff(api, "land@2fa.test", undefined, { role: "admissions", twoFactor: false });
    expect((await passwordStep(admissions.email, admissions.password)).body).toMatchObject({
      role: "admissions",
      needsTwoFactorSetup: true,
    });
    const editor = await createStaff(api, "land-editor@2fa.test", undefined, { role: "editor", twoFactor: false });
    expect((await passwordStep(editor.email, editor.password)).body).not.toHaveProperty("needsTwoFactorSetup");
    const on = await createStaff(api, "land-on@2fa.test", undefined, { role: "admissions" });
    expect((await passwordStep(on.email, on.password)).body).toEqual({
      id: on.id,
      email: on.email,
      name: expect.any(String),
      role: "admissions",
      codeNeeded: true,
    });
  });
});

describe("enrolment", () => {
  it("shows a QR code and the secret, turns on only with a right first code, and answers ten recovery codes once", async () => {
    const staff = await createStaff(api, "enrol@2fa.test", undefined, { role: "admissions", twoFactor: false });
    const cookie = await loginCookie(api, staff.email, staff.password);
    // Required by the role, not on yet: applicants are refused until it is.
    expect((await send(api, "GET", "/api/applicants", { cookie })).status).toBe(403);

    const setup = await send(api, "POST", "/api/account/two-factor/setup", { cookie });
    expect(setup.status).toBe(201);
    const enrolment = (await setup.json()) as { secret: string; otpauthUri: string; qrDataUrl: string };
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolment.otpauthUri).toMatch(/^otpauth:\/\/totp\/Academy:enrol%40[^?]+\?.*secret=/);
    expect(enrolment.qrDataUrl).toMatch(/^data:image\/png;base64,/);

    // The set-up survives a reload (the page reads it back), and is not yet on.
    const state = await (await send(api, "GET", "/api/account/two-factor", { cookie })).json();
    expect(state).toMatchObject({ enabled: false, required: true, setup: { secret: enrolment.secret } });

    const wrong = await send(api, "POST", "/api/account/two-factor/confirm", { cookie, json: { code: "000000" } });
    expect(wrong.status).toBe(400);
    expect(
      (await api.db.selectFrom("users").select("totp_enabled_at").where("id", "=", staff.id).executeTakeFirst())!
        .totp_enabled_at,
    ).toBeNull();

    const ok = await send(api, "POST", "/api/account/two-factor/confirm", {
      cookie,
      json: { code: await codeFor(enrolment.secret) },
    });
    expect(ok.status).toBe(200);
    const { recoveryCodes } = (await ok.json()) as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    // Stored as hashes only; never answered again.
    const stored = await api.db
      .selectFrom("recovery_codes")
      .select("code_hash")
      .where("user_id", "=", staff.id)
      .execute();
    expect(stored).toHaveLength(10);
    for (const code of recoveryCodes) expect(JSON.stringify(stored)).not.toContain(code);
    const after = await (await send(api, "GET", "/api/account/two-factor", { cookie })).json();
    expect(after).toEqual({ enabled: true, required: true, recoveryCodesLeft: 10, setup: null });
    expect(JSON.stringify(after)).not.toContain(enrolment.secret);

    // The applicants open now, and the owner was told by mail.
    expect((await send(api, "GET", "/api/applicants", { cookie })).status).toBe(200);
    const mails = await waitForMail(api, 1);
    expect(
      mails.some((m) => m.subject === "Two-factor sign-in is on" && JSON.stringify(m.to).includes(staff.email)),
    ).toBe(true);
  });
});

describe("signing in with a code", () => {
  it("asks for the code after the password; the waiting session opens nothing", async () => {
    const staff = await createStaff(api, "pending@2fa.test");
    const { cookie, body } = await passwordStep(staff.email, staff.password);
    expect(body.codeNeeded).toBe(true);
    expect((await send(api, "GET", "/api/auth/isloggedin", { cookie })).status).toBe(401);
    expect((await send(api, "GET", "/api/trash", { cookie })).status).toBe(401);
    expect((await send(api, "GET", "/api/auth/login/code", { cookie })).status).toBe(200);
  });

  it("refuses a wrong code, takes the right one once, and refuses it replayed", async () => {
    const staff = await createStaff(api, "replay@2fa.test");
    const first = await passwordStep(staff.email, staff.password);
    // A code of five minutes ago: the app's code, but long past.
    const wrong = await codeStep(first.cookie, await codeFor(staff.totpSecret!, Date.now() - 10 * STEP_MS));
    expect(wrong.status).toBe(400);
    expect((await send(api, "GET", "/api/auth/isloggedin", { cookie: first.cookie })).status).toBe(401);

    const code = await codeFor(staff.totpSecret!);
    const ok = await codeStep(first.cookie, code);
    expect(ok.status).toBe(200);
    const full = ok.headers.get("set-cookie")!.split(";")[0];
    expect(full).not.toBe(first.cookie);
    expect((await send(api, "GET", "/api/auth/isloggedin", { cookie: full })).status).toBe(200);
    // The waiting session was replaced: its cookie opens nothing now.
    expect((await send(api, "GET", "/api/auth/login/code", { cookie: first.cookie })).status).toBe(401);

    // Someone who overheard the password and that code, within the same 30 seconds.
    const second = await passwordStep(staff.email, staff.password);
    const replay = await codeStep(second.cookie, code);
    expect(replay.status).toBe(400);
    // An older step's code is refused too, once a later one was used.
    const older = await codeStep(second.cookie, await codeFor(staff.totpSecret!, Date.now() - STEP_MS));
    expect(older.status).toBe(400);
    expect((await send(api, "GET", "/api/auth/isloggedin", { cookie: second.cookie })).status).toBe(401);
  });

  it("signs in with a recovery code once, mails the owner, and refuses it a second time", async () => {
    const staff = await createStaff(api, "recovery@2fa.test", undefined, { twoFactor: false });
    const cookie = await loginCookie(api, staff.email, staff.password);
    const { secret } = await (await send(api, "POST", "/api/account/two-factor/setup", { cookie })).json();
    const { recoveryCodes } = await (
      await send(api, "POST", "/api/account/two-factor/confirm", { cookie, json: { code: await codeFor(secret) } })
    ).json();

    const first = await passwordStep(staff.email, staff.password);
    const used = await codeStep(first.cookie, recoveryCodes[3].toUpperCase());
    expect(used.status).toBe(200);
    await expect
      .poll(() =>
        readOutbox(api).some(
          (m) => m.subject === "A recovery code was used to sign in" && /9 unused recovery codes remain/.test(m.text),
        ),
      )
      .toBe(true);

    const again = await passwordStep(staff.email, staff.password);
    expect((await codeStep(again.cookie, recoveryCodes[3])).status).toBe(400);
    const events = await api.db
      .selectFrom("security_log")
      .select(["event", "actor_id"])
      .where("event", "=", "recovery_code.used")
      .execute();
    expect(events).toEqual([{ event: "recovery_code.used", actor_id: staff.id }]);
  });

  it("pauses an account after five wrong codes (limits x100 here: counted, then refused with 429)", async () => {
    const staff = await createStaff(api, "limit@2fa.test");
    const { cookie } = await passwordStep(staff.email, staff.password);
    // RATE_LIMIT_FACTOR is 100 in this suite: 500 wrong codes. Counted straight in the limiter.
    const { LIMITS } = await import("../../api/limits");
    expect(LIMITS.codeFailsPerAccount.points).toBe(5);
    const limits = await import("../../api/limits");
    for (let i = 0; i < 500; i++) await limits.recordCodeFailure(staff.id);
    const refused = await codeStep(cookie, await codeFor(staff.totpSecret!));
    expect(refused.status).toBe(429);
    expect(await refused.text()).toMatch(/Too many wrong codes/);
  });
});

describe("turning it off", () => {
  it("lets an Editor turn it off with a code, but not an Admin, whose role requires it", async () => {
    const editor = await createStaff(api, "editor@2fa.test", undefined, { role: "editor" });
    const cookie = await loginCookie(api, editor.email, editor.password);
    await api.db.updateTable("users").set({ totp_last_step: null }).where("id", "=", editor.id).execute();
    const off = await send(api, "POST", "/api/account/two-factor/disable", {
      cookie,
      json: { code: await codeFor(editor.totpSecret!) },
    });
    expect(off.status).toBe(200);
    expect((await passwordStep(editor.email, editor.password)).body.codeNeeded).toBeUndefined();

    const admin = await createStaff(api, "admin-off@2fa.test");
    const adminCookie = await loginCookie(api, admin.email, admin.password);
    const refused = await send(api, "POST", "/api/account/two-factor/disable", {
      cookie: adminCookie,
      json: { code: await codeFor(admin.totpSecret!) },
    });
    expect(refused.status).toBe(403);
  });

  it("lets an Admin reset another member's: their codes stop working, their sessions end, they are told", async () => {
    const admin = await createStaff(api, "resetter@2fa.test");
    const adminCookie = await loginCookie(api, admin.email, admin.password);
    const member = await createStaff(api, "lost-phone@2fa.test", undefined, { role: "admissions" });
    const memberCookie = await loginCookie(api, member.email, member.password);
    const res = await send(api, "POST", `/api/staff/${member.id}/two-factor/reset`, { cookie: adminCookie });
    expect(res.status).toBe(200);
    expect((await send(api, "GET", "/api/auth/isloggedin", { cookie: memberCookie })).status).toBe(401);
    const { body } = await passwordStep(member.email, member.password);
    expect(body.codeNeeded).toBeUndefined();
    const log = await api.db
      .selectFrom("security_log")
      .select(["actor_id", "subject_id"])
      .where("event", "=", "two_factor.reset")
      .execute();
    expect(log).toEqual([{ actor_id: admin.id, subject_id: member.id }]);
    await expect
      .poll(() =>
        readOutbox(api).some(
          (m) => m.subject === "Two-factor sign-in is off" && JSON.stringify(m.to).includes(member.email),
        ),
      )
      .toBe(true);
  });
});

it("completeSignIn is the harness's own path through the code step", async () => {
  const staff = await createStaff(api, "harness@2fa.test");
  const { cookie } = await passwordStep(staff.email, staff.password);
  const full = await completeSignIn(api, cookie, staff.email);
  expect((await send(api, "GET", "/api/auth/isloggedin", { cookie: full })).status).toBe(200);
});
