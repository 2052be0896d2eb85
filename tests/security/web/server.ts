import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";

import Database from "better-sqlite3";

import { registerSqliteSearch } from "@api/lib/search";

import { validApplicant } from "../../fixtures/registration";

// The production build through remix-serve, on its own port and data folder, for the web-tier
// attacks (tests/security). The server is the node process itself, so its pid is the one to
// measure (RSS) or kill -9.

export const BASE_PORT = Number(process.env.SECURITY_PORT ?? process.env.E2E_PORT ?? 4040) + 2;
const root = path.resolve(__dirname, "../../..");

export type Server = {
  url: string;
  port: number;
  proc: ChildProcess;
  dataDir: string;
  stop: () => Promise<void>;
  exited: Promise<number | null>;
  /** Everything it printed. */ output: () => string;
};

/** A fresh data folder with the database ready (migrations; no demo content: not DEMO=1). */
export function freshDataDir(name: string) {
  const dir = path.join(root, ".cache/security", name);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const setup = spawnSync(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), "scripts/setup.ts"], {
    cwd: root,
    env: { ...cleanEnv(), DATA_DIR: dir, NODE_ENV: "test" },
    encoding: "utf8",
  });
  if (setup.status !== 0) throw new Error(`setup failed: ${setup.stderr}`);
  return dir;
}

/**
 * A staff account in that data folder, made the production way (`npm run staff -- add`): since
 * demo mode is explicit (DEMO=1), a production database has no demo login to use.
 */
export function addStaff(dataDir: string, email: string) {
  const run = spawnSync(
    process.execPath,
    [path.join(root, "node_modules/tsx/dist/cli.mjs"), "scripts/staff.ts", "add", email],
    {
      cwd: root,
      env: { ...cleanEnv(), DATA_DIR: dataDir, NODE_ENV: "test" },
      encoding: "utf8",
    },
  );
  if (run.status !== 0) throw new Error(`staff add failed: ${run.stderr}`);
  const password = /Password \(shown once[^)]*\): (\S+)/.exec(run.stdout)?.[1];
  if (!password) throw new Error(`staff add printed no password: ${run.stdout}`);
  return password;
}

function cleanEnv() {
  const env = { ...process.env };
  for (const k of [
    "DATABASE_URL",
    "SMTP_URL",
    "CLOUDINARY_URL",
    "UPSTREAM_API_URL",
    "HONEYPOT_SECRET",
    "VITEST",
    "VITEST_POOL_ID",
    "VITEST_WORKER_ID",
    "TEST",
  ])
    delete env[k];
  return env;
}

