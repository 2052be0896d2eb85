import { describe, expect, it } from "vitest";

import { formatLagos, isoToLagosLocal, lagosLocalToIso } from "../../domain/schedule";

// docs/product.md §4: "Publish at" is typed in Lagos time (UTC+01:00 all year).
describe("Lagos times for scheduled publishing", () => {
  it("reads a datetime-local value as Lagos time", () => {
    expect(lagosLocalToIso("2031-01-15T09:30")).toBe("2031-01-15T08:30:00.000Z");
    expect(lagosLocalToIso("2031-07-15T00:15")).toBe("2031-07-14T23:15:00.000Z");
    expect(lagosLocalToIso("2031-01-15T09:30:45")).toBe("2031-01-15T08:30:45.000Z");
  });

  it.each(["", "tomorrow", "2031-02-30T10:00", "2031-01-15T24:00", "2031-01-15", "2031-1-5T9:30", "2031-01-15T09:30Z"])(
    "refuses %j",
    (value) => {
      expect(lagosLocalToIso(value)).toBeUndefined();
    },
  );

  it("shows an instant back as the datetime-local value that means it", () => {
    expect(isoToLagosLocal("2031-01-15T08:30:00.000Z")).toBe("2031-01-15T09:30");
    expect(isoToLagosLocal("2031-12-31T23:30:00.000Z")).toBe("2032-01-01T00:30");
    const now = new Date().toISOString().slice(0, 16) + ":00.000Z";
    expect(lagosLocalToIso(isoToLagosLocal(now))).toBe(now);
  });

  it("formats an instant for people in Lagos time", () => {
    expect(formatLagos("2031-01-15T08:30:00.000Z")).toBe("15 Jan 2031, 09:30 (Lagos time)");
  });
});
