import { describe, expect, it } from "vitest";

import { applicantValueText } from "@domain/applicant-values";
import { COURSE_TYPES, courseTypeWords } from "@domain/choices";

// SPEC's stored values keep "Accomodation"; what people read says "Accommodation" (decision 067).
describe("course types in words", () => {
  it("keeps the stored values SPEC's, and spells every one right for people", () => {
    expect(COURSE_TYPES.filter((t) => t.includes("Accomodation"))).toHaveLength(2);
    expect(COURSE_TYPES.map(courseTypeWords)).toEqual([
      "Crash Course",
      "Full Course",
      "Crash Course with Accommodation",
      "Full Course with Accommodation",
    ]);
    for (const type of COURSE_TYPES) expect(courseTypeWords(type)).not.toMatch(/Accomodation/);
  });

  it("words the staff page's and the exports' course type", () => {
    expect(applicantValueText("courseType", "Full Course with Accomodation")).toBe("Full Course with Accommodation");
    expect(applicantValueText("courseTitle", "Accomodation Management")).toBe("Accomodation Management");
  });
});
