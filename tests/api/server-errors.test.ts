import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { type Api, mailsSent, send, signedInStaff, sleep, startApi } from "./harness";

// The server errors Admins see (docs/decisions/056-metrics-and-errors-staff-see.md): recorded where
// the log line is written, once per request, with its request id and route pattern and nothing a
// visitor typed; counted per day and kind; one mail to the Admins when a kind is new, at most one a day.
let api: Api;
let admin: { cookie: string; email: string };
let editorCookie = "";

beforeAll(async () => {
  api = await startApi();
  admin = await signedInStaff(api, "admin.errors@academy.test");
  await signedInStaff(api, "second.admin@academy.test");
  ({ cookie: editorCookie } = await signedInStaff(api, "editor.errors@academy.test", { role: "editor" }));
});
afterAll(() => api.close());
beforeEach(async () => {
  for (const table of ["server_errors", "server_error_days", "server_error_kinds", "mail_outbox"])
    await sql`delete from ${sql.table(table)}`.execute(api.db);
});

/**
 * A real failure of the database under a real call: the table the messages' list reads is moved
 * aside for the call, so the API answers 500, then put back.
 */
async function forceServerError() {
  await sql`alter table contact_messages rename to contact_messages_aside`.execute(api.db);
  try {
    const res = await send(api, "GET", "/api/contact?limit=5", { cookie: admin.cookie });
    expect(res.status).toBe(500);
    return res.headers.get("x-request-id")!;
  } finally {
    await sql`alter table contact_messages_aside rename to contact_messages`.execute(api.db);
  }
}

type Report = {
  errors: { id: string; at: string; requestId: string | null; route: string; kind: string; message: string }[];
  days: { day: string; kind: string; count: number }[];
};

async function report(cookie = admin.cookie): Promise<Report> {
  const res = await send(api, "GET", "/api/server-errors", { cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as Report;
}

/** Recording happens after the answer: wait for `n` errors. */
async function errorsRecorded(n: number) {
  for (let i = 0; i < 100; i++) {
    const r = await report();
    const counted = r.days.reduce((sum, d) => sum + d.count, 0);
    if (r.errors.length >= n && counted >= n) {
      await sleep(50); // the kind's row and its mail come last
      return r;
    }
    await sleep(30);
  }
  throw new Error(`fewer than ${n} errors recorded`);
}

/**
 * The queue's rows of mails about server errors, once `expected` of them are there: they are written
 * after the answer, and last, so a fixed pause would race a slow machine. A little longer is given
 * for one more to show that should not.
 */
async function mailsAboutErrors(expected: number) {
  const rows = () =>
    api.db
      .selectFrom("mail_outbox")
      .select(["recipient", "subject"])
      .where("subject", "like", "New server error%")
      .execute();
  for (let i = 0; i < 400 && (await rows()).length < expected; i++) await sleep(25);
  await sleep(100);
  return rows();
}

describe("server errors", () => {
  it("lists a 500 with its request id, route pattern, kind and message, counted for the day", async () => {
    const requestId = await forceServerError();
    const { errors, days } = await errorsRecorded(1);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ requestId, route: "/api/contact" });
    expect(errors[0]!.kind).toMatch(/^(SqliteError|error)/);
    // SQLite names the table; PostgreSQL quotes it, and a quoted text is masked like a visitor's.
    expect(errors[0]!.message).toMatch(/no such table: contact_messages|relation ‹…› does not exist/);
    // Counted as that kind on that page: the same class of error elsewhere is another fault.
    expect(days).toEqual([
      { day: expect.stringMatching(/^\d{4}-\d\d-\d\d$/), kind: `${errors[0]!.kind} on /api/contact`, count: 1 },
    ]);
  });

  it("mails every Admin once for a new kind, through the outbox; the same kind again that day mails no one", async () => {
    await forceServerError();
    await errorsRecorded(1);
    await forceServerError();
    const { errors, days } = await errorsRecorded(2);
    expect(days).toHaveLength(1);
    expect(days[0]!.count).toBe(2);
    const mails = await mailsAboutErrors(2);
    expect(mails.map((m) => m.recipient).sort()).toEqual(["admin.errors@academy.test", "second.admin@academy.test"]);
    expect(mails[0]!.subject).toBe(`New server error on the website: ${errors[0]!.kind} on /api/contact`);
    // Its words, as sent (a sent mail's body is emptied in the outbox): the first error's reference and the page.
    const sent = await mailsSent(api, { subject: mails[0]!.subject });
    expect(sent.some((m) => m.text.includes(errors[1]!.requestId!) && m.text.includes("/admin/errors"))).toBe(true);
    // No Editor or Admissions member is mailed.
    expect(mails.some((m) => m.recipient === "editor.errors@academy.test")).toBe(false);
  });

  it("mails again for a kind back after a quiet day, but never twice the same day", async () => {
    await forceServerError();
    const { errors } = await errorsRecorded(1);
    expect(await mailsAboutErrors(2)).toHaveLength(2);
    await sql`delete from mail_outbox`.execute(api.db);
    // Last seen three days ago, and mailed then: it is new again today.
    const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    await api.db
      .updateTable("server_error_kinds")
      .set({ last_seen_day: threeDaysAgo, last_mailed_day: threeDaysAgo })
      .where("kind", "=", `${errors[0]!.kind} on /api/contact`)
      .execute();
    await forceServerError();
    await errorsRecorded(2);
    expect(await mailsAboutErrors(2)).toHaveLength(2);
    // Seen long ago but already mailed today (another instance did): no second mail.
    await sql`delete from mail_outbox`.execute(api.db);
    await api.db
      .updateTable("server_error_kinds")
      .set({ last_seen_day: threeDaysAgo })
      .where("kind", "=", `${errors[0]!.kind} on /api/contact`)
      .execute();
    await forceServerError();
    await errorsRecorded(3);
    expect(await mailsAboutErrors(0)).toHaveLength(0);
  });

  it("is for Admins: an Editor is refused, a visitor must sign in", async () => {
    expect((await send(api, "GET", "/api/server-errors", { cookie: editorCookie })).status).toBe(403);
    expect((await send(api, "GET", "/api/server-errors")).status).toBe(401);
  });

  it("keeps no visitor's text: the path's id and query are not stored", async () => {
    await sql`alter table courses rename to courses_aside`.execute(api.db);
    try {
      const res = await send(api, "GET", "/api/courses/Zq9SecretLookingId0123456789abcdefXYZ?q=ngozi@example.com");
      expect(res.status).toBe(500);
    } finally {
      await sql`alter table courses_aside rename to courses`.execute(api.db);
    }
    const { errors } = await errorsRecorded(1);
    expect(errors[0]!.route).toBe("/api/courses/:id");
    expect(JSON.stringify(errors)).not.toMatch(/Zq9Secret|ngozi/);
  });
});
