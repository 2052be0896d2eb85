import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";

import { serve, type ServerType } from "@hono/node-server";
import { type Insertable, sql } from "kysely";

import type { ApplicantsTable } from "../../api/db/schema";
import { intakeJson } from "../fixtures/intake";

// Each test file runs the real API over real HTTP, against a fresh database: a new SQLite
// file by default, or the PostgreSQL database in TEST_DATABASE_URL, emptied first.
export type Api = Awaited<ReturnType<typeof startApi>>;

export async function startApi(
  options: {
    nodeEnv?: "test" | "production";
    rateLimitFactor?: number;
    demo?: boolean;
    /** Further settings, applied last (a file's own SMTP server, the mail queue's timings). */
    env?: Record<string, string>;
  } = {},
) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "academy-api-"));
  process.env.DATA_DIR = dataDir;
  // The API reads its configuration once per process; each test file runs in its own fork,
  // so a file that needs production behaviour asks for it here, before the API is imported.
  process.env.NODE_ENV = options.nodeEnv ?? "test";
  process.env.DEMO = options.demo ? "1" : "0";
  process.env.PUBLIC_URL = "http://localhost:3000";
  // One test machine plays every visitor of a contract suite; the security suite asks for the
  // real numbers (factor 1) and attacks them.
  process.env.RATE_LIMIT_FACTOR = String(options.rateLimitFactor ?? 100);
  delete process.env.SMTP_URL;
  delete process.env.CLOUDINARY_URL;
  if (process.env.TEST_DATABASE_URL) process.env.DATABASE_URL = process.env.TEST_DATABASE_URL;
  else delete process.env.DATABASE_URL;
  // The web tier (tests/api/upstream.test.ts) requires it with DATABASE_URL (docs/deploy.md).
  process.env.HONEYPOT_SECRET ??= "api-suite-honeypot-secret-not-for-production";
  // The request log (one line per call) is checked by its own tests; the others keep their output short.
  process.env.LOG_LEVEL ??= "error";
  // The operator's inbox for staff notices, as a deployment sets it (docs/deploy.md); a file that
  // reads the fallback to the Settings e-mail empties it (an empty value is unset).
  process.env.ACADEMY_INBOX = "admissions@academy.local";
  Object.assign(process.env, options.env);

  const { getDb, closeDb } = await import("../../api/db/index");
  const { handleApiRequest } = await import("../../api/index");
  const db = await getDb();
  await emptyTables(db);
  // Rate-limit counters live in the database too; each file starts with none.
  await (await import("../../api/limits")).clearLimits();

  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: handleApiRequest, port: 0, hostname: "127.0.0.1" }, () => resolve(s));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    base,
    db,
    dataDir,
    url: (p: string) => `${base}${p}`,
    async close() {
      await new Promise((r) => server.close(r));
      await mailSettled(dataDir);
      // The queue's worker finishes the mails it holds before the database closes.
      await (await import("../../api/mail/queue")).stopMailWorker();
      await closeDb();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Mail is sent by the queue after the answer; let the last messages land before the folder is removed. */
async function mailSettled(dataDir: string) {
  const dir = path.join(dataDir, "outbox");
  let last = -1;
  for (let i = 0; i < 40; i++) {
    const names = fs.existsSync(dir) ? fs.readdirSync(dir) : [];
    if (names.length === last && !names.some((n) => n.endsWith(".tmp"))) return;
    last = names.length;
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function emptyTables(db: Awaited<ReturnType<typeof import("../../api/db/index").getDb>>) {
  // Children first, for the foreign keys.
  for (const table of [
    "security_log",
    // The academy's settings: each file starts from the defaults (docs/decisions/060).
    "settings_revisions",
    "site_settings",
    // The page content blocks, likewise from their seed (docs/decisions/070).
    "page_content_revisions",
    "page_content",
    "recovery_codes",
    "staff_invitations",
    "applicant_notes",
    "application_links",
    "saved_forms",
    "applicant_mails",
    "privacy_requests",
    "job_runs",
    "insight_counts",
    "payments",
    "revisions",
    "private_files",
    // Stored originals (PostgreSQL's file store): another file's uploads would count here.
    // The chunks before their files row (its foreign key).
    "file_chunks",
    "files",
    // Certificates (docs/decisions/058) and the files of queued mails.
    "certificates",
    "completions",
    "mail_attachments",
    "applicants",
    "contact_messages",
    // Mails another file queued are not this file's to send (PostgreSQL runs share the database).
    "mail_outbox",
    "drafts",
    "password_resets",
    "sessions",
    "posts",
    // A course's intakes (docs/decisions/068) before the course.
    "intakes",
    "courses",
    "users",
  ]) {
    await sql`delete from ${sql.table(table)}`.execute(db);
  }
}

// A real scrypt hash of each password, made once per file: hashing is slow on purpose, and
// the many staff users of a file may share a salt without weakening what is tested.
const hashes = new Map<string, Promise<string>>();
async function hashOnce(password: string) {
  const { hashPassword } = await import("../../api/auth/password");
  if (!hashes.has(password)) hashes.set(password, hashPassword(password));
  return hashes.get(password)!;
}

/**
 * A staff account. By default an Admin with two-factor sign-in on (the role requires it;
 * docs/decisions/032-two-factor-sign-in.md), its secret known to the tests (`codeFor`).
 */
export async function createStaff(
  api: Api,
  email = "staff@academy.test",
  password = "Staff#Pass2025",
  options: { role?: "admin" | "admissions" | "editor"; twoFactor?: boolean } = {},
) {
  const { newId } = await import("../../api/lib/ids");
  const { newTotpSecret } = await import("../../api/auth/two-factor");
  const id = newId();
  const twoFactor = options.twoFactor ?? true;
  const totpSecret = twoFactor ? newTotpSecret() : null;
  await api.db
    .insertInto("users")
    .values({
      id,
      email,
      name: "Test Staff",
      password_hash: await hashOnce(password),
      is_demo: 0,
      created_at: new Date().toISOString(),
      role: options.role ?? "admin",
      totp_secret: totpSecret,
      totp_enabled_at: twoFactor ? new Date().toISOString() : null,
    })
    .execute();
  return { id, email, password, totpSecret };
}

/** The authenticator app's current code for a secret (RFC 6238, as the API checks it). */
export async function codeFor(secret: string, at = Date.now()) {
  const OTPAuth = await import("otpauth");
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: at,
  });
}

/**
 * Gives the code a session waiting for it needs, and answers the full session's cookie. The
 * account's last accepted step is forgotten first, as if the next 30 seconds had passed: a test
 * signs the same account in many times a minute, which a person with an app cannot (the
 * replay refusal itself is proven in tests/api/two-factor.test.ts).
 */
export async function completeSignIn(api: Api, pendingCookie: string, email: string) {
  const user = await api.db
    .selectFrom("users")
    .select(["id", "totp_secret"])
    .where("email", "=", email.trim().toLowerCase())
    .executeTakeFirstOrThrow();
  await api.db.updateTable("users").set({ totp_last_step: null }).where("id", "=", user.id).execute();
  const res = await fetch(api.url("/api/auth/login/code"), {
    method: "POST",
    headers: { "content-type": "application/json", cookie: pendingCookie },
    body: JSON.stringify({ code: await codeFor(user.totp_secret!) }),
  });
  if (res.status !== 200) throw new Error(`code refused: ${res.status} ${await res.text()}`);
  return res.headers.get("set-cookie")!.split(";")[0];
}

/** Logs in over HTTP (with the two-factor code when the account has it) and answers the cookie to send back ("academy_session=…", "__Host-academy_session=…" in production). */
export async function loginCookie(api: Api, email: string, password: string) {
  const res = await fetch(api.url("/api/auth/login/password"), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: email, password, keepMeSignedIn: false }),
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.get("set-cookie")!.split(";")[0];
  const { codeNeeded } = (await res.json()) as { codeNeeded?: boolean };
  return codeNeeded ? completeSignIn(api, cookie, email) : cookie;
}

