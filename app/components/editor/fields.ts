import type { EditorType } from "~/content/staff";

// The fields each editor sends, in form order (the first invalid one gets the focus).
export const EDITOR_FIELDS: Record<EditorType, readonly string[]> = {
  job: ["title", "jobType", "jobLocation", "companyName", "applicationDeadline", "content", "companyCoverImg", "companyLogo", "logoAccent", "assetFolder"],
  article: ["title", "content", "featuredImg", "assetFolder"],
  course: ["title", "tutors", "tag", "content", "featuredImg", "tipColor", "assetFolder"],
};

export type EditorValues = Record<string, string>;

/** The editor's values from a stored item, a draft or a submitted form. */
export function pickEditorValues(type: EditorType, source: Record<string, unknown> | FormData | null | undefined): EditorValues {
  const values: EditorValues = {};
  for (const name of EDITOR_FIELDS[type]) {
    const raw = source instanceof FormData ? source.get(name) : source?.[name];
    values[name] = typeof raw === "string" ? raw : typeof raw === "number" ? String(raw) : "";
  }
  if (type === "job" && values.applicationDeadline) values.applicationDeadline = values.applicationDeadline.slice(0, 10);
  return values;
}

export function newAssetFolder(type: EditorType) {
  return `${type}/${Date.now()}`;
}
