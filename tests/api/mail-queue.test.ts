import { type ChildProcess, spawn } from "node:child_process";

import { Kysely, PostgresDialect, sql, SqliteDialect } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Database } from "../../api/db/schema";
import { type Api, send, signedInStaff, sleep, startApi } from "./harness";
import { countsById, freePort, type Received, type Smtp, startSmtp } from "./smtp";

// The durable mail queue (docs/decisions/043-durable-mail-queue.md) against a real SMTP server
// started here: mail waits while the server is down and goes exactly once when it is up; two
// workers on one database never send the same mail; a killed process loses none.
let api: Api;
let smtpPort: number;
let smtp: Smtp | undefined;
const received: Received[] = [];

beforeAll(async () => {
  smtpPort = await freePort();
  api = await startApi({
    env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_RETRY_SECONDS: "1", MAIL_LEASE_SECONDS: "4" },
  });
});

afterAll(async () => {
  await api.close();
  await smtp?.close();
});

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 15_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

const rows = () => api.db.selectFrom("mail_outbox").selectAll().orderBy("created_at").execute();

async function contact(n: number, tag: string) {
  const res = await send(api, "POST", "/api/contact", {
    json: {
      fullname: `Sender ${tag} ${n}`,
      email: `sender.${tag}.${n}@example.com`,
      phone: "+2348031234567",
      issue: 1,
      message: `Message ${n} about ${tag}`,
    },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { _id: string })._id;
}

describe("SMTP down, then up", () => {
  it("keeps mails queued while the server is down, then delivers each exactly once", async () => {
    for (let n = 0; n < 3; n++) await contact(n, "outage");
    // Each was tried, refused (nothing listens) and is waiting for its next attempt.
    const waiting = await until("a first failed attempt of each", async () => {
      const all = await rows();
      return all.length === 3 && all.every((m) => m.tries >= 1 && m.last_error) ? all : undefined;
    });
    expect(waiting.every((m) => m.status === "queued")).toBe(true);
    expect(waiting[0]!.last_error).toMatch(/ECONNREFUSED/);
    expect(Date.parse(waiting[0]!.next_attempt_at)).toBeGreaterThan(Date.parse(waiting[0]!.created_at));

    smtp = await startSmtp(smtpPort, { received });
    await until("every mail sent", async () => ((await rows()).every((m) => m.status === "sent") ? true : undefined));
    // A few more polls: nothing goes a second time.
    await sleep(2500);
    const counts = countsById(received);
    expect(received).toHaveLength(3);
    for (const m of await rows()) {
      expect(counts.get(`<${m.id}@localhost>`)).toBe(1);
      // Once sent, the body (which may carry a link) is gone from the table.
      expect(m.body_text).toBe("");
      expect(m.sent_at).toBeTruthy();
    }
    expect(received.map((r) => r.to[0])).toEqual(Array(3).fill("admissions@academy.local"));
  });
});

describe("several workers on one database", () => {
  it("never send the same mail twice", async () => {
    const { runMailQueue } = await import("../../api/mail/queue");
    const { config } = await import("../../api/config");
    const before = received.length;
    // A slow server: the workers overlap for the whole run, long enough (five rounds of 300 ms)
    // that a loaded machine's late start of one handle still finds mail left to take.
    await smtp!.close();
    smtp = await startSmtp(smtpPort, { received, delayMs: 300 });
    // Written straight to the table, so that no worker is woken: the three runs below take them,
    // and this process's worker only if its poll comes round meanwhile.
    const now = new Date().toISOString();
    const ids = Array.from({ length: 24 }, (_, n) => `${String(n).padStart(2, "0")}many${Date.now()}`);
    await api.db
      .insertInto("mail_outbox")
      .values(
        ids.map((id, n) => ({
          id,
          recipient: `many.${n}@example.com`,
          subject: `Mail ${n}`,
          body_text: "Hello",
          status: "queued" as const,
          tries: 0,
          next_attempt_at: now,
          created_at: now,
        })),
      )
      .execute();
    const second = await openSecondHandle(config());
    // Connected before the race starts, so the second instance is not still opening its pool.
    await sql`select 1`.execute(second);
    try {
      const attempts = await Promise.all([runMailQueue(api.db), runMailQueue(second), runMailQueue(api.db)]);
      expect(attempts.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(24);
      // Both handles took part (not one doing it all while the other waited).
      expect(attempts[1]).toBeGreaterThan(0);
    } finally {
      await second.destroy();
    }
    const counts = countsById(received.slice(before));
    expect(counts.size).toBe(24);
    for (const id of ids) expect(counts.get(`<${id}@localhost>`)).toBe(1);
    // The tests below meet a server of ordinary speed again.
    await smtp!.close();
    smtp = await startSmtp(smtpPort, { received });
  });
});

/** A second connection (pool) to the same database, as another instance would hold. */
async function openSecondHandle(c: { DATABASE_URL?: string; sqlitePath: string }) {
  if (c.DATABASE_URL) {
    const { default: pg } = await import("pg");
    return new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: c.DATABASE_URL }) }),
    });
  }
  const { default: SQLite } = await import("better-sqlite3");
  const sqlite = new SQLite(c.sqlitePath);
  sqlite.pragma("busy_timeout = 5000");
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}

