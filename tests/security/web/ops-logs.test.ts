import { afterAll, beforeAll, expect, test } from "vitest";

import { addStaff, BASE_PORT, freshDataDir, type Server, startServer } from "./server";

// What an operator sees (docs/deploy.md, "Logs" and "Health checks"), on the production build
// through remix-serve: one JSON line per request with its id, path (never the query), status,
// time, client address and staff id; the id comes back in X-Request-Id and on error pages;
// /healthz and /readyz answer.
let server: Server;
let staffCookie = "";
let staffId = "";

beforeAll(async () => {
  // + 5: the other files of this folder use + 0 … + 4 (one file runs at a time anyway).
  server = await startServer({ port: BASE_PORT + 5, dataDir: freshDataDir("ops-logs") });
  const password = addStaff(server.dataDir, "ops.logs@academy.test");
  const login = await fetch(`${server.url}/fla-admin`, {
    method: "POST",
    body: new URLSearchParams({ intent: "login", email: "ops.logs@academy.test", password }),
    redirect: "manual",
  });
  staffCookie = /(?:__Host-)?academy_session=[^;]+/.exec(login.headers.get("set-cookie") ?? "")?.[0] ?? "";
  expect(staffCookie).not.toBe("");
  const Database = (await import("better-sqlite3")).default;
  const db = new Database(`${server.dataDir}/academy.db`, { readonly: true });
  staffId = (db.prepare("select id from users where email = ?").get("ops.logs@academy.test") as { id: string }).id;
  db.close();
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

type Line = {
  time: string;
  reqId: string;
  method: string;
  path: string;
  status: number;
  ms: number;
  ip: string;
  staffId?: string;
};

/** The request log's lines so far (other output, remix-serve's own line among it, is left out). */
function requestLines(): Line[] {
  return server
    .output()
    .split("\n")
    .filter((l) => l.startsWith("{") && l.includes('"msg":"request"'))
    .map((l) => JSON.parse(l) as Line);
}

async function lineFor(id: string) {
  for (let i = 0; i < 50; i++) {
    const line = requestLines().find((l) => l.reqId === id);
    if (line) return line;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no log line for request ${id}`);
}

test("one line per request: id, method, path, status, duration, address; the id in X-Request-Id", async () => {
  const res = await fetch(`${server.url}/about`);
  expect(res.status).toBe(200);
  const id = res.headers.get("x-request-id")!;
  expect(id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  const line = await lineFor(id);
  expect(line).toMatchObject({ method: "GET", path: "/about", status: 200 });
  expect(Number.isNaN(Date.parse(line.time))).toBe(false);
  expect(line.ms).toBeGreaterThan(0);
  expect(line.ip).toMatch(/^(127\.0\.0\.1|::1)$/);
  expect(line.staffId).toBeUndefined();
});

test("a visitor cannot choose the request id; a new one is made", async () => {
  const res = await fetch(`${server.url}/about`, { headers: { "x-request-id": "chosen-by-the-visitor" } });
  const id = res.headers.get("x-request-id")!;
  expect(id).not.toBe("chosen-by-the-visitor");
  expect((await lineFor(id)).path).toBe("/about");
});

test("names the signed-in staff member by id, and nothing else of them", async () => {
  // A staff page the account may open before setting up two-factor sign-in (docs/decisions/032-two-factor-sign-in.md).
  const res = await fetch(`${server.url}/admin/scheduled`, { headers: { cookie: staffCookie } });
  expect(res.status).toBe(200);
  const line = await lineFor(res.headers.get("x-request-id")!);
  expect(line).toMatchObject({ path: "/admin/scheduled", status: 200, staffId });
  expect(JSON.stringify(line)).not.toContain("ops.logs@academy.test");
});

test("never logs a query string: a reset link's token stays out of the request log", async () => {
  const token = "Zq9TokenThatMustNeverBeLogged0123456789abcdef";
  const res = await fetch(`${server.url}/password-reset?token=${token}`, { redirect: "manual" });
  const line = await lineFor(res.headers.get("x-request-id")!);
  expect(line.path).toBe("/password-reset");
  // A secret-looking path segment is masked too.
  const file = await fetch(`${server.url}/api/images/${token}`);
  expect((await lineFor(file.headers.get("x-request-id")!)).path).toBe("/api/images/:secret");
  expect(JSON.stringify(requestLines())).not.toContain(token);
  // Nor anywhere else in the server's output: remix-serve's own per-request line (the whole URL)
  // is gone (docs/decisions/049-a-page-view-does-only-its-own-work.md).
  expect(server.output()).not.toContain(token);
});

test("an error page shows the request's id, the one in its header and its log line", async () => {
  // A form posted from another site is refused with the error page (docs/security.md).
  const res = await fetch(`${server.url}/contact`, {
    method: "POST",
    headers: { "sec-fetch-site": "cross-site", "content-type": "application/x-www-form-urlencoded" },
    body: "fullname=x",
  });
  expect(res.status).toBe(403);
  const id = res.headers.get("x-request-id")!;
  expect(await res.text()).toContain(`<code id="request-id">${id}</code>`);
  expect((await lineFor(id)).status).toBe(403);
});

test("/healthz answers while the process runs; /readyz checks database, migrations, folder and mail queue", async () => {
  const live = await fetch(`${server.url}/healthz`);
  expect(live.status).toBe(200);
  expect(live.headers.get("cache-control")).toBe("no-store");
  const ready = await fetch(`${server.url}/readyz`);
  expect(ready.status).toBe(200);
  expect(await ready.json()).toEqual({
    status: "ready",
    checks: { database: true, migrations: true, dataFolder: true, mailQueue: true },
  });
});

test("the files of public are still served by remix-serve: icons for an hour, the build's modules for a year", async () => {
  // Only paths under a name `public` holds reach the files (docs/decisions/049-a-page-view-does-only-its-own-work.md).
  const icons = await fetch(`${server.url}/icons.svg`);
  expect(icons.status).toBe(200);
  expect(icons.headers.get("cache-control")).toBe("public, max-age=3600");
  const html = await (await fetch(`${server.url}/about`)).text();
  const css = /href="(\/build\/[^"]+\.css)"/.exec(html)?.[1];
  expect(css).toBeDefined();
  const asset = await fetch(`${server.url}${css}`);
  expect(asset.status).toBe(200);
  expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  expect((await fetch(`${server.url}/build/no-such-module.js`)).status).toBe(404);
});
