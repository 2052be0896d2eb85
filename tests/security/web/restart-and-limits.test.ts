import fs from "node:fs";
import http from "node:http";
import path from "node:path";

import Database from "better-sqlite3";
import { afterAll, describe, expect, test } from "vitest";

import { securityText } from "~/content/security";

import {
  BASE_PORT,
  freshDataDir,
  honeypotToken,
  pngBytes,
  type Server,
  startServer,
  validContact,
  validRegistration,
} from "./server";

const running: Server[] = [];
afterAll(async () => {
  for (const s of running) await s.stop();
});

const html = (s: string) => s.replace(/'/g, "&#x27;");

describe("item 6: restart, then submit", () => {
  test("a form loaded before a restart is stored after it (the key is kept in DATA_DIR, mode 0600)", async () => {
    const dataDir = freshDataDir("restart");
    // Not production, no HONEYPOT_SECRET: the key is generated once and kept.
    const env = { NODE_ENV: "test", HONEYPOT_SECRET: undefined };
    const first = await startServer({ port: BASE_PORT + 1, dataDir, env });
    running.push(first);
    const contactPage = await (await fetch(`${first.url}/contact`)).text();
    const regPage = await (await fetch(`${first.url}/registration-form`)).text();
    await first.stop();
    const keyFile = path.join(dataDir, "honeypot-secret");
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);

    const second = await startServer({ port: BASE_PORT + 1, dataDir, env });
    running.push(second);
    const contact = validContact("after-restart");
    const res = await fetch(`${second.url}/contact`, {
      method: "POST",
      redirect: "manual",
      body: new URLSearchParams({ ...contact, name__confirm: "", from__confirm: honeypotToken(contactPage) }),
    });
    // Stored: the page answers with its lasting confirmation (decision 039), no longer a redirect.
    expect(res.status).toBe(200);
    const db = new Database(path.join(dataDir, "academy.db"), { readonly: true });
    try {
      expect(db.prepare("select count(*) as n from contact_messages where email = ?").get(contact.email)).toEqual({
        n: 1,
      });
    } finally {
      db.close();
    }
    // The registration page's token, too, still reads after the restart (invalid form: its errors, not a re-send).
    const reg = await fetch(`${second.url}/registration-form`, {
      method: "POST",
      body: new URLSearchParams({ firstname: "Ada", name__confirm: "", from__confirm: honeypotToken(regPage) }),
    });
    expect(reg.status).toBe(400);
    expect(await reg.text()).not.toContain(html(securityText.resend));
    await second.stop();

    // A lost key (the file removed): the old page's form is never a silent success.
    fs.rmSync(keyFile);
    const third = await startServer({ port: BASE_PORT + 1, dataDir, env });
    running.push(third);
    const lost = validContact("lost-key");
    const again = await fetch(`${third.url}/contact`, {
      method: "POST",
      redirect: "manual",
      body: new URLSearchParams({ ...lost, name__confirm: "", from__confirm: honeypotToken(contactPage) }),
    });
    expect(again.status).toBe(400);
    const body = await again.text();
    expect(body).toContain(html(securityText.resend));
    expect(body).toContain(lost.message);
    await third.stop();
  });
});

describe("item 3 (pages): the API's 429 is shown in the form, typed values kept, 429 + Retry-After", () => {
  test("sign-in, token request, contact and password reset", async () => {
    // The web tier talks to the API over HTTP here (UPSTREAM_API_URL), to an API that is
    // rate-limiting every write — what the API answers once its limit is reached.
    const api = http.createServer((req, res) => {
      if (req.method === "GET" && req.url?.startsWith("/api/auth/isloggedin"))
        return void res.writeHead(401).end("Not logged in");
      if (req.method === "GET" && req.url?.startsWith("/api/applicant/upload-token"))
        return void res
          .writeHead(200, { "content-type": "application/json" })
          .end(JSON.stringify({ token: "u1.0.x.y", expiresAt: new Date().toISOString() }));
      if (req.method === "GET") return void res.writeHead(200, { "content-type": "application/json" }).end("[]");
      req.resume();
      res.writeHead(429, { "retry-after": "120", "content-type": "text/plain" }).end("Too many requests");
    });
    await new Promise<void>((r) => api.listen(BASE_PORT + 2, r));
    try {
      const site = await startServer({
        port: BASE_PORT + 1,
        dataDir: freshDataDir("limits"),
        env: { UPSTREAM_API_URL: `http://localhost:${BASE_PORT + 2}` },
      });
      running.push(site);
      const message = html(securityText.rateLimited(120));
      const post = (p: string, body: Record<string, string>, cookie = "") =>
        fetch(site.url + p, {
          method: "POST",
          redirect: "manual",
          headers: { cookie },
          body: new URLSearchParams(body),
        });

      const login = await post("/fla-admin", { intent: "login", email: "staff@academy.test", password: "Wrong#Pass1" });
      expect(login.status).toBe(429);
      expect(login.headers.get("retry-after")).toBe("120");
      const loginHtml = await login.text();
      expect(loginHtml).toContain(message);
      expect(loginHtml).toContain('value="staff@academy.test"');

      const token = await post("/fla-admin", { intent: "request-token", email: "staff@academy.test" });
      expect(token.status).toBe(429);
      expect(await token.text()).toContain(message);

      const contactPage = await (await fetch(`${site.url}/contact`)).text();
      const contact = validContact("limited");
      const sent = await post("/contact", { ...contact, name__confirm: "", from__confirm: honeypotToken(contactPage) });
      expect(sent.status).toBe(429);
      expect(sent.headers.get("retry-after")).toBe("120");
      const sentHtml = await sent.text();
      expect(sentHtml).toContain(message);
      expect(sentHtml).toContain(contact.message);

      const link = await fetch(`${site.url}/password-reset?token=abcdef0123456789abcdef`, { redirect: "manual" });
      const cookie = (link.headers.get("set-cookie") ?? "").split(";")[0];
      const reset = await post(
        "/password-reset",
        { password: "Fresh#Start2026", confirmPassword: "Fresh#Start2026" },
        cookie,
      );
      expect(reset.status).toBe(429);
      expect(await reset.text()).toContain(message);

      // Registration: the file upload is limited; every typed value comes back, 429 + Retry-After.
      const regPage = await (await fetch(`${site.url}/registration-form`)).text();
      const form = new FormData();
      const fields = validRegistration("limited");
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      form.append("name__confirm", "");
      form.append("from__confirm", honeypotToken(regPage));
      form.append("idCardFiles", new File([pngBytes(1000)], "id.png", { type: "image/png" }));
      const reg = await fetch(`${site.url}/registration-form`, { method: "POST", redirect: "manual", body: form });
      expect(reg.status).toBe(429);
      expect(reg.headers.get("retry-after")).toBe("120");
      const regHtml = await reg.text();
      expect(regHtml).toContain(message);
      expect(regHtml).toContain(`value="${fields.lastname}"`);
      expect(regHtml).toContain(`value="${fields.emergencyPhone}"`);
    } finally {
      api.close();
    }
  });
});
