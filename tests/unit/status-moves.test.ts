import { describe, expect, it } from "vitest";

import { APPLICANT_STATUSES, ENDED, movableFrom, SEAT_HOLDING, STATUS_MOVES } from "@domain/pipeline";

// The one transition table (docs/decisions/089-one-place-moves-an-applicant.md).
describe("the moves an application makes", () => {
  it("offers a seat only to an open application with no decision yet", () => {
    expect(STATUS_MOVES.offered).toEqual(["new", "contacted", "paid"]);
    expect(movableFrom("offered", "system")).toEqual(["new", "contacted", "paid"]);
  });

  it("accepts only an offer, and the registration fee moves only an open application not yet paid", () => {
    expect(movableFrom("accepted", "applicant")).toEqual(["offered"]);
    expect(STATUS_MOVES.paid).toEqual(["new", "contacted", "offered", "accepted"]);
    expect(STATUS_MOVES.paid).not.toContain("enrolled");
  });

  it("withdraws from every open status, never from an ended one", () => {
    for (const ended of ENDED) expect(movableFrom("withdrawn", "applicant")).not.toContain(ended);
    expect(movableFrom("withdrawn", "system")).toEqual(APPLICANT_STATUSES.filter((s) => !ENDED.includes(s)));
  });

  it("leaves Received, Contacted, Enrolled and Not admitted to staff's hand, who may move from anywhere", () => {
    for (const to of ["new", "contacted", "enrolled", "declined"] as const) {
      expect(movableFrom(to, "applicant")).toEqual([]);
      expect(movableFrom(to, "system")).toEqual([]);
      expect(movableFrom(to, { staff: "s1" })).toEqual(APPLICANT_STATUSES);
    }
  });

  it("names every status once, and a seat is never both held and given back", () => {
    expect(Object.keys(STATUS_MOVES).sort()).toEqual([...APPLICANT_STATUSES].sort());
    for (const from of Object.values(STATUS_MOVES).flat()) expect(APPLICANT_STATUSES).toContain(from);
    expect(SEAT_HOLDING.filter((s) => ENDED.includes(s))).toEqual([]);
  });
});
