import * as z from "zod/mini";
import en from "zod/v4/locales/en.js";

import { COURSE_TYPES, JOB_LOCATIONS, JOB_TYPES } from "@domain/choices";
import { ASSET_FOLDER, type ItemType } from "@domain/items";
import { applyLink, COURSE_CATEGORY_SLUGS, COURSE_LEVELS, nairaFromText, OFFER_LIMITS } from "@domain/offers";
import { COLOUR } from "@domain/patterns";
import { lagosLocalToIso } from "@domain/schedule";
import { asStoredDay } from "@domain/typed-day";
import { editorText as t } from "~/content/editor";
import { trashText as lt } from "~/content/trash";
import { reloginSchema } from "~/features/auth/schema";

// zod/mini, not classic zod, as the registration schema (decision 023): the browser runs these
// schemas (app/utils/validate-form.ts), and classic zod there would put zod's whole core in a
// chunk the registration page shares.
// zod/mini sets no locale of its own: the rules that name no message speak English, as with
// classic zod (which installs the same English locale when none is set).
if (!z.config().localeError) z.config(en());
// In the browser, zod must not probe for eval (new Function): the CSP forbids it and Chrome
// reports every probe as a Content-Security-Policy issue.
if (typeof document !== "undefined") z.config({ jitless: true });

// One schema per editor form, shared by the browser (conform) and the action. "publish"
// checks docs/product.md §5's rules; "save" (a draft) takes whatever was typed so far.

/** classic zod's `.optional().default("")`: no value (or "") is "". */
const blankByDefault = (schema: z.ZodMiniString<string>) => z._default(z.optional(schema), "");
const required = (message: string, max = 200) =>
  z.string({ error: message }).check(z.trim(), z.minLength(1, message), z.maxLength(max));
const optionalText = (max: number) => blankByDefault(z.string().check(z.trim(), z.maxLength(max)));
const imageRef = blankByDefault(z.string().check(z.trim(), z.maxLength(500)));
const colour = blankByDefault(
  z.string().check(
    z.trim(),
    z.refine((v: string) => !v || COLOUR.test(v)),
  ),
);

// "Publish at" (docs/product.md §4): empty for now, else a real Lagos date and time.
const publishAt = blankByDefault(
  z.string().check(
    z.trim(),
    z.maxLength(40, lt.publishAtInvalid),
    z.refine((v: string) => !v || !!lagosLocalToIso(v), lt.publishAtInvalid),
  ),
);
// The offer fields (docs/decisions/019-course-and-job-offers.md). They stay strings here (the API stores numbers and nulls); a blank is "none".
const naira = blankByDefault(
  z.string().check(
    z.trim(),
    z.maxLength(20, t.nairaInvalid),
    z.refine((v: string) => {
      const n = nairaFromText(v);
      return n === null || (Number.isInteger(n) && n <= OFFER_LIMITS.maxNaira);
    }, t.nairaInvalid),
  ),
);
const limited = (max: number) => blankByDefault(z.string().check(z.trim(), z.maxLength(max, t.textTooLong(max))));
const blankOr = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z._default(z.optional(z.union([z.literal(""), z.enum(values)], { error: message })), "");
const courseOffer = {
  category: blankOr(COURSE_CATEGORY_SLUGS, t.categoryInvalid),
  fee: naira,
  duration: limited(OFFER_LIMITS.durationLength),
  level: blankOr(COURSE_LEVELS, t.levelInvalid),
  nextStart: blankByDefault(
    z.string().check(z.trim(), z.overwrite(asStoredDay), z.regex(/^$|^\d{4}-\d{2}-\d{2}$/, t.nextStartInvalid)),
  ),
  // The course types it offers (docs/decisions/038-course-types-per-course.md): at least one.
  courseTypes: z
    .array(z.enum(COURSE_TYPES, { error: t.courseTypesInvalid }), { error: t.courseTypesEmpty })
    .check(z.minLength(1, t.courseTypesEmpty), z.maxLength(COURSE_TYPES.length * 2)),
};
const jobOffer = {
  salaryMin: naira,
  salaryMax: naira,
  jobAddress: limited(OFFER_LIMITS.jobAddressLength),
};
const salaryInOrder = (job: { salaryMin: string; salaryMax: string }) => {
  const min = nairaFromText(job.salaryMin);
  const max = nairaFromText(job.salaryMax);
  return min === null || max === null || Number.isNaN(min) || Number.isNaN(max) || min <= max;
};

const common = {
  id: z.optional(z.string().check(z.maxLength(100))),
  assetFolder: blankByDefault(
    z.string().check(
      z.trim(),
      z.refine((v: string) => !v || ASSET_FOLDER.test(v)),
    ),
  ),
  content: blankByDefault(z.string().check(z.maxLength(500_000))),
};

