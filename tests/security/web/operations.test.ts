import { execFileSync } from "node:child_process";

import { afterAll, beforeAll, expect, test } from "vitest";

import { BASE_PORT, freshDataDir, type Server, startServer } from "./server";

// The operator's kit on the production build through remix-serve (docs/deploy.md, "Metrics and
// alerts", "Versions", "Settings checked at start"): a real scrape of /metrics counts routes by
// pattern and passes promtool; the release is in /healthz and the log's first line; a setting
// that would lose or leak data stops the start with one line.
let server: Server;
beforeAll(async () => {
  // One file at a time in this folder: + 4 and + 2 are free meanwhile (not + 3: by default 4045, a
  // port fetch refuses to call).
  server = await startServer({ port: BASE_PORT + 4, dataDir: freshDataDir("operations") });
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

test("the first log line names the release, and /healthz answers it after ok", async () => {
  const first = JSON.parse(server.output().split("\n")[0]!) as Record<string, string>;
  expect(first).toMatchObject({ msg: "start", version: expect.stringMatching(/^\d+\.\d+\.\d+$/) });
  expect(first.commit).toMatch(/^([0-9a-f]{7,12}|unknown)$/);
  const health = await fetch(`${server.url}/healthz`);
  const label = first.commit === "unknown" ? first.version : `${first.version}+${first.commit}`;
  expect(await health.text()).toBe(`ok ${label}\n`);
});

test("a real scrape counts pages by pattern, never by path, and passes promtool check metrics", async () => {
  for (let i = 0; i < 5; i++) await (await fetch(`${server.url}/course/${900 + i}/some-slug-${i}`)).text();
  await (await fetch(`${server.url}/about`)).text();
  const res = await fetch(`${server.url}/metrics`);
  expect(res.status).toBe(200);
  const text = await res.text();
  expect(text).toMatch(/^academy_http_requests_total\{route="\/course\/:id\/:slug",method="GET",status="\d+"\} 5$/m);
  expect(text).toMatch(/^academy_http_requests_total\{route="\/about",method="GET",status="200"\} \d+$/m);
  expect(text).toMatch(/^academy_cache_lookups_total\{cache="(render|read)",result="(hit|miss)"\} \d+$/m);
  expect(text).not.toContain("some-slug");
  const out = execFileSync("promtool", ["check", "metrics"], { input: text, encoding: "utf8" });
  expect(out).toBe("");
});

test("/metrics through a proxy the server does not trust is not found", async () => {
  const res = await fetch(`${server.url}/metrics`, { headers: { "x-forwarded-for": "203.0.113.9" } });
  expect(res.status).toBe(404);
});

test("production without SMTP_URL refuses to start, naming it in one line", async () => {
  const error = await startServer({
    port: BASE_PORT + 2,
    dataDir: freshDataDir("operations-no-smtp"),
    env: { MAIL_TO_FILES: undefined },
  }).then(
    () => new Error("it started"),
    (e: Error) => e,
  );
  expect(error.message).toMatch(/^server exited 1: \[instance\] refusing to start: SMTP_URL is not set[^\n]*\n?$/);
});

test("production sending from a .local address refuses to start unless told so", async () => {
  const error = await startServer({
    port: BASE_PORT + 2,
    dataDir: freshDataDir("operations-local-mail"),
    env: { ALLOW_LOCAL_MAIL_ADDRESSES: undefined },
  }).then(
    () => new Error("it started"),
    (e: Error) => e,
  );
  expect(error.message).toMatch(/refusing to start: MAIL_FROM \(no-reply@academy\.local\) is a \.local address/);
});

test("production on an http PUBLIC_URL refuses to start unless told so", async () => {
  const error = await startServer({
    port: BASE_PORT + 2,
    dataDir: freshDataDir("operations-http"),
    env: { ALLOW_HTTP_PUBLIC_URL: undefined },
  }).then(
    () => new Error("it started"),
    (e: Error) => e,
  );
  expect(error.message).toMatch(/refusing to start: PUBLIC_URL \(http:\/\/localhost:\d+\) is not https/);
});
