import { changedBlocks, type PageBlock, type PageContent, type Slide, withBlocks } from "@domain/page-content";
import { DEFAULT_PAGE_CONTENT, SPEC_BUTTONS } from "@domain/page-content-defaults";

import { type DB, getDb } from "../db";
import { onContentChange, publishContentChange } from "./content-events";
import { saveVersion } from "./versioned-value";

// The home page's content blocks (docs/decisions/070-page-content-blocks.md), stored and cached
// the way the settings are (docs/decisions/060): one JSON value per page with its version, read
// once and kept in memory; a save publishes a "settings" content change, which empties this copy
// and the web tier's read cache here and, through the PostgreSQL relay, on every other instance.

export const HOME_CONTENT = "home";

type Loaded = { value: PageContent; version: number };
let cached: Promise<Loaded> | undefined;

onContentChange((change) => {
  if (change.kind === "settings" || change.method === "LISTEN") cached = undefined;
});

/**
 * A stored value whole: blocks it lacks from the seed, slides saved before they had buttons
 * with SPEC's two, which the page drew for them then (docs/decisions/071), and members and
 * slides saved before images with none (docs/decisions/085).
 */
function parseValue(text: string): PageContent {
  const value = withBlocks(JSON.parse(text), DEFAULT_PAGE_CONTENT);
  return {
    ...value,
    team: value.team.map((m) => ({ ...m, photo: m.photo ?? "" })),
    slides: value.slides.map((s) => ({
      ...((s as Partial<Slide>).button1Label === undefined ? { ...SPEC_BUTTONS, ...s } : s),
      image: s.image ?? "",
    })),
  };
}

async function load(db: DB): Promise<Loaded> {
  const row = await db
    .selectFrom("page_content")
    .select(["value", "version"])
    .where("name", "=", HOME_CONTENT)
    .executeTakeFirst();
  return row
    ? { value: parseValue(row.value), version: Number(row.version) }
    : { value: DEFAULT_PAGE_CONTENT, version: 0 };
}

/** The page content with its version, from memory after the first call (the one reader on the API side). */
export async function pageContent(): Promise<Loaded> {
  if (!cached) {
    const pending = getDb().then(load);
    cached = pending;
    pending.catch(() => {
      if (cached === pending) cached = undefined;
    });
  }
  return cached;
}

export type PageContentSave = { version: number; changed: PageBlock[] };

/**
 * Saves the given blocks (checked) over the stored value as the next version, in one transaction
 * that first locks the row, so two editors saving at once each become a version and neither is
 * lost. The seed becomes version 0 at the first save, so it can be restored. Nothing changed:
 * nothing written. `replace` saves a whole value (a restore) rather than some blocks.
 */
export async function savePageContent(
  db: DB,
  blocks: Partial<PageContent>,
  userId: string,
  restoredFrom: number | null = null,
): Promise<PageContentSave> {
  const store = {
    table: "page_content",
    revisions: "page_content_revisions",
    name: HOME_CONTENT,
    seed: JSON.stringify(DEFAULT_PAGE_CONTENT),
  } as const;
  const result = await saveVersion(
    db,
    store,
    (stored) => {
      const current = parseValue(stored);
      const next = { ...current, ...blocks };
      return { value: JSON.stringify(next), changed: changedBlocks(current, next) };
    },
    userId,
    restoredFrom,
  );
  if (result.changed.length) {
    cached = undefined;
    publishContentChange({ kind: "settings", method: "PUT", path: "/api/page-content" });
  }
  return result;
}

/** A stored revision's value as stored (JSON), or undefined: `name` is the page (the legal texts share the table). */
export async function storedRevision(db: DB, version: number, name: string) {
  const row = await db
    .selectFrom("page_content_revisions")
    .select("value")
    .where("name", "=", name)
    .where("version", "=", version)
    .executeTakeFirst();
  return row?.value;
}

/** A stored revision's whole value, or undefined. */
export async function pageContentRevision(db: DB, version: number) {
  const value = await storedRevision(db, version, HOME_CONTENT);
  return value === undefined ? undefined : parseValue(value);
}

export const REVISIONS_PAGE = 20;

/** The revisions newest first, a page at a time by version (one index range); `name`: the home's or a legal text's. */
export async function pageContentRevisions(db: DB, before?: number, name: string = HOME_CONTENT) {
  let q = db
    .selectFrom("page_content_revisions")
    .leftJoin("users", "users.id", "page_content_revisions.made_by")
    .select([
      "page_content_revisions.version",
      "page_content_revisions.changed",
      "page_content_revisions.made_at",
      "page_content_revisions.restored_from",
      "users.name as by_name",
      "users.email as by_email",
    ])
    .where("page_content_revisions.name", "=", name);
  if (before !== undefined) q = q.where("page_content_revisions.version", "<", before);
  const rows = await q.orderBy("page_content_revisions.version", "desc").limit(REVISIONS_PAGE).execute();
  return rows.map((r) => ({
    version: Number(r.version),
    changed: r.changed ? r.changed.split(",") : [],
    madeAt: r.made_at,
    restoredFrom: r.restored_from === null ? null : Number(r.restored_from),
    by: r.by_name ? { name: r.by_name, email: r.by_email } : null,
  }));
}