export const publishSchemas = {
  job: z
    .object({
      ...common,
      title: required(t.jobTitleEmpty),
      jobType: z.enum(JOB_TYPES, { error: t.jobTypeInvalid }),
      jobLocation: z.enum(JOB_LOCATIONS, { error: t.jobLocationInvalid }),
      companyName: required(t.companyNameEmpty, 120),
      publishAt,
      applicationDeadline: z
        .string({ error: t.deadlineEmpty })
        .check(z.trim(), z.overwrite(asStoredDay), z.regex(/^\d{4}-\d{2}-\d{2}$/, t.deadlineEmpty)),
      companyCoverImg: imageRef,
      companyLogo: imageRef,
      logoAccent: colour,
      howToApply: z.string({ error: t.howToApplyInvalid }).check(
        z.trim(),
        z.maxLength(OFFER_LIMITS.howToApplyLength, t.textTooLong(OFFER_LIMITS.howToApplyLength)),
        z.refine((v: string) => applyLink(v) !== null, t.howToApplyInvalid),
      ),
      ...jobOffer,
    })
    .check(z.refine(salaryInOrder, { path: ["salaryMax"], message: t.salaryOrder })),
  article: z.object({ ...common, title: required(t.titleEmpty), featuredImg: imageRef, publishAt }),
  course: z.object({
    ...common,
    publishAt,
    title: required(t.titleEmpty),
    tutors: required(t.tutorsEmpty, 300),
    tag: optionalText(60),
    tipColor: colour,
    featuredImg: imageRef,
    ...courseOffer,
  }),
} satisfies Record<ItemType, z.ZodMiniObject>;

/** A draft: every field optional, same types. */
export const draftSchemas = {
  job: z.object({
    ...common,
    title: optionalText(200),
    jobType: optionalText(40),
    jobLocation: optionalText(40),
    companyName: optionalText(120),
    publishAt: optionalText(40),
    applicationDeadline: optionalText(40),
    companyCoverImg: imageRef,
    companyLogo: imageRef,
    logoAccent: colour,
    howToApply: limited(OFFER_LIMITS.howToApplyLength),
    salaryMin: limited(20),
    salaryMax: limited(20),
    jobAddress: limited(OFFER_LIMITS.jobAddressLength),
  }),
  article: z.object({ ...common, title: optionalText(200), featuredImg: imageRef, publishAt: optionalText(40) }),
  course: z.object({
    ...common,
    publishAt: optionalText(40),
    title: optionalText(200),
    tutors: optionalText(300),
    tag: optionalText(60),
    tipColor: colour,
    featuredImg: imageRef,
    category: limited(40),
    fee: limited(20),
    duration: limited(OFFER_LIMITS.durationLength),
    level: limited(40),
    nextStart: limited(40),
    courseTypes: z._default(
      z.optional(z.array(z.enum(COURSE_TYPES, { error: t.courseTypesInvalid })).check(z.maxLength(8))),
      [],
    ),
  }),
} satisfies Record<ItemType, z.ZodMiniObject>;

export type EditorIntent = "save" | "publish" | "relogin";

export function isEditorIntent(value: unknown): value is EditorIntent {
  return value === "save" || value === "publish" || value === "relogin";
}

/** The schema a submission is checked against, by the button that sent it. */
export function editorSchema(type: ItemType, intent: EditorIntent) {
  if (intent === "relogin") return z.looseObject(reloginSchema.shape);
  return intent === "publish" ? publishSchemas[type] : draftSchemas[type];
}

/** The fields the featured-image slot writes to: jobs keep it as the company cover image. */
export function featuredField(type: ItemType) {
  return type === "job" ? "companyCoverImg" : "featuredImg";
}

/**
 * Editors load once: re-running the loader after a save would re-read the draft, and after
 * a session ended it would send the person to the login page instead of the re-login modal.
 */
export function editorShouldRevalidate({
  formMethod,
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: {
  formMethod?: string;
  currentUrl: URL;
  nextUrl: URL;
  defaultShouldRevalidate: boolean;
}) {
  if (formMethod || currentUrl.href === nextUrl.href) return false;
  return defaultShouldRevalidate;
}

/**
 * The editor form's values as conform sees them: every field any editor (or the re-login
 * modal) posts, each a string. Every schema above checks a subset of them.
 */
export type EditorFormValues = {
  /** A course's types: checkboxes, so a list (docs/decisions/038-course-types-per-course.md). */
  courseTypes?: string[];
} & {
  [
    K in
      | "id"
      | "assetFolder"
      | "content"
      | "title"
      | "jobType"
      | "jobLocation"
      | "companyName"
      | "applicationDeadline"
      | "companyCoverImg"
      | "companyLogo"
      | "logoAccent"
      | "featuredImg"
      | "tutors"
      | "tag"
      | "tipColor"
      | "category"
      | "fee"
      | "duration"
      | "level"
      | "nextStart"
      | "howToApply"
      | "salaryMin"
      | "salaryMax"
      | "jobAddress"
      | "publishAt"
      | "reloginEmail"
      | "reloginPassword"
  ]?: string;
};
