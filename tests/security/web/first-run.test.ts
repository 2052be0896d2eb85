import { afterAll, beforeAll, expect, test } from "vitest";

import { codeFor } from "../../api/harness";
import { BASE_PORT, freshDataDir, type Server, startServer } from "./server";

// The first run of a production site, through the built site's forms as a browser without
// JavaScript sends them (docs/product.md, "First run"; docs/decisions/061): the code printed once
// to the log makes the first Admin; then the setup page is gone (404); the Admin's landing page
// lists what is still to do before launch.
let server: Server;
beforeAll(async () => {
  // + 6: one file of this folder runs at a time, each on a port of the few given (never + 3: see
  // startServer).
  server = await startServer({ port: BASE_PORT + 6, dataDir: freshDataDir("first-run") });
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

const post = (p: string, body: Record<string, string>, cookie = "") =>
  fetch(server.url + p, { method: "POST", redirect: "manual", headers: { cookie }, body: new URLSearchParams(body) });
const cookieOf = (res: Response) =>
  /(?:__Host-)?academy_session=[^;]+/.exec(res.headers.get("set-cookie") ?? "")?.[0] ?? "";

async function printedCode() {
  for (let i = 0; i < 100; i++) {
    const code = /setup code ([A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4})/.exec(server.output())?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no setup code in the log: ${server.output()}`);
}

const first = {
  academyName: "Glow Beauty School",
  name: "Ada Obi",
  email: "ada@glow.test",
  password: "First#Admin2026",
  confirmPassword: "First#Admin2026",
};

test("the printed code makes the first Admin once; the page is then gone; the landing page lists what is missing", async () => {
  const code = await printedCode();
  // The code is printed once, however many pages are opened.
  expect(server.output().match(/setup code /g)).toHaveLength(1);
  const login = await (await fetch(`${server.url}/fla-admin`)).text();
  expect(login).toContain('href="/fla-admin/setup"');
  const page = await fetch(`${server.url}/fla-admin/setup`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain("Setup code");

  // A wrong code: refused with the reason, what was typed kept (never the password), nothing made.
  const wrong = await post("/fla-admin/setup", { ...first, code: "AAAA-BBBB-CCCC" });
  expect(wrong.status).toBe(400);
  const wrongHtml = await wrong.text();
  expect(wrongHtml).toContain("That is not the setup code");
  expect(wrongHtml).toContain('value="Glow Beauty School"');
  expect(wrongHtml).not.toContain(first.password);
  // A weak password: the §5 rule's words.
  const weak = await post("/fla-admin/setup", { ...first, code, password: "short", confirmPassword: "short" });
  expect(weak.status).toBe(400);

  const made = await post("/fla-admin/setup", { ...first, code });
  expect(made.status).toBe(302);
  expect(made.headers.get("location")).toBe("/fla-admin");
  expect((await fetch(`${server.url}/fla-admin/setup`)).status).toBe(404);
  expect((await post("/fla-admin/setup", { ...first, email: "eve@evil.test", code })).status).toBe(404);
  expect(await (await fetch(`${server.url}/fla-admin`)).text()).not.toContain('href="/fla-admin/setup"');

  // The new Admin's app, as docs/decisions/032 requires of an Admin, then the sign-in with its code.
  const Database = (await import("better-sqlite3")).default;
  const { newTotpSecret } = await import("../../../api/auth/two-factor");
  const secret = newTotpSecret();
  const db = new Database(`${server.dataDir}/academy.db`);
  db.prepare("update users set totp_secret = ?, totp_enabled_at = ? where email = ?").run(
    secret,
    new Date().toISOString(),
    first.email,
  );
  db.close();
  const signIn = await post("/fla-admin", { intent: "login", email: first.email, password: first.password });
  expect(signIn.headers.get("location")).toMatch(/^\/fla-admin\/code/);
  const signedIn = await post("/fla-admin/code", { code: await codeFor(secret) }, cookieOf(signIn));
  expect(signedIn.status).toBe(302);
  const cookie = cookieOf(signedIn);
  const landing = await fetch(`${server.url}/admin`, { headers: { cookie }, redirect: "manual" });
  const home = await fetch(server.url + landing.headers.get("location")!, { headers: { cookie } });
  const html = await home.text();
  expect(html).toContain("Before launch");
  for (const item of ["sampleBank", "noSmtp", "noBackupRecipient", "publicUrlNotHttps", "privacyContactUnset"])
    expect(html).toContain(`data-item="${item}"`);
  // The academy's name chosen at setup is the site's.
  expect(await (await fetch(`${server.url}/contact`)).text()).toContain("Glow Beauty School");
});
