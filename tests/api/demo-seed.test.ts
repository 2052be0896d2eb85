import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { seedDemo } from "../../scripts/demo/seed";
import { validApplicant } from "../fixtures/registration";
import { type Api, send, startApi, statusAndText } from "./harness";

// The quick start's content (scripts/demo/seed.ts) as a newcomer first tries it: each demo
// course offers the course types its duration says (docs/decisions/038-course-types-per-course.md),
// so the three-year hairdressing course cannot be applied for as a crash course.
let api: Api;
let courses: { _id: string; title: string; duration: string; courseTypes: string[] }[];
beforeAll(async () => {
  api = await startApi();
  await seedDemo(api.db);
  const res = await send(api, "GET", "/api/courses?limit=50");
  expect(res.status).toBe(200);
  courses = await res.json();
}, 60_000);
afterAll(() => api.close());

describe("the demo's courses", () => {
  it("offer the full course for courses counted in years and the crash course for months", () => {
    expect(courses.length).toBeGreaterThan(10);
    for (const course of courses) {
      const expected = /year/.test(course.duration)
        ? ["Full Course", "Full Course with Accomodation"]
        : ["Crash Course", "Crash Course with Accomodation"];
      expect(course.courseTypes, `${course.title} (${course.duration})`).toEqual(expected);
    }
  });

  it("refuse a crash-course registration for the three-year hairdressing course", async () => {
    const hairdressing = courses.find((c) => c.title === "Professional Hairdressing and Styling")!;
    const register = (courseType: string) =>
      send(api, "POST", "/api/applicant", {
        form: {
          ...validApplicant,
          email: `ada.${courseType.length}@example.com`,
          courseId: hairdressing._id,
          courseType,
        },
      });
    expect(await statusAndText(await register("Crash Course"))).toEqual({
      status: 400,
      text: "Professional Hairdressing and Styling is not offered as the course type you chose. Choose one of: Full Course, Full Course with Accommodation.",
    });
  });
});
