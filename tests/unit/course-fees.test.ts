import { describe, expect, it } from "vitest";

import { courseFeeState, instalmentPlanProblem, mayPayCourseFee } from "@domain/course-fees";

// docs/decisions/077-course-fees-and-instalments.md: the plan's rules, and the money paid covering the parts in order.

describe("an instalment plan", () => {
  const plan = [
    { amount: 250_000, dueOn: "2027-01-10" },
    { amount: 200_000, dueOn: "2027-03-10" },
    { amount: 200_000, dueOn: "2027-05-10" },
  ];
  it("adds up to the fee, in order of due days, with 2 to 6 parts; none is no plan", () => {
    expect(instalmentPlanProblem(650_000, plan)).toBeNull();
    expect(instalmentPlanProblem(650_000, [])).toBeNull();
    expect(instalmentPlanProblem(650_001, plan)).toBe("sum");
    expect(instalmentPlanProblem(650_000, [plan[1]!, plan[0]!, plan[2]!])).toBe("order");
    expect(instalmentPlanProblem(650_000, [{ amount: 650_000, dueOn: "2027-01-10" }])).toBe("count");
    expect(instalmentPlanProblem(650_000, [{ ...plan[0]!, amount: 0 }, plan[1]!])).toBe("amount");
  });
  it("is covered in order by whatever was paid, and the next part is what reaches its end", () => {
    const none = courseFeeState(65_000_000, plan, 0);
    expect(none.next).toEqual({ n: 1, amountKobo: 25_000_000, dueOn: "2027-01-10" });
    expect(none.partMinKobo).toBe(1_000_000);
    const some = courseFeeState(65_000_000, plan, 30_000_000);
    expect(some.parts.map((p) => p.paid)).toEqual([true, false, false]);
    expect(some.next).toEqual({ n: 2, amountKobo: 15_000_000, dueOn: "2027-03-10" });
    expect(some.owed).toBe(35_000_000);
    const all = courseFeeState(65_000_000, plan, 65_000_000);
    expect(all).toMatchObject({ owed: 0, next: null, partMinKobo: 0 });
    expect(courseFeeState(500_000, [], 0).partMinKobo).toBe(500_000);
  });
});

describe("who may pay the course fee now", () => {
  const base = { intake_id: "i1", status: "enrolled", waitlisted_at: null };
  it("an admitted application with an intake (accepted, paid or enrolled), not waiting", () => {
    expect(mayPayCourseFee(base)).toBe(true);
    expect(mayPayCourseFee({ ...base, status: "accepted" })).toBe(true);
    expect(mayPayCourseFee({ ...base, status: "paid" })).toBe(true);
    for (const status of ["new", "contacted", "offered"]) expect(mayPayCourseFee({ ...base, status })).toBe(false);
    expect(mayPayCourseFee({ ...base, intake_id: null })).toBe(false);
    expect(mayPayCourseFee({ ...base, status: "withdrawn" })).toBe(false);
    expect(mayPayCourseFee({ ...base, status: "declined" })).toBe(false);
    expect(mayPayCourseFee({ ...base, waitlisted_at: "2026-11-27T10:00:00.000Z" })).toBe(false);
  });
});
