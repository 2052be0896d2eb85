import crypto from "node:crypto";

import { describe, expect, it } from "vitest";

import { ageOn, CONSENT_VERSIONS, currentConsentVersion, isMinorOn } from "@domain/consent";
import { DEFAULT_LEGAL_TEXTS } from "@domain/legal-defaults";
import { legalWords } from "@domain/legal-texts";
import { guardianCopy, processingNotice } from "~/content/consent";
import { legalDoc } from "~/content/legal";

import { legalFingerprint } from "../../api/lib/legal-texts";

// Consent that can be proven (docs/decisions/033-consent-versions-and-minors.md): each text the
// registration form asks people to accept carries a version, and the current version's fingerprint
// is the fingerprint of the words on the site. Changing a text without adding a version fails here.
// The terms and the privacy notice are seeded (domain/legal-defaults.ts) and then edited by an
// Admin, each save adding its own version (docs/decisions/071): the seed is checked here.

const fingerprint = (value: unknown) =>
  crypto.createHash("sha256").update(JSON.stringify(value)).digest("hex").slice(0, 16);

const wordings = {
  terms: legalWords(DEFAULT_LEGAL_TEXTS.terms),
  privacy: legalWords(DEFAULT_LEGAL_TEXTS.privacy),
  notice: processingNotice,
  guardian: guardianCopy.consent,
};

describe("consent versions", () => {
  it.each(Object.entries(wordings))("the %s text on the site is its current version's wording", (kind, words) => {
    const versions = CONSENT_VERSIONS[kind as keyof typeof CONSENT_VERSIONS];
    const current = versions[versions.length - 1];
    expect(current.version).toBe(currentConsentVersion(kind as keyof typeof CONSENT_VERSIONS));
    expect(current.fingerprint, `${kind}: the words changed; add version ${current.version + 1}`).toBe(
      fingerprint(words),
    );
  });

  it("numbers versions 1, 2, 3… with dates that never go back; the privacy notice's first is SPEC's 6/1/2025, written 1 June 2025", () => {
    for (const versions of Object.values(CONSENT_VERSIONS)) {
      versions.forEach((v, i) => expect(v.version).toBe(i + 1));
      const dates = versions.map((v) => v.effective);
      expect([...dates].sort()).toEqual(dates);
    }
    expect(CONSENT_VERSIONS.privacy[0].effective).toBe("2025-06-01");
    expect(DEFAULT_LEGAL_TEXTS.privacy.versions).toEqual(CONSENT_VERSIONS.privacy);
    expect(legalDoc("privacy", DEFAULT_LEGAL_TEXTS.privacy).earlier).toEqual([
      { version: 1, effective: "1 June 2025" },
      { version: 2, effective: "24 November 2026" },
      { version: 3, effective: "25 November 2026" },
      { version: 4, effective: "27 November 2026" },
    ]);
  });
});

it("the API fingerprints the words as the versions list them", () => {
  for (const doc of Object.values(DEFAULT_LEGAL_TEXTS))
    expect(legalFingerprint(doc)).toBe(doc.versions[doc.versions.length - 1].fingerprint);
});

describe("age on the day of registration", () => {
  it("counts a birthday on its day, and 29 February in a common year from 1 March", () => {
    expect(ageOn("2008-11-24", "2026-11-24")).toBe(18);
    expect(ageOn("2008-11-25", "2026-11-24")).toBe(17);
    expect(isMinorOn("2008-11-25", "2026-11-24")).toBe(true);
    expect(isMinorOn("2008-11-24", "2026-11-24")).toBe(false);
    expect(ageOn("2008-02-29", "2026-02-28")).toBe(17);
    expect(ageOn("2008-02-29", "2026-03-01")).toBe(18);
    expect(isMinorOn("not a date", "2026-11-24")).toBe(false);
  });
});
