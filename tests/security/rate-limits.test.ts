import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type Api, createStaff, fileOf, pdfBytes, rowCount, send, startApi, uploadTokenHeader } from "../api/harness";

// Item 3: the real limits (factor 1), attacked over HTTP. The test runs behind a "proxy" on
// 127.0.0.1 (TRUSTED_PROXIES), so X-Forwarded-For plays the visitors' addresses.
let api: Api;
beforeAll(async () => {
  process.env.TRUSTED_PROXIES = "127.0.0.1";
  api = await startApi({ rateLimitFactor: 1 });
});
afterAll(() => api.close());

const from = (ip: string) => ({ "x-forwarded-for": ip });
const login = (ip: string, username: string, password: string) =>
  send(api, "POST", "/api/auth/login/password", { json: { username, password }, headers: from(ip) });

describe("login guessing", () => {
  it("pauses an address guessing one account after 10 wrong passwords: 429, Retry-After, a message, even for the right password", async () => {
    const staff = await createStaff(api, "target@academy.test");
    const statuses: number[] = [];
    let limited: Response | undefined;
    for (let i = 0; i < 30; i++) {
      const res = await login("203.0.113.5", staff.email, `Wrong#Guess${i}`);
      statuses.push(res.status);
      if (res.status === 429) limited ??= res;
      else await res.text();
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(20).fill(429));
    expect(Number(limited!.headers.get("retry-after"))).toBeGreaterThan(14 * 60);
    expect(Number(limited!.headers.get("retry-after"))).toBeLessThanOrEqual(15 * 60);
    expect(await limited!.text()).toBe(
      "Too many failed log-in attempts. Please wait 15 minutes before trying again, or reset your password.",
    );
    expect((await login("203.0.113.5", staff.email, staff.password)).status).toBe(429);
    // The staff member, elsewhere, is not locked out by the attacker.
    expect((await login("198.51.100.7", staff.email, staff.password)).status).toBe(200);
  });

  it("backs off: a pair paused a second time waits twice as long", async () => {
    const staff = await createStaff(api, "backoff@academy.test");
    for (let i = 0; i < 11; i++) await login("203.0.113.6", staff.email, "Wrong#Guess1");
    // The first pause ends (its counter is removed, as when it expires); the guessing goes on.
    const { sql } = await import("kysely");
    await sql`delete from rate_limits where ${sql.ref("key")} = ${`loginFailsPerAccountAndIp:${staff.email}|203.0.113.6`}`.execute(
      api.db,
    );
    const again: Response[] = [];
    for (let i = 0; i < 11; i++) again.push(await login("203.0.113.6", staff.email, "Wrong#Guess2"));
    expect(again.slice(0, 10).map((r) => r.status)).toEqual(Array(10).fill(401));
    expect(again[10].status).toBe(429);
    expect(Number(again[10].headers.get("retry-after"))).toBeGreaterThan(29 * 60);
  });

  it("pauses an address guessing many accounts after 50 wrong passwords in a day", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 52; i++)
      statuses.push((await login("203.0.113.7", `nobody${i}@academy.test`, "Wrong#Guess1")).status);
    expect(statuses.slice(0, 50).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(50)).toEqual([429, 429]);
  });

  it("a successful login clears the address's count for that account", async () => {
    const staff = await createStaff(api, "forgetful@academy.test");
    for (let i = 0; i < 9; i++) await login("203.0.113.8", staff.email, "Wrong#Guess1");
    expect((await login("203.0.113.8", staff.email, staff.password)).status).toBe(200);
    for (let i = 0; i < 9; i++) expect((await login("203.0.113.8", staff.email, "Wrong#Guess1")).status).toBe(401);
  });
});

describe("reset requests", () => {
  const ask = (ip: string, email: string) =>
    send(api, "POST", "/api/auth/password-reset", { json: { email }, headers: from(ip) });

  it("sends at most 3 reset mails an hour to one address, whoever asks", async () => {
    await createStaff(api, "inbox@academy.test");
    const statuses = [];
    for (const ip of ["192.0.2.1", "192.0.2.2", "192.0.2.3", "192.0.2.4", "192.0.2.5"])
      statuses.push((await ask(ip, "inbox@academy.test")).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect(await rowCount(api, "password_resets")).toBe(3);
  });

  it("answers the same 429 for an address with no account (no enumeration)", async () => {
    for (let i = 0; i < 3; i++) await ask(`192.0.2.${10 + i}`, "ghost@academy.test");
    const res = await ask("192.0.2.20", "ghost@academy.test");
    expect(res.status).toBe(429);
    expect(await res.text()).toMatch(
      /^Too many password reset requests\. Please wait \d+ minutes before asking again\.$/,
    );
  });

  it("lets one address ask 5 times an hour", async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await ask("192.0.2.30", `someone${i}@academy.test`)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe("contact, registration and upload floods", () => {
  const contact = (ip: string, email = "ada@example.com") =>
    send(api, "POST", "/api/contact", {
      json: {
        fullname: "Ada Obi",
        email,
        phone: "08012345678",
        issue: 1,
        message: "Hello there, a question.",
      },
      headers: from(ip),
    });

  // A crowd shares an address (a carrier's NAT, a café): 100 an hour from one address, each
  // sender at most 5 (tests/security/crowds.test.ts).
  it("takes 100 messages an hour from one address, then 429 with Retry-After; others still get through", async () => {
    const statuses = [];
    for (let i = 0; i < 102; i++) statuses.push((await contact("198.51.100.20", `sender${i}@example.com`)).status);
    expect(statuses).toEqual([...Array(100).fill(201), 429, 429]);
    const limited = await contact("198.51.100.20", "one.more@example.com");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(3000);
    expect(await limited.text()).toMatch(
      /^You have sent several messages in a short time\. Please wait \d+ minutes, then send again\.$/,
    );
    expect((await contact("198.51.100.21")).status).toBe(201);
    expect(await rowCount(api, "contact_messages")).toBe(101);
  });

  it("takes 300 uploads an hour from one address", async () => {
    const token = await uploadTokenHeader(api);
    const upload = () => {
      const form = new FormData();
      form.set("group", "idCards");
      form.set("file", fileOf(pdfBytes(), "id.pdf"));
      return send(api, "POST", "/api/applicant/files", {
        multipart: form,
        headers: { ...from("198.51.100.30"), ...token },
      });
    };
    const statuses = [];
    for (let i = 0; i < 302; i++) statuses.push((await upload()).status);
    expect(statuses).toEqual([...Array(300).fill(201), 429, 429]);
    expect(await rowCount(api, "private_files")).toBe(300);
  });
});
