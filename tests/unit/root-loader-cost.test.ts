import { describe, expect, it, vi } from "vitest";

import { lagosDate } from "../../domain/schedule";

// What every page's root loader does on every request stays cheap (docs/decisions/083-home-throughput.md).
vi.mock("~/upstream/index.server", () => ({
  upstream: () => ({ auth: { currentUser: async () => null }, headers: new Headers() }),
}));
vi.mock("~/upstream/settings.server", async (importActual) => {
  const actual = await importActual<typeof import("~/upstream/settings.server")>();
  const { settingsView } = await import("@domain/settings");
  const { DEFAULT_SETTINGS } = await import("@domain/settings-defaults");
  return { ...actual, siteSettingsFor: async () => settingsView(DEFAULT_SETTINGS, 1, { withholdSample: true }) };
});

const { loadRootData } = await import("~/root-data.server");

describe("the root loader's cost per request", () => {
  it("hands Remix its data, not a json() Response it would stringify and parse back", async () => {
    const result = await loadRootData(new Request("http://x/"));
    expect(result).not.toBeInstanceOf(Response);
    expect(result.data.settings.contact.academyName).toBeTruthy();
    expect(result.data.user).toBeNull();
  });

  it("asks for today's date in Lagos without making a date formatter each time", () => {
    const made = vi.spyOn(Intl, "DateTimeFormat");
    try {
      const today = lagosDate(new Date("2031-01-15T23:30:00Z"));
      lagosDate();
      lagosDate();
      expect(today).toBe("2031-01-16");
      expect(made).not.toHaveBeenCalled();
    } finally {
      made.mockRestore();
    }
  });
});
