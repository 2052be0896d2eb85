import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type Api, startApi } from "./harness";

// The payments page's lists read by key through an index on both engines, whatever the table's
// size (docs/decisions/078-bounded-counts-and-the-new-lists.md). PostgreSQL is told not to scan
// the table, so its plan names the index it would use at scale even on the test's few rows.
let api: Api;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

const onPostgres = () => !!process.env.TEST_DATABASE_URL;

async function plan(query: string, { bitmapOnly = false } = {}) {
  if (!onPostgres()) {
    const { rows } = await sql<{ detail: string }>`explain query plan ${sql.raw(query)}`.execute(api.db);
    return rows.map((r) => r.detail).join("\n");
  }
  return api.db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    // With a few rows, walking the newest-first index and filtering is as cheap as anything, and
    // the planner's choice then depends on what earlier tests left in the table: asking for
    // bitmap scans only shows whether an index serves each side of the OR.
    if (bitmapOnly) await sql`set local enable_indexscan = off`.execute(trx);
    const { rows } = await sql<{ "QUERY PLAN": string }>`explain ${sql.raw(query)}`.execute(trx);
    return rows.map((r) => r["QUERY PLAN"]).join("\n");
  });
}

describe("the payments page's lists", () => {
  it("reads the refunds due newest first by key, through their own index", async () => {
    const p = await plan(
      "select * from payments where refund_due = 1 and ((created_at, id) < ('2026-11-01', 'z')) order by created_at desc, id desc limit 51",
    );
    expect(p).toContain("payments_refund_due_created");
    expect(p).not.toMatch(/TEMP B-TREE|Sort/);
  });

  it("finds a payment by its reference or a transfer's reference without reading the table", async () => {
    const p = await plan(
      "select * from payments where (reference = 'x' or transfer_reference = 'x') order by created_at desc, id desc limit 51",
      { bitmapOnly: true },
    );
    expect(p).toContain("payments_transfer_reference");
    expect(p).not.toMatch(/^SCAN payments$|Seq Scan/m);
  });
});
