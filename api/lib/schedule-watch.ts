import { sql } from "kysely";

import { getDb } from "../db";
import { type ContentChange, publishContentChange } from "./content-events";
import { loggableError } from "./error-log";
import { nowIso } from "./ids";

// Visibility of a scheduled item is a query condition (lib/visibility.ts) and needs no timer.
// Copies kept by readers (the web tier's read cache) do: a list read before an item's time
// would hide it until the next write. So this announces a content change, exactly as a write
// would, whenever the set of items whose time has passed grows:
// - at the next scheduled time this process knows of (one timer, re-armed at the first call and
//   after every content write);
// - and at least every POLL_MS it looks again, for schedules written by another instance or
//   straight into the database, which this process was not told about.
// Growth is recognised by the count and latest time of the passed schedules per table.
const POLL_MS = 15_000;
type Kind = ContentChange["kind"];
type Watch = { timer?: NodeJS.Timeout; armed: boolean; passed?: string };
const holder = globalThis as unknown as { __academyScheduleWatch?: Watch };

async function look(now: string) {
  const db = await getDb();
  const passed = async (table: "courses" | "posts") => {
    const row = await db
      .selectFrom(table)
      .select([sql<string | number>`count(*)`.as("n"), sql<string | null>`max(publish_at)`.as("latest")])
      .where("trashed_at", "is", null)
      .where("publish_at", "<=", now)
      .executeTakeFirst();
    return `${row?.n ?? 0}@${row?.latest ?? ""}`;
  };
  const next = async (table: "courses" | "posts") =>
    (
      await db
        .selectFrom(table)
        .select("publish_at")
        .where("trashed_at", "is", null)
        .where("publish_at", ">", now)
        .orderBy("publish_at")
        .limit(1)
        .executeTakeFirst()
    )?.publish_at ?? undefined;
  const [coursesPassed, postsPassed, nextCourse, nextPost] = await Promise.all([
    passed("courses"),
    passed("posts"),
    next("courses"),
    next("posts"),
  ]);
  const soonest = [nextCourse, nextPost].filter((t): t is string => !!t).sort()[0];
  return { passed: { course: coursesPassed, article: postsPassed } as Record<"course" | "article", string>, soonest };
}

/** More items have passed, or a later one: something went public. (Fewer means a delete, itself a write.) */
function grew(before: string | undefined, after: string) {
  const [n0, latest0 = ""] = (before ?? "0@").split("@");
  const [n1, latest1 = ""] = after.split("@");
  return Number(n1) > Number(n0) || latest1 > latest0;
}

/** Looks at the schedule now: announces what has gone public since the last look, and sets the one timer. */
export async function rearmScheduleWatch() {
  const watch = (holder.__academyScheduleWatch ??= { armed: false });
  watch.armed = true;
  const { passed, soonest } = await look(nowIso());
  const fingerprint = JSON.stringify(passed);
  if (watch.passed !== undefined && watch.passed !== fingerprint) {
    const before = JSON.parse(watch.passed) as Record<string, string>;
    // The posts table holds articles and jobs; readers drop every copy on any change.
    for (const kind of ["course", "article"] as Kind[]) {
      if (grew(before[kind], passed[kind as "course" | "article"]))
        publishContentChange({ kind, method: "SCHEDULE", path: "/api/scheduled" });
    }
  }
  watch.passed = fingerprint;
  clearTimeout(watch.timer);
  const delay = soonest ? Math.min(Math.max(Date.parse(soonest) - Date.now(), 0) + 50, POLL_MS) : POLL_MS;
  watch.timer = setTimeout(
    () =>
      void rearmScheduleWatch().catch((error) =>
        console.error("[schedule] watch failed", JSON.stringify(loggableError(error))),
      ),
    delay,
  );
  watch.timer.unref();
}

/** Arms the watch once per process (first API call). */
export function startScheduleWatch() {
  if (holder.__academyScheduleWatch?.armed) return;
  (holder.__academyScheduleWatch ??= { armed: false }).armed = true;
  void rearmScheduleWatch().catch((error) =>
    console.error("[schedule] watch failed", JSON.stringify(loggableError(error))),
  );
}
