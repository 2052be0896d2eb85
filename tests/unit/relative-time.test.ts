import { describe, expect, it } from "vitest";

import { formatDate, relativeTime } from "~/utils/relative-time";

const now = new Date("2025-06-10T12:00:00Z").getTime();
const ago = (ms: number) => new Date(now - ms).toISOString();
const MIN = 60_000;

describe("relative time (docs/product.md §4)", () => {
  it("says Just now under one minute", () => {
    expect(relativeTime(ago(0), now)).toBe("Just now");
    expect(relativeTime(ago(59_999), now)).toBe("Just now");
  });
  it("counts minutes under an hour", () => {
    expect(relativeTime(ago(MIN), now)).toBe("1 mins ago");
    expect(relativeTime(ago(45 * MIN + 30_000), now)).toBe("45 mins ago");
    expect(relativeTime(ago(60 * MIN - 1), now)).toBe("59 mins ago");
  });
  it("counts hours under a day", () => {
    expect(relativeTime(ago(60 * MIN), now)).toBe("1 hours ago");
    expect(relativeTime(ago(23 * 60 * MIN + 59 * MIN), now)).toBe("23 hours ago");
  });
  it("gives the en-GB date from one day on", () => {
    expect(relativeTime(ago(24 * 60 * MIN), now)).toBe("Mon, 09 June 2025");
    expect(relativeTime("2025-01-01T09:00:00Z", now)).toBe("Wed, 01 January 2025");
  });
  it("formats dates in Lagos time", () => {
    // 23:30 UTC is already the next day in Lagos (UTC+1).
    expect(formatDate("2025-06-01T23:30:00Z")).toBe("Mon, 02 June 2025");
  });
});
