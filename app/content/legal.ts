// The privacy notice's and the terms' titles and how their versions are shown (docs/product.md §2).
// Their words are stored and edited by an Admin (docs/decisions/071-legal-texts-edited-and-versioned.md);
// the seed is domain/legal-defaults.ts, and each version with its date is in the stored value.
// Dates are written day first with the month's name ("1 June 2025"), not as SPEC's 6/1/2025,
// which a Nigerian reads as 6 January (docs/decisions/094-nigerian-dates.md).
import { formatDay } from "@domain/day-words";
import type { LegalDocName, LegalFacts, StoredLegal } from "@domain/legal-texts";
import type { SiteSettings } from "@domain/settings";

export type LegalDoc = {
  title: string;
  effective: string;
  /** The version shown, and the earlier ones with their effective dates. */
  version?: number;
  earlier?: { version: number; effective: string }[];
  intro: string;
  sections: { heading: string; paragraphs: string[] }[];
};

export const legalTitles: Record<LegalDocName, string> = {
  privacy: "Privacy Policy",
  terms: "Terms and Conditions",
};

/** A stored text as its page shows it: the current version and date, the earlier ones listed. */
export function legalDoc(name: LegalDocName, stored: StoredLegal): LegalDoc {
  const current = stored.versions[stored.versions.length - 1]!;
  return {
    title: legalTitles[name],
    effective: formatDay(current.effective),
    version: current.version,
    earlier: stored.versions.slice(0, -1).map((v) => ({ version: v.version, effective: formatDay(v.effective) })),
    intro: stored.intro,
    sections: stored.sections,
  };
}

/**
 * What a legal text's placeholders say (domain/legal-texts.ts fillLegal): the academy's name, its
 * first campus's address and its data protection e-mail from Settings, or plainly that they are not
 * set yet (the launch checklist asks for the privacy contact).
 */
export function legalFacts(s: SiteSettings): LegalFacts {
  const campus = s.contact.campuses[0];
  const address = campus ? [campus.street, campus.city, campus.region].filter((p) => p.trim()).join(", ") : "";
  return {
    academy: s.contact.academyName,
    address: address ? `${address}, Nigeria` : "whose address is not set yet",
    privacyEmail: s.dataProtection.contactEmail || "(not set yet: please send us a message instead)",
  };
}

/** The legal pages' "Contact us": the data protection contact an Admin set (docs/product.md, "Settings"). */
export const legalContact = { dataProtection: "Data protection questions:", sendMessage: "send us a message" } as const;
