import { describe, expect, it } from "vitest";

import { offerState } from "@domain/pipeline";

// The one rule for an offer's state (docs/decisions/088-the-desk-lists-and-offers-answered-as-expected.md):
// lapsed from the moment its deadline passes, whether or not the sweep has come by.
describe("offerState", () => {
  const deadline = "2031-03-10T22:59:59.999Z";
  const at = (iso: string) => Date.parse(iso);

  it("is open before the deadline and lapsed from the moment after it", () => {
    expect(offerState("offered", deadline, at("2031-03-10T22:59:59.998Z"))).toBe("open");
    expect(offerState("offered", deadline, at(deadline))).toBe("lapsed");
    expect(offerState("offered", deadline, at("2031-03-11T08:00:00.000Z"))).toBe("lapsed");
  });

  it("has no state once answered, lapsed by the sweep, or never made", () => {
    for (const status of ["accepted", "withdrawn", "new", "paid"])
      expect(offerState(status, deadline, at("2031-03-01T00:00:00.000Z"))).toBeNull();
    expect(offerState("offered", null)).toBeNull();
  });
});
