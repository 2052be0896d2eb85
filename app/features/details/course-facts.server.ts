import { courseTypeWords } from "@domain/choices";
import { categoryName } from "@domain/offers";

/**
 * A course's facts in words, made by the loader: the page's code then carries neither the category
 * list nor the course types' words (docs/decisions/084-stored-search-words-and-bounded-pipeline-counts.md).
 */
export function courseFactWords(course: { category: string | null; courseTypes: string[] }) {
  return {
    categoryName: categoryName(course.category),
    courseTypes: course.courseTypes.map(courseTypeWords).join(", "),
  };
}
