import { describe, expect, it } from "vitest";

import { typedBirthDate } from "@domain/journey";

// The status page's "Your date of birth" (docs/decisions/091-a-link-withdraws-only-with-the-date-of-birth.md):
// a date field's yyyy-mm-dd, or dd/mm/yyyy typed by hand where a phone shows no date field.
describe("typedBirthDate", () => {
  it("reads a date field's answer and one typed day first, to the stored yyyy-mm-dd", () => {
    expect(typedBirthDate("2001-04-12")).toBe("2001-04-12");
    expect(typedBirthDate(" 12/04/2001 ")).toBe("2001-04-12");
    expect(typedBirthDate("12.04.2001")).toBe("2001-04-12");
    expect(typedBirthDate("12-04-2001")).toBe("2001-04-12");
    expect(typedBirthDate("2/4/2001")).toBe("2001-04-02");
    expect(typedBirthDate("29/02/2004")).toBe("2004-02-29");
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
      expect(typedBirthDate(typed), typed).toBeNull();
  });
});