export type OutboxMail = {
  to: unknown;
  replyTo?: unknown;
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; content: string }[];
};

export function readOutbox(api: Api): OutboxMail[] {
  const dir = path.join(api.dataDir, "outbox");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")));
}

/**
 * Waits until the mail queue holds nothing still to send (docs/decisions/043-durable-mail-queue.md):
 * every mail queued so far has been written to the outbox folder (or given up).
 */
export async function mailQueueDrained(api: Api, timeoutMs = 10_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const row = await api.db
      .selectFrom("mail_outbox")
      .select((eb) => eb.fn.countAll<string | number>().as("n"))
      .where("status", "=", "queued")
      .executeTakeFirstOrThrow();
    if (Number(row.n) === 0) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error("the mail queue still holds mails to send");
}

/** How many mails are in the outbox once every mail queued so far has landed: a count to compare with later. */
export async function mailsSoFar(api: Api) {
  await mailQueueDrained(api);
  return readOutbox(api).length;
}

/** Waits for mail sent by the queue to land in the outbox. */
export async function waitForMail(api: Api, count: number, timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const mails = readOutbox(api);
    if (mails.length >= count) return mails;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`expected ${count} mail(s) in the outbox`);
}

/**
 * The mails sent so far to `to` (and with a subject matching `subject`, when given), as the transport
 * wrote them, oldest first; waits for the queue to drain first. A test reads what was sent, never the
 * queue's row: the worker clears a sent mail's body from its row (api/mail/queue.ts), and it may
 * already have done so when the test looks. Found by content, not by being the newest: two mails
 * queued in the same millisecond may come back in either order.
 */