const FETCH_BAD_PORTS = new Set([
  1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110,
  111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532,
  540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061,
  6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);

/** Starts remix-serve; resolves once it answers. */
export async function startServer(opts: {
  port: number;
  dataDir: string;
  env?: Record<string, string | undefined>;
}): Promise<Server> {
  if (!fs.existsSync(path.join(root, "build/index.js"))) throw new Error("No build: run `npx remix build` first.");
  // fetch refuses the Fetch standard's "bad ports" outright, so a server there would never be seen
  // to start: say so rather than wait 30 s for it (4045 is BASE_PORT + 3 by default).
  if (FETCH_BAD_PORTS.has(opts.port)) throw new Error(`port ${opts.port} is one fetch refuses to call: pick another`);
  const env: NodeJS.ProcessEnv = {
    ...cleanEnv(),
    NODE_ENV: "production",
    HONEYPOT_SECRET: "security-test-honeypot-secret",
    DATA_DIR: opts.dataDir,
    PUBLIC_URL: `http://localhost:${opts.port}`,
    // A production build tried on this machine: mail to files, http and .local mail addresses, said knowingly (docs/deploy.md).
    MAIL_TO_FILES: "1",
    ALLOW_HTTP_PUBLIC_URL: "1",
    ALLOW_LOCAL_MAIL_ADDRESSES: "1",
    PORT: String(opts.port),
    ...opts.env,
  };
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete env[k];
  const proc = spawn(
    process.execPath,
    [path.join(root, "node_modules/@remix-run/serve/dist/cli.js"), "build/index.js"],
    {
      cwd: root,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let stderr = "";
  let stdout = "";
  proc.stderr?.on("data", (d) => (stderr += String(d)));
  proc.stdout?.on("data", (d) => (stdout += String(d)));
  const exited = new Promise<number | null>((resolve) => proc.on("exit", (code) => resolve(code)));
  const url = `http://localhost:${opts.port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited ${proc.exitCode}: ${stderr}`);
    try {
      const res = await fetch(`${url}/robots.txt`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      // Never leave it behind: a late start would hold the port for the next file or run.
      proc.kill("SIGKILL");
      throw new Error(`server did not start: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    url,
    port: opts.port,
    proc,
    dataDir: opts.dataDir,
    exited,
    output: () => stdout + stderr,
    stop: async () => {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill("SIGTERM");
      await exited;
    },
  };
}

/** Resident memory of a process, in MB (Linux). */
export function rssMb(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

/**
 * Streams up to `totalBytes` of `chunk`-sized writes as a chunked POST (no Content-Length),
 * stopping as soon as the server answers. Resolves with the status and how long it took.
 */
export function streamPost(
  url: string,
  opts: { totalBytes: number; contentType: string; headers?: Record<string, string> },
) {
  return new Promise<{ status: number; ms: number; sent: number; body: string }>((resolve, reject) => {
    const started = Date.now();
    let sent = 0;
    let answered = false;
    const req = http.request(url, {
      method: "POST",
      headers: { "content-type": opts.contentType, "transfer-encoding": "chunked", ...opts.headers },
    });
    const chunk = Buffer.alloc(1024 * 1024, "a");
    req.on("response", (res) => {
      answered = true;
      let body = "";
      const ms = Date.now() - started;
      const done = () => {
        resolve({ status: res.statusCode ?? 0, ms, sent, body });
        req.destroy(); // stop sending: the server has answered
      };
      res.on("data", (d) => (body += String(d)));
      res.on("end", done);
      res.on("error", done);
    });
    req.on("error", (error) => {
      if (!answered) reject(new Error(`no answer after ${sent} bytes: ${error.message}`));
    });
    const pump = () => {
      while (!answered && sent < opts.totalBytes) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      if (!answered) req.end();
    };
    if (opts.contentType.startsWith("application/x-www-form-urlencoded")) req.write("fullname=");
    pump();
  });
}

/** The anti-spam token a page's form carries. */
export function honeypotToken(html: string) {
  const token =
    /name="from__confirm"[^>]*value="([^"]*)"/.exec(html)?.[1] ??
    /value="([^"]*)"[^>]*name="from__confirm"/.exec(html)?.[1];
  if (!token) throw new Error("no honeypot token in the page");
  return token
    .replace(/&#x2F;/g, "/")
    .replace(/&amp;/g, "&")
    .replace(/&#x3D;/g, "=")
    .replace(/&#x2B;/g, "+");
}

/** The upload token the registration page's form carries (api/upload-token.ts). */
export function uploadToken(html: string) {
  const token =
    /name="uploadToken"[^>]*value="([^"]*)"/.exec(html)?.[1] ??
    /value="([^"]*)"[^>]*name="uploadToken"/.exec(html)?.[1];
  if (!token) throw new Error("no upload token in the page");
  return token;
}

export const validContact = (tag: string) => ({
  fullname: `Visitor ${tag}`,
  email: `v-${tag}@example.com`,
  phone: "+2348031234567",
  issue: "1",
  message: `Message ${tag}`,
});

/**
 * A published course in that data folder (SQLite), for registrations that must go through: the
 * API takes only a published course (docs/product.md §7). Answers its id.
 */
export function addCourse(dataDir: string, title: string) {
  const id = crypto.randomBytes(12).toString("hex");
  const now = new Date().toISOString();
  const db = new Database(path.join(dataDir, "academy.db"));
  // The search index's triggers call the site's own functions (api/lib/search.ts).
  registerSqliteSearch(db);
  try {
    db.prepare(
      "insert into courses (id, title, slug, tutors, featured_img, tag, tip_color, content, asset_folder, created_at, updated_at) values (?, ?, ?, 'Staff', '', '', '', '', '', ?, ?)",
    ).run(id, title, `${title.toLowerCase().replace(/\W+/g, "-")}-${id}`, now, now);
  } finally {
    db.close();
  }
  return id;
}

/** A complete registration; `courseId` names no course unless the test made one (addCourse). */
/** A phone number of the applicant's own (seven digits from the tag): registrations are limited per phone too. */
const phoneFor = (tag: string) => {
  let n = 0;
  for (const ch of tag) n = (n * 31 + ch.charCodeAt(0)) % 10_000_000;
  return `+234803${String(n).padStart(7, "0")}`;
};

export const validRegistration = (tag: string, courseId = "0123456789abcdef01234567"): Record<string, string> => ({
  ...validApplicant,
  lastname: `Okafor-${tag}`,
  email: `a-${tag}@example.com`,
  phone: phoneFor(tag),
  courseId,
});

/** A real (tiny) PNG's first bytes, padded: the API sniffs content, not names. */
export function pngBytes(size: number) {
  const bytes = Buffer.alloc(size);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes);
  return bytes;
}
