import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type Api, minutesAgo, rowCount, send, signedInStaff, startApi } from "../api/harness";

// Item 12: sessions end when idle; ended sessions and spent reset tokens are purged on a timer;
// staff data is never stored by a cache.
let api: Api;
let staff: Awaited<ReturnType<typeof signedInStaff>>;
beforeAll(async () => {
  api = await startApi({ rateLimitFactor: 1 });
  staff = await signedInStaff(api);
});
afterAll(() => api.close());

const hour = 60 * 60 * 1000;
const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();

describe("sessions", () => {
  it("ends a browser session left idle for 2 hours, though it is younger than a day", async () => {
    const { loginCookie } = await import("../api/harness");
    const cookie = await loginCookie(api, staff.email, staff.password);
    expect((await send(api, "GET", "/api/auth/isloggedin", { cookie })).status).toBe(200);
    // Last used 2 hours and a minute ago: its end passed a minute ago.
    await api.db
      .updateTable("sessions")
      .set({ expires_at: minutesAgo(1), created_at: minutesAgo(121) })
      .execute();
    expect((await send(api, "GET", "/api/auth/isloggedin", { cookie })).status).toBe(401);
  });

  it("moves a used session's end forward, never past its absolute lifetime", async () => {
    const { loginCookie } = await import("../api/harness");
    const cookie = await loginCookie(api, staff.email, staff.password);
    const { hashSecret } = await import("../../api/lib/ids");
    const id = hashSecret(decodeURIComponent(cookie.split("=")[1]));
    await api.db
      .updateTable("sessions")
      .set({ expires_at: inMs(hour), created_at: minutesAgo(60) })
      .where("id_hash", "=", id)
      .execute();
    expect((await send(api, "GET", "/api/auth/isloggedin", { cookie })).status).toBe(200);
    const extended = await api.db
      .selectFrom("sessions")
      .select("expires_at")
      .where("id_hash", "=", id)
      .executeTakeFirstOrThrow();
    expect(Date.parse(extended.expires_at) - Date.now()).toBeGreaterThan(2 * hour - 60_000);
    // Near the end of its day, use extends it only to the day's end.
    await api.db
      .updateTable("sessions")
      .set({ expires_at: inMs(10 * 60_000), created_at: minutesAgo(23 * 60 + 30) })
      .where("id_hash", "=", id)
      .execute();
    expect((await send(api, "GET", "/api/auth/isloggedin", { cookie })).status).toBe(200);
    const capped = await api.db
      .selectFrom("sessions")
      .select("expires_at")
      .where("id_hash", "=", id)
      .executeTakeFirstOrThrow();
    expect(Date.parse(capped.expires_at) - Date.now()).toBeLessThanOrEqual(30 * 60_000);
    expect(Date.parse(capped.expires_at) - Date.now()).toBeGreaterThan(25 * 60_000);
  });

  it("purges ended sessions and spent or expired reset tokens on the housekeeping timer, keeping live ones", async () => {
    await api.db.deleteFrom("sessions").execute();
    const live = await signedInStaff(api, "live@academy.test");
    await api.db
      .insertInto("sessions")
      .values({
        id_hash: "ended",
        user_id: live.id,
        persistent: 0,
        expires_at: minutesAgo(1),
        created_at: minutesAgo(200),
      })
      .execute();
    await api.db
      .insertInto("password_resets")
      .values([
        {
          token_hash: "expired",
          user_id: live.id,
          expires_at: minutesAgo(1),
          used_at: null,
          created_at: minutesAgo(61),
        },
        {
          token_hash: "used",
          user_id: live.id,
          expires_at: inMs(hour),
          used_at: minutesAgo(1),
          created_at: minutesAgo(5),
        },
        { token_hash: "fresh", user_id: live.id, expires_at: inMs(hour), used_at: null, created_at: minutesAgo(1) },
      ])
      .execute();
    const { runHousekeeping, startHousekeeping, HOUSEKEEPING_EVERY_MS } = await import("../../api/housekeeping");
    expect(HOUSEKEEPING_EVERY_MS).toBe(10 * 60 * 1000);
    startHousekeeping(); // started already by the first call; idempotent
    await runHousekeeping();
    expect((await api.db.selectFrom("sessions").select("id_hash").execute()).map((r) => r.id_hash)).not.toContain(
      "ended",
    );
    expect(await rowCount(api, "sessions")).toBe(1);
    expect(
      (await api.db.selectFrom("password_resets").select("token_hash").execute()).map((r) => r.token_hash),
    ).toEqual(["fresh"]);
    expect((await send(api, "GET", "/api/auth/isloggedin", { cookie: live.cookie })).status).toBe(200);
  });

  it.each(["/api/applicants", "/api/contact", "/api/auth/isloggedin"])(
    "answers staff data %s with Cache-Control: no-store",
    async (path) => {
      const live = await signedInStaff(api, `nostore${path.length}@academy.test`);
      const res = await send(api, "GET", path, { cookie: live.cookie });
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toMatch(/no-store/);
    },
  );
});
