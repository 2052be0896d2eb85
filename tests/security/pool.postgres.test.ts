import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type Api, send, sleep, startApi } from "../api/harness";

// Item 8 (PostgreSQL only; in the run when TEST_DATABASE_URL is set): the server ends the API's
// idle connections (pg_terminate_backend, as a restart or a proxy timeout would). The pool's
// 'error' event used to end the process; now the next request simply opens a new connection.
let api: Api;
beforeAll(async () => {
  api = await startApi({ rateLimitFactor: 1 });
});
afterAll(() => api.close());

describe("PostgreSQL connections ended by the server", () => {
  it("survives its idle connections being terminated, and the next requests work", async () => {
    expect(process.env.DATABASE_URL).toMatch(/^postgres/);
    // Several idle connections in the pool.
    await Promise.all(Array.from({ length: 5 }, () => send(api, "GET", "/api/courses")));
    const pg = await import("pg");
    const killer = new pg.default.Client({ connectionString: process.env.DATABASE_URL });
    await killer.connect();
    const { rows } = await killer.query(
      "select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and usename = current_user",
    );
    await killer.end();
    expect(rows.length).toBeGreaterThan(0);
    const errors: unknown[] = [];
    const onError = (error: unknown) => errors.push(error);
    process.on("uncaughtException", onError);
    try {
      await sleep(300); // the 'error' events arrive
      for (let i = 0; i < 3; i++) expect((await send(api, "GET", "/api/courses")).status).toBe(200);
      const contact = await send(api, "POST", "/api/contact", {
        json: {
          fullname: "Ada Obi",
          email: "ada@example.com",
          phone: "08012345678",
          issue: 1,
          message: "After the restart.",
        },
      });
      expect(contact.status).toBe(201);
      expect(
        Number((await sql<{ n: string }>`select count(*) as n from contact_messages`.execute(api.db)).rows[0].n),
      ).toBe(1);
    } finally {
      process.off("uncaughtException", onError);
    }
    expect(errors).toEqual([]);
  });
});
