import { sql, type SqlBool } from "kysely";

// What visitors may see (docs/product.md §4): not in the trash, and not scheduled for later.
// Scheduling is a query condition, not a timer: an item goes public at its time even if the
// server was down then. ISO-8601 UTC text compares as time on SQLite and PostgreSQL alike.
export const isPublicAt = (now: string) =>
  sql<SqlBool>`(trashed_at is null and (publish_at is null or publish_at <= ${now}))`;

export type Visibility = "public" | "scheduled" | "trashed";

export function visibilityOf(row: { trashed_at: string | null; publish_at: string | null }, now: string): Visibility {
  if (row.trashed_at) return "trashed";
  if (row.publish_at && row.publish_at > now) return "scheduled";
  return "public";
}
