import type { Transaction } from "kysely";

import type { DB } from "../db";
import type { Database } from "../db/schema";

export function slugify(title: string) {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/g, "");
  return slug || "item";
}

/**
 * The first free slug of "title", "title-2", "title-3"… picked from the slugs already taken,
 * given in one list (one query): titles in other scripts all slug to "item", and probing item-2,
 * item-3… one query each inside a transaction made every such title slower than the last.
 */
export function nextFreeSlug(base: string, taken: Iterable<string>) {
  const used = new Set<number>();
  for (const slug of taken) {
    if (slug === base) used.add(1);
    else if (slug.startsWith(`${base}-`) && /^[1-9]\d{0,8}$/.test(slug.slice(base.length + 1)))
      used.add(Number(slug.slice(base.length + 1)));
  }
  if (!used.has(1)) return base;
  let next = 2;
  while (used.has(next)) next++;
  return `${base}-${next}`;
}

/** Finds a slug not yet taken: "title", then "title-2", "title-3"… (`taken`: the slugs like it, in one call). */
export async function uniqueSlug(title: string, taken: (base: string) => Promise<string[]>) {
  const base = slugify(title);
  return nextFreeSlug(base, await taken(base));
}

/** A unique-index violation, as better-sqlite3 and node-postgres report it. */
export function isUniqueViolation(error: unknown) {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE";
}

/**
 * Runs a transaction that picks a slug and writes it, again if another writer took the same
 * slug meanwhile: on PostgreSQL two transactions can both see a slug as free, and the second
 * insert then fails on the unique index. The retry sees the first one's row and moves on.
 */
export async function withSlugRetry<T>(work: () => Promise<T>, attempts = 10): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !isUniqueViolation(error)) throw error;
    }
  }
}

/** A slug for `title` that no other row of `table` holds (`exceptId`: the row being renamed), in one query. */
export function freeSlug(db: DB | Transaction<Database>, table: "courses" | "posts", title: string, exceptId?: string) {
  return uniqueSlug(title, async (base) => {
    // Slugs hold only a-z, 0-9 and "-": no LIKE wildcard can appear in `base`.
    let taken = db
      .selectFrom(table)
      .select("slug")
      .where((eb) => eb.or([eb("slug", "=", base), eb("slug", "like", `${base}-%`)]));
    if (exceptId) taken = taken.where("id", "!=", exceptId);
    return (await taken.execute()).map((r) => r.slug);
  });
}
