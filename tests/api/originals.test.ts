import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

import { Kysely, Migrator, PostgresDialect, sql, SqliteDialect } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type Api, rowCount, send, signedInStaff, startApi } from "./harness";

// The database file store streams (docs/decisions/020-several-instances.md): a file's bytes are kept as chunks of
// FILE_CHUNK_BYTES in `file_chunks`, written with their `files` row in one transaction and read
// back one chunk at a time. On SQLite too: this file asks for FILE_STORE=database, so both
// databases run it (TEST_DATABASE_URL for PostgreSQL).
process.env.FILE_STORE = "database";

let api: Api;
let store: typeof import("../../api/storage/originals");
beforeAll(async () => {
  api = await startApi();
  store = await import("../../api/storage/originals");
});
afterAll(() => api.close());

/** Random bytes: a chunk stored out of order or twice would not compare equal. */
const randomBytes = (size: number) => crypto.randomBytes(size);

async function readAll(body: ReadableStream<Uint8Array>) {
  const pieces: Uint8Array[] = [];
  const reader = body.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) pieces.push(next.value);
  return pieces;
}

async function chunkRows(key: string) {
  return api.db
    .selectFrom("file_chunks")
    .select(["seq", sql<number>`length(content)`.as("bytes")])
    .where("key", "=", key)
    .orderBy("seq")
    .execute();
}

async function* piecesOf(bytes: Buffer, sizes: number[]) {
  let at = 0;
  for (let i = 0; at < bytes.length; i++) {
    const size = sizes[i % sizes.length];
    yield new Uint8Array(bytes.subarray(at, at + size));
    at += size;
  }
}

describe("the database store", () => {
  const big = randomBytes(1024 * 1024 + 3);

  it("keeps a file of several chunks byte for byte, each chunk in its own row", async () => {
    const { DatabaseOriginals, FILE_CHUNK_BYTES } = store;
    const private_ = new DatabaseOriginals("private/");
    await private_.put("applicants/aaaaaaaaaaaaaaaaaaaaaaaa", big);
    const rows = await chunkRows("private/applicants/aaaaaaaaaaaaaaaaaaaaaaaa");
    expect(rows.map((r) => [Number(r.seq), Number(r.bytes)])).toEqual([
      [0, FILE_CHUNK_BYTES],
      [1, FILE_CHUNK_BYTES],
      [2, FILE_CHUNK_BYTES],
      [3, FILE_CHUNK_BYTES],
      [4, 3],
    ]);
    const row = await api.db.selectFrom("files").selectAll().where("key", "like", "private/%").execute();
    expect(row.map((r) => [r.key, Number(r.size)])).toEqual([
      ["private/applicants/aaaaaaaaaaaaaaaaaaaaaaaa", big.length],
    ]);
    expect((await private_.get("applicants/aaaaaaaaaaaaaaaaaaaaaaaa"))!.equals(big)).toBe(true);
  });

  it("streams a file one chunk at a time, the size first", async () => {
    const { DatabaseOriginals, FILE_CHUNK_BYTES } = store;
    const images = new DatabaseOriginals("images/");
    await images.put("misc/streamed", big);
    const stored = (await images.stream("misc/streamed"))!;
    expect(stored.size).toBe(big.length);
    const pieces = await readAll(stored.body);
    expect(pieces.map((p) => p.length)).toEqual([...Array(4).fill(FILE_CHUNK_BYTES), 3]);
    expect(Buffer.concat(pieces).equals(big)).toBe(true);
  });

  it("reads a chunk only when the reader asks for it", async () => {
    const { DatabaseOriginals } = store;
    const images = new DatabaseOriginals("images/");
    await images.put("misc/lazy", big);
    const reader = (await images.stream("misc/lazy"))!.body.getReader();
    const first = await reader.read();
    expect(Buffer.from(first.value!).equals(big.subarray(0, first.value!.length))).toBe(true);
    // Gone after the first chunk was sent: a stream that had read the whole file up front
    // would still answer all of it; this one fails rather than end short.
    await images.remove("misc/lazy");
    await expect(reader.read()).rejects.toThrow(/changed or lost chunk 1/);
  });

  it("answers undefined for a key with nothing stored, and an empty file as empty", async () => {
    const { DatabaseOriginals } = store;
    const images = new DatabaseOriginals("images/");
    expect(await images.get("misc/none")).toBeUndefined();
    expect(await images.stream("misc/none")).toBeUndefined();
    await images.put("misc/empty", Buffer.alloc(0));
    expect((await images.get("misc/empty"))!.length).toBe(0);
    const stored = (await images.stream("misc/empty"))!;
    expect(stored.size).toBe(0);
    expect(await readAll(stored.body)).toEqual([]);
    expect(await chunkRows("images/misc/empty")).toEqual([]);
  });

  it("takes the bytes as an iterable of pieces of any size, and stores them in whole chunks", async () => {
    const { DatabaseOriginals, FILE_CHUNK_BYTES } = store;
    const images = new DatabaseOriginals("images/");
    await images.put("misc/pieces", piecesOf(big, [1000, 300 * 1024, 7, 64 * 1024]));
    const rows = await chunkRows("images/misc/pieces");
    expect(rows.map((r) => Number(r.bytes))).toEqual([...Array(4).fill(FILE_CHUNK_BYTES), 3]);
    expect((await images.get("misc/pieces"))!.equals(big)).toBe(true);
  });

  it("replaces a file whole: no chunk of the longer one before is left", async () => {
    const { DatabaseOriginals } = store;
    const images = new DatabaseOriginals("images/");
    await images.put("misc/replaced", big);
    const small = randomBytes(10);
    await images.put("misc/replaced", small);
    expect((await images.get("misc/replaced"))!.equals(small)).toBe(true);
    expect((await chunkRows("images/misc/replaced")).length).toBe(1);
  });

  it("leaves no row and no chunk when a put fails part-way, and the previous file when there was one", async () => {
    const { DatabaseOriginals } = store;
    const images = new DatabaseOriginals("images/");
    async function* failing() {
      yield new Uint8Array(big.subarray(0, 600 * 1024));
      throw new Error("the source broke");
    }
    await expect(images.put("misc/failed", failing())).rejects.toThrow("the source broke");
    expect(await images.get("misc/failed")).toBeUndefined();
    expect(await api.db.selectFrom("files").select("key").where("key", "=", "images/misc/failed").execute()).toEqual(
      [],
    );
    expect(await chunkRows("images/misc/failed")).toEqual([]);

    const before = randomBytes(300 * 1024);
    await images.put("misc/kept", before);
    await expect(images.put("misc/kept", failing())).rejects.toThrow("the source broke");
    expect((await images.get("misc/kept"))!.equals(before)).toBe(true);
    expect((await chunkRows("images/misc/kept")).length).toBe(2);
  });

  it("removes the row and every chunk", async () => {
    const { DatabaseOriginals } = store;
    const images = new DatabaseOriginals("images/");
    await images.put("misc/removed", big);
    await images.remove("misc/removed");
    expect(await images.get("misc/removed")).toBeUndefined();
    expect(await chunkRows("images/misc/removed")).toEqual([]);
    expect(await api.db.selectFrom("files").select("key").where("key", "=", "images/misc/removed").execute()).toEqual(
      [],
    );
  });
});

