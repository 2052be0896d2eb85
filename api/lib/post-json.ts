import type { Selectable } from "kysely";

import type { PostsTable } from "../db/schema";

// A post's row as the API answers it: in a list (with a job's card facts), as an article, as a
// job. The posts routes and the revisions' restore read the same (api/lib/post-values.ts is the
// other way: an input to columns).

type PostRow = Selectable<PostsTable>;

export function toPostListItem(row: PostRow) {
  return {
    _id: row.id,
    postType: row.post_type,
    title: row.title,
    slug: row.slug,
    description: row.description,
    featuredImg: row.featured_img,
    companyCoverImg: row.company_cover_img,
    applicationDeadline: row.application_deadline ?? undefined,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    publishAt: row.publish_at,
    // What a job seeker compares between cards (docs/product.md §2, Blog): empty on articles.
    ...(row.post_type === "job" ? jobCardFacts(row) : {}),
  };
}

function jobCardFacts(row: PostRow) {
  return {
    companyName: row.company_name,
    jobType: row.job_type,
    jobLocation: row.job_location,
    jobAddress: row.job_address,
    salaryMin: row.salary_min === null ? null : Number(row.salary_min),
    salaryMax: row.salary_max === null ? null : Number(row.salary_max),
  };
}

export function toArticle(row: PostRow) {
  return {
    _id: row.id,
    postType: "article" as const,
    title: row.title,
    slug: row.slug,
    description: row.description,
    content: row.content,
    featuredImg: row.featured_img,
    assetFolder: row.asset_folder,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    publishAt: row.publish_at,
  };
}

export function toJob(row: PostRow) {
  return {
    _id: row.id,
    postType: "job" as const,
    title: row.title,
    slug: row.slug,
    description: row.description,
    content: row.content,
    jobType: row.job_type,
    jobLocation: row.job_location,
    companyName: row.company_name,
    applicationDeadline: row.application_deadline,
    companyCoverImg: row.company_cover_img,
    companyLogo: row.company_logo,
    logoAccent: row.logo_accent,
    assetFolder: row.asset_folder,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    publishAt: row.publish_at,
    howToApply: row.how_to_apply,
    salaryMin: row.salary_min === null ? null : Number(row.salary_min),
    salaryMax: row.salary_max === null ? null : Number(row.salary_max),
    jobAddress: row.job_address,
  };
}
