import { CONSENT_VERSIONS, type ConsentVersion } from "./consent";
import { normaliseLongText, PAGE_CONTENT_PROBLEMS, paragraphs } from "./page-content";
import { isOneLine } from "./text";

// The privacy notice and the terms as an Admin edits them (docs/decisions/071-legal-texts-edited-and-versioned.md):
// their shape, limits and rules, which the web tier's action applies (each field's message, what
// was typed kept) and the API applies again (400, nothing saved). Each is a consent text
// (domain/consent.ts, docs/decisions/033): a change of its words is a new version, which new
// applicants accept; registrations keep the version they accepted. Versions 1… of the seeded words
// are listed in CONSENT_VERSIONS; each save that changes the words adds the next one to the stored
// value's own list. Paragraphs are plain text: nothing is ever read as HTML.

export const LEGAL_DOCS = ["privacy", "terms"] as const;
export type LegalDocName = (typeof LEGAL_DOCS)[number];
export const isLegalDoc = (name: string): name is LegalDocName => (LEGAL_DOCS as readonly string[]).includes(name);

export type LegalSection = { heading: string; paragraphs: string[] };
/** The words whose fingerprint a version carries: the introduction and the sections. */
export type LegalWords = { intro: string; sections: LegalSection[] };
/** What is stored: the words and every version so far, oldest first (the last is current). */
export type StoredLegal = LegalWords & { versions: ConsentVersion[] };
/** A section as the form and the API's save carry it: paragraphs as one text, a blank line between. */
export type TypedSection = { heading: string; text: string };
export type TypedLegal = { intro: string; sections: TypedSection[] };

export const LEGAL_LIMITS = { sections: 30, heading: 160, intro: 2000, text: 8000 } as const;

/** A form field's name: plain, no path (docs/decisions/014): `intro`, `section3heading`. */
export const sectionField = (index: number, part: keyof TypedSection) => `section${index}${part}`;

/** The current version of a stored text: the last of its list. */
export const currentLegalVersion = (doc: StoredLegal) => doc.versions[doc.versions.length - 1]!;

/** A registration's accepted version is one the text has had: 1 up to the current. */
export const isLegalVersion = (doc: StoredLegal, version: number) =>
  Number.isInteger(version) && version >= 1 && version <= currentLegalVersion(doc).version;

/** The typed words checked and normalised, with each field's problem by its form name. */
export function checkLegal(typed: TypedLegal): { value: LegalWords; problems: Record<string, string> } {
  const problems: Record<string, string> = {};
  const P = PAGE_CONTENT_PROBLEMS;
  const intro = normaliseLongText(typed.intro);
  if (!intro) problems.intro = P.required;
  else if (intro.length > LEGAL_LIMITS.intro) problems.intro = P.tooLong(LEGAL_LIMITS.intro);
  if (!typed.sections.length) problems.sections = P.required;
  else if (typed.sections.length > LEGAL_LIMITS.sections) problems.sections = P.tooMany(LEGAL_LIMITS.sections);
  const sections = typed.sections.slice(0, LEGAL_LIMITS.sections).map((s, i) => {
    const heading = s.heading.trim();
    const text = normaliseLongText(s.text);
    const h = sectionField(i, "heading");
    const t = sectionField(i, "text");
    if (!heading) problems[h] = P.required;
    else if (heading.length > LEGAL_LIMITS.heading) problems[h] = P.tooLong(LEGAL_LIMITS.heading);
    else if (!isOneLine(heading)) problems[h] = P.oneLine;
    if (!text) problems[t] = P.required;
    else if (text.length > LEGAL_LIMITS.text) problems[t] = P.tooLong(LEGAL_LIMITS.text);
    return { heading, paragraphs: paragraphs(text) };
  });
  return { value: { intro, sections }, problems };
}

/** The stored words as the form shows them: a section's paragraphs as one text. */
export const typedLegal = (words: LegalWords): TypedLegal => ({
  intro: words.intro,
  sections: words.sections.map((s) => ({ heading: s.heading, text: s.paragraphs.join("\n\n") })),
});

/** The words alone, in the order their fingerprint reads them (tests/unit/consent-versions.test.ts). */
export const legalWords = (doc: LegalWords): LegalWords => ({
  intro: doc.intro,
  sections: doc.sections.map((s) => ({ heading: s.heading, paragraphs: s.paragraphs })),
});

/** The seeded versions of a text, before any save (domain/consent.ts). */
export const seededLegalVersions = (name: LegalDocName) => [...CONSENT_VERSIONS[name]];

/**
 * The facts a legal text names by placeholder: `{academy}`, `{address}` and `{privacyEmail}`, in
 * the seeded texts and in any an Admin saves. Filled when a page shows the text, from the academy's
 * settings (app/content/legal.ts legalFacts), so the notice names the academy as Settings say now;
 * the words stored and fingerprinted keep the placeholders (docs/decisions/096-one-academy-name.md).
 */
export type LegalFacts = { academy: string; address: string; privacyEmail: string };

export function fillLegal<T extends LegalWords>(doc: T, facts: LegalFacts): T {
  const fill = (text: string) =>
    text.replace(/\{(academy|address|privacyEmail)\}/g, (_, key: keyof LegalFacts) => facts[key]);
  return {
    ...doc,
    intro: fill(doc.intro),
    sections: doc.sections.map((s) => ({ heading: fill(s.heading), paragraphs: s.paragraphs.map(fill) })),
  };
}
