import { describe, expect, it } from "vitest";

import { DEFAULT_SETTINGS } from "@domain/settings-defaults";
import { checkSettings } from "@domain/settings-rules";

// The Settings page's rules (docs/product.md, "Settings"), as an owner types them.
describe("the settings an owner types", () => {
  const withSocial = (social: Record<string, string>) =>
    checkSettings({ ...DEFAULT_SETTINGS, social: { ...DEFAULT_SETTINGS.social, ...social } });

  it("takes a social network's @name as its page", () => {
    const { value, problems } = withSocial({ instagram: "@fine.line_academy", tiktok: "@fineline" });
    expect(problems).toEqual({});
    expect(value.social.instagram).toBe("https://www.instagram.com/fine.line_academy");
    expect(value.social.tiktok).toBe("https://www.tiktok.com/@fineline");
  });

  it("says what it wants when a social link is neither an address nor an @name", () => {
    const { problems } = withSocial({ instagram: "fine line academy" });
    expect(problems.instagram).toBe(
      "Enter the page's address, starting with https:// (or, for a social network, its @name)",
    );
  });

  it("reads announcement days typed day first", () => {
    const { value, problems } = checkSettings({
      ...DEFAULT_SETTINGS,
      announcement: { message: "Open day on Saturday", start: "01/12/2026", end: "5/12/2026" },
    });
    expect(problems).toEqual({});
    expect([value.announcement.start, value.announcement.end]).toEqual(["2026-12-01", "2026-12-05"]);
  });
});
