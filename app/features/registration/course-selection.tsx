import { COURSE_TYPES, courseTypeWords, offeredCourseTypes } from "@domain/choices";
import { SelectField } from "~/components/forms";
import { labels, sectionTitles } from "~/content/registration";

import { type Fields, Section } from "./sections";

/** A published course as the form offers it: its id, its title, the course types it offers and its open intakes. */
export type CourseChoice = {
  value: string;
  label: string;
  types: string[];
  intakes: { value: string; label: string }[];
};
/** The intake select's hint and "no preference" (words sent with the page's data). */
export type IntakeWords = { hint: string; none: string };

// The stored value, and the words people read (decision 067).
const plain = (values: readonly string[]) => values.map((v) => ({ value: v, label: courseTypeWords(v) }));

/**
 * The course and its type (docs/decisions/038-course-types-per-course.md): once a course is
 * chosen (preselected from its page, picked with JavaScript, or sent back by the server), only
 * the types it offers are listed, and a course with one type has it chosen. Without JavaScript
 * and before a course is chosen all four are listed; the server refuses a type the course does
 * not offer, and the form comes back with the course chosen and only its types.
 */
export function CourseSelection({
  fields,
  courses,
  intakeWords,
}: {
  fields: Fields;
  courses: CourseChoice[];
  intakeWords: IntakeWords;
}) {
  const chosen = courses.find((c) => c.value === fields.courseId.value);
  const types = chosen ? offeredCourseTypes(chosen.types) : [...COURSE_TYPES];
  const only = types.length === 1;
  return (
    <Section id="course" title={sectionTitles.course}>
      <div className="field-row">
        <SelectField field={fields.courseId} label={labels.courseTitle} options={courses} placeholder={labels.select} />
        {/* Not keyed by the course: a type chosen before the page's code came (a slow line) stays
            chosen when the list is redrawn for that course; one the new course does not offer
            falls back to the first entry, as the browser does for a removed option. */}
        <SelectField
          field={fields.courseType}
          label={labels.courseType}
          options={plain(types)}
          placeholder={only ? undefined : labels.select}
        />
      </div>
      {/* Its open intakes (docs/decisions/068-intakes-and-seats.md); before a course is chosen, every course's. */}
      <IntakeSelect fields={fields} courses={chosen ? [chosen] : courses} words={intakeWords} />
    </Section>
  );
}

function IntakeSelect({ fields, courses, words }: { fields: Fields; courses: CourseChoice[]; words: IntakeWords }) {
  const one = courses.length === 1;
  const options = courses.flatMap((c) => c.intakes.map((i) => (one ? i : { ...i, label: `${c.label}: ${i.label}` })));
  if (!options.length) return null;
  return (
    <SelectField
      key={one ? courses[0]!.value : ""}
      field={fields.intakeId}
      label={labels.intakeId}
      hint={words.hint}
      options={options}
      placeholder={words.none}
    />
  );
}
