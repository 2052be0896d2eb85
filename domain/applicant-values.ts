import { courseTypeWords } from "./choices";
import { EDUCATION_LABELS, STATE_OPTIONS } from "./option-words";
import { EXPORT_WORDS as t } from "./staff-words";

const stateLabels: ReadonlyMap<string, string> = new Map(STATE_OPTIONS.map((s) => [s.value, s.label]));
const educationLabel: Readonly<Record<string, string>> = EDUCATION_LABELS;

/** An applicant's stored value as the form showed it: state and education labels, Yes/No, lists joined. */
export function applicantValueText(key: string, value: unknown): string {
  if (typeof value === "boolean") return value ? t.yes : t.no;
  if (Array.isArray(value)) return value.join(", ");
  const text = String(value ?? "");
  if (key === "state") return stateLabels.get(text) ?? text;
  if (key === "highestEducation") return educationLabel[text] ?? text;
  if (key === "courseType") return courseTypeWords(text);
  return text;
}
