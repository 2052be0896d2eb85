import { sql, type SqlBool } from "kysely";

// What visitors may see (docs/product.md §4): not in the trash, and not scheduled for later.
// Scheduling is a query condition, not a timer: an item goes public at its time even if the
// server was down then. ISO-8601 UTC text compares as time on SQLite and PostgreSQL alike.
// `coalesce(trashed_at, '') = ''` says "not trashed" in a form no index on trashed_at answers:
// nearly every row is untrashed, and SQLite (without statistics) would otherwise pick that index
// and sort the whole table, instead of reading a list's own index in order
// (docs/decisions/027-keyset-paging-search-sitemap.md).
export const isPublicAt = (now: string) =>
  sql<SqlBool>`(coalesce(trashed_at, '') = '' and (publish_at is null or publish_at <= ${now}))`;

export type Visibility = "public" | "scheduled" | "trashed";

export function visibilityOf(row: { trashed_at: string | null; publish_at: string | null }, now: string): Visibility {
  if (row.trashed_at) return "trashed";
  if (row.publish_at && row.publish_at > now) return "scheduled";
  return "public";
}
