import { z } from "zod";

import { COURSE_TYPES, JOB_LOCATIONS, JOB_TYPES, POST_TYPES } from "@domain/choices";
import { ITEM_TYPES } from "@domain/items";
import { applyLink, COURSE_CATEGORY_SLUGS, COURSE_LEVELS, OFFER_LIMITS } from "@domain/offers";
import { isOneLine } from "@domain/text";

import { apiMessages } from "../messages";
import {
  assetFolder,
  blankToNull,
  colour,
  imageRef,
  isoDate,
  line,
  listQuery,
  optionalDate,
  optionalNaira,
  optionalText,
  publishAt,
  required,
  richText,
} from "./fields";

/** The trash and the schedule page by key too: `<trashedAt or publishAt>_<_id>` (docs/product.md §4). */
export const staffItemsQuery = listQuery(100).pick({ limit: true, after: true, before: true });

export const courseListQuery = listQuery(3).extend({
  category: z.enum(COURSE_CATEGORY_SLUGS, { error: `must be one of ${COURSE_CATEGORY_SLUGS.join(", ")}` }).optional(),
  project: z
    .string()
    .regex(/^[a-zA-Z_,\s]*$/, "must list field names, e.g. title,slug")
    .optional(),
});

export const postListQuery = listQuery(4).extend({
  // An empty postType (a cleared filter) means both kinds.
  postType: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.enum(POST_TYPES, { error: "must be article or job" }).optional(),
  ),
  // `open`: articles and the jobs still taking applications; `closed`: jobs past their deadline
  // (docs/product.md §7). The jobs list reads the open ones first, then the closed.
  deadline: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.enum(["open", "closed"], { error: "must be open or closed" }).optional(),
  ),
  jobType: z.preprocess((v) => (v === "" ? undefined : v), z.enum(JOB_TYPES).optional()),
  jobLocation: z.preprocess((v) => (v === "" ? undefined : v), z.enum(JOB_LOCATIONS).optional()),
});

export const courseInput = z.object({
  title: required("Title Field is empty"),
  tutors: required("Please fill the tutors field", 300),
  featuredImg: imageRef,
  tag: line(60).default(""),
  tipColor: colour,
  content: richText,
  assetFolder,
  publishAt,
  category: z.preprocess(
    blankToNull,
    z.enum(COURSE_CATEGORY_SLUGS, { error: "Select a course category" }).nullable().default(null),
  ),
  fee: optionalNaira("Enter the fee as a whole number of naira"),
  duration: optionalText(OFFER_LIMITS.durationLength),
  level: z.preprocess(blankToNull, z.enum(COURSE_LEVELS, { error: "Select an NVQ level" }).nullable().default(null)),
  nextStart: optionalDate("Enter the next start date as YYYY-MM-DD"),
  // The course types it offers (docs/decisions/038-course-types-per-course.md): at least one;
  // left out, a new course offers all four and an update keeps what the course had.
  courseTypes: z
    .preprocess(
      (v) => (typeof v === "string" ? [v] : v),
      z
        .array(z.enum(COURSE_TYPES, { error: `must be one of ${COURSE_TYPES.join(", ")}` }))
        .min(1, "Choose at least one course type")
        .max(COURSE_TYPES.length * 2),
    )
    .optional(),
});

export const articleInput = z.object({
  title: required("Title Field is empty"),
  content: richText,
  featuredImg: imageRef,
  assetFolder,
  publishAt,
});

const jobBaseInput = z.object({
  title: required("Job Title Field is empty"),
  content: richText,
  jobType: z.enum(JOB_TYPES, { error: "Please select a valid Job type" }),
  jobLocation: z.enum(JOB_LOCATIONS, { error: "Please select a valid Job Location" }),
  companyName: required("Company Name Field is empty", 120),
  applicationDeadline: isoDate,
  companyCoverImg: imageRef,
  companyLogo: imageRef,
  logoAccent: colour,
  assetFolder,
  publishAt,
  // Required on every publish and update, old jobs included (docs/decisions: how to apply).
  howToApply: z
    .string({ error: "Enter how to apply: an e-mail address or a web address" })
    .trim()
    .max(OFFER_LIMITS.howToApplyLength, `must be at most ${OFFER_LIMITS.howToApplyLength} characters`)
    .refine(isOneLine, apiMessages.notOneLine)
    .refine((v) => applyLink(v) !== null, "Enter how to apply: an e-mail address or a web address"),
  salaryMin: optionalNaira("Enter the salary as a whole number of naira"),
  salaryMax: optionalNaira("Enter the salary as a whole number of naira"),
  jobAddress: optionalText(OFFER_LIMITS.jobAddressLength),
});

export const jobInput = jobBaseInput
  .superRefine((job, ctx) => {
    if (job.salaryMin !== null && job.salaryMax !== null && job.salaryMin > job.salaryMax) {
      ctx.addIssue({ code: "custom", path: ["salaryMax"], message: "The highest salary must not be below the lowest" });
    }
  })
  .transform((job) => ({ ...job, jobAddress: job.jobLocation === "Remote" ? null : job.jobAddress }));

// A draft holds whatever was typed so far: every field optional, still type-checked.
// Required fields may still be blank: an auto-save after an image upload comes before a title.
const draftText = (max: number) => line(max).optional();

// A draft keeps "Publish at" as typed (the datetime-local value), checked only when published.
const draftPublishAt = z.string().max(40).optional();

export const draftInput = z.discriminatedUnion(
  "postType",
  [
    z.object({
      postType: z.literal("course"),
      ...partialShape(courseInput),
      title: draftText(200),
      tutors: draftText(300),
      publishAt: draftPublishAt,
      fee: draftText(20),
      nextStart: draftText(40),
      category: draftText(40),
      level: draftText(40),
      // A draft may have none chosen yet; publishing needs one (docs/decisions/038-course-types-per-course.md).
      courseTypes: z
        .array(z.enum(COURSE_TYPES))
        .max(COURSE_TYPES.length * 2)
        .optional(),
    }),
    z.object({
      postType: z.literal("article"),
      ...partialShape(articleInput),
      title: draftText(200),
      publishAt: draftPublishAt,
    }),
    z.object({
      postType: z.literal("job"),
      ...partialShape(jobBaseInput),
      title: draftText(200),
      howToApply: draftText(OFFER_LIMITS.howToApplyLength),
      salaryMin: draftText(20),
      salaryMax: draftText(20),
      companyName: draftText(120),
      jobType: z.string().max(40).optional(),
      jobLocation: z.string().max(40).optional(),
      applicationDeadline: z.string().max(40).optional(),
      publishAt: draftPublishAt,
    }),
  ],
  { error: "postType must be job, article or course" },
);

function partialShape<T extends z.ZodRawShape>(schema: z.ZodObject<T>) {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, value] of Object.entries(schema.shape)) shape[key] = (value as z.ZodType).optional();
  return shape as { [K in keyof T]: z.ZodOptional<T[K]> };
}

export const draftType = z.enum(ITEM_TYPES);

// What a caller sends to write each item, as these schemas read it: the web tier's editor
// names its payloads by these types (through api/embedded.ts), so a field renamed here fails
// its typecheck, not a test (docs/decisions/086-typed-writes-and-the-layout-seams.md).
export type CourseWrite = z.input<typeof courseInput>;
export type ArticleWrite = z.input<typeof articleInput>;
export type JobWrite = z.input<typeof jobInput>;
export type DraftWrite = z.input<typeof draftInput>;
