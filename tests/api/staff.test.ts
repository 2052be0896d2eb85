import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { lagosDay } from "@domain/consent";

import { type Api, createStaff, loginCookie, mailArrived, mailsSoFar, send, startApi, waitForMail } from "./harness";

// Staff management (docs/decisions/031-staff-roles.md): invitations by a one-time link valid
// 72 hours, roles, deactivation that ends every session, always one active Admin; and the
// security log that records it all (docs/security.md, "Security log").
let api: Api;
let admin: Awaited<ReturnType<typeof createStaff>>;
let cookie: string;
beforeAll(async () => {
  api = await startApi();
  admin = await createStaff(api, "admin@staff.test");
  cookie = await loginCookie(api, admin.email, admin.password);
});
afterAll(() => api.close());

async function invite(email: string, role = "editor", name = "New Member") {
  const seen = await mailsSoFar(api);
  const res = await send(api, "POST", "/api/staff/invitations", { cookie, json: { email, name, role } });
  expect(res.status).toBe(201);
  const { id } = (await res.json()) as { id: string };
  const mails = await waitForMail(api, seen + 1);
  return { id, token: tokenIn(mails.at(-1)!.text) };
}

function tokenIn(text: string) {
  const link = text.match(/https?:\/\/\S+\/invitation\?token=\S+/)?.[0];
  if (!link) throw new Error(`no invitation link in: ${text}`);
  return new URL(link).searchParams.get("token")!;
}

const accept = (token: string, password = "Joined#Pass2026") =>
  send(api, "POST", "/api/invitations/accept", { json: { token, password } });

describe("invitations", () => {
  it("mails a link that makes the account with the role once, and never again", async () => {
    const { token } = await invite("ada@staff.test", "editor", "Ada Obi");
    const look = await send(api, "GET", `/api/invitations?token=${encodeURIComponent(token)}`);
    expect(await look.json()).toEqual({ email: "ada@staff.test", name: "Ada Obi", role: "editor" });
    expect((await accept(token)).status).toBe(201);
    const user = await api.db
      .selectFrom("users")
      .select(["role", "name"])
      .where("email", "=", "ada@staff.test")
      .executeTakeFirst();
    expect(user).toEqual({ role: "editor", name: "Ada Obi" });
    // Single use: the same link again.
    const again = await accept(token, "Other#Pass2026");
    expect(again.status).toBe(410);
    expect((await send(api, "GET", `/api/invitations?token=${encodeURIComponent(token)}`)).status).toBe(410);
    // The new member signs in with the password they chose.
    await loginCookie(api, "ada@staff.test", "Joined#Pass2026");
  });

  it("refuses a link past its 72 hours", async () => {
    const { id, token } = await invite("late@staff.test");
    // 72 hours and a minute later.
    await api.db
      .updateTable("staff_invitations")
      .set({ expires_at: new Date(Date.now() - 60_000).toISOString() })
      .where("id", "=", id)
      .execute();
    const res = await accept(token);
    expect(res.status).toBe(410);
    expect(await res.text()).toMatch(/invalid, already used or expired/);
    expect(
      await api.db.selectFrom("users").select("id").where("email", "=", "late@staff.test").executeTakeFirst(),
    ).toBeUndefined();
    // The staff list shows it as expired; re-sending gives a new link, valid 72 hours again.
    const list = await (await send(api, "GET", "/api/staff", { cookie })).json();
    expect(list.invitations.find((i: { id: string }) => i.id === id)).toMatchObject({ expired: true });
    const seen = await mailsSoFar(api);
    expect((await send(api, "POST", `/api/staff/invitations/${id}/resend`, { cookie })).status).toBe(200);
    const fresh = tokenIn((await waitForMail(api, seen + 1)).at(-1)!.text);
    const row = await api.db
      .selectFrom("staff_invitations")
      .select("expires_at")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(Date.parse(row.expires_at) - Date.now()).toBeGreaterThan(71.9 * 3600_000);
    expect((await accept(fresh)).status).toBe(201);
  });

  it("stops the old link when one is re-sent, and every link when cancelled", async () => {
    const first = await invite("resend@staff.test");
    const seen = await mailsSoFar(api);
    await send(api, "POST", `/api/staff/invitations/${first.id}/resend`, { cookie });
    const second = tokenIn((await waitForMail(api, seen + 1)).at(-1)!.text);
    expect((await accept(first.token)).status).toBe(410);
    expect((await send(api, "DELETE", `/api/staff/invitations/${first.id}`, { cookie })).status).toBe(200);
    expect((await accept(second)).status).toBe(410);
  });

  it("refuses an address that already has an account, a bad role and a weak password, with what is wrong", async () => {
    const taken = await send(api, "POST", "/api/staff/invitations", {
      cookie,
      json: { email: admin.email, name: "Again", role: "editor" },
    });
    expect(taken.status).toBe(409);
    const badRole = await send(api, "POST", "/api/staff/invitations", {
      cookie,
      json: { email: "x@staff.test", name: "X", role: "owner" },
    });
    expect({ status: badRole.status, text: await badRole.text() }).toEqual({
      status: 400,
      text: "role must be one of: admin, admissions, editor",
    });
    const { token } = await invite("weak@staff.test");
    const weak = await accept(token, "short");
    expect(weak.status).toBe(400);
    // A refused password leaves the link usable.
    expect((await accept(token)).status).toBe(201);
  });
});

