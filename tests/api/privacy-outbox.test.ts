import { afterAll, beforeAll, expect, it, vi } from "vitest";

import { type Api, send, signedInStaff, startApi } from "./harness";

// Erasing a person deletes the outbox's mails to them whatever their state
// (docs/decisions/034-retention-and-rights.md), a mail a worker is sending at that moment too:
// the worker holds its copy and sends it, and its mark afterwards (by id and claim,
// api/mail/queue.ts) touches no row, without error (docs/decisions/043-durable-mail-queue.md).

const transport = vi.hoisted(() => {
  let release!: () => void;
  let started!: () => void;
  return {
    released: new Promise<void>((r) => (release = r)),
    started: new Promise<void>((r) => (started = r)),
    release: () => release(),
    start: () => started(),
    sent: [] as { to: string; subject: string }[],
  };
});
vi.mock("../../api/mail/transport", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../api/mail/transport")>()),
  // Every send waits until the test lets it go: the mail stays claimed meanwhile.
  deliverMail: async (mail: { to: string; subject: string }) => {
    transport.start();
    await transport.released;
    transport.sent.push({ to: mail.to, subject: mail.subject });
  },
}));

let api: Api;
let cookie: string;
beforeAll(async () => {
  api = await startApi();
  ({ cookie } = await signedInStaff(api));
  // Only this test's own run of the queue sends: the process's worker never starts.
  const { stopMailWorker, startMailWorker } = await import("../../api/mail/queue");
  startMailWorker();
  await stopMailWorker();
});
afterAll(() => api.close());

it("erases a mail a worker holds; the worker's mark afterwards finds no row and fails nothing", async () => {
  const { runMailQueue } = await import("../../api/mail/queue");
  const now = new Date().toISOString();
  await api.db
    .insertInto("mail_outbox")
    .values({
      id: "5".repeat(24),
      recipient: "Funke@example.com",
      reply_to: null,
      subject: "Your saved form",
      body_text: "Dear Funke",
      body_html: null,
      status: "queued",
      tries: 0,
      next_attempt_at: now,
      claimed_until: null,
      claim_id: null,
      last_error: null,
      expires_at: null,
      created_at: now,
      sent_at: null,
    })
    .execute();
  const run = runMailQueue(api.db);
  await transport.started;
  const held = await api.db.selectFrom("mail_outbox").select("claim_id").executeTakeFirstOrThrow();
  expect(held.claim_id).toEqual(expect.any(String));

  const erased = await send(api, "POST", "/api/privacy/person/erase", { cookie, json: { email: "funke@example.com" } });
  expect(erased.status).toBe(200);
  expect(await erased.json()).toMatchObject({ outboxMails: 1 });
  expect(await api.db.selectFrom("mail_outbox").select("id").execute()).toEqual([]);

  transport.release();
  await expect(run).resolves.toBe(1);
  expect(transport.sent).toEqual([{ to: "Funke@example.com", subject: "Your saved form" }]);
  expect(await api.db.selectFrom("mail_outbox").select("id").execute()).toEqual([]);
});
