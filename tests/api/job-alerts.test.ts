import fs from "node:fs";
import path from "node:path";

import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { type Api, mailQueueDrained, readOutbox, send, signedInStaff, startApi } from "./harness";

// Job alerts (docs/product.md §2 and §7, docs/decisions/066-job-alerts.md): double opt-in, the
// same answer for any address, one mail a week across instances, one-click unsubscribe.

let api: Api;
let cookie: string;
beforeAll(async () => {
  api = await startApi();
  ({ cookie } = await signedInStaff(api));
});
afterAll(() => api.close());
beforeEach(async () => {
  await sql`delete from job_alerts`.execute(api.db);
  await sql`delete from posts`.execute(api.db);
  await sql`delete from job_runs where job = 'job-alerts'`.execute(api.db);
});

const ask = (email: string) => send(api, "POST", "/api/job-alerts", { json: { email } });
type OutMail = ReturnType<typeof readOutbox>[number] & { headers?: Record<string, string>; list?: unknown };
const mailsTo = async (email: string) => {
  await mailQueueDrained(api);
  return (readOutbox(api) as OutMail[]).filter((m) => JSON.stringify(m.to).includes(email.toLowerCase()));
};
const tokenIn = (text: string, kind: "confirm" | "unsubscribe") =>
  text.match(new RegExp(`/job-alerts/${kind}\\?token=([A-Za-z0-9_-]{43})`))![1];
const lib = () => import("@api/lib/job-alerts");

async function subscribed(email: string) {
  expect((await ask(email)).status).toBe(202);
  const [mail] = await mailsTo(email);
  const confirm = await send(api, "POST", "/api/job-alerts/confirm", {
    json: { token: tokenIn(mail.text, "confirm") },
  });
  expect(confirm.status).toBe(200);
  return tokenIn(mail.text, "unsubscribe");
}

async function postJob(title: string) {
  const res = await send(api, "POST", "/api/jobs", {
    cookie,
    json: {
      title,
      content: "<p>Join us.</p>",
      jobType: "Full-time",
      jobLocation: "Onsite",
      companyName: "Glow Salon Ltd",
      applicationDeadline: "2030-03-31",
      companyCoverImg: "",
      companyLogo: "",
      logoAccent: "#112233",
      assetFolder: "job/1712345678",
      howToApply: "jobs@glowsalon.ng",
    },
  });
  expect(res.status).toBe(201);
}

describe("POST /api/job-alerts", () => {
  it("mails a confirmation link and answers the same for a new, a pending and a confirmed address", async () => {
    const first = await ask("Ada.Seeker@Example.com");
    expect(first.status).toBe(202);
    const [mail] = await mailsTo("Ada.Seeker@Example.com");
    expect(mail.subject).toBe("Confirm your job alerts from Fine Line Academy");
    expect(mail.text).toMatch(/\/job-alerts\/confirm\?token=/);
    const row = await api.db.selectFrom("job_alerts").selectAll().executeTakeFirstOrThrow();
    expect(row.confirmed_at).toBeNull();
    // The secret of the link is stored only as its hash.
    expect(row.confirm_hash).not.toBe(tokenIn(mail.text, "confirm"));

    await subscribed("bola@example.com");
    const answers = await Promise.all(["ada.seeker@example.com", "bola@example.com", "new@example.com"].map(ask));
    const bodies = await Promise.all(answers.map((r) => r.text()));
    expect(answers.map((r) => r.status)).toEqual([202, 202, 202]);
    expect(new Set(bodies).size).toBe(1);
    // The confirmed address got nothing more; the pending one a fresh link (one row per address).
    expect(await mailsTo("bola@example.com")).toHaveLength(1);
    expect(await mailsTo("ada.seeker@example.com")).toHaveLength(2);
    expect(await api.db.selectFrom("job_alerts").select("id").execute()).toHaveLength(3);
  });

  it("refuses a malformed address with the field's message and stores nothing", async () => {
    const res = await ask("not an address");
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Kindly input a valid email");
    expect(await api.db.selectFrom("job_alerts").select("id").execute()).toHaveLength(0);
  });
});

