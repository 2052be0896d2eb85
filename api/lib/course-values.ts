import { offeredCourseTypes } from "@domain/choices";

import type { courseInput } from "../validation";
import { sanitizeRichText } from "./sanitize";

// A course's columns from what a caller sent, written once (as a post's are in post-values.ts):
// the API's create and update calls build their rows through this. Rich text is sanitized here.

type CourseInput = Omit<ReturnType<typeof courseInput.parse>, "publishAt" | "assetFolder">;

/** Every column a course's content sets; `course_types` only when the caller named them. */
export function courseValues(input: CourseInput) {
  return {
    title: input.title,
    tutors: input.tutors,
    featured_img: input.featuredImg,
    tag: input.tag,
    tip_color: input.tipColor,
    content: sanitizeRichText(input.content),
    category: input.category,
    fee: input.fee,
    duration: input.duration,
    level: input.level,
    next_start: input.nextStart,
    ...(input.courseTypes ? { course_types: JSON.stringify(offeredCourseTypes(input.courseTypes)) } : {}),
  };
}
