import { ACADEMY_COUNTRY } from "@domain/country";
import type { SiteSettings } from "@domain/settings";

// Built on the server and sent as the page's data: no page's script carries it.

/** An `Organization`'s contact facts for the home page's structured data. */
export function organizationFacts(s: SiteSettings) {
  const campus = s.contact.campuses[0];
  return {
    name: s.contact.academyName,
    telephone: s.phones[0]?.display,
    email: s.contact.email,
    address: campus
      ? {
          "@type": "PostalAddress",
          streetAddress: campus.street,
          addressLocality: campus.city,
          addressRegion: campus.region,
          addressCountry: ACADEMY_COUNTRY.code,
        }
      : undefined,
    sameAs: s.socials.map((x) => x.href),
  };
}
