import { Hono } from "hono";

import { lagosLocalToIso } from "@domain/schedule";
import { SECURITY_LOG_DAYS } from "@domain/staff";

import type { DB } from "../db";
import { type Env, query, requirePermission } from "../http";
import { recordSecurityEvent, SECURITY_EVENT_TYPES } from "../security-events";
import { securityLogQuery } from "../validation";

// The security log for Admins (docs/security.md, "Security log"): newest first, by key (time,
// then id), filtered by person (who did it or whom it was about), event and day. Each page reads
// one index range, however long the log. The CSV export reads it page by page (the web tier).
export const securityLog = new Hono<Env>();
const admin = requirePermission("security-log");

securityLog.get("/", admin, async (c) => {
  const q = query(c, securityLogQuery);
  const db = c.get("db");
  let select = db.selectFrom("security_log").selectAll();
  if (q.event) select = select.where("event", "=", q.event);
  // Days are Lagos days, as every staff page shows time (docs/security.md, "Security log").
  if (q.from) select = select.where("at", ">=", startOfLagosDay(q.from));
  if (q.to) select = select.where("at", "<", endOfLagosDay(q.to));
  if (q.after) {
    const { at, id } = q.after;
    select = select.where((eb) => eb.or([eb("at", "<", at), eb.and([eb("at", "=", at), eb("id", "<", id)])]));
  }
  const page = (base: typeof select) => base.orderBy("at", "desc").orderBy("id", "desc").limit(q.limit);
  // A person is the actor or the subject: two index ranges, merged (an OR would scan).
  let rows;
  if (q.person) {
    const [asActor, asSubject] = await Promise.all([
      page(select.where("actor_id", "=", q.person)).execute(),
      page(select.where("subject_id", "=", q.person)).execute(),
    ]);
    const seen = new Map([...asActor, ...asSubject].map((r) => [r.id, r]));
    rows = [...seen.values()]
      .sort((a, b) => (a.at === b.at ? (a.id < b.id ? 1 : -1) : a.at < b.at ? 1 : -1))
      .slice(0, q.limit);
  } else {
    rows = await page(select).execute();
  }
  if (q.export && !q.after)
    await recordSecurityEvent({ type: "export.downloaded", actorId: c.get("user")!.id, reason: "security-log" });
  const names = await staffNames(
    db,
    rows.flatMap((r) => [r.actor_id, r.subject_id]),
  );
  return c.json({
    events: SECURITY_EVENT_TYPES,
    entries: rows.map((r) => ({
      _id: r.id,
      at: r.at,
      event: r.event,
      actorId: r.actor_id,
      actor: r.actor_id ? (names.get(r.actor_id) ?? null) : null,
      subjectId: r.subject_id,
      subject: r.subject_id ? (names.get(r.subject_id) ?? null) : null,
      reason: r.reason,
      ip: r.ip,
      userAgent: r.user_agent,
    })),
  });
});

/** The instant a Lagos day begins (checked real by the query's schema). */
const startOfLagosDay = (day: string) => lagosLocalToIso(`${day}T00:00`)!;
/** The instant after a Lagos day ends: 24 hours on (Lagos keeps no summer time), even for 9999-12-31. */
const endOfLagosDay = (day: string) => new Date(Date.parse(startOfLagosDay(day)) + 86_400_000).toISOString();

/** The names of the staff accounts among these ids (the others are files, items, invitations). */
async function staffNames(db: DB, ids: (string | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is string => !!id && /^[a-f0-9]{24}$/.test(id)))];
  if (!wanted.length) return new Map<string, string>();
  const rows = await db.selectFrom("users").select(["id", "name", "email"]).where("id", "in", wanted).execute();
  return new Map(rows.map((r) => [r.id, `${r.name} <${r.email}>`]));
}

/** Entries older than a year go (housekeeping, api/housekeeping.ts): one indexed range delete. */
export async function purgeSecurityLog(db: DB, now = Date.now()) {
  const before = new Date(now - SECURITY_LOG_DAYS * 24 * 60 * 60 * 1000).toISOString();
  await db.deleteFrom("security_log").where("at", "<", before).execute();
}
