import { describe, expect, it } from "vitest";

import { formatDay, formatDayAndTime } from "@domain/day-words";
import { asStoredDay, typedDay } from "@domain/typed-day";

// The status page's "Your date of birth" (docs/decisions/091-a-link-withdraws-only-with-the-date-of-birth.md):
// a date field's yyyy-mm-dd, or dd/mm/yyyy typed by hand where a phone shows no date field.
describe("typedDay", () => {
  it("reads a date field's answer and one typed day first, to the stored yyyy-mm-dd", () => {
    expect(typedDay("2001-04-12")).toBe("2001-04-12");
    expect(typedDay(" 12/04/2001 ")).toBe("2001-04-12");
    expect(typedDay("12.04.2001")).toBe("2001-04-12");
    expect(typedDay("12-04-2001")).toBe("2001-04-12");
    expect(typedDay("2/4/2001")).toBe("2001-04-02");
    expect(typedDay("29/02/2004")).toBe("2004-02-29");
  });

  it("refuses what is not a day of the calendar, and anything else", () => {
    for (const typed of [
      "",
      "FLA-1A2B3C4D",
      "31/02/2001",
      "2001-13-01",
      "29/02/2001",
      "04/2001",
      "12/04/01",
      "2001/04/12x",
    ])
      expect(typedDay(typed), typed).toBeNull();
  });
});

describe("days and times for people", () => {
  it("writes a stored day as Nigerians read it, day first with the month's name", () => {
    expect(formatDay("2025-06-01")).toBe("1 June 2025");
    expect(formatDay("2026-11-27")).toBe("27 November 2026");
  });

  it("writes an instant's day in Lagos, not in UTC", () => {
    // 23:30 UTC on 26 November is 00:30 on the 27th in Lagos.
    expect(formatDay("2026-11-26T23:30:00.000Z")).toBe("27 November 2026");
    expect(formatDayAndTime("2026-11-26T23:30:00.000Z")).toBe("27 November 2026 at 00:30 (Lagos time)");
    expect(formatDayAndTime(new Date("2026-11-27T13:05:00.000Z"))).toBe("27 November 2026 at 14:05 (Lagos time)");
  });

  it("gives back what it cannot read as it was", () => {
    expect(formatDay("soon")).toBe("soon");
  });

  it("hands a form's check the stored day when one was typed, and anything else untouched", () => {
    expect(asStoredDay("20/02/2001")).toBe("2001-02-20");
    expect(asStoredDay("2001-02-20")).toBe("2001-02-20");
    expect(asStoredDay("31/02/2001")).toBe("31/02/2001");
  });
});

describe("the staff accounts' mails", () => {
  it("say when in Lagos time, day first, never in UTC", async () => {
    const { passwordChangedMail, twoFactorOnMail } = await import("../../api/mail/staff-mails");
    const when = new Date("2026-11-26T23:30:00.000Z");
    const on = twoFactorOnMail({ name: "Bola", when, signInPage: "https://academy.example/fla-admin" });
    expect(on.text).toContain("on 27 November 2026 at 00:30 (Lagos time)");
    const changed = passwordChangedMail({
      name: "Bola",
      changedAt: when,
      signInPage: "https://academy.example/fla-admin",
    });
    expect(changed.text).toContain("on 27 November 2026 at 00:30 (Lagos time)");
    expect(`${on.text}${changed.text}`).not.toContain("UTC");
  });
});

describe("when a payment was made", () => {
  it("gives an online payment's minute, and a bank transfer's day without an invented time", async () => {
    const { paidWhenWords } = await import("@domain/payments");
    // A transfer staff recorded for 27 November is stored at noon in Lagos.
    expect(paidWhenWords("2026-11-27T11:00:00.000Z", "transfer")).toBe("27 November 2026");
    expect(paidWhenWords("2026-11-27T13:05:00.000Z", "paystack")).toBe("27 November 2026 at 14:05 (Lagos time)");
  });
});
