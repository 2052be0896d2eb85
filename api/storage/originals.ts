import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";

import { config } from "../config";
import { type DB, getDb } from "../db";

// Where originals live (uploaded images, applicants' private files): on this machine's disk, or
// in the database so every instance behind the proxy reads what any of them stored
// (docs/deploy.md). FILE_STORE picks; by default disk on SQLite, database on PostgreSQL.
// Generated image variants are never here: each instance keeps its own on disk, disposable.
export interface OriginalStore {
  /**
   * Stores `bytes` under `key`, replacing what was there, all at once: a failed put (the
   * iterable throws, the database refuses) leaves the previous file, or none, never part of one.
   * An iterable is read while the write is open (a transaction in the database): give it
   * bytes at hand, not a slow client's upload.
   */
  put(key: string, bytes: Buffer | AsyncIterable<Uint8Array>, options?: { mode?: number }): Promise<void>;
  /** The bytes, or undefined when nothing is stored under `key`: for callers that need them all (sharp). */
  get(key: string): Promise<Buffer | undefined>;
  /** The size and the bytes as they are read, a chunk at a time, or undefined when nothing is stored under `key`. */
  stream(key: string): Promise<StoredStream | undefined>;
  remove(key: string): Promise<void>;
  /** The file holding `key`'s bytes on this machine, for a reader that opens it itself (sharp); only a store of files has it. */
  localFile?(key: string): string;
}

export type StoredStream = { size: number; body: ReadableStream<Uint8Array> };

/** The size of a stored chunk in the database: one query reads or writes this much at most. */
export const FILE_CHUNK_BYTES = 256 * 1024;

