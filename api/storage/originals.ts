import fs from "node:fs/promises";
import path from "node:path";
import { config } from "../config";
import { getDb } from "../db";

// Where originals live (uploaded images, applicants' private files): on this machine's disk, or
// in the database so every instance behind the proxy reads what any of them stored
// (docs/deploy.md). FILE_STORE picks; by default disk on SQLite, database on PostgreSQL.
// Generated image variants are never here: each instance keeps its own on disk, disposable.
export interface OriginalStore {
  put(key: string, bytes: Buffer, options?: { mode?: number }): Promise<void>;
  /** The bytes, or undefined when nothing is stored under `key`. */
  get(key: string): Promise<Buffer | undefined>;
  remove(key: string): Promise<void>;
}

/** Keys are the callers' checked ids (`images/<folder>/<id>`, `private/applicants/<id>`) mapped under a root. */
export class DiskOriginals implements OriginalStore {
  constructor(private root: string) {}
  private file(key: string) {
    return path.join(this.root, key);
  }
  async put(key: string, bytes: Buffer, options: { mode?: number } = {}) {
    const file = this.file(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, bytes, options.mode ? { mode: options.mode } : undefined);
  }
  async get(key: string) {
    try {
      return await fs.readFile(this.file(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
  }
  async remove(key: string) {
    await fs.rm(this.file(key), { force: true });
  }
}

/** One row per original in the `files` table (bytea on PostgreSQL, blob on SQLite). */
export class DatabaseOriginals implements OriginalStore {
  constructor(private prefix: string) {}
  async put(key: string, bytes: Buffer) {
    const db = await getDb();
    const row = { key: this.prefix + key, content: bytes, size: bytes.length, created_at: new Date().toISOString() };
    await db
      .insertInto("files")
      .values(row)
      .onConflict((oc) => oc.column("key").doUpdateSet({ content: bytes, size: bytes.length }))
      .execute();
  }
  async get(key: string) {
    const db = await getDb();
    const row = await db
      .selectFrom("files")
      .select("content")
      .where("key", "=", this.prefix + key)
      .executeTakeFirst();
    return row ? Buffer.from(row.content) : undefined;
  }
  async remove(key: string) {
    const db = await getDb();
    await db
      .deleteFrom("files")
      .where("key", "=", this.prefix + key)
      .execute();
  }
}

export function fileStoreKind(): "disk" | "database" {
  const { FILE_STORE, DATABASE_URL } = config();
  return FILE_STORE ?? (DATABASE_URL ? "database" : "disk");
}

/** The store for one kind of original: `images` (editors' uploads) or `private` (applicants' files). */
export function originals(kind: "images" | "private"): OriginalStore {
  if (fileStoreKind() === "database") return new DatabaseOriginals(`${kind}/`);
  // The disk layout of before (data/images/originals, data/private), so existing files stay found.
  const dataDir = config().dataDir;
  return new DiskOriginals(
    kind === "images" ? path.join(dataDir, "images", "originals") : path.join(dataDir, "private"),
  );
}
