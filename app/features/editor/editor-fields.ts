import type { ItemType } from "@domain/items";
import { isoToLagosLocal } from "@domain/schedule";

// The fields each editor sends, in form order (the first invalid one gets the focus).
export const EDITOR_FIELDS: Record<ItemType, readonly string[]> = {
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
    "publishAt",
    "content",
    "featuredImg",
    "tipColor",
    "assetFolder",
  ],
};

export type EditorValues = Record<string, string>;

/** The editor's values from a stored item, a draft or a submitted form. */
export function pickEditorValues(
  type: ItemType,
  source: Record<string, unknown> | FormData | null | undefined,
): EditorValues {
  const values: EditorValues = {};
  for (const name of EDITOR_FIELDS[type]) {
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

export function newAssetFolder(type: ItemType) {
  return `${type}/${Date.now()}`;
}