describe("the disk store", () => {
  it("streams a file byte for byte and writes all or nothing", async () => {
    const { DiskOriginals } = store;
    const disk = new DiskOriginals(path.join(api.dataDir, "disk-originals"));
    const bytes = randomBytes(1024 * 1024 + 3);
    await disk.put("misc/a", piecesOf(bytes, [100 * 1024, 5]));
    const stored = (await disk.stream("misc/a"))!;
    expect(stored.size).toBe(bytes.length);
    expect(Buffer.concat(await readAll(stored.body)).equals(bytes)).toBe(true);
    expect(await disk.stream("misc/none")).toBeUndefined();

    async function* failing() {
      yield new Uint8Array(bytes.subarray(0, 1000));
      throw new Error("the source broke");
    }
    await expect(disk.put("misc/a", failing())).rejects.toThrow("the source broke");
    expect((await disk.get("misc/a"))!.equals(bytes)).toBe(true);
    await expect(disk.put("misc/b", failing())).rejects.toThrow("the source broke");
    expect(await disk.get("misc/b")).toBeUndefined();
    expect(fs.readdirSync(path.join(api.dataDir, "disk-originals", "misc"))).toEqual(["a"]);
  });
});

describe("an applicant's file download", () => {
  it("sends a file of several chunks byte for byte, with its headers", async () => {
    const { cookie } = await signedInStaff(api);
    const { writePrivateFile } = await import("../../api/storage/private-files");
    const publicId = "applicants/0123456789abcdef0123abcd";
    const bytes = Buffer.concat([Buffer.from("%PDF-1.4\n"), randomBytes(1024 * 1024 + 3 - 9)]);
    await api.db
      .insertInto("private_files")
      .values({
        public_id: publicId,
        applicant_id: null,
        file_group: "idCards",
        original_name: "big scan.pdf",
        content_type: "application/pdf",
        size: bytes.length,
        created_at: new Date().toISOString(),
      })
      .execute();
    await writePrivateFile(publicId, bytes);
    expect(await rowCount(api, "file_chunks")).toBeGreaterThanOrEqual(5);

    const res = await send(api, "GET", `/api/files/${publicId}`, { cookie });
    expect(res.status).toBe(200);
    expect(Object.fromEntries(res.headers)).toMatchObject({
      "content-type": "application/pdf",
      "content-length": String(bytes.length),
      "content-disposition": 'attachment; filename="big_scan.pdf"',
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    });
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    expect((await send(api, "GET", `/api/files/${publicId}`)).status).toBe(401);

    // Sent as read: with a chunk lost after the first, the answer has already begun (200, the
    // stored size) and then breaks off. A route that read the whole file first would answer 500.
    await api.db.deleteFrom("file_chunks").where("key", "=", `private/${publicId}`).where("seq", "=", 2).execute();
    const broken = await send(api, "GET", `/api/files/${publicId}`, { cookie });
    expect(broken.status).toBe(200);
    expect(broken.headers.get("content-length")).toBe(String(bytes.length));
    await expect(broken.arrayBuffer()).rejects.toThrow();
  });
});

