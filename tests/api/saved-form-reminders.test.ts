import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { DEFAULT_SETTINGS } from "@domain/settings-defaults";

import { remindSavedForms } from "../../api/lib/saved-form-reminders";
import { type Api, send, signedInStaff, startApi, statusAndText } from "./harness";

// One reminder to a person who saved the form and did not come back, after the days the academy
// set (docs/decisions/076-the-admissions-desk.md): never twice, once across two runners.

let api: Api;
let admin: string;
const DAY_MS = 86_400_000;

beforeAll(async () => {
  api = await startApi();
  ({ cookie: admin } = await signedInStaff(api));
});
afterAll(() => api.close());
beforeEach(async () => {
  await sql`delete from saved_forms`.execute(api.db);
  await sql`delete from mail_outbox`.execute(api.db);
});

let n = 0;
async function savedForm(daysAgo: number, email: string | null = `saver${++n}@example.com`) {
  const created = Date.now() - daysAgo * DAY_MS;
  await api.db
    .insertInto("saved_forms")
    .values({
      token_hash: `hash-${++n}`,
      fields: "{}",
      created_at: new Date(created).toISOString(),
      expires_at: new Date(created + 14 * DAY_MS).toISOString(),
      email,
      phone_key: null,
    })
    .execute();
  return email;
}

const reminders = async () =>
  (
    await api.db
      .selectFrom("mail_outbox")
      .select(["recipient", "subject", "body_text"])
      .where("subject", "like", "%still waiting for you")
      .orderBy("recipient")
      .execute()
  ).map((m) => ({ to: m.recipient, text: m.body_text ?? "" }));

const saveDays = (days: unknown) =>
  send(api, "PUT", "/api/settings", {
    cookie: admin,
    json: { ...DEFAULT_SETTINGS, admissions: { savedFormReminderDays: days } },
  });

describe("the saved-form reminder", () => {
  it("mails once after 3 days by default: not a fresh form, and never a second time", async () => {
    const due = await savedForm(3.1);
    await savedForm(2);
    expect(await remindSavedForms(api.db)).toBe(1);
    const mails = await reminders();
    expect(mails.map((m) => m.to)).toEqual([due]);
    expect(mails[0]!.text).toContain("open the link in the e-mail we sent you that day");
    expect(mails[0]!.text).not.toContain("hash-");
    expect(await remindSavedForms(api.db)).toBe(0);
    expect(await remindSavedForms(api.db, new Date(Date.now() + 5 * DAY_MS))).toBe(1);
    expect((await reminders()).length).toBe(2);
    expect(await remindSavedForms(api.db, new Date(Date.now() + 6 * DAY_MS))).toBe(0);
    expect((await reminders()).length).toBe(2);
  });

  it("sends each form's reminder once when two runners go at the same time", async () => {
    for (let i = 0; i < 30; i++) await savedForm(4);
    const [a, b] = await Promise.all([remindSavedForms(api.db), remindSavedForms(api.db)]);
    expect(a + b).toBe(30);
    const mails = await reminders();
    expect(mails.length).toBe(30);
    expect(new Set(mails.map((m) => m.to)).size).toBe(30);
  });

  it("marks a form without an address as done, with no mail", async () => {
    await savedForm(5, null);
    expect(await remindSavedForms(api.db)).toBe(0);
    const row = await api.db.selectFrom("saved_forms").select("reminded_at").executeTakeFirstOrThrow();
    expect(row.reminded_at).not.toBeNull();
  });

  it("waits the days an Admin set, and refuses days outside 1 to 13 with the field's message", async () => {
    expect(await statusAndText(await saveDays(0))).toEqual({
      status: 400,
      text: expect.stringContaining("Enter a whole number of days from 1 to 13"),
    });
    expect((await saveDays(14)).status).toBe(400);
    expect((await saveDays(6)).status).toBe(200);
    await savedForm(4);
    const later = await savedForm(6.5);
    expect(await remindSavedForms(api.db)).toBe(1);
    expect((await reminders()).map((m) => m.to)).toEqual([later]);
    expect((await saveDays(3)).status).toBe(200);
  });
});
