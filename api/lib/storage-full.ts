/**
 * Whether a write failed for lack of space: the disk or a quota (ENOSPC, EDQUOT), SQLite's
 * SQLITE_FULL (disk full, or the database at its size limit), PostgreSQL's disk_full (53100).
 */
export function isStorageFull(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === "ENOSPC" || code === "EDQUOT" || code === "SQLITE_FULL" || code === "53100") return true;
  const cause = (error as { cause?: unknown } | null)?.cause;
  return cause !== undefined && cause !== error && isStorageFull(cause);
}