describe("migration 0007", () => {
  // A database of its own at migration 0006 (a SQLite file, or a PostgreSQL schema), given a
  // `files` row in the old shape (content in the row), then migrated to the latest.
  const schema = "stream_migration_test";
  let db: Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  let migrator: Migrator;
  beforeAll(async () => {
    const { migrationProvider } = await import("../../api/db/migrations");
    const url = process.env.TEST_DATABASE_URL;
    if (url) {
      const { default: pg } = await import("pg");
      const setup = new pg.Client({ connectionString: url });
      await setup.connect();
      await setup.query(`drop schema if exists ${schema} cascade; create schema ${schema}`);
      await setup.end();
      const pool = new pg.Pool({ connectionString: url, max: 2, options: `-c search_path=${schema}` });
      db = new Kysely({ dialect: new PostgresDialect({ pool }) });
      migrator = new Migrator({ db, provider: migrationProvider, migrationTableSchema: schema });
    } else {
      const { default: SQLite } = await import("better-sqlite3");
      const sqlite = new SQLite(path.join(api.dataDir, "migration.sqlite"));
      sqlite.pragma("foreign_keys = ON");
      // Every SQLite connection that writes registers the search functions (api/db/index.ts).
      (await import("../../api/lib/search")).registerSqliteSearch(sqlite);
      db = new Kysely({ dialect: new SqliteDialect({ database: sqlite }) });
      migrator = new Migrator({ db, provider: migrationProvider });
    }
  });
  afterAll(async () => {
    if (process.env.TEST_DATABASE_URL) await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db);
    await db.destroy();
  });

  it("moves every file's content into chunks and drops the old column", async () => {
    const { DatabaseOriginals, FILE_CHUNK_BYTES } = store;
    expect((await migrator.migrateTo("0006_contact_read")).error).toBeUndefined();
    const old = {
      big: randomBytes(2 * FILE_CHUNK_BYTES + 5),
      exact: randomBytes(FILE_CHUNK_BYTES),
      small: randomBytes(9),
    };
    const created = "2025-01-02T03:04:05.000Z";
    for (const [name, content] of [...Object.entries(old), ["empty", Buffer.alloc(0)] as const]) {
      await db
        .insertInto("files")
        .values({ key: `private/${name}`, content, size: content.length, created_at: created })
        .execute();
    }

    const { error, results } = await migrator.migrateToLatest();
    expect(error).toBeUndefined();
    expect(results!.map((r) => [r.migrationName, r.status])).toContainEqual(["0007_stream_file_chunks", "Success"]);

    const rows = await db.selectFrom("files").selectAll().orderBy("key").execute();
    expect(rows.map((r) => ({ ...r, size: Number(r.size) }))).toEqual([
      { key: "private/big", size: old.big.length, created_at: created },
      { key: "private/empty", size: 0, created_at: created },
      { key: "private/exact", size: FILE_CHUNK_BYTES, created_at: created },
      { key: "private/small", size: 9, created_at: created },
    ]);
    const chunks = await db
      .selectFrom("file_chunks")
      .select(["key", "seq", sql<number>`length(content)`.as("bytes")])
      .orderBy("key")
      .orderBy("seq")
      .execute();
    expect(chunks.map((c) => [c.key, Number(c.seq), Number(c.bytes)])).toEqual([
      ["private/big", 0, FILE_CHUNK_BYTES],
      ["private/big", 1, FILE_CHUNK_BYTES],
      ["private/big", 2, 5],
      ["private/exact", 0, FILE_CHUNK_BYTES],
      ["private/small", 0, 9],
    ]);

    // Read back through the store, as the download route does.
    const migrated = new DatabaseOriginals("private/", async () => db);
    for (const [name, content] of Object.entries(old)) {
      expect((await migrated.get(name))!.equals(content)).toBe(true);
      const stored = (await migrated.stream(name))!;
      expect(stored.size).toBe(content.length);
      expect(Buffer.concat(await readAll(stored.body)).equals(content)).toBe(true);
    }
    expect((await migrated.get("empty"))!.length).toBe(0);
    await migrated.put("new", old.big);
    expect((await migrated.get("new"))!.equals(old.big)).toBe(true);
  });
});
