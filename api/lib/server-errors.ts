import { sql } from "kysely";

import { lagosDay } from "@domain/consent";

import { firstErrorOfRequest } from "../client-ip";
import { config } from "../config";
import { type DB, getDb } from "../db";
import { queueMail } from "../mail";
import { newServerErrorKindMail } from "../mail/ops-mails";
import { loggableError } from "./error-log";
import { newId, nowIso } from "./ids";
import { countServerError, routeLabel } from "./metrics";

// The server errors Admins see at /admin/errors (docs/decisions/056-metrics-and-errors-staff-see.md),
// recorded where the log line is written (the API's onError, the web tier's handleError), once per
// request. What is kept is what the log keeps, less: the kind, the route pattern, the masked
// message, the request id. Never the path, the query, a body, a name or a token.

const DAY_MS = 24 * 60 * 60 * 1000;
/** Errors kept for the list, and day counts kept (the housekeeping removes older ones). */
export const SERVER_ERRORS_KEPT_DAYS = 30;
export const SERVER_ERROR_DAYS_KEPT = 90;
/** The list shows this many, newest first; the counts, this many days. */
const LISTED = 50;
const COUNTED_DAYS = 14;

/** An error's kind: its class and, when it has one, its code (`SqliteError SQLITE_ERROR`, `error 23505`). */
export function errorKind(error: unknown) {
  const described = loggableError(error);
  const code = typeof described.code === "string" ? ` ${described.code}` : "";
  return `${String(described.kind)}${code}`.slice(0, 80);
}

/**
 * Records an unexpected error of the request being served, in the background: the answer does
 * not wait for it, and a failure to record (the database being what failed) is only logged.
 */
export function recordServerError(error: unknown) {
  const request = firstErrorOfRequest();
  if (!request) return;
  const kind = errorKind(error);
  countServerError(kind);
  const row = {
    id: newId(),
    at: nowIso(),
    request_id: request.requestId?.slice(0, 64) ?? null,
    route: request.path ? routeLabel(request.path) : "(background)",
    kind,
    message: String(loggableError(error).message ?? "").slice(0, 300),
  };
  void store(row).catch((failure) =>
    console.error("[errors] could not record a server error", JSON.stringify(loggableError(failure))),
  );
}

type Row = { id: string; at: string; request_id: string | null; route: string; kind: string; message: string };

/**
 * What is counted and mailed about: an error's kind where it happened (`SyntaxError on /course/new`).
 * The same class of error on another page is another fault, and its own news.
 */
const kindOnRoute = (row: Pick<Row, "kind" | "route">) => `${row.kind} on ${row.route}`.slice(0, 200);

async function store(error: Row) {
  const db = await getDb();
  const row = { ...error, kind: kindOnRoute(error) };
  const day = lagosDay(new Date(row.at));
  const yesterday = lagosDay(new Date(Date.parse(row.at) - DAY_MS));
  await db.insertInto("server_errors").values(error).execute();
  await db
    .insertInto("server_error_days")
    .values({ day, kind: row.kind, count: 1 })
    .onConflict((oc) => oc.columns(["day", "kind"]).doUpdateSet({ count: sql`server_error_days.count + 1` }))
    .execute();
  const known = await db
    .selectFrom("server_error_kinds")
    .select("last_seen_day")
    .where("kind", "=", row.kind)
    .executeTakeFirst();
  if (!known) {
    await db
      .insertInto("server_error_kinds")
      .values({ kind: row.kind, first_seen_at: row.at, last_seen_day: day, last_mailed_day: null })
      .onConflict((oc) => oc.column("kind").doNothing())
      .execute();
  } else if (known.last_seen_day !== day) {
    await db.updateTable("server_error_kinds").set({ last_seen_day: day }).where("kind", "=", row.kind).execute();
  }
  // New: never seen, or not seen yesterday nor earlier today. One mail a day per kind at most,
  // claimed by one conditional update, so two instances meeting it at once send one.
  const isNew = !known || (known.last_seen_day !== day && known.last_seen_day < yesterday);
  if (isNew) await mailAdmins(db, row, day);
}

async function mailAdmins(db: DB, row: Row, day: string) {
  await db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable("server_error_kinds")
      .set({ last_mailed_day: day })
      .where("kind", "=", row.kind)
      .where((eb) => eb.or([eb("last_mailed_day", "is", null), eb("last_mailed_day", "<>", day)]))
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return;
    const admins = await trx
      .selectFrom("users")
      .select("email")
      .where("role", "=", "admin")
      .where("deactivated_at", "is", null)
      .execute();
    const mail = newServerErrorKindMail({
      kind: row.kind,
      route: row.route,
      at: row.at,
      requestId: row.request_id,
      message: row.message,
      page: `${config().PUBLIC_URL}/admin/errors`,
    });
    for (const admin of admins) await queueMail(trx, { to: admin.email, ...mail });
  });
}

/** The last errors, newest first, and the count per day and kind over the last two weeks. */
export async function serverErrorReport(db: DB) {
  const since = lagosDay(new Date(Date.now() - (COUNTED_DAYS - 1) * DAY_MS));
  const [errors, days] = await Promise.all([
    db
      .selectFrom("server_errors")
      .select(["id", "at", "request_id", "route", "kind", "message"])
      .orderBy("at", "desc")
      .orderBy("id", "desc")
      .limit(LISTED)
      .execute(),
    db
      .selectFrom("server_error_days")
      .select(["day", "kind", "count"])
      .where("day", ">=", since)
      .orderBy("day", "desc")
      .orderBy("kind")
      .limit(COUNTED_DAYS * 50)
      .execute(),
  ]);
  return {
    errors: errors.map((e) => ({
      id: e.id,
      at: e.at,
      requestId: e.request_id,
      route: e.route,
      kind: e.kind,
      message: e.message,
    })),
    days: days.map((d) => ({ day: d.day, kind: d.kind, count: Number(d.count) })),
  };
}

/** The housekeeping's share: errors over a month old, day counts over three months. */
export async function purgeServerErrors(db: DB) {
  await db
    .deleteFrom("server_errors")
    .where("at", "<", new Date(Date.now() - SERVER_ERRORS_KEPT_DAYS * DAY_MS).toISOString())
    .execute();
  await db
    .deleteFrom("server_error_days")
    .where("day", "<", lagosDay(new Date(Date.now() - SERVER_ERROR_DAYS_KEPT * DAY_MS)))
    .execute();
}
