import * as z from "zod";
import { editorText as t, JOB_LOCATIONS, JOB_TYPES, type EditorType } from "~/content/staff";
import { reloginSchema } from "~/schemas/auth";

// One schema per editor form, shared by the browser (conform) and the action. "publish"
// checks SPEC §5's rules; "save" (a draft) takes whatever was typed so far.

const required = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max);
const optionalText = (max: number) => z.string().trim().max(max).optional().default("");
const imageRef = z.string().trim().max(500).optional().default("");
const colour = z
  .string()
  .trim()
  .regex(/^$|^#[0-9a-f]{6}$/i)
  .optional()
  .default("");

const common = {
  id: z.string().max(100).optional(),
  assetFolder: z.string().trim().regex(/^$|^(job|article|course)\/[a-z0-9_-]+$/i).optional().default(""),
  content: z.string().max(500_000).optional().default(""),
};

export const publishSchemas = {
  job: z.object({
    ...common,
    title: required(t.jobTitleEmpty),
    jobType: z.enum(JOB_TYPES, { error: t.jobTypeInvalid }),
    jobLocation: z.enum(JOB_LOCATIONS, { error: t.jobLocationInvalid }),
    companyName: required(t.companyNameEmpty, 120),
    applicationDeadline: z
      .string({ error: t.deadlineEmpty })
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}$/, t.deadlineEmpty),
    companyCoverImg: imageRef,
    companyLogo: imageRef,
    logoAccent: colour,
  }),
  article: z.object({ ...common, title: required(t.titleEmpty), featuredImg: imageRef }),
  course: z.object({
    ...common,
    title: required(t.titleEmpty),
    tutors: required(t.tutorsEmpty, 300),
    tag: optionalText(60),
    tipColor: colour,
    featuredImg: imageRef,
  }),
} satisfies Record<EditorType, z.ZodObject>;

/** A draft: every field optional, same types. */
export const draftSchemas = {
  job: z.object({
    ...common,
    title: optionalText(200),
    jobType: optionalText(40),
    jobLocation: optionalText(40),
    companyName: optionalText(120),
    applicationDeadline: optionalText(40),
    companyCoverImg: imageRef,
    companyLogo: imageRef,
    logoAccent: colour,
  }),
  article: z.object({ ...common, title: optionalText(200), featuredImg: imageRef }),
  course: z.object({ ...common, title: optionalText(200), tutors: optionalText(300), tag: optionalText(60), tipColor: colour, featuredImg: imageRef }),
} satisfies Record<EditorType, z.ZodObject>;

export type EditorIntent = "save" | "publish" | "relogin";

export function isEditorIntent(value: unknown): value is EditorIntent {
  return value === "save" || value === "publish" || value === "relogin";
}

/** The schema a submission is checked against, by the button that sent it. */
export function editorSchema(type: EditorType, intent: EditorIntent) {
  if (intent === "relogin") return reloginSchema.passthrough();
  return intent === "publish" ? publishSchemas[type] : draftSchemas[type];
}

/** The fields the featured-image slot writes to: jobs keep it as the company cover image. */
export function featuredField(type: EditorType) {
  return type === "job" ? "companyCoverImg" : "featuredImg";
}

export function publicPath(type: EditorType, item: { _id: string; slug: string }) {
  return `/${type}/${encodeURIComponent(item._id)}/${encodeURIComponent(item.slug)}`;
}

export function backPath(type: EditorType) {
  return type === "course" ? "/courses" : "/blog";
}

/**
 * Editors load once: re-running the loader after a save would re-read the draft, and after
 * a session ended it would send the person to the login page instead of the re-login modal.
 */
export function editorShouldRevalidate({ formMethod, currentUrl, nextUrl, defaultShouldRevalidate }: {
  formMethod?: string; currentUrl: URL; nextUrl: URL; defaultShouldRevalidate: boolean;
}) {
  if (formMethod || currentUrl.href === nextUrl.href) return false;
  return defaultShouldRevalidate;
}
