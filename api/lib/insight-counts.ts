import { sql } from "kysely";

import { lagosDay } from "@domain/consent";
import type { InsightDimension } from "@domain/insights";

import { config } from "../config";
import { type DB, getDb } from "../db";
import { loggableError } from "./error-log";

// Visit counts wait in memory and are written every few seconds as one batch of upserts that add
// (docs/decisions/064-cookie-free-visit-counts.md): a page view costs a Map update, never a
// database write. Every instance adds to the same rows: `count = count + excluded.count` is one
// atomic statement on PostgreSQL (ON CONFLICT) and on SQLite (one writer at a time).

/** Distinct rows one process holds before a flush; beyond it a day's new value counts as "(other)". */
const MAX_PENDING_ROWS = 20_000;
/** Rows per INSERT statement (SQLite allows 32,766 parameters; 4 per row). */
const ROWS_PER_STATEMENT = 500;
export const OTHER_VALUE = "(other)";

type Pending = { pending: Map<string, number>; timer?: NodeJS.Timeout; flushing?: Promise<void> };
const holder = globalThis as unknown as { __academyInsightCounts?: Pending };
const state: Pending = (holder.__academyInsightCounts ??= { pending: new Map<string, number>() });

const SEP = "\u0000";

let dayCache = { until: 0, day: "" };
/** Today in Lagos, worked out at most once a second: a page view costs a clock read, not a date's formatting. */
export function countingDay(now = Date.now()) {
  if (now >= dayCache.until || now < dayCache.until - 1000)
    dayCache = { until: now + 1000, day: lagosDay(new Date(now)) };
  return dayCache.day;
}

/** Adds `n` to a day's (today's in Lagos) count of this dimension and value, in memory until the next flush. */
export function addCount(dimension: InsightDimension, value: string, n = 1, day = countingDay()) {
  if (config().VISIT_COUNTING === "0") return;
  let key = `${day}${SEP}${dimension}${SEP}${value}`;
  if (!state.pending.has(key) && state.pending.size >= MAX_PENDING_ROWS)
    key = `${day}${SEP}${dimension}${SEP}${OTHER_VALUE}`;
  state.pending.set(key, (state.pending.get(key) ?? 0) + n);
  startFlushTimer();
}

function startFlushTimer() {
  if (state.timer) return;
  state.timer = setInterval(() => {
    void flushCounts().catch((error) => console.error("[insights] flush failed", JSON.stringify(loggableError(error))));
  }, config().VISIT_FLUSH_SECONDS * 1000);
  state.timer.unref();
}

/**
 * Writes every count waiting in memory (the timer, and a stop on SIGTERM: api/instance.ts). A
 * failed write puts its counts back, to be added at the next flush; two flushes never overlap.
 */
export async function flushCounts(db?: DB) {
  while (state.flushing) await state.flushing;
  if (state.pending.size === 0) return;
  const taken = state.pending;
  state.pending = new Map();
  state.flushing = write(db ?? (await getDb()), taken)
    .catch((error: unknown) => {
      for (const [key, n] of taken) state.pending.set(key, (state.pending.get(key) ?? 0) + n);
      throw error;
    })
    .finally(() => {
      state.flushing = undefined;
    });
  await state.flushing;
}

async function write(db: DB, taken: Map<string, number>) {
  const rows = [...taken].map(([key, count]) => {
    const [day, dimension, value] = key.split(SEP) as [string, string, string];
    return { day, dimension, value, count };
  });
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    await db
      .insertInto("insight_counts")
      .values(rows.slice(i, i + ROWS_PER_STATEMENT))
      .onConflict((oc) =>
        oc.columns(["day", "dimension", "value"]).doUpdateSet({ count: sql`insight_counts.count + excluded.count` }),
      )
      .execute();
  }
}

/** Counts waiting in memory (the tests' check that a flush left nothing behind). */
export const pendingCountRows = () => state.pending.size;

/** Daily counts older than INSIGHT_KEEP_DAYS go (the retention job): one indexed range delete. */
export async function deleteCountsBefore(db: DB, day: string) {
  const gone = await db.deleteFrom("insight_counts").where("day", "<", day).executeTakeFirst();
  return Number(gone.numDeletedRows);
}
