import { isMinorOn, lagosDay } from "@domain/consent";

// What the registration form's components need to know about its fields, without zod: the
// page's first JavaScript carries this, and the schema (schema.ts) comes after the page is shown
// (docs/decisions/045-first-paint-like-the-blog.md).

export const FILE_GROUPS = ["idCards", "certificate"] as const;
export type FileGroup = (typeof FILE_GROUPS)[number];
/** The file input of each group. */
export const fileField = { idCards: "idCardFiles", certificate: "certificateFiles" } as const satisfies Record<
  FileGroup,
  string
>;

/** A file the API has already stored privately for this applicant, carried across a failed submit (its schema: schema.ts). */
export type KeptFile = { public_id: string; name: string; size: number; group: FileGroup };

export function encodeKeptFile(file: KeptFile) {
  return JSON.stringify({ public_id: file.public_id, name: file.name, size: file.size, group: file.group });
}

/** A picked file (an empty file input submits a nameless, empty one: that is no file). */
export function isPickedFile(value: unknown): value is File {
  if (typeof value !== "object" || value === null) return false;
  const f = value as Partial<File>;
  return (
    typeof f.name === "string" &&
    typeof f.size === "number" &&
    typeof f.arrayBuffer === "function" &&
    !(f.name === "" && f.size === 0)
  );
}

export const latestGraduationYear = () => new Date().getFullYear() + 6;

/** School name and graduation year are asked unless the highest education is "none" (or not chosen yet). */
export const needsSchool = (highestEducation: unknown) => highestEducation !== "none";

/**
 * The hidden field carrying the upload token the page was served with (api/upload-token.ts):
 * not the applicant's words, so not in the schema; the action hands it to the API with the files.
 */
export const UPLOAD_TOKEN_FIELD = "uploadToken";

/** Under 18 on the day of registration (Lagos), from a date of birth as typed; false while it is not a date. */
export const isMinor = (dob: unknown) => typeof dob === "string" && isMinorOn(dob, lagosDay());
