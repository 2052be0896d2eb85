import type { APIRequestContext } from "@playwright/test";

import { intakeJson } from "../fixtures/intake";
import { expect } from "./fixtures";

// Courses and intakes as the journeys set them up, through the API with a signed-in staff
// member's request (the staff forms have their own journeys): the intake's fields are the API
// tests' own (tests/fixtures/intake.ts), so a journey names only what it is about.

/** A course made by a signed-in staff request; answers its id and slug. */
export async function makeCourse(request: APIRequestContext, title: string, courseTypes = ["Full Course"]) {
  const res = await request.post("/api/courses", { data: { title, tutors: "Ada Obi", courseTypes } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { _id: string; slug: string };
}

/** An intake of the course made by a signed-in staff request (`over` changes tests/fixtures/intake.ts's fields); answers its id. */
export async function makeIntake(request: APIRequestContext, courseId: string, over: Record<string, unknown> = {}) {
  const res = await request.post(`/api/courses/${courseId}/intakes`, { data: intakeJson(over) });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { _id: string })._id;
}
