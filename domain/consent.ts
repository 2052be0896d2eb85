// Consent that can be proven (docs/decisions/033-consent-versions-and-minors.md): every text an
// applicant (or a guardian) accepts on the registration form has a version, and the registration
// keeps the versions accepted and when. The words live in app/content/ (legal.ts, consent.ts);
// here are the facts both tiers share: each version, its effective date and the fingerprint of its
// wording (the first 16 hex digits of the text's SHA-256), which a unit test recomputes from the
// words: changing a text without adding a version here fails it. Old versions are never removed.

export const CONSENT_KINDS = ["terms", "privacy", "notice", "guardian"] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];

export type ConsentVersion = { version: number; effective: string; fingerprint: string };

export const CONSENT_VERSIONS: Record<ConsentKind, readonly ConsentVersion[]> = {
  /** The terms and conditions (app/content/legal.ts). */
  terms: [
    { version: 1, effective: "2025-06-01", fingerprint: "630a1fd4ab5fa47c" },
    // The payment steps now follow the submission (docs/decisions/037-references-phones-and-payment.md).
    { version: 2, effective: "2026-11-24", fingerprint: "1bf52501e0299cb2" },
    // The academy named from its settings, not the sample's (docs/decisions/096-one-academy-name.md).
    { version: 3, effective: "2026-12-05", fingerprint: "c0e01786ce9b5841" },
  ],
  /** The privacy notice: version 1 was SPEC's policy, effective 6/1/2025 (docs/product.md §2). */
  privacy: [
    { version: 1, effective: "2025-06-01", fingerprint: "ecbbdb86a10d0d6c" },
    { version: 2, effective: "2026-11-24", fingerprint: "d3035b2f6b4f53b4" },
    // How long a form saved to finish later is kept (docs/decisions/034-retention-and-rights.md).
    { version: 3, effective: "2026-11-25", fingerprint: "3eba2076965084b2" },
    // What the site counts of visits, without identifying anyone (docs/decisions/064-cookie-free-visit-counts.md),
    // what job alerts keep (docs/decisions/066-job-alerts.md), and how long certificates are kept and
    // who sees what of them (docs/decisions/058).
    { version: 4, effective: "2026-11-27", fingerprint: "64206887d2eb6661" },
    // The controller, its address and the privacy contact from the academy's settings
    // (docs/decisions/096-one-academy-name.md).
    { version: 5, effective: "2026-12-05", fingerprint: "342762fcb65402ad" },
  ],
  /** The short processing notice beside the privacy tick box (app/content/consent.ts). */
  notice: [
    { version: 1, effective: "2026-11-24", fingerprint: "69a652b05291e37e" },
    // "The academy" in place of the sample academy's name (docs/decisions/096-one-academy-name.md).
    { version: 2, effective: "2026-12-05", fingerprint: "007d0653229b33b0" },
  ],
  /** The guardian's own consent for an applicant under 18 (app/content/consent.ts). */
  guardian: [
    { version: 1, effective: "2026-11-24", fingerprint: "d3019ea722df145c" },
    // "The academy" in place of the sample academy's name (docs/decisions/096-one-academy-name.md).
    { version: 2, effective: "2026-12-05", fingerprint: "157272f7b06a648e" },
  ],
};

/** The version each kind's current text carries: the newest. */
export const currentConsentVersion = (kind: ConsentKind) => {
  const versions = CONSENT_VERSIONS[kind];
  return versions[versions.length - 1].version;
};

export const isConsentVersion = (kind: ConsentKind, version: number) =>
  CONSENT_VERSIONS[kind].some((v) => v.version === version);

/** What a registration stores: the version of each text accepted (guardian only for a minor). */
export type AcceptedConsents = Partial<Record<ConsentKind, number>>;

// ---- minors (docs/decisions/033-consent-versions-and-minors.md) ----
/** The age from which an applicant consents alone (Nigeria Data Protection Act 2023, s.31: a child is under 18). */
export const ADULT_AGE = 18;

/** Whole years between a date of birth and a day, both YYYY-MM-DD; a birthday counts on its day. */
export function ageOn(dob: string, day: string): number {
  const [by, bm, bd] = dob.split("-").map(Number);
  const [y, m, d] = day.split("-").map(Number);
  let age = y - by;
  if (m < bm || (m === bm && d < bd)) age -= 1;
  return age;
}

/** The calendar day in Lagos at an instant (YYYY-MM-DD): the day a registration is made. */
export const lagosDay = (at: Date = new Date()) => new Date(at.getTime() + 60 * 60 * 1000).toISOString().slice(0, 10);

/** An applicant under 18 on the day of registration needs a guardian's consent. */
export const isMinorOn = (dob: string, day: string) => /^\d{4}-\d{2}-\d{2}$/.test(dob) && ageOn(dob, day) < ADULT_AGE;

/** Who a guardian may be to the applicant. */
export const GUARDIAN_RELATIONSHIPS = ["Mother", "Father", "Legal guardian", "Other relative"] as const;
/** How long the guardian's confirmation link works. */
export const GUARDIAN_LINK_DAYS = 30;