/** Keys are the callers' checked ids (`images/<folder>/<id>`, `private/applicants/<id>`) mapped under a root. */
export class DiskOriginals implements OriginalStore {
  constructor(private root: string) {}
  private file(key: string) {
    return path.join(this.root, key);
  }
  localFile(key: string) {
    return this.file(key);
  }
  async put(key: string, bytes: Buffer | AsyncIterable<Uint8Array>, options: { mode?: number } = {}) {
    const file = this.file(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Written aside, then renamed over: a reader sees the old file or the whole new one.
    const partial = `${file}.${process.pid}.${Date.now().toString(36)}.partial`;
    try {
      await fs.writeFile(partial, bytes, options.mode ? { mode: options.mode } : undefined);
      await fs.rename(partial, file);
    } catch (error) {
      await fs.rm(partial, { force: true });
      throw error;
    }
  }
  async get(key: string) {
    try {
      return await fs.readFile(this.file(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
  }
  async stream(key: string): Promise<StoredStream | undefined> {
    // Opened first, then measured on the open descriptor: a rename over it meanwhile cannot
    // make the size and the bytes disagree.
    let handle: fs.FileHandle;
    try {
      handle = await fs.open(this.file(key), "r");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
    try {
      const { size } = await handle.stat();
      const body = Readable.toWeb(handle.createReadStream()) as unknown as ReadableStream<Uint8Array>;
      return { size, body };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }
  async remove(key: string) {
    await fs.rm(this.file(key), { force: true });
  }
}

/** Pieces of exactly `size` bytes (the last one shorter) out of whatever the source yields. */
async function* rechunk(source: Buffer | AsyncIterable<Uint8Array>, size: number): AsyncGenerator<Buffer> {
  if (Buffer.isBuffer(source)) {
    for (let at = 0; at < source.length; at += size) yield source.subarray(at, at + size);
    return;
  }
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const piece of source) {
    let rest = Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
    while (rest.length > 0) {
      const take = Math.min(size - pendingBytes, rest.length);
      pending.push(rest.subarray(0, take));
      pendingBytes += take;
      rest = rest.subarray(take);
      if (pendingBytes === size) {
        // Copied: the source may reuse its buffers once it is asked for the next piece.
        yield Buffer.concat(pending);
        pending = [];
        pendingBytes = 0;
      }
    }
  }
  if (pendingBytes > 0) yield Buffer.concat(pending);
}

/**
 * One row per original in `files` (key, size, created_at) and its bytes in `file_chunks`
 * (FILE_CHUNK_BYTES each, bytea on PostgreSQL, blob on SQLite), so a download is read and sent
 * one chunk at a time. The row and its chunks are written and removed in one transaction.
 */
export class DatabaseOriginals implements OriginalStore {
  constructor(
    private prefix: string,
    private database: () => Promise<DB> = getDb,
  ) {}

  async put(key: string, bytes: Buffer | AsyncIterable<Uint8Array>) {
    const db = await this.database();
    const stored = this.prefix + key;
    await db.transaction().execute(async (trx) => {
      // The row first (the chunks' foreign key), its size set once every chunk is in.
      await trx
        .insertInto("files")
        .values({ key: stored, size: 0, created_at: new Date().toISOString() })
        .onConflict((oc) => oc.column("key").doUpdateSet({ size: 0 }))
        .execute();
      await trx.deleteFrom("file_chunks").where("key", "=", stored).execute();
      let seq = 0;
      let size = 0;
      for await (const content of rechunk(bytes, FILE_CHUNK_BYTES)) {
        await trx.insertInto("file_chunks").values({ key: stored, seq, content }).execute();
        seq++;
        size += content.length;
      }
      await trx.updateTable("files").set({ size }).where("key", "=", stored).execute();
    });
  }

  async get(key: string) {
    const db = await this.database();
    // The row and all its chunks in one statement (one snapshot: never two files mixed), rather
    // than a query per chunk: whoever asks for the whole file holds it whole anyway.
    const rows = await db
      .selectFrom("files")
      .leftJoin("file_chunks", "file_chunks.key", "files.key")
      .select(["files.size", "file_chunks.content"])
      .where("files.key", "=", this.prefix + key)
      .orderBy("file_chunks.seq")
      .execute();
    if (rows.length === 0) return undefined;
    const bytes = Buffer.concat(rows.flatMap((r) => (r.content ? [Buffer.from(r.content)] : [])));
    // As stream() does: a lost chunk is an error, never a short file handed out as whole.
    if (bytes.length !== Number(rows[0].size)) throw new Error(`stored file ${this.prefix + key} lost chunks`);
    return bytes;
  }

  async stream(key: string): Promise<StoredStream | undefined> {
    const db = await this.database();
    const stored = this.prefix + key;
    const row = await db.selectFrom("files").select("size").where("key", "=", stored).executeTakeFirst();
    if (!row) return undefined;
    const size = Number(row.size);
    let seq = 0;
    let sent = 0;
    // One query per chunk, when the reader asks for more (pull): a slow client holds one chunk,
    // and no connection between chunks. A file replaced or removed meanwhile ends the stream in
    // an error rather than in a mix of two files or a short one sent as whole.
    const body = new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          if (sent >= size) {
            controller.close();
            return;
          }
          const chunk = await db
            .selectFrom("file_chunks")
            .select("content")
            .where("key", "=", stored)
            .where("seq", "=", seq)
            .executeTakeFirst();
          const content = chunk ? new Uint8Array(chunk.content) : undefined;
          if (!content || content.length === 0 || sent + content.length > size) {
            controller.error(new Error(`stored file ${stored} changed or lost chunk ${seq} while being read`));
            return;
          }
          seq++;
          sent += content.length;
          controller.enqueue(content);
          if (sent === size) controller.close();
        },
      },
      // Nothing read ahead: the next chunk is fetched only once this one is taken.
      { highWaterMark: 0 },
    );
    return { size, body };
  }

  async remove(key: string) {
    const db = await this.database();
    const stored = this.prefix + key;
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom("file_chunks").where("key", "=", stored).execute();
      await trx.deleteFrom("files").where("key", "=", stored).execute();
    });
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
