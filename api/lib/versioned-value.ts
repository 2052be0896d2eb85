import type { DB } from "../db";
import { newId, nowIso } from "./ids";

// A value staff edit as a whole and may bring back: the academy's settings (docs/decisions/060)
// and the page content (docs/decisions/070). Each lives as one JSON row with its version, and
// every save as a revision; both pairs of tables have the same columns.

/** Where a value is stored: its table, its revisions' table, its row's name, and its seed as JSON. */
export type ValueStore = {
  table: "site_settings" | "page_content";
  revisions: "settings_revisions" | "page_content_revisions";
  name: string;
  seed: string;
};

/**
 * Saves the next version in one transaction that first locks the row, so two people saving at
 * once each become a version and neither is lost. `next` reads the stored value (JSON) and answers
 * the value to store and what changed; nothing changed: nothing written. The seed becomes version 0
 * at the first save, so it can be restored too.
 */
export async function saveVersion<Changed extends string>(
  db: DB,
  store: ValueStore,
  next: (stored: string) => { value: string; changed: Changed[] },
  userId: string,
  restoredFrom: number | null,
): Promise<{ version: number; changed: Changed[] }> {
  // The two stores' tables have the same columns: one name stands for both in the query's types.
  const table = store.table as "site_settings";
  const revisions = store.revisions as "settings_revisions";
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    await trx
      .insertInto(table)
      .values({ name: store.name, value: store.seed, version: 0, updated_at: now, updated_by: null })
      .onConflict((oc) => oc.column("name").doNothing())
      .execute();
    await trx
      .updateTable(table)
      .set((eb) => ({ version: eb.ref("version") }))
      .where("name", "=", store.name)
      .execute();
    const row = await trx
      .selectFrom(table)
      .select(["value", "version"])
      .where("name", "=", store.name)
      .executeTakeFirstOrThrow();
    const version = Number(row.version);
    const { value, changed } = next(row.value);
    if (!changed.length) return { version, changed };
    const revision = (v: number, text: string, what: string, by: string | null, from: number | null) =>
      trx.insertInto(revisions).values({
        id: newId(),
        name: store.name,
        version: v,
        value: text,
        changed: what,
        made_by: by,
        made_at: now,
        restored_from: from,
      });
    if (version === 0)
      await revision(0, row.value, "", null, null)
        .onConflict((oc) => oc.columns(["name", "version"]).doNothing())
        .execute();
    await revision(version + 1, value, changed.join(","), userId, restoredFrom).execute();
    await trx
      .updateTable(table)
      .set({ value, version: version + 1, updated_at: now, updated_by: userId })
      .where("name", "=", store.name)
      .execute();
    return { version: version + 1, changed };
  });
}
