import fs from "node:fs";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type Api, send, startApi } from "./harness";

// Readiness for a proxy or a process manager (docs/deploy.md, "Health checks"): each check fails
// the answer on its own, and the answer names which.
let api: Api;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

async function ready() {
  const res = await send(api, "GET", "/api/health/ready");
  return { status: res.status, body: (await res.json()) as { status: string; checks: Record<string, boolean> } };
}

describe("GET /api/health/ready", () => {
  it("answers 200 with every check passing", async () => {
    expect(await ready()).toEqual({
      status: 200,
      body: { status: "ready", checks: { database: true, migrations: true, dataFolder: true, mailQueue: true } },
    });
  });

  it("answers 503 when the data folder takes no write", async () => {
    // The folder is moved aside and a file put in its place (this suite may run as root, which
    // permissions do not stop); an open SQLite file keeps working meanwhile.
    fs.renameSync(api.dataDir, `${api.dataDir}.aside`);
    fs.writeFileSync(api.dataDir, "not a folder");
    try {
      const { status, body } = await ready();
      expect(status).toBe(503);
      expect(body.checks).toEqual({ database: true, migrations: true, dataFolder: false, mailQueue: true });
    } finally {
      fs.rmSync(api.dataDir);
      fs.renameSync(`${api.dataDir}.aside`, api.dataDir);
    }
    expect((await ready()).status).toBe(200);
  });

  it("answers 503 when due mail has waited long with no worker taking it", async () => {
    const { stopMailWorker } = await import("../../api/mail/queue");
    await stopMailWorker();
    const longAgo = new Date(Date.now() - 60 * 60 * 1000).toISOString();
    await api.db
      .insertInto("mail_outbox")
      .values({
        id: "stuckmail",
        recipient: "someone@example.com",
        subject: "Waiting",
        body_text: "Hello",
        status: "queued",
        tries: 0,
        next_attempt_at: longAgo,
        created_at: longAgo,
      })
      .execute();
    const { status, body } = await ready();
    expect(status).toBe(503);
    expect(body.checks.mailQueue).toBe(false);
    // Waiting for a later attempt (a mail server that is down) is not stuck.
    await api.db
      .updateTable("mail_outbox")
      .set({ tries: 3, next_attempt_at: new Date(Date.now() + 60_000).toISOString() })
      .execute();
    expect((await ready()).status).toBe(200);
  });

  it("housekeeping keeps sent mails a week and given-up ones a month", async () => {
    const { runHousekeeping } = await import("../../api/housekeeping");
    const daysAgo = (d: number) => new Date(Date.now() - d * 24 * 60 * 60 * 1000).toISOString();
    const row = (id: string, status: "sent" | "failed", created: string) => ({
      id,
      recipient: "someone@example.com",
      subject: "Old",
      body_text: "",
      status,
      tries: 1,
      next_attempt_at: created,
      created_at: created,
    });
    await api.db.deleteFrom("mail_outbox").execute();
    await api.db
      .insertInto("mail_outbox")
      .values([
        row("sent-8-days", "sent", daysAgo(8)),
        row("sent-6-days", "sent", daysAgo(6)),
        row("failed-31-days", "failed", daysAgo(31)),
        row("failed-20-days", "failed", daysAgo(20)),
      ])
      .execute();
    await runHousekeeping();
    const left = (await api.db.selectFrom("mail_outbox").select("id").orderBy("id").execute()).map((r) => r.id);
    expect(left).toEqual(["failed-20-days", "sent-6-days"]);
  });
});
