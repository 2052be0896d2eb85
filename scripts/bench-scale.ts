// `npm run bench -- --scale`: the figures of a decade of content (docs/decisions/027-keyset-paging-search-sitemap.md)
// for a small and the full size side by side, on SQLite and (with BENCH_DATABASE_URL or
// TEST_DATABASE_URL) PostgreSQL, each against the production build served by remix-serve.
// Sizes: --small 5000 --large 50000 (posts; applicants and messages are twice that, courses 4 %);
// --engine sqlite|postgres measures one engine only.
// The event-loop delay is what a tiny request (robots.txt, no database) waits beyond its idle
// time while a mixed load runs: anything holding the loop delays it by as much.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import Database from "better-sqlite3";
import * as OTPAuth from "otpauth";
import pg from "pg";

const root = path.resolve(import.meta.dirname, "..");
const PORT = Number(process.env.BENCH_PORT ?? 3200) + 5;
const BASE = `http://localhost:${PORT}`;
const tsx = path.join(root, "node_modules/tsx/dist/cli.mjs");

type Figures = Record<string, string>;
const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};

function sizesFor(posts: number) {
  return { posts, courses: Math.max(Math.round(posts * 0.04), 50), applicants: posts * 2, messages: posts * 2 };
}

function cleanEnv(extra: Record<string, string>) {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  for (const k of ["SMTP_URL", "CLOUDINARY_URL", "UPSTREAM_API_URL", "VITEST"]) delete env[k];
  if (!extra.DATABASE_URL) delete env.DATABASE_URL;
  return env;
}

function run(script: string, args: string[], env: NodeJS.ProcessEnv) {
  const r = spawnSync(process.execPath, [tsx, script, ...args], { cwd: root, env, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`${script} failed: ${r.stderr}`);
  return r.stdout;
}

/** Empties the PostgreSQL database (every table of this app) so a size starts from nothing. */
async function resetPostgres(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query("drop schema public cascade; create schema public");
  await client.end();
}

async function prepare(engine: "sqlite" | "postgres", posts: number, url?: string) {
  const dataDir = path.join(root, ".cache/bench-scale", `${engine}-${posts}`);
  const env = cleanEnv({ DATA_DIR: dataDir, NODE_ENV: "test", ...(url ? { DATABASE_URL: url } : {}) });
  const marker = path.join(dataDir, "seeded");
  if (engine === "postgres" || !fs.existsSync(marker)) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.mkdirSync(dataDir, { recursive: true });
    if (url) await resetPostgres(url);
    const s = sizesFor(posts);
    const started = performance.now();
    run(
      "scripts/seed-scale.ts",
      [
        "--posts",
        `${s.posts}`,
        "--courses",
        `${s.courses}`,
        "--applicants",
        `${s.applicants}`,
        "--messages",
        `${s.messages}`,
      ],
      env,
    );
    console.log(`  seeded ${engine} at ${posts} posts in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    fs.writeFileSync(marker, "");
  }
  const email = `bench${Date.now()}@academy.test`;
  const password = /Password \(shown once[^)]*\): (\S+)/.exec(run("scripts/staff.ts", ["add", email], env))?.[1];
  if (!password) throw new Error("staff add printed no password");
  // An Admin opens the exports only with two-factor sign-in (docs/decisions/032-two-factor-sign-in.md):
  // the bench account gets a secret it knows, as the tests' accounts do.
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  const enable = [
    "update users set totp_secret = $1, totp_enabled_at = $2 where email = $3",
    secret,
    new Date().toISOString(),
    email,
  ] as const;
  if (url) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(enable[0], enable.slice(1));
    await client.end();
  } else {
    const db = new Database(path.join(dataDir, "academy.db"));
    db.prepare(enable[0].replace(/\$\d/g, "?")).run(...enable.slice(1));
    db.close();
  }
  return { env, email, password, secret };
}

async function startServer(env: NodeJS.ProcessEnv) {
  const proc = spawn(
    process.execPath,
    [path.join(root, "node_modules/@remix-run/serve/dist/cli.js"), "build/index.js"],
    {
      cwd: root,
      env: {
        ...env,
        NODE_ENV: "production",
        PORT: String(PORT),
        PUBLIC_URL: BASE,
        // Measured on this machine: mail to files, http and .local mail addresses, said knowingly (docs/deploy.md).
        MAIL_TO_FILES: "1",
        ALLOW_HTTP_PUBLIC_URL: "1",
        ALLOW_LOCAL_MAIL_ADDRESSES: "1",
        HONEYPOT_SECRET: "bench-honeypot-not-for-production",
        RATE_LIMIT_FACTOR: "1000",
      },
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${BASE}/robots.txt`)).ok) return proc;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  proc.kill();
  throw new Error("server did not start");
}