describe("roles and deactivation", () => {
  it("changes a role, mails the member, and logs it", async () => {
    const member = await createStaff(api, "promote@staff.test", undefined, { role: "editor", twoFactor: false });
    const res = await send(api, "PATCH", `/api/staff/${member.id}/role`, { cookie, json: { role: "admissions" } });
    expect(res.status).toBe(200);
    const mail = await mailArrived(api, { to: member.email, subject: "Your staff role changed" });
    expect(mail.text).toContain("Admissions");
    const log = await api.db
      .selectFrom("security_log")
      .select(["actor_id", "subject_id", "reason"])
      .where("event", "=", "staff.role_changed")
      .execute();
    expect(log).toContainEqual({ actor_id: admin.id, subject_id: member.id, reason: "editor -> admissions" });
  });

  it("ends every session of a deactivated member at once, and refuses their sign-in", async () => {
    const member = await createStaff(api, "leaver@staff.test", undefined, { role: "editor", twoFactor: false });
    const sessions = [
      await loginCookie(api, member.email, member.password),
      await loginCookie(api, member.email, member.password),
    ];
    expect((await send(api, "POST", `/api/staff/${member.id}/deactivate`, { cookie })).status).toBe(200);
    for (const s of sessions) expect((await send(api, "GET", "/api/trash", { cookie: s })).status).toBe(401);
    const rows = await api.db.selectFrom("sessions").select("id_hash").where("user_id", "=", member.id).execute();
    expect(rows).toEqual([]);
    const login = await send(api, "POST", "/api/auth/login/password", {
      json: { username: member.email, password: member.password },
    });
    expect({ status: login.status, text: await login.text() }).toEqual({
      status: 403,
      text: "This account is deactivated. Ask an administrator if you need it again.",
    });
    expect((await send(api, "POST", `/api/staff/${member.id}/reactivate`, { cookie })).status).toBe(200);
    await loginCookie(api, member.email, member.password);
  });

  it("always keeps one active Admin", async () => {
    // Only `admin` is an active Admin here (others were made Editors or Admissions above).
    const others = await api.db
      .selectFrom("users")
      .select("id")
      .where("role", "=", "admin")
      .where("id", "!=", admin.id)
      .execute();
    for (const o of others) await api.db.updateTable("users").set({ role: "editor" }).where("id", "=", o.id).execute();
    const demote = await send(api, "PATCH", `/api/staff/${admin.id}/role`, { cookie, json: { role: "editor" } });
    expect({ status: demote.status, text: await demote.text() }).toEqual({
      status: 409,
      text: "There must always be at least one active Admin. Make another member an Admin first.",
    });
    expect((await send(api, "POST", `/api/staff/${admin.id}/deactivate`, { cookie })).status).toBe(409);
    const row = await api.db
      .selectFrom("users")
      .select(["role", "deactivated_at"])
      .where("id", "=", admin.id)
      .executeTakeFirst();
    expect(row).toEqual({ role: "admin", deactivated_at: null });
  });
});

