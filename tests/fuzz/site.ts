import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { sql } from "kysely";

import type { Api } from "../api/harness";

// The whole site in this process: the production server build (`npx remix build` first) behind
// Remix's request handler, on a data folder of its own and a fresh database (SQLite, or the
// PostgreSQL database in TEST_DATABASE_URL, emptied first). Requests go straight to the handler,
// so hundreds of generated submissions run in seconds; the globals are the ones remix-serve
// installs, so multipart bodies meet the same parser as in production.
export type Site = Awaited<ReturnType<typeof startSite>>;
export const ORIGIN = "http://localhost:4060";

export async function startSite({ production = false } = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "academy-fuzz-"));
  process.env.DATA_DIR = dataDir;
  // Production: React's production build and the render cache, for timing (tests/scale).
  process.env.NODE_ENV = production ? "production" : "test";
  process.env.PUBLIC_URL = ORIGIN;
  for (const name of ["SMTP_URL", "CLOUDINARY_URL", "UPSTREAM_API_URL"]) delete process.env[name];
  if (process.env.TEST_DATABASE_URL) process.env.DATABASE_URL = process.env.TEST_DATABASE_URL;
  else delete process.env.DATABASE_URL;
  // Required with DATABASE_URL (app/env.server.ts: instances must share it).
  process.env.HONEYPOT_SECRET ??= "fuzz-honeypot-secret-not-for-production";

  const buildPath = path.resolve("build/index.js");
  if (!fs.existsSync(buildPath)) throw new Error("tests/fuzz needs the server build: run `npx remix build` first");
  const { createRequestHandler, installGlobals } = await import("@remix-run/node");
  const build = await import(/* @vite-ignore */ buildPath);
  installGlobals({ nativeFetch: Boolean(build.future?.v3_singleFetch) });
  const handle = createRequestHandler(build, "production");

  const { getDb, closeDb } = await import("../../api/db/index");
  const db = await getDb();
  for (const table of [
    "applicant_notes",
    "revisions",
    "private_files",
    "certificates",
    "completions",
    "applicants",
    "contact_messages",
    "drafts",
    "password_resets",
    "sessions",
    "posts",
    "courses",
    "users",
  ]) {
    await sql`delete from ${sql.table(table)}`.execute(db);
  }

  /** One request to the site, the way a browser without JavaScript sends it (same-origin). */
  async function request(pathAndQuery: string, init: RequestInit & { cookie?: string } = {}) {
    const headers = new Headers(init.headers);
    if (init.cookie) headers.set("cookie", init.cookie);
    headers.set("host", new URL(ORIGIN).host);
    if (init.method && init.method !== "GET" && !headers.has("origin")) headers.set("origin", ORIGIN);
    return handle(new Request(ORIGIN + pathAndQuery, { ...init, headers, redirect: "manual" }));
  }

  return {
    db,
    dataDir,
    api: { db, dataDir } as unknown as Api,
    request,
    async close() {
      await new Promise((r) => setTimeout(r, 200)); // mail is written after the answer
      await closeDb();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The honeypot's hidden fields of a page's form, fresh: every valid public submission needs them. */
export async function honeypotFields(site: Site, pagePath: string) {
  const html = await (await site.request(pagePath)).text();
  const fields: Record<string, string> = {};
  for (const name of ["name__confirm", "from__confirm"]) {
    const input = html.match(new RegExp(`<input[^>]*name="${name}"[^>]*>`))?.[0];
    if (!input) throw new Error(`${pagePath} has no ${name} field`);
    fields[name] = input.match(/value="([^"]*)"/)?.[1] ?? "";
  }
  // The registration page's upload token (api/upload-token.ts), sent back as the browser does.
  const upload = html.match(/<input[^>]*name="uploadToken"[^>]*>/)?.[0];
  if (upload) fields.uploadToken = upload.match(/value="([^"]*)"/)?.[1] ?? "";
  return fields;
}

/** A staff user signed in through the site's own /api mount; answers the cookie to send back. */
export async function signIn(site: Site, email = "fuzz.staff@academy.test") {
  const { createStaff } = await import("../api/harness");
  const staff = await createStaff(site.api, email);
  const res = await site.request("/api/auth/login/password", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: staff.email, password: staff.password }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const pending = res.headers.get("set-cookie")!.split(";")[0];
  // An Admin signs in with two factors (decision 032): the app's code, from the known secret.
  const { codeFor } = await import("../api/harness");
  const code = await site.request("/api/auth/login/code", {
    method: "POST",
    headers: { "content-type": "application/json" },
    cookie: pending,
    body: JSON.stringify({ code: await codeFor(staff.totpSecret!) }),
  });
  if (code.status !== 200) throw new Error(`code step failed: ${code.status} ${await code.text()}`);
  return { ...staff, cookie: code.headers.get("set-cookie")!.split(";")[0] };
}
