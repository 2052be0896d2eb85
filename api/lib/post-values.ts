import type { Selectable } from "kysely";

import type { PostsTable } from "../db/schema";
import type { articleInput, jobInput } from "../validation";
import { plainTextOf, sanitizeRichText } from "./sanitize";

// A post's columns from what a caller sent, written once: the API's create and update calls and
// the demo seed (scripts/demo/seed.ts) build their rows through these, so every column is named
// in one place. Rich text is sanitized here, whoever wrote it.

type PostRow = Selectable<PostsTable>;

/** The columns a post's content sets: everything but its identity, dates, authors and state. */
export type PostValues = Omit<
  PostRow,
  | "id"
  | "post_type"
  | "slug"
  | "created_at"
  | "updated_at"
  | "created_by"
  | "updated_by"
  | "trashed_at"
  | "trashed_by"
  | "publish_at"
> & { publish_at: string | null | undefined };

export function articleValues(input: ReturnType<typeof articleInput.parse>): PostValues {
  const html = sanitizeRichText(input.content);
  return {
    title: input.title,
    content: html,
    description: plainTextOf(html),
    featured_img: input.featuredImg,
    company_cover_img: "",
    company_logo: "",
    logo_accent: "",
    company_name: "",
    job_type: "",
    job_location: "",
    application_deadline: null,
    asset_folder: input.assetFolder,
    publish_at: input.publishAt,
    how_to_apply: null,
    salary_min: null,
    salary_max: null,
    job_address: null,
  };
}

export function jobValues(input: ReturnType<typeof jobInput.parse>): PostValues {
  const html = sanitizeRichText(input.content);
  return {
    title: input.title,
    content: html,
    description: plainTextOf(html),
    featured_img: "",
    company_cover_img: input.companyCoverImg,
    company_logo: input.companyLogo,
    logo_accent: input.logoAccent,
    company_name: input.companyName,
    job_type: input.jobType,
    job_location: input.jobLocation,
    application_deadline: input.applicationDeadline,
    asset_folder: input.assetFolder,
    publish_at: input.publishAt,
    how_to_apply: input.howToApply,
    salary_min: input.salaryMin,
    salary_max: input.salaryMax,
    job_address: input.jobAddress,
  };
}