export async function mailsSent(api: Api, where: MailWhere) {
  await mailQueueDrained(api);
  return readOutbox(api).filter(matching(where));
}

/** `to`: one of its recipients; `subject`: the whole subject, or a pattern it matches. */
type MailWhere = { to?: string; subject?: RegExp | string };
const matching = (where: MailWhere) => (m: OutboxMail) =>
  (!where.to || JSON.stringify(m.to).includes(JSON.stringify(where.to))) &&
  (where.subject === undefined ||
    (typeof where.subject === "string" ? m.subject === where.subject : where.subject.test(m.subject)));

/**
 * The one mail matching `where` among those in the outbox, once it is there: for a test that waits
 * for a particular mail (by recipient and subject) rather than for a count and then the newest.
 */
export async function mailArrived(api: Api, where: MailWhere, timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = readOutbox(api).filter(matching(where));
    if (found.length > 1) throw new Error(`${found.length} mails match ${String(where.subject)} to ${where.to}`);
    if (found.length === 1) return found[0]!;
    if (Date.now() > until) throw new Error(`no mail ${String(where.subject)} to ${where.to}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * The token of the newest password-reset link mailed to `to`, once more than `seen` such mails
 * have reached the outbox. Other mails (the "password changed" notice after a reset, sent after
 * the answer) may land in between, so the newest mail is not necessarily the link.
 */
export async function resetTokenMailed(api: Api, to: string, seen = 0, timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const links = readOutbox(api)
      .filter((m) => JSON.stringify(m.to).includes(to))
      .map((m) => m.text.match(/https?:\/\/\S+\/password-reset\?token=\S+/)?.[0])
      .filter((link): link is string => !!link);
    if (links.length > seen) return new URL(links.at(-1)!).searchParams.get("token")!;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`expected a reset link to ${to} in the outbox`);
}

/** How many password-reset links have been mailed to `to` so far. */
export function resetLinksMailed(api: Api, to: string) {
  return readOutbox(api).filter((m) => JSON.stringify(m.to).includes(to) && /\/password-reset\?token=/.test(m.text))
    .length;
}

/** A staff user and the cookie of a fresh session: one per test file (hashing is slow on purpose). */
export async function signedInStaff(
  api: Api,
  email = "staff@academy.test",
  options: Parameters<typeof createStaff>[3] = {},
) {
  const staff = await createStaff(api, email, undefined, options);
  return { ...staff, cookie: await loginCookie(api, staff.email, staff.password) };
}

export type Send = {
  cookie?: string;
  json?: unknown;
  form?: Record<string, string | string[]>;
  multipart?: FormData;
  /** A body sent as-is, with this content type (or none). */
  raw?: { body: string | Uint8Array; type?: string };
  headers?: Record<string, string>;
};

/** One HTTP call to the API, with the body encoded the way the caller says. */
export async function send(api: Api, method: string, pathAndQuery: string, options: Send = {}) {
  const headers = new Headers(options.headers);
  if (method === "POST" && /^\/api\/applicant(\/saved)?$/.test(pathAndQuery) && !headers.has("x-upload-token"))
    headers.set("x-upload-token", await pageUploadToken(api));
  if (options.cookie) headers.set("cookie", options.cookie);
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(options.json);
  } else if (options.form) {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(options.form)) for (const one of [v].flat()) params.append(k, one);
    body = params;
  } else if (options.multipart) {
    body = options.multipart;
  } else if (options.raw) {
    if (options.raw.type) headers.set("content-type", options.raw.type);
    body = options.raw.body as BodyInit;
  }
  return fetch(api.url(pathAndQuery), { method, headers, body });
}

/** An intake of the course made by the staff member signed in with `cookie` (tests/fixtures/intake.ts); answers its id. */
export async function makeIntake(api: Api, cookie: string, courseId: string, over: Record<string, unknown> = {}) {
  const res = await send(api, "POST", `/api/courses/${courseId}/intakes`, { cookie, json: intakeJson(over) });
  if (res.status !== 201) throw new Error(`intake refused: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { _id: string })._id;
}

