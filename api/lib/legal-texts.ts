import crypto from "node:crypto";

import { lagosDay } from "@domain/consent";
import { DEFAULT_LEGAL_TEXTS } from "@domain/legal-defaults";
import {
  currentLegalVersion,
  isLegalVersion,
  type LegalDocName,
  type LegalWords,
  legalWords,
  type StoredLegal,
} from "@domain/legal-texts";

import type { DB } from "../db";
import { getDb } from "../db";
import { onContentChange, publishContentChange } from "./content-events";
import { storedRevision } from "./page-content";
import { saveVersion } from "./versioned-value";

// The privacy notice and the terms (docs/decisions/071-legal-texts-edited-and-versioned.md), stored
// as page content is (docs/decisions/070): a row of `page_content` each, named `privacy` and
// `terms`, every save a revision, read once and kept in memory until a content change empties it
// here and, through the PostgreSQL relay, on every instance. Each is a consent text (decision 033):
// a save that changes the words adds the next version, dated today in Lagos, with its fingerprint.

const cached = new Map<LegalDocName, Promise<StoredLegal>>();

onContentChange((change) => {
  if (change.kind === "settings" || change.method === "LISTEN") cached.clear();
});

/** The first 16 hex digits of the SHA-256 of the words, as domain/consent.ts lists them. */
export const legalFingerprint = (words: LegalWords) =>
  crypto
    .createHash("sha256")
    .update(JSON.stringify(legalWords(words)))
    .digest("hex")
    .slice(0, 16);

function parseStored(name: LegalDocName, text: string): StoredLegal {
  const seed = DEFAULT_LEGAL_TEXTS[name];
  const v = JSON.parse(text) as Partial<StoredLegal>;
  return {
    intro: typeof v.intro === "string" ? v.intro : seed.intro,
    sections: Array.isArray(v.sections) ? v.sections : seed.sections,
    versions: Array.isArray(v.versions) && v.versions.length ? v.versions : seed.versions,
  };
}

/** A legal text with its versions, from memory after the first call. */
export function legalText(name: LegalDocName): Promise<StoredLegal> {
  let pending = cached.get(name);
  if (!pending) {
    const read = getDb().then(async (db) => {
      const row = await db.selectFrom("page_content").select("value").where("name", "=", name).executeTakeFirst();
      return row ? parseStored(name, row.value) : DEFAULT_LEGAL_TEXTS[name];
    });
    pending = read;
    cached.set(name, read);
    read.catch(() => {
      if (cached.get(name) === read) cached.delete(name);
    });
  }
  return pending;
}

export type LegalSave = { version: number; changed: ("intro" | "sections")[]; consentVersion: number };

/**
 * Saves new words as the next revision (the row locked first, as every versioned value). Words
 * that differ from the current version's are its next consent version, effective today in Lagos;
 * the same words: nothing written. A restore brings back an old revision's words, as a new
 * version: applicants from then on accept it again, and earlier registrations keep theirs.
 */
export async function saveLegalText(
  db: DB,
  name: LegalDocName,
  words: LegalWords,
  userId: string,
  restoredFrom: number | null = null,
): Promise<LegalSave> {
  const fingerprint = legalFingerprint(words);
  let consentVersion = 0;
  const saved = await saveVersion(
    db,
    {
      table: "page_content",
      revisions: "page_content_revisions",
      name,
      seed: JSON.stringify(DEFAULT_LEGAL_TEXTS[name]),
    },
    (stored) => {
      const current = parseStored(name, stored);
      const last = currentLegalVersion(current);
      consentVersion = last.version;
      if (legalFingerprint(current) === fingerprint) return { value: stored, changed: [] };
      const changed = (["intro", "sections"] as const).filter(
        (k) => JSON.stringify(legalWords(current)[k]) !== JSON.stringify(legalWords(words)[k]),
      );
      consentVersion = last.version + 1;
      const versions = [...current.versions, { version: consentVersion, effective: lagosDay(), fingerprint }];
      return { value: JSON.stringify({ ...legalWords(words), versions }), changed };
    },
    userId,
    restoredFrom,
  );
  if (saved.changed.length) {
    cached.delete(name);
    publishContentChange({ kind: "settings", method: "PUT", path: `/api/legal/${name}` });
  }
  return { ...saved, consentVersion };
}

/** An old revision's words, or undefined. */
export async function legalRevisionWords(db: DB, name: LegalDocName, version: number) {
  const value = await storedRevision(db, version, name);
  return value === undefined ? undefined : legalWords(parseStored(name, value));
}

/**
 * A registration's terms and privacy versions checked against the stored texts: one the form
 * named must be a version the text has had (1 up to the current); none named is the current one,
 * as the original API's callers accepted (docs/decisions/033). Undefined: a version never shown.
 */
export async function legalConsents<C extends { terms?: number; privacy?: number }>(
  consents: C,
): Promise<(C & { terms: number; privacy: number }) | undefined> {
  const [terms, privacy] = await Promise.all([legalText("terms"), legalText("privacy")]);
  const pick = (doc: StoredLegal, named: number | undefined) =>
    named === undefined ? currentLegalVersion(doc).version : isLegalVersion(doc, named) ? named : undefined;
  const t = pick(terms, consents.terms);
  const p = pick(privacy, consents.privacy);
  return t === undefined || p === undefined ? undefined : { ...consents, terms: t, privacy: p };
}
