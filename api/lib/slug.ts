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

/** Finds a slug not yet taken: "title", then "title-2", "title-3"… */
export async function uniqueSlug(title: string, isTaken: (slug: string) => Promise<boolean>) {
  const base = slugify(title);
  for (let n = 1; n < 1000; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!(await isTaken(candidate))) return candidate;
  }
  throw new Error("could not find a free slug");
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