describe("confirm and unsubscribe", () => {
  it("confirms with the mailed secret only, and a second press still says confirmed", async () => {
    await ask("chi@example.com");
    const [mail] = await mailsTo("chi@example.com");
    const token = tokenIn(mail.text, "confirm");
    const wrong = await send(api, "POST", "/api/job-alerts/confirm", { json: { token: "x".repeat(43) } });
    expect(wrong.status).toBe(404);
    expect((await send(api, "POST", "/api/job-alerts/confirm", { json: { token: "short" } })).status).toBe(400);
    for (let i = 0; i < 2; i++)
      expect((await send(api, "POST", "/api/job-alerts/confirm", { json: { token } })).status).toBe(200);
    const row = await api.db.selectFrom("job_alerts").select("confirmed_at").executeTakeFirstOrThrow();
    expect(row.confirmed_at).not.toBeNull();
  });

  it("a link older than a week confirms nothing, and housekeeping forgets the address", async () => {
    await ask("late@example.com");
    const [mail] = await mailsTo("late@example.com");
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * 3600 * 1000).toISOString();
    await api.db.updateTable("job_alerts").set({ created_at: eightDaysAgo }).execute();
    const res = await send(api, "POST", "/api/job-alerts/confirm", { json: { token: tokenIn(mail.text, "confirm") } });
    expect(res.status).toBe(404);
    await (await lib()).sweepUnconfirmedAlerts(api.db);
    expect(await api.db.selectFrom("job_alerts").select("id").execute()).toHaveLength(0);
  });

  it("unsubscribing deletes the address at once; pressing again answers the same", async () => {
    const token = await subscribed("dayo@example.com");
    for (let i = 0; i < 2; i++)
      expect((await send(api, "POST", "/api/job-alerts/unsubscribe", { json: { token } })).status).toBe(200);
    expect(await api.db.selectFrom("job_alerts").select("id").execute()).toHaveLength(0);
  });
});

describe("the weekly mail", () => {
  it("mails each confirmed address the week's new jobs once, with one-click unsubscribe; a second run that week sends nothing", async () => {
    const token = await subscribed("ife@example.com");
    await ask("pending@example.com");
    await postJob("Salon Stylist");
    await postJob("Nail Technician");
    const { runWeeklyJobAlerts } = await lib();
    // Two instances' timers firing together: one run, one mail each.
    const runs = await Promise.all([runWeeklyJobAlerts(api.db), runWeeklyJobAlerts(api.db)]);
    expect(runs.filter((n) => n === null)).toHaveLength(1);
    expect(runs.find((n) => n !== null)).toBe(1);
    expect(await runWeeklyJobAlerts(api.db)).toBeNull();

    const weekly = (await mailsTo("ife@example.com")).filter((m) => m.subject.startsWith("New jobs this week"));
    expect(weekly).toHaveLength(1);
    expect(weekly[0].subject).toBe("New jobs this week at Fine Line Academy (2)");
    expect(weekly[0].text).toContain("Salon Stylist — Glow Salon Ltd (Onsite)");
    expect(weekly[0].text).toContain(`/job-alerts/unsubscribe?token=${token}`);
    // The List-Unsubscribe and List-Unsubscribe-Post headers (RFC 8058), as the transport wrote them.
    const raw = fs
      .readdirSync(path.join(api.dataDir, "outbox"))
      .map((f) => fs.readFileSync(path.join(api.dataDir, "outbox", f), "utf8"))
      .find((text) => text.includes("New jobs this week"))!;
    expect(raw).toContain("List-Unsubscribe=One-Click");
    expect(raw).toContain(`/job-alerts/unsubscribe?token=${token}`);
    // The address that never confirmed hears nothing but its confirmation.
    expect((await mailsTo("pending@example.com")).map((m) => m.subject)).toEqual([
      "Confirm your job alerts from Fine Line Academy",
    ]);
  });

  it("a week without new jobs sends nothing, and next week lists only the jobs since the last run", async () => {
    await subscribed("kemi@example.com");
    const { runWeeklyJobAlerts } = await lib();
    const lastWeek = new Date(Date.now() - 7 * 24 * 3600 * 1000);
    await postJob("Old Job");
    await api.db
      .updateTable("posts")
      .set({ created_at: new Date(lastWeek.getTime() - 3600 * 1000).toISOString() })
      .execute();
    expect(await runWeeklyJobAlerts(api.db, lastWeek)).toBe(1);
    await postJob("Fresh Job");
    expect(await runWeeklyJobAlerts(api.db)).toBe(1);
    const weekly = (await mailsTo("kemi@example.com")).filter((m) => m.subject.startsWith("New jobs this week"));
    expect(weekly.at(-1)!.text).toContain("Fresh Job");
    expect(weekly.at(-1)!.text).not.toContain("Old Job");
    await sql`delete from posts`.execute(api.db);
    await sql`delete from job_runs where job = 'job-alerts'`.execute(api.db);
    expect(await runWeeklyJobAlerts(api.db)).toBe(0);
  });
});

describe("a job seeker's rights (docs/decisions/034-retention-and-rights.md)", () => {
  it("finds, exports and erases a job seeker's alert by their address", async () => {
    await subscribed("Tobi.Seeker@example.com");
    const found = await (
      await send(api, "GET", "/api/privacy/person?email=TOBI.seeker%40example.com", { cookie })
    ).json();
    expect(found.jobAlerts).toEqual([
      expect.objectContaining({ email: "tobi.seeker@example.com", confirmed_at: expect.any(String) }),
    ]);
    const erased = await send(api, "POST", "/api/privacy/person/erase", {
      cookie,
      json: { email: "tobi.seeker@example.com" },
    });
    expect(erased.status).toBe(200);
    expect((await erased.json()).jobAlerts).toBe(1);
    expect(await api.db.selectFrom("job_alerts").select("id").execute()).toHaveLength(0);
  });
});
