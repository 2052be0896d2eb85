import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";

import {
  type Api,
  createStaff,
  fileOf,
  loginCookie,
  pdfBytes,
  resetTokenMailed,
  send,
  startApi,
  uploadTokenHeader,
} from "../api/harness";

// Every security-relevant event leaves one JSON line on stderr, written by one function
// (api/security-events.ts; docs/security.md, "Security events"): time, event, ids and the
// client's address; never a password, a token, an e-mail address or a name. Real limits (factor 1).
let api: Api;
beforeAll(async () => {
  process.env.TRUSTED_PROXIES = "127.0.0.1";
  api = await startApi({ rateLimitFactor: 1 });
});
afterAll(() => api.close());

// The API runs in this process: what it writes to stderr is caught here, and still written.
let lines: string[] = [];
const write = process.stderr.write.bind(process.stderr);
beforeEach(() => {
  lines = [];
  process.stderr.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    lines.push(...String(chunk).split("\n").filter(Boolean));
    return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
  }) as typeof process.stderr.write;
});
afterEach(() => {
  process.stderr.write = write;
});

type Event = { time: string; event: string; ip: string; actorId?: string; subjectId?: string; userAgent?: string };
function events(): Event[] {
  return lines
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as Event & { log?: string })
    .filter((e) => e.log === "security");
}

const headers = (ip: string) => ({ "x-forwarded-for": ip, "user-agent": "EventTest/1.0" });
const SECRETS = ["Staff#Pass2025", "Wrong#Guess", "events@academy.test", "Test Staff", "New#Password2026"];

function expectClean() {
  for (const line of lines.filter((l) => l.includes('"security"')))
    for (const secret of SECRETS) expect(line).not.toContain(secret);
}

describe("security events", () => {
  it("logs sign-in failure and success with time, address, user agent and the account's id", async () => {
    const staff = await createStaff(api, "events@academy.test", undefined, { role: "editor", twoFactor: false });
    await send(api, "POST", "/api/auth/login/password", {
      json: { username: staff.email, password: "Wrong#Guess1" },
      headers: headers("198.51.100.1"),
    });
    await send(api, "POST", "/api/auth/login/password", {
      json: { username: "nobody@academy.test", password: "Wrong#Guess2" },
      headers: headers("198.51.100.1"),
    });
    await send(api, "POST", "/api/auth/login/password", {
      json: { username: staff.email, password: staff.password },
      headers: headers("198.51.100.2"),
    });
    const seen = events();
    expect(seen.map((e) => e.event)).toEqual(["login.failed", "login.failed", "login.succeeded"]);
    expect(seen[0]).toMatchObject({ ip: "198.51.100.1", subjectId: staff.id, userAgent: "EventTest/1.0" });
    expect(seen[1].subjectId).toBeUndefined();
    expect(seen[2]).toMatchObject({ ip: "198.51.100.2", actorId: staff.id });
    for (const e of seen) expect(Math.abs(Date.parse(e.time) - Date.now())).toBeLessThan(60_000);
    expectClean();
  });

  it("logs a lock-out once, when an address+account pair is paused", async () => {
    const staff = await createStaff(api, "locked@academy.test");
    for (let i = 0; i < 12; i++)
      await send(api, "POST", "/api/auth/login/password", {
        json: { username: staff.email, password: `Wrong#Guess${i}` },
        headers: headers("198.51.100.3"),
      });
    const locks = events().filter((e) => e.event === "login.locked");
    expect(locks).toHaveLength(1);
    expect(locks[0]).toMatchObject({ ip: "198.51.100.3", subjectId: staff.id });
    expect(events().filter((e) => e.event === "login.failed")).toHaveLength(10);
    expectClean();
  });

  it("logs a reset asked for and a reset done, never the token", async () => {
    const staff = await createStaff(api, "resets@academy.test");
    await send(api, "POST", "/api/auth/password-reset", {
      json: { email: staff.email },
      headers: headers("198.51.100.4"),
    });
    const token = await resetTokenMailed(api, staff.email);
    await send(api, "PATCH", "/api/auth/password-reset", {
      json: { token, password: "New#Password2026" },
      headers: headers("198.51.100.5"),
    });
    const seen = events();
    expect(seen.map((e) => e.event)).toEqual(["password_reset.requested", "password_reset.completed"]);
    expect(seen[0]).toMatchObject({ ip: "198.51.100.4", subjectId: staff.id });
    expect(seen[1]).toMatchObject({ ip: "198.51.100.5", subjectId: staff.id });
    for (const line of lines) expect(line).not.toContain(token);
    expectClean();
  });

  it("logs who downloaded which applicant's ID document", async () => {
    const staff = await createStaff(api, "reader@academy.test");
    const cookie = await loginCookie(api, staff.email, staff.password);
    const form = new FormData();
    form.set("group", "idCards");
    form.set("file", fileOf(pdfBytes(), "nin.pdf"));
    const [stored] = (await (
      await send(api, "POST", "/api/applicant/files", {
        multipart: form,
        headers: { ...headers("198.51.100.6"), ...(await uploadTokenHeader(api)) },
      })
    ).json()) as { public_id: string }[];
    lines = [];
    const res = await send(api, "GET", `/api/files/${stored.public_id}`, { cookie, headers: headers("198.51.100.7") });
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    expect(events()).toEqual([
      expect.objectContaining({
        event: "applicant_file.downloaded",
        ip: "198.51.100.7",
        actorId: staff.id,
        subjectId: stored.public_id,
      }),
    ]);
  });

  it("logs an item deleted for good, with who did it", async () => {
    const staff = await createStaff(api, "deleter@academy.test");
    const cookie = await loginCookie(api, staff.email, staff.password);
    const created = await send(api, "POST", "/api/articles", {
      cookie,
      json: { title: "To be deleted", content: "<p>Gone.</p>" },
    });
    const { _id } = (await created.json()) as { _id: string };
    await send(api, "DELETE", `/api/articles/${_id}`, { cookie });
    lines = [];
    const gone = await send(api, "DELETE", `/api/articles/${_id}?permanent=1`, {
      cookie,
      headers: headers("198.51.100.8"),
    });
    expect(gone.status).toBe(200);
    expect(events()).toEqual([
      expect.objectContaining({
        event: "item.deleted",
        ip: "198.51.100.8",
        actorId: staff.id,
        subjectId: `article:${_id}`,
      }),
    ]);
  });
});
