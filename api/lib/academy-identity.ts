import { ACADEMY_COUNTRY } from "@domain/settings";

import { siteSettings } from "./settings";

// The academy's name and place as the certificates, their mails and the signed credential give
// them: from the academy's settings (docs/decisions/060), read through this one function.
export async function academyIdentity() {
  const s = await siteSettings();
  const city = s.contact.campuses[0]?.city;
  return { name: s.contact.academyName, place: [city, ACADEMY_COUNTRY.name].filter(Boolean).join(", ") };
}

export type AcademyIdentity = Awaited<ReturnType<typeof academyIdentity>>;
