import { useRouteLoaderData } from "@remix-run/react";

import type { SiteSettings } from "@domain/settings";

// Every page's data carries the academy's settings (the root loader reads them with
// app/upstream/settings.server.ts siteSettingsFor), so the top bar, footer, contact page, forms and
// structured data show what an Admin saved last, and the render cache keys each page by them
// (docs/decisions/022, 060). Only the root's error page has none: it shows no settings. The bank
// account is not among them: the pages that show it carry it themselves (docs/decisions/097).
type RootData = {
  settings?: SiteSettings;
  academyName?: string;
  announcement?: string | null;
  staffMenu?: readonly { label: string; to: string }[];
};

export function useSettings(): SiteSettings {
  const data = useRouteLoaderData("root") as RootData | undefined;
  if (!data?.settings) throw new Error("The academy's settings are read by the root loader");
  return data.settings;
}

/**
 * The academy's name from its settings: the brand in the header, footer, top bar and staff pages
 * (docs/decisions/096-one-academy-name.md). Empty only on the root's error page.
 */
export function useAcademyName(): string {
  return (useRouteLoaderData("root") as RootData | undefined)?.academyName ?? "";
}

/** Today's announcement, or null. */
export function useAnnouncement(): string | null {
  return (useRouteLoaderData("root") as RootData | undefined)?.announcement ?? null;
}

/** The staff menu's items for this role (the root loader picks them; none for visitors). */
export function useStaffMenu(): readonly { label: string; to: string }[] {
  return (useRouteLoaderData("root") as RootData | undefined)?.staffMenu ?? [];
}

/** The settings in a meta function (structured data): the root's data among `matches`. */
export function settingsFromMatches(matches: readonly { id: string; data: unknown }[]): SiteSettings | undefined {
  return (matches.find((m) => m.id === "root")?.data as RootData | undefined)?.settings;
}
