import type { Selectable } from "kysely";

import { type CourseType, offeredCourseTypes } from "@domain/choices";

import type { CoursesTable } from "../db/schema";

// A course's row as the API answers it, and the course types it offers: read by the courses
// routes, the revisions' restore, intakes and registrations (api/lib/post-json.ts is the posts' own).

type CourseRow = Selectable<CoursesTable>;

/** The course's JSON fields and the columns that store them: written once, read both ways. */
export const COURSE_FIELDS = {
  title: "title",
  slug: "slug",
  tutors: "tutors",
  featuredImg: "featured_img",
  tag: "tag",
  tipColor: "tip_color",
  content: "content",
  assetFolder: "asset_folder",
  createdAt: "created_at",
  updatedAt: "updated_at",
  publishAt: "publish_at",
  category: "category",
  fee: "fee",
  duration: "duration",
  level: "level",
  nextStart: "next_start",
} as const satisfies Record<string, keyof CourseRow>;
type CourseJson = { _id: string } & {
  -readonly [F in keyof typeof COURSE_FIELDS]: CourseRow[(typeof COURSE_FIELDS)[F]];
};

export function toCourse(row: CourseRow): CourseJson & { courseTypes: CourseType[] } {
  const course = { _id: row.id } as CourseJson;
  for (const [field, column] of Object.entries(COURSE_FIELDS)) Object.assign(course, { [field]: row[column] });
  // A number whatever type the database driver hands over.
  course.fee = row.fee === null ? null : Number(row.fee);
  return { ...course, courseTypes: courseTypesOf(row) };
}

/** The course types a course offers (docs/decisions/038-course-types-per-course.md). */
export function courseTypesOf(row: Pick<CourseRow, "course_types">) {
  let named: unknown = null;
  try {
    named = row.course_types ? JSON.parse(row.course_types) : null;
  } catch {
    named = null;
  }
  return offeredCourseTypes(Array.isArray(named) ? named.map(String) : null);
}
