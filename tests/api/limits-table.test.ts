import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";

import { type Api, startApi } from "./harness";

// The rate limits' table is made by the migrations (api/db/migrations.ts, 0020), not by each
// limiter on its first use: on an empty PostgreSQL database, limiters creating it at the same
// moment collided and the first sign-in of a new site could answer 500.
let api: Api;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

it("exists once the database is migrated, before any limit was counted", async () => {
  const { rows } = await sql<{ n: number }>`select count(*) as n from rate_limits`.execute(api.db);
  expect(Number(rows[0]!.n)).toBe(0);
});

it("takes the first counts of many limits at once", async () => {
  const { LIMITS, spend } = await import("../../api/limits");
  const names = Object.keys(LIMITS) as (keyof typeof LIMITS)[];
  expect(names.length).toBeGreaterThan(8);
  const results = await Promise.allSettled(names.map((name) => spend(name, "first-use@example.com", () => "over")));
  expect(results.filter((r) => r.status === "rejected")).toEqual([]);
  const { rows } = await sql<{ n: number }>`select count(*) as n from rate_limits`.execute(api.db);
  expect(Number(rows[0]!.n)).toBe(names.length);
});