/**
 * The header the registration page's upload call carries (api/upload-token.ts): a token the API
 * issued, as the page's loader asks for one.
 */
export async function uploadTokenHeader(api: Api) {
  return { "x-upload-token": await pageUploadToken(api) };
}

/**
 * The test client is one open registration page: one upload token for the file's uploads, and
 * its registrations and saved forms name it (`send` adds the header to `POST /api/applicant` and
 * `/api/applicant/saved`), as the form does:
 * the API lets a registration claim only files uploaded with its own token (docs/security.md).
 */
const pageTokens = new WeakMap<object, Promise<string>>();
function pageUploadToken(api: Api) {
  let token = pageTokens.get(api);
  if (!token) {
    token = send(api, "GET", "/api/applicant/upload-token").then(async (res) => {
      if (res.status !== 200) throw new Error(`upload token: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { token: string }).token;
    });
    pageTokens.set(api, token);
  }
  return token;
}

/** Answers status and text together, so a failing assertion shows the API's message. */
export async function statusAndText(res: Response) {
  return { status: res.status, text: await res.text() };
}

export async function rowCount(api: Api, table: string) {
  const row = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(api.db);
  return Number(row.rows[0].n);
}

/** Counts of every content table, to prove a refused request wrote nothing. */
export async function allRowCounts(api: Api) {
  const tables = [
    "users",
    "sessions",
    "password_resets",
    "courses",
    "posts",
    "drafts",
    "contact_messages",
    "applicants",
    "private_files",
    "revisions",
    "applicant_notes",
    "completions",
    "certificates",
    "site_settings",
    "settings_revisions",
    "page_content",
    "page_content_revisions",
    "intakes",
    // Payments (docs/decisions/081): a refused transfer must record none.
    "payments",
  ];
  return Object.fromEntries(await Promise.all(tables.map(async (t) => [t, await rowCount(api, t)] as const)));
}

/** An ISO time `minutesAgo` before now: rows inserted with it have a known order. */
export function minutesAgo(minutes: number) {
  return new Date(Date.now() - minutes * 60_000).toISOString();
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A real PNG of the given size (sharp is the API's own image library). */
export async function pngBytes(width = 8, height = 8) {
  const sharp = (await import("sharp")).default;
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 120 } } })
    .png()
    .toBuffer();
}

/** A PDF-looking file of exactly `size` bytes. */
export function pdfBytes(size = 1024) {
  const head = Buffer.from("%PDF-1.4\n% academy test file\n");
  const bytes = Buffer.alloc(size, 0x20);
  head.copy(bytes);
  return bytes;
}

export function fileOf(bytes: Uint8Array, name: string, type = "application/octet-stream") {
  return new File([new Uint8Array(bytes)], name, { type });
}

/**
 * Sends a body through node:http and answers as soon as the response arrives. A server may
 * answer 413 and close before a large body is fully sent; fetch reports that as a network
 * error, so oversized bodies are sent this way. Without Content-Length the body goes chunked.
 */
export function sendLarge(
  api: Api,
  method: string,
  pathAndQuery: string,
  options: { headers: Record<string, string>; chunks: Uint8Array[]; contentLength?: boolean },
) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const total = options.chunks.reduce((n, c) => n + c.length, 0);
    const headers = {
      ...options.headers,
      ...(options.contentLength === false ? {} : { "content-length": String(total) }),
    };
    let answered = false;
    // A connection of its own (agent: false): a half-sent body must not spoil a reused socket.
    const req = http.request(api.url(pathAndQuery), { method, headers, agent: false }, (res) => {
      answered = true;
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d) => (text += d));
      res.on("end", () => resolve({ status: res.statusCode!, text }));
    });
    req.on("error", (error) => {
      if (!answered) reject(error);
    });
    (async () => {
      for (const chunk of options.chunks) {
        if (req.destroyed || answered) break;
        if (!req.write(chunk)) await new Promise((r) => req.once("drain", r).once("close", r));
      }
      req.end();
    })().catch(() => {});
  });
}

/** Splits bytes into 64 KiB chunks for sendLarge. */
export function chunksOf(bytes: Uint8Array, size = 64 * 1024) {
  const out: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += size) out.push(bytes.subarray(i, i + size));
  return out;
}

/** A published course (or, with `trashed_at` or a future `publish_at`, one not open), written straight to the database. */
export async function insertCourse(api: Api, title: string, extra: { trashed_at?: string; publish_at?: string } = {}) {
  const { newId, nowIso } = await import("../../api/lib/ids");
  const id = newId();
  await api.db
    .insertInto("courses")
    .values({
      id,
      title,
      slug: `${title.toLowerCase().replace(/\W+/g, "-")}-${id}`,
      tutors: "Staff",
      featured_img: "",
      tag: "",
      tip_color: "",
      content: "",
      asset_folder: "",
      created_at: nowIso(),
      updated_at: nowIso(),
      ...extra,
    })
    .execute();
  return { id, title };
}

/** The text of a PDF as poppler's pdftotext reads it (the layout kept): what a person would read. */
export function pdfText(api: Api, pdf: Buffer | string) {
  const bytes = typeof pdf === "string" ? Buffer.from(pdf, "base64") : pdf;
  if (bytes.subarray(0, 5).toString() !== "%PDF-") throw new Error("not a PDF");
  const file = path.join(api.dataDir, `read-${crypto.randomUUID()}.pdf`);
  fs.writeFileSync(file, bytes);
  try {
    return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
  } finally {
    fs.rmSync(file, { force: true });
  }
}

/**
 * An applicant's row with every column a registration fills, for tests that write applicants
 * straight to the table (fifty at once, or in a state no call makes); `over` sets the rest.
 */
export function applicantRow<T extends { id: string }>(over: T) {
  return {
    firstname: "Ada",
    lastname: "Obi",
    gender: "Female",
    dob: "2001-04-12",
    email: `${over.id}@example.com`,
    phone: "+2348031234567",
    street: "12 Admiralty Way",
    city: "Lekki",
    state: "lagos",
    postal_code: "",
    course_title: "Professional Hairdressing",
    course_type: "Full Course",
    id_cards: '["NIN"]',
    parent_consent: "Yes",
    school_name: "",
    graduation_year: 0,
    highest_education: "none",
    emergency_fullname: "Chika Eze",
    emergency_relationship: "Mother",
    emergency_phone: "+2348021234567",
    reg_terms: 1,
    reg_privacy: 1,
    created_at: new Date().toISOString(),
    ...over,
  };
}

/**
 * An application written straight to the table (applicantRow's fields, then `over`) with a status
 * link, for a test about what happens to it next: its id, the link's token and its e-mail address.
 */
export async function insertApplicantWithLink(
  api: Api,
  over: Partial<Insertable<ApplicantsTable>> & { email?: string } = {},
) {
  const { newId, newSecret, hashSecret } = await import("../../api/lib/ids");
  const id = newId();
  const now = new Date().toISOString();
  const row = applicantRow({ id, created_at: now, updated_at: now, ...over });
  await api.db.insertInto("applicants").values(row).execute();
  const token = newSecret();
  await api.db
    .insertInto("application_links")
    .values({ token_hash: hashSecret(token), applicant_id: id, created_at: now })
    .execute();
  return { id, token, email: row.email };
}
