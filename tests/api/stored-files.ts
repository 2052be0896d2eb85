import fs from "node:fs";
import path from "node:path";

import { getDb } from "../../api/db/index";
import { fileStoreKind, originals } from "../../api/storage/originals";

// What the configured file store holds (disk on SQLite, the `files` table on PostgreSQL by
// default): the suites assert on it the same way on both databases.
export async function isStored(kind: "images" | "private", key: string) {
  return (await originals(kind).get(key)) !== undefined;
}

export async function storedCount(kind: "images" | "private", dataDir: string) {
  if (fileStoreKind() === "database") {
    const db = await getDb();
    const row = await db
      .selectFrom("files")
      .select((eb) => eb.fn.countAll<string | number>().as("n"))
      .where("key", "like", `${kind}/%`)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
  const count = (dir: string): number =>
    fs.existsSync(dir)
      ? fs
          .readdirSync(dir, { withFileTypes: true })
          .reduce((n, e) => n + (e.isDirectory() ? count(path.join(dir, e.name)) : 1), 0)
      : 0;
  return count(kind === "images" ? path.join(dataDir, "images", "originals") : path.join(dataDir, "private"));
}
