import { lagosDate } from "@domain/schedule";
import { intakesStaffCopy } from "~/content/intakes";
import type { upstream } from "~/upstream/index.server";
import type { PublicIntake } from "~/upstream/intakes.server";
import { hasSessionCookie } from "~/upstream/transport.server";

import { intakeLines, intakeListWords } from "./intake-words.server";

type Api = ReturnType<typeof upstream>;

/**
 * A course's intakes as its page lists them. A failed read leaves the list out (the course page
 * still shows; the registration form and the API check the intake anyway).
 */
export async function courseIntakes(api: Api, course: { _id: string; slug: string }) {
  let intakes: PublicIntake[] = [];
  try {
    intakes = await api.intakes.forCourse(course._id);
  } catch (error) {
    console.error("[intakes] course list failed", error);
  }
  return { intakes: intakeLines(intakes, course, lagosDate()), title: intakeListWords.title };
}

/** Staff who manage intakes get a link to the course's intake page; everyone else null. */
export async function intakesLinkForStaff(request: Request, api: Api, courseId: string) {
  if (!hasSessionCookie(request)) return null;
  const user = await api.auth.currentUser().catch(() => null);
  if (!user?.permissions.includes("applicants")) return null;
  return { href: `/admin/courses/${encodeURIComponent(courseId)}/intakes`, label: intakesStaffCopy.metaTitle };
}
