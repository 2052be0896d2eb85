import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

import pg from "pg";

// Two production instances of the built site and nginx with deploy/nginx.conf, on the
// PostgreSQL database in TEST_DATABASE_URL (emptied first). Ports: SCALEOUT_PORT (A), +1 (B), +2 (nginx).
const base = Number(process.env.SCALEOUT_PORT ?? 4140);
export const PORTS = { a: base, b: base + 1, proxy: base + 2 };
export const URLS = {
  a: `http://localhost:${PORTS.a}`,
  b: `http://localhost:${PORTS.b}`,
  proxy: `http://localhost:${PORTS.proxy}`,
};
const dir = path.resolve(".cache/scaleout");
const databaseUrl = process.env.TEST_DATABASE_URL!;

export async function emptyDatabase() {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query("drop schema public cascade; create schema public");
  await client.end();
}

/**
 * Turns two-factor sign-in on for a staff account with a secret the test knows: an Admin's
 * session opens applicants only with it (docs/decisions/032-two-factor-sign-in.md).
 */
export async function enableTwoFactor(email: string, secret: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("update users set totp_secret = $1, totp_enabled_at = $2 where email = $3", [
      secret,
      new Date().toISOString(),
      email,
    ]);
  } finally {
    await client.end();
  }
}

/** The e-mails among `emails` that have an applicant stored, each once, sorted as JavaScript sorts. */
export async function storedApplicants(emails: string[]) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query("select distinct email from applicants where email = any($1)", [emails]);
    return rows.map((r: { email: string }) => r.email).sort();
  } finally {
    await client.end();
  }
}

/** Today's counted visits with this utm_source, over every instance's flushes (0 when none). */
export async function visitCount(utmSource: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      "select coalesce(sum(count), 0) as n from insight_counts where dimension = 'utm_source' and value = $1",
      [utmSource],
    );
    return Number((rows[0] as { n: string }).n);
  } finally {
    await client.end();
  }
}

const instances: Partial<Record<"a" | "b", ChildProcess>> = {};

export async function startInstance(name: "a" | "b") {
  fs.mkdirSync(path.join(dir, name), { recursive: true });
  const child = spawn(process.execPath, ["node_modules/@remix-run/serve/dist/cli.js", "./build/index.js"], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      PORT: String(PORTS[name]),
      DATA_DIR: path.join(dir, name),
      DATABASE_URL: databaseUrl,
      PUBLIC_URL: URLS.proxy,
      // Tried on this machine: mail to files, http and .local mail addresses, said knowingly (docs/deploy.md).
      MAIL_TO_FILES: "1",
      ALLOW_HTTP_PUBLIC_URL: "1",
      ALLOW_LOCAL_MAIL_ADDRESSES: "1",
      HONEYPOT_SECRET: "scaleout-test-honeypot-secret",
      TRUSTED_PROXIES: "127.0.0.1",
      PROXY_PAGE_CACHE: "1",
      // Visit counts wait in memory until a stop writes them (the counting test proves the SIGTERM flush).
      VISIT_FLUSH_SECONDS: "300",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  instances[name] = child;
  await waitFor(`${URLS[name]}/about`);
  return child;
}

export function instance(name: "a" | "b") {
  return instances[name]!;
}

export async function waitFor(url: string, ms = 20_000) {
  const until = Date.now() + ms;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`${url} did not answer within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

let nginx: ChildProcess | undefined;
export async function startProxy() {
  const n = path.join(dir, "nginx");
  fs.rmSync(n, { recursive: true, force: true });
  fs.mkdirSync(path.join(n, "cache"), { recursive: true });
  const site = fs
    .readFileSync("deploy/nginx.conf", "utf8")
    .replaceAll("__PORT_A__", String(PORTS.a))
    .replaceAll("__PORT_B__", String(PORTS.b))
    .replaceAll("__LISTEN__", `127.0.0.1:${PORTS.proxy}`)
    .replaceAll("__CACHE_DIR__", path.join(n, "cache"));
  fs.writeFileSync(path.join(n, "site.conf"), site);
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((t) => `${t}_temp_path ${n}/${t};`).join(" ");
  fs.writeFileSync(
    path.join(n, "nginx.conf"),
    `pid ${n}/nginx.pid; error_log ${n}/error.log; worker_processes 1; events { worker_connections 1024; }\nhttp { access_log off; ${temp} include ${n}/site.conf; }\n`,
  );
  nginx = spawn("/usr/sbin/nginx", ["-p", n, "-c", path.join(n, "nginx.conf"), "-g", "daemon off;"], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  await waitFor(`${URLS.proxy}/about`);
}

export async function stopAll() {
  nginx?.kill("SIGTERM");
  for (const child of Object.values(instances)) if (child && child.exitCode === null) child.kill("SIGTERM");
  await Promise.all(
    Object.values(instances).map((c) => c && c.exitCode === null && new Promise((r) => c.once("exit", r))),
  );
}

/** Resolves when the process has exited, with the ms it took. */
export function exited(child: ChildProcess) {
  const start = Date.now();
  return new Promise<number>((resolve) =>
    child.exitCode !== null ? resolve(0) : child.once("exit", () => resolve(Date.now() - start)),
  );
}