async function timed(pathname: string, cookie = ""): Promise<{ ms: number; status: number; body: string }> {
  const started = performance.now();
  let res: Response;
  try {
    res = await fetch(BASE + pathname, { headers: { cookie } });
  } catch {
    // A kept-alive connection the server closed while we waited: once more on a new one.
    res = await fetch(BASE + pathname, { headers: { cookie } });
  }
  const body = await res.text();
  return { ms: performance.now() - started, status: res.status, body };
}

/** Signs in with the password, then the authenticator's code: the session cookie the pages take too. */
async function login(email: string, password: string, secret: string) {
  const post = (step: string, body: object, cookie = "") =>
    fetch(`${BASE}/api/auth/login/${step}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: BASE, cookie },
      body: JSON.stringify(body),
    });
  const cookieOf = (res: Response) => (res.headers.getSetCookie?.() ?? []).map((c) => c.split(";")[0]).join("; ");
  const first = await post("password", { username: email, password });
  if (first.status !== 200) throw new Error(`login failed: ${first.status}`);
  const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate();
  const second = await post("code", { code }, cookieOf(first));
  const cookie = cookieOf(second);
  if (second.status !== 200 || !cookie) throw new Error(`two-factor step failed: ${second.status}`);
  return cookie;
}

/** Every <loc> of the sitemap, following an index to its files; and how long it all took, cold. */
async function sitemapUrls() {
  const started = performance.now();
  const first = await timed("/sitemap.xml");
  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  if (!first.body.includes("<sitemapindex")) return { ms: first.ms, urls: locs(first.body) };
  const urls: string[] = [];
  for (const file of locs(first.body)) urls.push(...locs((await timed(new URL(file).pathname)).body));
  return { ms: performance.now() - started, urls };
}

const p99 = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * 0.99))];
const ms = (n: number) => `${n < 10 ? n.toFixed(1) : Math.round(n)} ms`;

async function figures(engine: "sqlite" | "postgres", posts: number, url?: string): Promise<Figures> {
  const { env, email, password, secret } = await prepare(engine, posts, url);
  const server = await startServer(env);
  try {
    const cookie = await login(email, password, secret);
    const out: Figures = {};
    // Cold sitemap, with a tiny request sent meanwhile.
    const sitemap = sitemapUrls();
    await new Promise((r) => setTimeout(r, 5));
    const about = await timed("/about");
    const map = await sitemap;
    out["/sitemap.xml and its files, cold"] = `${ms(map.ms)}; /about meanwhile ${ms(about.ms)}`;
    const s = sizesFor(posts);
    out["sitemap URLs (items)"] = `${map.urls.length - 8} of ${s.posts + s.courses}`;
    // Each request's median of five, after one that warms the caches (the machine is shared: one
    // run says little); courses as posts, searches of a common and a rare word, staff searches by
    // name, reference and phone (docs/decisions/073-flat-on-postgresql-too.md).
    const median = async (pathname: string, withCookie = false) => {
      await timed(pathname, withCookie ? cookie : "");
      const runs: number[] = [];
      let status = 200;
      for (let i = 0; i < 5; i++) {
        const r = await timed(pathname, withCookie ? cookie : "");
        runs.push(r.ms);
        if (r.status !== 200) status = r.status;
      }
      return status === 200 ? ms(runs.sort((a, b) => a - b)[2]) : `status ${status}`;
    };
    for (const [list, count] of [
      ["post", s.posts],
      ["courses", s.courses],
    ] as const) {
      const deepSkip = Math.floor(count * 0.8);
      const deep = await timed(`/api/${list}?limit=12&skip=${deepSkip}`);
      out[`/api/${list} first page`] = await median(`/api/${list}?limit=12`);
      out[`/api/${list}?limit=12&skip=${deepSkip}`] = await median(`/api/${list}?limit=12&skip=${deepSkip}`);
      const lastOfDeep = (JSON.parse(deep.body) as { _id: string; createdAt: string }[]).at(-1);
      if (lastOfDeep)
        out[`/api/${list}?after=<deep key>`] = await median(
          `/api/${list}?limit=12&after=${encodeURIComponent(`${lastOfDeep.createdAt}_${lastOfDeep._id}`)}`,
        );
    }
    // Common words ("pricing" is in one post in three, "makeup" in one in seventeen, "bridal" in one in thirty) and rare ones ("1234": a title's number).
    for (const search of ["pricing", "makeup", "bridal", "1234"])
      out[`/api/post?search=${search}`] = await median(`/api/post?search=${search}`);
    for (const search of ["makeup", "1234"])
      out[`/api/courses?search=${search}`] = await median(`/api/courses?search=${search}`);
    const [someone] = JSON.parse(
      (await timed(`/api/applicants?limit=1&skip=${Math.floor(s.applicants / 2)}`, cookie)).body,
    ) as { reference: string; phone: string }[];
    for (const q of ["Okafor9999", "Okafor", someone.reference, someone.phone])
      out[`/admin/applicants?q=${/^\+/.test(q) ? "<phone>" : q.includes("-") ? "<reference>" : q}`] = await median(
        `/admin/applicants?q=${encodeURIComponent(q)}`,
        true,
      );
    for (const [name, file] of [
      ["applicants", "/admin/applicants.csv"],
      ["messages", "/admin/messages.csv"],
    ] as const) {
      const csv = await timed(file, cookie);
      const rows = csv.body.split("\r\n").filter(Boolean).length - 1;
      out[file] = `${ms(csv.ms)}, ${rows} of ${name === "applicants" ? s.applicants : s.messages} rows`;
    }
    const deepSkip = Math.floor(posts * 0.8);
    // Mixed load for ~4 s: pages, searches, deep pages, the sitemap, an export; a tiny request every 10 ms.
    const idle: number[] = [];
    for (let i = 0; i < 20; i++) idle.push((await timed("/robots.txt")).ms);
    const stopAt = Date.now() + 4000;
    const load = async (paths: string[], withCookie = false) => {
      for (let i = 0; Date.now() < stopAt; i++) await timed(paths[i % paths.length], withCookie ? cookie : "");
    };
    const probes: number[] = [];
    const probe = async () => {
      while (Date.now() < stopAt) {
        probes.push((await timed("/robots.txt")).ms);
        await new Promise((r) => setTimeout(r, 10));
      }
    };
    await Promise.all([
      load(["/", "/blog", "/courses", "/blog?search=braids", "/courses?search=wig"]),
      load([`/api/post?limit=12&skip=${deepSkip}`, "/api/post?search=makeup", "/api/courses?search=photography"]),
      load(["/sitemap.xml", "/admin/applicants?q=Okafor", "/admin/messages.csv"], true),
      probe(),
    ]);
    out["event-loop delay p99 (mixed load)"] =
      `${ms(Math.max(p99(probes) - p99(idle), 0))} (probe p99 ${ms(p99(probes))}, idle ${ms(p99(idle))}, ${probes.length} probes)`;
    return out;
  } finally {
    server.kill();
    await new Promise((r) => server.once("exit", r));
  }
}

/** The machine's load average over 1, 5 and 15 minutes, as `uptime` prints it, and the time. */
const machineLoad = () =>
  `${new Date().toISOString().slice(11, 19)} UTC, load average: ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(", ")}`;

export async function runScaleBench() {
  if (!fs.existsSync(path.join(root, "build/index.js"))) throw new Error("No build: run `npx remix build` first.");
  const small = arg("small", 5_000);
  const large = arg("large", 50_000);
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  // `--engine sqlite` or `--engine postgres` measures one engine only.
  const only = process.argv[process.argv.indexOf("--engine") + 1];
  const engines = (url ? ["sqlite", "postgres"] : ["sqlite"]).filter(
    (e) => !process.argv.includes("--engine") || e === only,
  ) as ("sqlite" | "postgres")[];
  for (const engine of engines) {
    console.log(`\n${engine}: ${small} and ${large} posts`);
    // The machine is shared: its load beside each run says what the figures are worth.
    console.log(`  ${engine} ${small}: before ${machineLoad()}`);
    const a = await figures(engine, small, engine === "postgres" ? url : undefined);
    console.log(`  ${engine} ${small}: after ${machineLoad()}`);
    const b = await figures(engine, large, engine === "postgres" ? url : undefined);
    console.log(`  ${engine} ${large}: after ${machineLoad()}`);
    const width = Math.max(...Object.keys(b).map((k) => k.length));
    console.log(`| ${"request".padEnd(width)} | at ${small} posts | at ${large} posts |`);
    for (const key of Object.keys(b)) {
      // The same request, or the one whose sizes differ (skip=4000 beside skip=40000).
      const smallKey =
        key in a ? key : (Object.keys(a).find((k) => k.replace(/\d+/g, "") === key.replace(/\d+/g, "")) ?? key);
      console.log(`| ${key.padEnd(width)} | ${a[smallKey] ?? "—"} | ${b[key]} |`);
    }
  }
  return 0;
}
