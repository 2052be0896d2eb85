import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, test } from "vitest";

import { intakeFormSchema } from "~/features/intakes/schema";

// Every staff form that takes a day reads dd/mm/yyyy as well as a date field's yyyy-mm-dd
// (docs/decisions/094-nigerian-dates.md): a proxy browser shows a text box where a date field was.
describe("an intake's days typed day first", () => {
  const intake = (days: Record<string, string>) => {
    const fd = new FormData();
    const fields = {
      startDate: "2027-03-01",
      endDate: "2027-06-30",
      scheduleKind: "weekday",
      schedule: "Mon–Fri, 9am–1pm",
      campus: "Yaba",
      seats: "12",
      opensOn: "2026-12-01",
      closesOn: "2027-02-20",
      courseTypes: "Full Course",
      fee: "150000",
      ...days,
    };
    for (const [k, v] of Object.entries(fields)) fd.append(k, v);
    return parseWithZod(fd, { schema: intakeFormSchema });
  };

  test("are stored as the days they name", () => {
    const s = intake({
      startDate: "1/3/2027",
      closesOn: "20/02/2027",
      instalmentAmount1: "75000",
      instalmentDue1: "01/03/2027",
      instalmentAmount2: "75000",
      instalmentDue2: "1.5.2027",
    });
    expect(s.status, JSON.stringify(s.reply().error)).toBe("success");
    if (s.status !== "success") return;
    expect([s.value.startDate, s.value.closesOn, s.value.instalmentDue1]).toEqual([
      "2027-03-01",
      "2027-02-20",
      "2027-03-01",
    ]);
  });

  test("month first is not a day when the month would be over 12, and says so at its field", () => {
    const s = intake({ startDate: "03/30/2027" });
    expect(s.status).toBe("error");
    expect(Object.keys(s.reply().error ?? {})).toContain("startDate");
  });
});
