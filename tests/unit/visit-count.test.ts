import { describe, expect, it } from "vitest";

import { foldSearchWords } from "@domain/insights";

import { countingDay } from "../../api/lib/insight-counts";
import { insightRange, weekOf } from "../../api/lib/insights";
import { deviceClass, pagePattern, referrerDomain } from "../../api/visit-count";

// What a counted view becomes (docs/decisions/064-cookie-free-visit-counts.md): the pieces that
// decide what is kept, with nothing of the request but these.
describe("what a page view is counted as", () => {
  it("a path without its query or trailing slash; a token under its pattern", () => {
    expect(pagePattern("/courses/")).toBe("/courses");
    expect(pagePattern("/")).toBe("/");
    expect(pagePattern("/application/abc")).toBe("/application/:token");
    expect(pagePattern("/application")).toBe("/application");
    expect(pagePattern(`/x/${"a".repeat(40)}/y`)).toBe("/x/:secret/y");
    expect(pagePattern(`/${"b".repeat(500)}`).length).toBeLessThanOrEqual(200);
  });

  it("a phone, a tablet or a desktop, from the user agent", () => {
    expect(deviceClass("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148 Safari/604.1")).toBe(
      "phone",
    );
    expect(deviceClass("Mozilla/5.0 (Linux; Android 13; SM-A135F) Chrome/120.0 Mobile Safari/537.36")).toBe("phone");
    expect(deviceClass("Opera/9.80 (J2ME/MIDP; Opera Mini/4.2/28.3590; U; en) Presto/2.8.119")).toBe("phone");
    expect(deviceClass("Mozilla/5.0 (Linux; Android 13; SM-X200) Chrome/120.0 Safari/537.36")).toBe("tablet");
    expect(deviceClass("Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) Safari/604.1")).toBe("tablet");
    expect(deviceClass("Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0 Safari/537.36")).toBe("desktop");
  });

  it("the other site's domain; nothing for a page of this site; '' when none was named", () => {
    expect(referrerDomain("https://l.instagram.com/?u=x", "academy.test")).toBe("instagram.com");
    expect(referrerDomain("https://www.google.com/search?q=hair", "academy.test")).toBe("google.com");
    expect(referrerDomain("android-app://com.whatsapp/", "academy.test")).toBe("com.whatsapp");
    expect(referrerDomain("http://academy.test/courses", "academy.test")).toBeUndefined();
    expect(referrerDomain(undefined, "academy.test")).toBe("");
    expect(referrerDomain("not a url", "academy.test")).toBe("");
  });

  it("search words folded: lower case, no accents or punctuation, one space, at most 60 characters", () => {
    expect(foldSearchWords("  Bridal   MAKÉUP!! ")).toBe("bridal makeup");
    expect(foldSearchWords("???")).toBe("");
    expect(foldSearchWords("a".repeat(100))).toHaveLength(60);
  });
});

describe("days and weeks", () => {
  it("today in Lagos (UTC+1), worked out once a second", () => {
    expect(countingDay(Date.parse("2026-03-01T23:30:00Z"))).toBe("2026-03-02");
    expect(countingDay(Date.parse("2026-03-01T22:30:00Z"))).toBe("2026-03-01");
  });
  it("weeks start on Monday", () => {
    expect(weekOf("2026-11-27")).toBe("2026-11-23");
    expect(weekOf("2026-11-23")).toBe("2026-11-23");
    expect(weekOf("2026-11-29")).toBe("2026-11-23");
  });
  it("the range asked for, else the last 30 days, never more than 365", () => {
    expect(insightRange({}, new Date("2026-11-27T12:00:00Z"))).toEqual({ from: "2026-10-29", to: "2026-11-27" });
    expect(insightRange({ from: "2020-01-01", to: "2026-11-27" })).toEqual({ from: "2025-11-28", to: "2026-11-27" });
  });
});
