import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { sql } from "kysely";

// Each test file runs the real API over real HTTP, against a fresh database: a new SQLite
// file by default, or the PostgreSQL database in TEST_DATABASE_URL, emptied first.
export type Api = Awaited<ReturnType<typeof startApi>>;

export async function startApi() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "academy-api-"));
  process.env.DATA_DIR = dataDir;
  process.env.NODE_ENV = "test";
  process.env.PUBLIC_URL = "http://localhost:3000";
  delete process.env.SMTP_URL;
  delete process.env.CLOUDINARY_URL;
  if (process.env.TEST_DATABASE_URL) process.env.DATABASE_URL = process.env.TEST_DATABASE_URL;
  else delete process.env.DATABASE_URL;

  const { getDb, closeDb } = await import("../../api/db/index");
  const { handleApiRequest } = await import("../../api/index");
  const db = await getDb();
  await emptyTables(db);

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
      await closeDb();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function emptyTables(db: Awaited<ReturnType<typeof import("../../api/db/index").getDb>>) {
  // Children first, for the foreign keys.
  for (const table of ["private_files", "applicants", "contact_messages", "drafts", "password_resets", "sessions", "posts", "courses", "users"]) {
    await sql`delete from ${sql.table(table)}`.execute(db);
  }
}

export async function createStaff(api: Api, email = "staff@academy.test", password = "Staff#Pass2025") {
  const { hashPassword } = await import("../../api/auth/password");
  const { newId } = await import("../../api/lib/ids");
  const id = newId();
  await api.db.insertInto("users").values({ id, email, name: "Test Staff", password_hash: await hashPassword(password), is_demo: 0, created_at: new Date().toISOString() }).execute();
  return { id, email, password };
}

/** Logs in over HTTP and answers the cookie to send back ("academy_session=…"). */
export async function loginCookie(api: Api, email: string, password: string) {
  const res = await fetch(api.url("/api/auth/login/password"), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: email, password, keepMeSignedIn: false }),
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return res.headers.get("set-cookie")!.split(";")[0];
}

export function readOutbox(api: Api): { to: unknown; subject: string; text: string }[] {
  const dir = path.join(api.dataDir, "outbox");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")));
}

/** Waits for fire-and-forget mail to land in the outbox. */
export async function waitForMail(api: Api, count: number, timeoutMs = 3000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const mails = readOutbox(api);
    if (mails.length >= count) return mails;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`expected ${count} mail(s) in the outbox`);
}
