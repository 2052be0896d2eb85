import { useMatches } from "@remix-run/react";

import type { SiteSettings } from "@domain/settings";

import { useSettings } from "./use-settings";

/**
 * The settings with the bank account, for the pages that show it: the account travels only with
 * their own data (`bankAccount`; docs/decisions/097-the-bank-account-only-where-shown.md). A module
 * of its own, so that every other page's script carries none of this.
 */
export function useSettingsWithBank(): SiteSettings {
  const settings = useSettings();
  const bank = useMatches()
    .map((m) => (m.data as { bankAccount?: Partial<SiteSettings["payments"]> | null } | undefined)?.bankAccount)
    .find((b) => b);
  return bank ? { ...settings, payments: { ...settings.payments, ...bank } } : settings;
}
