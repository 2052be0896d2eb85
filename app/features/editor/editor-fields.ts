import { COURSE_TYPES } from "@domain/choices";
import type { ItemType } from "@domain/items";
import { isoToLagosLocal } from "@domain/schedule";

// The fields each editor sends, in form order (the first invalid one gets the focus). They are
// held against the API's input schemas and the editor's own in item-write.server.ts.
export const EDITOR_FIELDS = {
  job: [
    "title",
    "jobType",
    "jobLocation",
    "companyName",
    "applicationDeadline",
    "howToApply",
    "salaryMin",
    "salaryMax",
    "jobAddress",
    "publishAt",
    "content",
    "companyCoverImg",
    "companyLogo",
    "logoAccent",
    "assetFolder",
  ],
  article: ["title", "publishAt", "content", "featuredImg", "assetFolder"],
  course: [
    "title",
    "tutors",
    "tag",
    "category",
    "fee",
    "duration",
    "level",
    "nextStart",
    "courseTypes",
    "publishAt",
    "content",
    "featuredImg",
    "tipColor",
    "assetFolder",
  ],
} as const satisfies Record<ItemType, readonly string[]>;

export type EditorValues = Record<string, string>;

/** The editor's values from a stored item, a draft or a submitted form. */
export function pickEditorValues(
  type: ItemType,
  source: Record<string, unknown> | FormData | null | undefined,
): EditorValues {
  const values: EditorValues = {};
  for (const name of EDITOR_FIELDS[type]) {
    if (name === "courseTypes") {
      values[name] = courseTypesValue(source instanceof FormData ? source.getAll(name) : source?.[name]);
      continue;
    }
    const raw = source instanceof FormData ? source.get(name) : source?.[name];
    // null: an item published before a field existed (the offer fields (docs/decisions/019-course-and-job-offers.md)).
    values[name] = typeof raw === "string" ? raw : typeof raw === "number" ? String(raw) : "";
  }
  if (type === "job" && values.applicationDeadline)
    values.applicationDeadline = values.applicationDeadline.slice(0, 10);
  // A stored item's schedule is an instant; the datetime-local field shows it in Lagos time.
  if (/(Z|[+-]\d{2}:\d{2})$/.test(values.publishAt)) values.publishAt = isoToLagosLocal(values.publishAt);
  return values;
}

/**
 * A course's types as the editor keeps them among its text values: one per line. A course or
 * draft from before the types existed (no value at all) offers all four, as the API reads it
 * (docs/decisions/038-course-types-per-course.md).
 */
function courseTypesValue(raw: unknown) {
  if (raw === undefined || raw === null) return COURSE_TYPES.join("\n");
  const list = Array.isArray(raw) ? raw : [raw];
  return list.filter((v): v is string => typeof v === "string" && v !== "").join("\n");
}

/** The editor's one-per-line course types as the checkboxes' list. */
export const courseTypesList = (value: string | undefined) => (value ? value.split("\n").filter(Boolean) : []);

export function newAssetFolder(type: ItemType) {
  return `${type}/${Date.now()}`;
}
