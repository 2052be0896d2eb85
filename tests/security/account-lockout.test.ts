import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type Api, createStaff, readOutbox, resetTokenMailed, send, startApi } from "../api/harness";

// Knowing a staff e-mail must not be enough to lock that person out (docs/security.md, "Rate
// limits"): guesses against one account from many addresses slow further tries down (a short,
// growing Retry-After) instead of refusing for a day; a device or address that signed in before
// goes through; a successful reset clears the count and says so by mail. Real limits (factor 1).
let api: Api;
beforeAll(async () => {
  process.env.TRUSTED_PROXIES = "127.0.0.1";
  api = await startApi({ rateLimitFactor: 1 });
});
afterAll(() => api.close());

const from = (ip: string) => ({ "x-forwarded-for": ip });
const login = (ip: string, username: string, password: string, cookie?: string) =>
  send(api, "POST", "/api/auth/login/password", { json: { username, password }, headers: from(ip), cookie });

/** Time passing, without waiting: the account's current pause ends, as when it expires. */
const pauseEnds = (email: string) =>
  sql`delete from rate_limits where ${sql.ref("key")} = ${`loginPausePerAccount:${email}`}`.execute(api.db);

/**
 * A botnet guessing one account: each guess from a new address, each pause waited out. Answers
 * every Retry-After the guessers were given.
 */
async function guessFromEverywhere(email: string, guesses: number, octet: number) {
  const waits: number[] = [];
  let made = 0;
  for (let i = 0; made < guesses; i++) {
    const res = await login(`10.${octet}.${Math.floor(i / 250)}.${(i % 250) + 1}`, email, `Wrong#Guess${i}`);
    await res.text();
    if (res.status === 401) made++;
    else if (res.status === 429) {
      waits.push(Number(res.headers.get("retry-after")));
      await pauseEnds(email);
    } else throw new Error(`unexpected ${res.status}`);
  }
  return waits;
}

/** The "password changed" notice mailed to `to` (it is sent after the answer). */
async function noticeTo(to: string) {
  for (let i = 0; i < 120; i++) {
    const notice = readOutbox(api).find(
      (m) => m.subject === "Your password was changed" && JSON.stringify(m.to).includes(to),
    );
    if (notice) return notice;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`no notice to ${to}`);
}

const sessionOf = (res: Response) => /academy_session=[^;]+/.exec(res.headers.get("set-cookie") ?? "")?.[0];
const deviceOf = (res: Response) => /academy_device=[^;]+/.exec(res.headers.get("set-cookie") ?? "")?.[0];

describe("per-account guessing slows down, never locks the owner out", () => {
  it("after 100 wrong passwords from 100 addresses: short, growing pauses; the owner's known device and address get in at once", async () => {
    const staff = await createStaff(api, "owner@academy.test");
    // The owner signed in before, from the office and on this laptop.
    const earlier = await login("198.51.100.50", staff.email, staff.password);
    expect(earlier.status).toBe(200);
    const device = deviceOf(earlier);
    expect(device).toBeDefined();

    const waits = await guessFromEverywhere(staff.email, 100, 1);
    // Slowed, not refused for a day: every pause is short and they grow to their bound.
    expect(waits.length).toBeGreaterThan(5);
    expect(Math.max(...waits)).toBeLessThanOrEqual(5 * 60);
    expect(waits.at(-1)).toBe(5 * 60);
    for (let i = 1; i < waits.length; i++) expect(waits[i]).toBeGreaterThanOrEqual(waits[i - 1]);

    // The attacker's latest guess started a pause; the owner is not held by it.
    expect((await login("10.1.9.9", staff.email, "Wrong#Again1")).status).toBe(429);
    const fromOffice = await login("198.51.100.50", staff.email, staff.password);
    expect(fromOffice.status).toBe(200);
    expect(sessionOf(fromOffice)).toBeDefined();
    const onLaptopElsewhere = await login("192.0.2.200", staff.email, staff.password, device);
    expect(onLaptopElsewhere.status).toBe(200);

    // A new device at a new address waits the short pause (not 24 hours), then gets in.
    const stranger = await login("192.0.2.201", staff.email, staff.password);
    expect(stranger.status).toBe(429);
    expect(Number(stranger.headers.get("retry-after"))).toBeLessThanOrEqual(5 * 60);
    expect(await stranger.text()).toMatch(
      /^This account has had many failed log-in attempts\. Please wait \d+ minutes before trying again, or reset your password\.$/,
    );
    await pauseEnds(staff.email);
    expect((await login("192.0.2.201", staff.email, staff.password)).status).toBe(200);
  }, 240_000);

  it("does not let a forged device cookie through", async () => {
    const staff = await createStaff(api, "forged@academy.test");
    await guessFromEverywhere(staff.email, 25, 2);
    expect((await login("10.2.9.9", staff.email, "Wrong#Again1")).status).toBe(429);
    const res = await login(
      "192.0.2.210",
      staff.email,
      staff.password,
      "academy_device=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
    );
    expect(res.status).toBe(429);
  }, 120_000);

  it("a successful reset clears the account's count: the new password works from a new address at once", async () => {
    const staff = await createStaff(api, "resetter@academy.test");
    await guessFromEverywhere(staff.email, 40, 3);
    expect((await login("192.0.2.220", staff.email, staff.password)).status).toBe(429);

    expect(
      (
        await send(api, "POST", "/api/auth/password-reset", {
          json: { email: staff.email },
          headers: from("192.0.2.221"),
        })
      ).status,
    ).toBe(200);
    const token = await resetTokenMailed(api, staff.email);
    const reset = await send(api, "PATCH", "/api/auth/password-reset", {
      json: { token, password: "Fresh#Start2026" },
      headers: from("192.0.2.222"),
    });
    expect(reset.status).toBe(200);
    expect((await login("192.0.2.223", staff.email, "Fresh#Start2026")).status).toBe(200);
  }, 120_000);
});

describe("notice of a changed password", () => {
  it("mails the account after a successful reset, with no secret in it", async () => {
    const staff = await createStaff(api, "notice@academy.test");
    await send(api, "POST", "/api/auth/password-reset", { json: { email: staff.email }, headers: from("192.0.2.230") });
    const token = await resetTokenMailed(api, staff.email);
    const password = "Changed#Pass2026";
    expect(
      (
        await send(api, "PATCH", "/api/auth/password-reset", {
          json: { token, password },
          headers: from("192.0.2.231"),
        })
      ).status,
    ).toBe(200);
    const notice = await noticeTo(staff.email);
    expect(notice.subject).toBe("Your password was changed");
    expect(notice.text).toMatch(/password .* was changed/);
    expect(notice.text).toContain("http://localhost:3000/fla-admin");
    expect(notice.text).not.toContain(password);
    expect(notice.text).not.toContain(token);
    expect(notice.text).not.toMatch(/token=/);
  });

  it("sends no notice when the reset is refused", async () => {
    await createStaff(api, "nonotice@academy.test");
    const notices = () => readOutbox(api).filter((m) => m.subject === "Your password was changed").length;
    const before = notices();
    const res = await send(api, "PATCH", "/api/auth/password-reset", {
      json: { token: "x".repeat(43), password: "Changed#Pass2026" },
      headers: from("192.0.2.232"),
    });
    expect(res.status).toBe(400);
    await new Promise((r) => setTimeout(r, 300));
    expect(notices()).toBe(before);
  });
});