describe("expiry, refusal and the staff page", () => {
  it("never sends a password-reset mail after its link expired", async () => {
    const { queueMail } = await import("../../api/mail/index");
    const before = received.length;
    const id = await queueMail(
      api.db,
      { to: "late@example.com", subject: "Reset your password", text: "http://localhost:3000/password-reset?token=x" },
      { expiresAt: new Date(Date.now() - 1000) },
    );
    const row = await until("the mail expired", async () => {
      const m = await api.db.selectFrom("mail_outbox").selectAll().where("id", "=", id).executeTakeFirst();
      return m?.status === "expired" ? m : undefined;
    });
    expect(row.body_text).toBe("");
    expect(received.length).toBe(before);
  });

  it("gives up at once on a permanent refusal, lists it for staff, and sends it when retried", async () => {
    const { queueMail } = await import("../../api/mail/index");
    await smtp!.close();
    let refuse = true;
    smtp = await startSmtp(smtpPort, { received, refuse: (address) => refuse && address === "gone@example.com" });
    const id = await queueMail(api.db, { to: "gone@example.com", subject: "Your application", text: "Hello" });
    await until("the mail failed", async () => {
      const m = await api.db.selectFrom("mail_outbox").select("status").where("id", "=", id).executeTakeFirst();
      return m?.status === "failed" ? true : undefined;
    });

    expect((await send(api, "GET", "/api/mail-queue")).status).toBe(401);
    expect((await send(api, "POST", `/api/mail-queue/${id}/retry`)).status).toBe(401);
    const staff = await signedInStaff(api);
    const list = (await (await send(api, "GET", "/api/mail-queue", { cookie: staff.cookie })).json()) as {
      _id: string;
      to: string;
      subject: string;
      status: string;
      tries: number;
      lastError: string;
    }[];
    const failed = list.find((m) => m._id === id)!;
    expect(failed).toMatchObject({ to: "gone@example.com", subject: "Your application", status: "failed", tries: 1 });
    expect(failed.lastError).toMatch(/^550: .*No such mailbox/);
    // A sent mail is not in the list, and cannot be sent again.
    const sent = (await rows()).find((m) => m.status === "sent")!;
    expect(list.some((m) => m._id === sent.id)).toBe(false);
    expect((await send(api, "POST", `/api/mail-queue/${sent.id}/retry`, { cookie: staff.cookie })).status).toBe(409);

    refuse = false;
    const before = received.length;
    const retried = await send(api, "POST", `/api/mail-queue/${id}/retry`, { cookie: staff.cookie });
    expect(retried.status).toBe(200);
    await until(
      "the retried mail marked sent",
      async () =>
        (await api.db.selectFrom("mail_outbox").select("status").where("id", "=", id).executeTakeFirst())!.status ===
        "sent"
          ? true
          : undefined,
      5000,
    );
    expect(received.slice(before).map((r) => r.messageId)).toEqual([`<${id}@localhost>`]);
  });
});

describe("a process killed while sending", () => {
  let child: ChildProcess | undefined;
  afterAll(() => {
    child?.kill("SIGKILL");
  });

  /** The API in a process of its own, on this file's database and SMTP server. */
  async function startChild() {
    const process_ = spawn(process.execPath, ["--import", "tsx", "tests/api/mail-child.ts"], {
      env: { ...process.env, VITEST: undefined, MAIL_LEASE_SECONDS: "3" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    const port = await new Promise<number>((resolve, reject) => {
      let out = "";
      process_.stdout!.on("data", (d: Buffer) => {
        out += d.toString();
        const m = /listening (\d+)/.exec(out);
        if (m) resolve(Number(m[1]));
      });
      process_.once("exit", (code) => reject(new Error(`the API process ended (${code})`)));
    });
    return { process: process_, base: `http://127.0.0.1:${port}` };
  }

  it(
    "loses no mail: every one arrives after a restart, at most the ones in flight twice",
    async () => {
      const { stopMailWorker } = await import("../../api/mail/queue");
      // Only the child sends: this process's worker stays stopped from here on.
      await stopMailWorker();
      await smtp!.close();
      const got: Received[] = [];
      smtp = await startSmtp(smtpPort, { received: got, delayMs: 150 });

      const first = await startChild();
      child = first.process;
      const ids: string[] = [];
      for (let n = 0; n < 12; n++) {
        const res = await fetch(`${first.base}/api/contact`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            fullname: `Crash ${n}`,
            email: `crash.${n}@example.com`,
            phone: "+2348031234567",
            issue: 1,
            message: `Before the crash ${n}`,
          }),
        });
        expect(res.status).toBe(201);
        ids.push(((await res.json()) as { _id: string })._id);
      }
      // Mid-queue: some delivered, the rest waiting or being sent.
      await until("a first delivery", () => (got.length >= 2 ? true : undefined));
      first.process.kill("SIGKILL");
      await new Promise((resolve) => first.process.once("exit", resolve));
      const atCrash = got.length;
      expect(atCrash).toBeLessThan(12);

      const second = await startChild();
      child = second.process;
      const mailIds = (
        await api.db
          .selectFrom("mail_outbox")
          .select("id")
          .where("subject", "like", "New contact message from Crash%")
          .execute()
      ).map((m) => m.id);
      expect(mailIds).toHaveLength(12);
      await until(
        "every mail delivered",
        () => {
          const counts = countsById(got);
          return mailIds.every((id) => counts.has(`<${id}@localhost>`)) ? true : undefined;
        },
        30_000,
      );
      const counts = countsById(got);
      // Only a mail being sent at the moment of the crash may arrive twice (one batch at most).
      const twice = [...counts.values()].filter((n) => n > 1).length;
      expect(twice).toBeLessThanOrEqual(5);
      expect([...counts.values()].every((n) => n <= 2)).toBe(true);
      second.process.kill("SIGTERM");
      // Two API processes start here (tsx compiles each): a bound against a hang, three times longer
      // on CI, where the lanes share both cores (docs/decisions/090-ci-in-three-lanes.md).
    },
    60_000 * (process.env.CI ? 3 : 1),
  );
});
