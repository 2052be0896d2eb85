import fs from "node:fs";
import path from "node:path";

import { createCookie } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import {
  addStaff,
  BASE_PORT,
  freshDataDir,
  honeypotToken,
  type Server,
  startServer,
  streamPost,
  validContact,
  validRegistration,
} from "./server";

// The second adversarial review, web side (docs/security.md, "Round two"): each test performs
// the reviewer's request against the production build, with nginx's page cache assumed in front
// (PROXY_PAGE_CACHE=1), the setting under which a public answer is also dated for nginx.

let server: Server;
let staffCookie = "";

beforeAll(async () => {
  server = await startServer({
    // BASE_PORT + 4, not + 3: by default that is 4045, a port fetch refuses to call (the
    // Fetch standard's "bad ports"), so the server would never be seen to start.
    port: BASE_PORT + 4,
    dataDir: freshDataDir("round-two"),
    env: { PROXY_PAGE_CACHE: "1" },
  });
  const password = addStaff(server.dataDir, "round.two@academy.test");
  const login = await fetch(`${server.url}/fla-admin`, {
    method: "POST",
    body: new URLSearchParams({ intent: "login", email: "round.two@academy.test", password }),
    redirect: "manual",
  });
  staffCookie = /(?:__Host-)?academy_session=[^;]+/.exec(login.headers.get("set-cookie") ?? "")?.[0] ?? "";
  expect(staffCookie).not.toBe("");
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

const timed = async (run: () => Promise<Response>) => {
  const started = performance.now();
  const res = await run();
  const body = await res.text();
  return { status: res.status, body, ms: performance.now() - started };
};

const form = (fields: Record<string, string>) => new URLSearchParams(fields);

function multipart(fields: Record<string, string>) {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  return data;
}

describe("a field named with a huge array index does not freeze the server", () => {
  const attacks: [string, () => BodyInit, string?][] = [
    ["/contact", () => form({ ...validContact("freeze"), "message[10000000]": "x" })],
    [
      "/fla-admin",
      () => form({ intent: "login", email: "a@academy.test", password: "x", "redirectTo[10000000]": "/" }),
    ],
    ["/password-reset", () => form({ password: "x", confirmPassword: "x", "note[10000000]": "x" })],
    ["/registration-form", () => multipart({ ...validRegistration("freeze"), "idCards[10000000]": "NIN" })],
    ["/course/new", () => multipart({ intent: "save", "title[10000000]": "x" }), "staff"],
  ];

  test.each(attacks)(
    "POST %s is refused (400) at once, echoes nothing, and GET /about sent meanwhile is not held up",
    async (pathname, body, who) => {
      const cookie = who === "staff" ? staffCookie : "";
      const attack = timed(() =>
        fetch(server.url + pathname, { method: "POST", body: body(), headers: { cookie }, redirect: "manual" }),
      );
      await new Promise((r) => setTimeout(r, 300));
      const about = await timed(() => fetch(`${server.url}/about`));
      const answered = await attack;
      expect(about.status).toBe(200);
      expect(about.ms).toBeLessThan(1_000);
      expect(answered.status).toBe(400);
      expect(answered.ms).toBeLessThan(1_000);
      expect(answered.body.length).toBeLessThan(200_000);
    },
    120_000,
  );

  test("a field the form does not declare is refused and its value never comes back", async () => {
    const { html } = await fetch(`${server.url}/contact`).then(async (r) => ({ html: await r.text() }));
    const res = await fetch(`${server.url}/contact`, {
      method: "POST",
      body: form({
        ...validContact("undeclared"),
        name__confirm: "",
        from__confirm: honeypotToken(html),
        notAField: "ECHOED-BACK-VALUE",
      }),
      redirect: "manual",
    });
    expect(res.status).toBe(400);
    expect(await res.text()).not.toContain("ECHOED-BACK-VALUE");
  });

  test("the same form with only its own fields is taken as before", async () => {
    const { html } = await fetch(`${server.url}/contact`).then(async (r) => ({ html: await r.text() }));
    const res = await fetch(`${server.url}/contact`, {
      method: "POST",
      body: form({ ...validContact("declared"), name__confirm: "", from__confirm: honeypotToken(html) }),
      redirect: "manual",
    });
    // Stored: the page's confirmation (decision 039).
    expect(res.status).toBe(200);
  });
});

describe("the thank-you page, built from the visitor's cookie, is never shared", () => {
  const registered = createCookie("academy_registered", { path: "/" });
  const thanked = { reference: "FLA-TEST-0001", course: "Bridal Makeup", courseType: "Full Course" };

  test.each(["/registration-form/received", "/registration-form/received.data"])(
    "%s is private, no-store, not dated for nginx, and clears the cookie",
    async (pathname) => {
      const cookie = (await registered.serialize(thanked)).split(";")[0];
      const res = await fetch(server.url + pathname, { headers: { cookie } });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain("FLA-TEST-0001");
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      expect(res.headers.get("x-accel-expires")).toBeNull();
      expect(res.headers.get("set-cookie")).toMatch(/^academy_registered=;.*Max-Age=0/i);
    },
  );

  test("the registration form itself, without the cookie, keeps its own caching", async () => {
    const res = await fetch(`${server.url}/registration-form`);
    expect(res.status).toBe(200);
    expect(await res.text()).not.toContain("FLA-TEST-0001");
  });
});

describe("the editors check the session before reading a big body", () => {
  test.each(["/course/new", "/job/new", "/article/new", "/edit/course/anything"])(
    "an anonymous 256 MB multipart POST %s is answered before 8 MB are read",
    async (pathname) => {
      const result = await streamPost(server.url + pathname, {
        totalBytes: 256 * 1024 ** 2,
        contentType: "multipart/form-data; boundary=xyz",
      });
      expect(result.status).toBe(413);
      expect(result.sent).toBeLessThan(8 * 1024 ** 2);
    },
    60_000,
  );
});

describe("a new password is at most 128 characters, said in words", () => {
  /** A reset token from a real request, read from the outbox (production without SMTP_URL). */
  async function resetCookie(email: string) {
    addStaff(server.dataDir, email);
    const outbox = path.join(server.dataDir, "outbox");
    const before = fs.existsSync(outbox) ? fs.readdirSync(outbox).length : 0;
    await fetch(`${server.url}/fla-admin`, {
      method: "POST",
      body: new URLSearchParams({ intent: "request-token", email }),
      redirect: "manual",
    });
    let mails: string[] = [];
    for (let i = 0; i < 50 && mails.length <= before; i++) {
      mails = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.endsWith(".json")) : [];
      if (mails.length <= before) await new Promise((r) => setTimeout(r, 100));
    }
    const mail = mails.map((f) => fs.readFileSync(path.join(outbox, f), "utf8")).find((m) => m.includes(email))!;
    const token = /password-reset\?token=([A-Za-z0-9_-]+)/.exec(mail)![1];
    const moved = await fetch(`${server.url}/password-reset?token=${token}`, { redirect: "manual" });
    return moved.headers.get("set-cookie")!.split(";")[0];
  }

  const meetsEveryRule = (length: number) => "Aa1!" + "x".repeat(length - 4);

  test("a 129- or 194-character password meeting every rule is refused with the reason; 128 is taken", async () => {
    const cookie = await resetCookie("long.password@academy.test");
    for (const length of [194, 129]) {
      const password = meetsEveryRule(length);
      const res = await fetch(`${server.url}/password-reset`, {
        method: "POST",
        body: new URLSearchParams({ password, confirmPassword: password }),
        headers: { cookie },
        redirect: "manual",
      });
      expect(res.status).toBe(400);
      expect(await res.text()).toContain("Password must be at most 128 characters long");
    }
    const password = meetsEveryRule(128);
    const res = await fetch(`${server.url}/password-reset`, {
      method: "POST",
      body: new URLSearchParams({ password, confirmPassword: password }),
      headers: { cookie },
      redirect: "manual",
    });
    expect(res.status).toBe(302);
  });
});
