import { type SelectQueryBuilder, sql } from "kysely";

import type { DB } from "../db";

/**
 * The most a staff page's "new" badge counts before it says "999+": a count that stops at a bound
 * reads at most this many index entries, however large the table grows
 * (docs/decisions/078-bounded-counts-and-the-new-lists.md).
 */
export const COUNT_BOUND = 999;

/**
 * Counts the rows `rows` selects, stopping after COUNT_BOUND + 1 of them: `n` is at most COUNT_BOUND
 * and `more` says there were more. `rows` should be answered by an index on its conditions.
 */
export async function boundedCount<D, TB extends keyof D, O>(db: DB, rows: SelectQueryBuilder<D, TB, O>) {
  const inner = rows
    .clearSelect()
    .select(sql<number>`1`.as("one"))
    .limit(COUNT_BOUND + 1);
  const { rows: answer } = await sql<{
    n: string | number;
  }>`select count(*) as n from (${inner}) as bounded`.execute(db);
  const n = Number(answer[0]?.n ?? 0);
  return { n: Math.min(n, COUNT_BOUND), more: n > COUNT_BOUND };
}
