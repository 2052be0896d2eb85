import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type Api, startApi } from "./harness";

// The funnel per intake reads the intake's applicants by key, through its (intake, day) index, on both
// engines (docs/decisions/064-cookie-free-visit-counts.md, 078-bounded-counts-and-the-new-lists.md).
// PostgreSQL is told not to scan the table, so its plan names the index it would use at scale.
let api: Api;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

async function plan(query: string) {
  if (!process.env.TEST_DATABASE_URL) {
    const { rows } = await sql<{ detail: string }>`explain query plan ${sql.raw(query)}`.execute(api.db);
    return rows.map((r) => r.detail).join("\n");
  }
  // Statistics as autovacuum would leave them, whatever the suite's other files wrote before.
  await sql`analyze applicants`.execute(api.db);
  return api.db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    const { rows } = await sql<{ "QUERY PLAN": string }>`explain ${sql.raw(query)}`.execute(trx);
    return rows.map((r) => r["QUERY PLAN"]).join("\n");
  });
}

describe("the funnel per intake", () => {
  it("counts an intake's applications in the range through the intake's date index", async () => {
    const p = await plan(
      "select substr(created_at, 1, 10) as day, status, count(*) as n from applicants where intake_id = 'i1' and created_at >= '2031-01-01T00:00:00.000Z' and created_at < '2031-02-01T00:00:00.000Z' group by substr(created_at, 1, 10), status",
    );
    // SQLite takes the (intake, day) index. PostgreSQL on the suite's small shared table may find it
    // and the waiting list's index (intake first too) equally cheap: either bounds the read to the
    // intake, which is what matters at scale; a date-only index or a scan does not.
    if (process.env.TEST_DATABASE_URL) expect(p, p).toMatch(/Index Cond: \(+intake_id = 'i1'/);
    else expect(p, p).toContain("applicants_intake_created");
    expect(p, p).not.toMatch(/^SCAN applicants$|Seq Scan/m);
  });

  it("reads an intake's saves by key in the counts' index", async () => {
    const p = await plan(
      "select day, count from insight_counts where dimension = 'saved_intake' and day >= '2031-01-01' and day <= '2031-01-31' and value = 'i1'",
    );
    expect(p).toMatch(/insight_counts_by_dimension|insight_counts_pk/);
    expect(p).not.toMatch(/^SCAN insight_counts$|Seq Scan/m);
  });
});