describe("the security log", () => {
  it("lists newest first, filters by person, event and day, and never holds a password, token or code", async () => {
    const res = await send(api, "GET", "/api/security-log?limit=200", { cookie });
    expect(res.status).toBe(200);
    const { entries, events } = (await res.json()) as {
      entries: { _id: string; at: string; event: string; actorId: string | null; subjectId: string | null }[];
      events: string[];
    };
    expect(events).toContain("invitation.sent");
    expect(entries.length).toBeGreaterThan(10);
    const times = entries.map((e) => e.at);
    expect([...times].sort().reverse()).toEqual(times);
    // The table itself holds ids, addresses and browsers only (the page shows names beside the ids).
    const stored = JSON.stringify(await api.db.selectFrom("security_log").selectAll().execute());
    for (const secret of ["Joined#Pass2026", "Staff#Pass2025", "ada@staff.test", "Ada Obi", "token="])
      expect(stored).not.toContain(secret);

    const mine = await (await send(api, "GET", `/api/security-log?person=${admin.id}`, { cookie })).json();
    expect(mine.entries.length).toBeGreaterThan(0);
    for (const e of mine.entries) expect([e.actorId, e.subjectId]).toContain(admin.id);

    const sent = await (await send(api, "GET", "/api/security-log?event=invitation.sent", { cookie })).json();
    expect(sent.entries.map((e: { event: string }) => e.event)).toEqual(sent.entries.map(() => "invitation.sent"));
    expect(sent.entries.length).toBe(4);

    const today = lagosDay(); // the log's days are Lagos days
    const day = await (
      await send(api, "GET", `/api/security-log?from=${today}&to=${today}&limit=200`, { cookie })
    ).json();
    expect(day.entries.length).toBe(entries.length);
    const none = await (await send(api, "GET", "/api/security-log?to=2020-01-01", { cookie })).json();
    expect(none.entries).toEqual([]);

    // Paging by key: the second page starts after the first's last entry.
    const page1 = (await (await send(api, "GET", "/api/security-log?limit=3", { cookie })).json()).entries;
    const last = page1.at(-1);
    const page2 = (
      await (await send(api, "GET", `/api/security-log?limit=3&after=${last.at}_${last._id}`, { cookie })).json()
    ).entries;
    expect(page2[0]._id).toBe(entries[3]._id);
  });

  it("refuses a bad filter with what is wrong", async () => {
    const res = await send(api, "GET", "/api/security-log?from=yesterday", { cookie });
    expect({ status: res.status, text: await res.text() }).toEqual({
      status: 400,
      text: "from must be a date, YYYY-MM-DD",
    });
  });

  it("refuses a day that does not exist instead of failing", async () => {
    const res = await send(api, "GET", "/api/security-log?to=2026-02-31", { cookie });
    expect({ status: res.status, text: await res.text() }).toEqual({
      status: 400,
      text: "to must be a real date, YYYY-MM-DD",
    });
  });

  it("takes the last day there is as a day like any other, on both engines", async () => {
    const res = await send(api, "GET", "/api/security-log?from=2000-01-01&to=9999-12-31", { cookie });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { entries: unknown[] }).entries.length).toBeGreaterThan(0);
  });

  it("purges entries older than a year", async () => {
    const { purgeSecurityLog } = await import("../../api/security-events");
    const old = new Date(Date.now() - 366 * 24 * 3600_000).toISOString();
    const recent = new Date(Date.now() - 364 * 24 * 3600_000).toISOString();
    await api.db
      .insertInto("security_log")
      .values([
        {
          id: "old000000000000000000000",
          at: old,
          event: "login.failed",
          actor_id: null,
          subject_id: null,
          reason: null,
          ip: null,
          user_agent: null,
        },
        {
          id: "new000000000000000000000",
          at: recent,
          event: "login.failed",
          actor_id: null,
          subject_id: null,
          reason: null,
          ip: null,
          user_agent: null,
        },
      ])
      .execute();
    await purgeSecurityLog(api.db);
    const left = await api.db
      .selectFrom("security_log")
      .select("id")
      .where("id", "in", ["old000000000000000000000", "new000000000000000000000"])
      .execute();
    expect(left.map((r) => r.id)).toEqual(["new000000000000000000000"]);
  });
});

// Last: its invitation and entries would change the counts the tests above read.
describe("the security log in words", () => {
  it("names whom each entry is about and says what each id is, instead of raw ids (issue 40)", async () => {
    const { id: invitationId } = await invite("named@staff.test", "editor", "Nkechi Named");
    const at = new Date().toISOString();
    const subjects = {
      staff: admin.id,
      applicant: "applicant:0a1b2c3d4e5f60718293a4b5",
      file: "applicants/5f5f5f5f5f5f5f5f5f5f5f5f",
      course: "course:0123456789abcdef01234567",
      invitation: `invitation:${invitationId}`,
      mail: "mail:0123456789abcdef01234567",
      unknown: "fedcba9876543210fedcba98",
    };
    await api.db
      .insertInto("security_log")
      .values(
        Object.entries(subjects).map(([k, subject], i) => ({
          id: `zz${String(i).padStart(22, "0")}`,
          at,
          event: `test.${k}`,
          actor_id: i === 0 ? "0000000000000000000000ff" : admin.id,
          subject_id: subject,
          reason: null,
          ip: null,
          user_agent: null,
        })),
      )
      .execute();
    const { entries } = (await (
      await send(api, "GET", `/api/security-log?from=${lagosDay()}&limit=50`, { cookie })
    ).json()) as {
      entries: {
        event: string;
        actor: string | null;
        actorId: string | null;
        subject: string | null;
        subjectKind: string | null;
      }[];
    };
    const about = Object.fromEntries(
      entries.filter((e) => e.event.startsWith("test.")).map((e) => [e.event.slice(5), [e.subjectKind, e.subject]]),
    );
    expect(about).toEqual({
      staff: ["staff", expect.stringContaining("<admin@staff.test>")],
      applicant: ["applicant", "applicant FLA-0A1B2C3D"],
      file: ["applicant_file", "an applicant's file (since deleted)"],
      course: ["course", "a course (since deleted)"],
      invitation: ["invitation", "invitation of Nkechi Named"],
      mail: ["mail", "a mail in the outbox"],
      unknown: ["unknown", null],
    });
    const byStaff = entries.find((e) => e.event === "test.applicant")!;
    expect(byStaff.actor).toContain("<admin@staff.test>");
    // An actor no account matches any more: its id, no name.
    const gone = entries.find((e) => e.event === "test.staff")!;
    expect(gone).toMatchObject({ actorId: "0000000000000000000000ff", actor: null });
  });
});
