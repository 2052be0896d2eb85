import crypto from "node:crypto";

import { describe, expect, it } from "vitest";

import { ageOn, CONSENT_VERSIONS, currentConsentVersion, isMinorOn } from "@domain/consent";
import { guardianCopy, processingNotice } from "~/content/consent";
import { privacy, terms } from "~/content/legal";

// Consent that can be proven (docs/decisions/033-consent-versions-and-minors.md): each text the
// registration form asks people to accept carries a version, and the current version's fingerprint
// is the fingerprint of the words on the site. Changing a text without adding a version fails here.

const fingerprint = (value: unknown) =>
  crypto.createHash("sha256").update(JSON.stringify(value)).digest("hex").slice(0, 16);

const wordings = {
  terms: { intro: terms.intro, sections: terms.sections },
  privacy: { intro: privacy.intro, sections: privacy.sections },
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

  it("numbers versions 1, 2, 3… with dates that never go back; the privacy notice's first is SPEC's 6/1/2025", () => {
    for (const versions of Object.values(CONSENT_VERSIONS)) {
      versions.forEach((v, i) => expect(v.version).toBe(i + 1));
      const dates = versions.map((v) => v.effective);
      expect([...dates].sort()).toEqual(dates);
    }
    expect(CONSENT_VERSIONS.privacy[0].effective).toBe("2025-06-01");
    expect(privacy.earlier).toEqual([
      { version: 1, effective: "6/1/2025" },
      { version: 2, effective: "11/24/2026" },
      { version: 3, effective: "11/25/2026" },
    ]);
  });
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
