import { z } from "zod";

import {
  COURSE_TYPES,
  EDUCATION_LEVELS,
  EMERGENCY_RELATIONSHIPS,
  GENDERS,
  ID_TYPES,
  JOB_LOCATIONS,
  JOB_TYPES,
  PARENT_CONSENT,
  POST_TYPES,
  STATE_SLUGS,
} from "@domain/choices";
import {
  CONSENT_KINDS,
  currentConsentVersion,
  GUARDIAN_RELATIONSHIPS,
  isConsentVersion,
  isMinorOn,
  lagosDay,
} from "@domain/consent";
import { CONTACT_ISSUES } from "@domain/contact-issues";
import { ASSET_FOLDER, ITEM_TYPES } from "@domain/items";
import { JOURNEY_LIMITS, PRIVATE_TOKEN } from "@domain/journey";
import { applyLink, COURSE_CATEGORY_SLUGS, COURSE_LEVELS, nairaFromText, OFFER_LIMITS } from "@domain/offers";
import { COLOUR } from "@domain/patterns";
import { isPhoneNumber, phoneE164 } from "@domain/phone";
import { APPLICANT_STATUSES, NOTE_MAX_LENGTH, OFFER_MAX_DAYS, PROOF_REASON_MAX_LENGTH } from "@domain/pipeline";
import { PRIVACY_REQUEST_KINDS } from "@domain/retention";
import { lagosDate, lagosLocalToIso } from "@domain/schedule";
import { PASSWORD_MAX_LENGTH, STAFF_ROLES } from "@domain/staff";
import { isOneLine } from "@domain/text";

import { isCommonPassword, PASSWORD_RULES } from "./auth/password";
import { apiMessages } from "./messages";

// Every one-line field refuses control characters and line breaks (domain/text.ts): a name or
// title is written into mail subjects and may reach a log. Checked after the trim, so a pasted
// trailing newline is simply dropped. Multi-line fields (a message, a note, rich text) say so;
// a search or list filter is only compared, never stored, mailed or logged, and takes any text.
const text = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);
const line = (max: number) => text(max).refine(isOneLine, apiMessages.notOneLine);
const required = (message: string, max = 200, { multiline = false } = {}) => {
  const checked = z.string({ error: message }).trim().min(1, message).max(max, `must be at most ${max} characters`);
  return multiline ? checked : checked.refine(isOneLine, apiMessages.notOneLine);
};
/** A stored image: a public id from the image store (or a URL from an older post), or empty. */
const imageRef = z
  .string()
  .trim()
  .max(500)
  .regex(/^$|^[a-z0-9_-]+(\/[a-z0-9_.-]+)*$|^https:\/\/\S+$/i, "is not a valid image reference")
  .default("");
const colour = z
  .string()
  .trim()
  .refine((v) => !v || COLOUR.test(v), "must be a colour like #1a2b3c")
  .default("");
const assetFolder = z
  .string()
  .trim()
  .refine((v) => !v || ASSET_FOLDER.test(v), "is not a valid asset folder")
  .default("");
const richText = z.string().max(500_000, "Content is too long").default("");
// A calendar date as a date input sends it (YYYY-MM-DD), or an ISO timestamp starting with
// one; the date written is the date kept, whatever the time zone after it. Date.parse alone
// took "1" for 2001-01-01 and rolled 2030-02-31 over to March.
const isCalendarDate = (d: string) => {
  const t = Date.parse(`${d}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === d;
};
const isoDate = z
  .string({ error: "Kindly select the application deadline" })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/, "Kindly select the application deadline")
  .refine((s) => isCalendarDate(s.slice(0, 10)), "Kindly select the application deadline")
  .transform((s) => s.slice(0, 10));
/**
 * Trimmed first, then checked: zod checks in order, and z.email().trim() refused " a@b.co".
 * `malformed`, when given, is what a present but impossible address is told (the contact form's).
 */
export const email = (message: string, malformed?: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((s) => !malformed || s.length > 0, message)
    .refine(isOneLine, apiMessages.notOneLine)
    .pipe(z.email({ error: malformed ?? message }).max(200, "must be at most 200 characters"));
// When an item goes public (docs/product.md §4): empty for "now", a datetime-local value read as
// Lagos time, or an ISO instant with its zone. Absent on an update: the schedule is kept.
const PUBLISH_AT_MESSAGE = "Kindly choose a valid publish date and time";
const publishAt = z
  .union([z.string().trim().max(40, PUBLISH_AT_MESSAGE), z.null()], { error: PUBLISH_AT_MESSAGE })
  .transform((value, ctx) => {
    if (!value) return null;
    const iso = /(Z|[+-]\d{2}:?\d{2})$/.test(value) ? isoInstant(value) : lagosLocalToIso(value);
    if (!iso) {
      ctx.addIssue({ code: "custom", message: PUBLISH_AT_MESSAGE });
      return z.NEVER;
    }
    return iso;
  })
  .optional();
function isoInstant(value: string) {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})$/.test(value)) return undefined;
  const t = Date.parse(value);
  return Number.isNaN(t) ? undefined : new Date(t).toISOString();
}
const flag = z.preprocess(
  (v) => (typeof v === "string" ? ["true", "on", "1", "yes"].includes(v.toLowerCase()) : v),
  z.boolean().default(false),
);

const LIST_KEY = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?Z)_([\w-]{1,64})$/;
export const listQuery = (defaultLimit: number) =>
  z.object({
    limit: z.coerce
      .number({ error: "must be a whole number from 1 to 100" })
      .int("must be a whole number from 1 to 100")
      .min(1, "must be a whole number from 1 to 100")
      .max(100, "must be a whole number from 1 to 100")
      .default(defaultLimit),
    skip: z.coerce
      .number({ error: "must be a whole number from 0" })
      .int("must be a whole number from 0")
      .min(0, "must be a whole number from 0")
      .max(100_000, "must be at most 100000")
      .default(0),
    search: text(100).optional(),
    // The last row of the page before, as `<created_at>_<id>` (docs/product.md §7): the next page
    // by key costs what the first costs, at any depth.
    after: z
      .string()
      .regex(LIST_KEY, "must be the last item's createdAt and _id joined by _, e.g. 2026-01-02T03:04:05.000Z_6571a3…")
      .transform((key) => {
        const [, at, id] = LIST_KEY.exec(key)!;
        return { at, id };
      })
      .optional(),
    // The first row of the page after, the same way: the page before it (a staff list's "Newer"
    // link), read from the same index in the other direction.
    before: z
      .string()
      .regex(LIST_KEY, "must be the first item's createdAt and _id joined by _, e.g. 2026-01-02T03:04:05.000Z_6571a3…")
      .transform((key) => {
        const [, at, id] = LIST_KEY.exec(key)!;
        return { at, id };
      })
      .optional(),
  });

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

/** A phone number by the shared rule (domain/phone.ts), kept in one form: E.164. */
const phone = (field: z.ZodString, message: string) =>
  field.refine(isPhoneNumber, message).transform((v) => phoneE164(v)!);

export const loginInput = z.object({
  username: email("Kindly input your email").transform((s) => s.toLowerCase()),
  password: z.string({ error: "Kindly input your password" }).min(1, "Kindly input your password").max(200),
  keepMeSignedIn: flag,
});

export const passwordRequestInput = z.object({
  email: email("Kindly input a valid email").transform((s) => s.toLowerCase()),
});

export const newPassword = z
  .string({ error: "Password is required" })
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`)
  .superRefine((value, ctx) => {
    for (const rule of PASSWORD_RULES) if (!rule.test(value)) ctx.addIssue({ code: "custom", message: rule.message });
    if (isCommonPassword(value)) ctx.addIssue({ code: "custom", message: apiMessages.commonPassword });
  });

// Staff accounts, two-factor sign-in and the security log (docs/decisions/031-staff-roles.md, 032).
const role = z.enum(STAFF_ROLES, { error: `must be one of: ${STAFF_ROLES.join(", ")}` });
const code = z
  .string({ error: "Enter the code from your authenticator app, or a recovery code" })
  .trim()
  .min(1, "Enter the code from your authenticator app, or a recovery code")
  .max(20, "Enter the code from your authenticator app, or a recovery code");

export const codeInput = z.object({ code });

export const invitationInput = z.object({
  email: email("Kindly input a valid email").transform((s) => s.toLowerCase()),
  name: z
    .string({ error: "Kindly input the person's name" })
    .trim()
    .min(1, "Kindly input the person's name")
    .max(100, "must be at most 100 characters")
    .refine(isOneLine, apiMessages.notOneLine),
  role,
});

export const roleInput = z.object({ role });

export const invitationTokenInput = z.object({
  token: z
    .string({ error: "The invitation link is invalid, used or expired" })
    .min(10, "The invitation link is invalid, used or expired")
    .max(200),
});

export const invitationAcceptInput = invitationTokenInput.extend({ password: newPassword });

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar day that exists (2026-02-31 does not): the log's days are Lagos days. */
const isLagosDay = (day: string) => lagosLocalToIso(`${day}T00:00`) !== undefined;

export const securityLogQuery = z.object({
  limit: z.coerce
    .number({ error: "must be a whole number from 1 to 200" })
    .int("must be a whole number from 1 to 200")
    .min(1, "must be a whole number from 1 to 200")
    .max(200, "must be a whole number from 1 to 200")
    .default(50),
  person: z
    .string()
    .regex(/^[\w-]{1,64}$/, "must be a staff member's id")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  event: z
    .string()
    .regex(/^[a-z_]{1,40}\.[a-z_]{1,40}$/, "must be an event's name, e.g. login.failed")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  from: z
    .string()
    .regex(DAY, "must be a date, YYYY-MM-DD")
    .refine(isLagosDay, "must be a real date, YYYY-MM-DD")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  to: z
    .string()
    .regex(DAY, "must be a date, YYYY-MM-DD")
    .refine(isLagosDay, "must be a real date, YYYY-MM-DD")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  after: z
    .string()
    .regex(LIST_KEY, "must be the last entry's time and id joined by _")
    .transform((key) => {
      const [, at, id] = LIST_KEY.exec(key)!;
      return { at, id };
    })
    .optional(),
  /** Set by the CSV export's first page: the export itself is logged. */
  export: z.enum(["1"]).optional(),
});

export const passwordResetInput = z.object({
  token: z
    .string({ error: "The reset link is invalid or has expired" })
    .min(10, "The reset link is invalid or has expired")
    .max(200),
  password: newPassword,
});

export const contactInput = z.object({
  fullname: required("Kindly input your fullname", 120),
  email: email("Kindly input your email", apiMessages.emailMalformed),
  phone: phone(required("Kindly input your phone number", 30), "Kindly input a valid phone number"),
  issue: z.coerce
    .number({ error: "Help us understand the matter of your mail" })
    .int()
    .refine((n) => (CONTACT_ISSUES as readonly number[]).includes(n), "Help us understand the matter of your mail"),
  message: required("Kindly input your message", 5000, { multiline: true }),
});

// ---- the staff inbox's read and unread (docs/product.md §4) ----
/** A form sends "true"/"false" (or 1/0), JSON a boolean; both mean the same here. */
const yesNo = (message: string) =>
  z.preprocess(
    (v) => (v === "true" || v === "1" ? true : v === "false" || v === "0" ? false : v),
    z.boolean({ error: message }),
  );
export const contactListQuery = listQuery(20).extend({
  unread: z.preprocess((v) => (v === "" ? undefined : v), yesNo("must be true or false").optional()),
});
export const contactExportQuery = contactListQuery.omit({ limit: true, before: true });
export const contactCsvQuery = contactExportQuery.omit({ after: true, skip: true });
export const contactReadInput = z.object({ read: yesNo("must be true or false") });
/**
 * "Mark all as read": the new messages the staff member was looking at — up to the moment the
 * page was read (one that arrived meanwhile stays new), within the list's search if there was one.
 */
export const contactReadAllInput = z.object({
  until: z.iso.datetime({ error: "must be a date and time, e.g. 2026-11-23T09:30:00.000Z" }).optional(),
  search: z.preprocess((v) => (v === "" ? undefined : v), text(100).optional()),
});

// The offer fields (docs/decisions/019-course-and-job-offers.md): optional, and an empty value (a cleared field) is stored as null.
const blankToNull = (v: unknown) => (v === undefined || v === null || (typeof v === "string" && !v.trim()) ? null : v);
const optionalNaira = (message: string) =>
  z.preprocess(
    (v) => {
      const b = blankToNull(v);
      return typeof b === "string" ? nairaFromText(b) : b;
    },
    z
      .number({ error: message })
      .int(message)
      .min(0, message)
      .max(OFFER_LIMITS.maxNaira, message)
      .nullable()
      .default(null),
  );
const optionalText = (max: number) =>
  z.preprocess(
    blankToNull,
    z
      .string()
      .trim()
      .max(max, `must be at most ${max} characters`)
      .refine(isOneLine, apiMessages.notOneLine)
      .nullable()
      .default(null),
  );
const optionalDate = (message: string) =>
  z.preprocess(
    blankToNull,
    z
      .string({ error: message })
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}$/, message)
      .refine(isCalendarDate, message)
      .nullable()
      .default(null),
  );

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

const pastDate = z
  .string({ error: "Date of birth is required" })
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Date of birth is required")
  .refine((s) => {
    const t = Date.parse(s);
    return !Number.isNaN(t) && t < Date.now() && new Date(s).getUTCFullYear() > 1900;
  }, "Date of birth must be in the past");

export const applicantInput = z
  .object({
    firstname: required("First name is required", 80),
    lastname: required("Last name is required", 80),
    gender: z.enum(GENDERS, { error: "Select your gender" }),
    dob: pastDate,
    email: email("Enter a valid email address"),
    phone: phone(required("Phone number is required", 30), "Enter a valid phone number"),
    street: required("Street address is required", 200),
    city: required("City is required", 80),
    state: z.enum(STATE_SLUGS, { error: "Select your state" }),
    // Optional (docs/decisions/018-registration-for-phones.md): "" when not given.
    postalCode: z
      .string()
      .trim()
      .regex(/^(|[A-Za-z0-9 -]{3,12})$/, "Enter a valid postal code")
      .optional()
      .transform((v) => v ?? ""),
    // The course applied for, by id (docs/product.md §7); the original API's `courseTitle` alone
    // still works when it is a published course's exact title. The route looks the course up.
    courseId: z
      .string()
      .trim()
      .max(100)
      .optional()
      .transform((v) => v || undefined),
    courseTitle: line(200)
      .optional()
      .transform((v) => v || undefined),
    courseType: z.enum(COURSE_TYPES, { error: "Select a course type" }),
    // The intake applied for, by id (docs/decisions/068-intakes-and-seats.md); optional. The route
    // checks it is the course's, open and within its registration window.
    intakeId: z
      .string()
      .trim()
      .max(100)
      .optional()
      .transform((v) => v || undefined),
    idCards: z.preprocess(
      (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
      z
        .array(z.enum(ID_TYPES, { error: "Select a valid ID type" }))
        .min(1, "Select the type of your ID card")
        .max(ID_TYPES.length),
    ),
    parentConsent: z.enum(PARENT_CONSENT, { error: "Select a parental consent option" }),
    // Both required unless highestEducation is "none" (the refinement below), then stored empty.
    schoolName: z
      .string()
      .trim()
      .max(200, "Must be at most 200 characters")
      .refine(isOneLine, apiMessages.notOneLine)
      .optional()
      .transform((v) => v ?? ""),
    graduationYear: z.preprocess(
      (v) => (v === "" || v === undefined || v === null ? undefined : v),
      z.coerce
        .number({ error: "Enter a valid graduation year" })
        .int("Enter a valid graduation year")
        .min(1940, "Enter a valid graduation year")
        // Read at each check, not once at start-up: a server running over New Year takes the new limit.
        .refine((year) => year <= new Date().getFullYear() + 6, "Enter a valid graduation year")
        .optional(),
    ),
    highestEducation: z.enum(EDUCATION_LEVELS, { error: "Select your highest education" }),
    emergencyFullname: required("Emergency contact name is required", 120),
    emergencyRelationship: z.enum(EMERGENCY_RELATIONSHIPS, { error: "Select the relationship" }),
    emergencyPhone: phone(required("Emergency phone number is required", 30), "Enter a valid phone number"),
    regTerms: flag.refine((v) => v, "You must accept the terms and conditions"),
    regPrivacy: flag.refine((v) => v, "You must accept the privacy policy"),
    files: z.preprocess(
      (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
      z
        .array(z.string().regex(/^applicants\/[a-f0-9]{24}$/, "Invalid file reference"))
        .max(6, "Maximum number of file upload is 3"),
    ),
    // The form's one-time token (docs/decisions/035): the same form sent twice is one applicant.
    submissionKey: z
      .string()
      .max(200)
      .regex(/^[\w.-]{16,200}$/, "Invalid form token")
      .optional()
      .transform((v) => v || undefined),
    // The saved form this registration finishes (docs/decisions/036): consumed with the submit.
    resumeToken: z
      .string()
      .regex(PRIVATE_TOKEN, "Invalid saved form")
      .optional()
      .transform((v) => v || undefined),
    // The versions of the texts the form showed (domain/consent.ts); a caller that names none (the
    // original API) accepted the current ones. An unknown version is refused, not guessed.
    ...consentVersionFields(),
    // The guardian of an applicant under 18 (docs/decisions/033-consent-versions-and-minors.md):
    // required then, ignored otherwise (the refinement and transform below).
    guardianName: z
      .string()
      .trim()
      .max(120, "must be at most 120 characters")
      .refine(isOneLine, apiMessages.notOneLine)
      .optional(),
    guardianRelationship: z.preprocess(
      (v) => (v === "" ? undefined : v),
      z.enum(GUARDIAN_RELATIONSHIPS, { error: "Select the guardian's relationship to the applicant" }).optional(),
    ),
    guardianPhone: z
      .string()
      .trim()
      .max(30)
      .refine((v) => !v || isPhoneNumber(v), "Enter a valid phone number for the guardian")
      .optional(),
    guardianEmail: z.preprocess(
      (v) => (typeof v === "string" && !v.trim() ? undefined : v),
      email("Enter a valid e-mail address for the guardian").optional(),
    ),
    guardianConsent: flag,
  })
  .superRefine((value, ctx) => {
    // Age on the day of registration, in Lagos (domain/consent.ts): a minor needs a guardian's consent.
    if (isMinorOn(value.dob, lagosDay())) {
      if (!value.guardianName)
        ctx.addIssue({ code: "custom", path: ["guardianName"], message: apiMessages.guardianName });
      if (!value.guardianRelationship)
        ctx.addIssue({ code: "custom", path: ["guardianRelationship"], message: apiMessages.guardianRelationship });
      if (!value.guardianPhone)
        ctx.addIssue({ code: "custom", path: ["guardianPhone"], message: apiMessages.guardianPhone });
      if (!value.guardianEmail)
        ctx.addIssue({ code: "custom", path: ["guardianEmail"], message: apiMessages.guardianEmail });
      if (!value.guardianConsent)
        ctx.addIssue({ code: "custom", path: ["guardianConsent"], message: apiMessages.guardianConsent });
    }
    if (!value.courseId && !value.courseTitle)
      ctx.addIssue({ code: "custom", path: ["courseTitle"], message: "Select a course" });
    if (value.highestEducation === "none") return;
    if (!value.schoolName) ctx.addIssue({ code: "custom", path: ["schoolName"], message: "School name is required" });
    if (value.graduationYear === undefined)
      ctx.addIssue({ code: "custom", path: ["graduationYear"], message: "Graduation year is required" });
  })
  .transform((value) => {
    // Someone with no schooling has no school to name: whatever came along is not kept.
    const schooled =
      value.highestEducation === "none" ? { ...value, schoolName: "", graduationYear: undefined } : value;
    // An adult's form may carry a guardian typed before the date of birth changed: not kept.
    const minor = isMinorOn(value.dob, lagosDay());
    return {
      ...schooled,
      minor,
      guardian: minor
        ? {
            name: value.guardianName!,
            relationship: value.guardianRelationship!,
            phone: value.guardianPhone!,
            email: value.guardianEmail!,
          }
        : null,
      consents: {
        terms: value.termsVersion,
        privacy: value.privacyVersion,
        notice: value.noticeVersion,
        ...(minor ? { guardian: value.guardianVersion } : {}),
      },
    };
  });

/**
 * termsVersion, privacyVersion, noticeVersion, guardianVersion: a known version, the current one
 * when absent. The terms and the privacy notice are edited by an Admin (docs/decisions/071): their
 * current version is the stored one, so the route checks and fills those (`legalConsents`).
 */
function consentVersionFields() {
  const field = (kind: (typeof CONSENT_KINDS)[number]) =>
    z.preprocess(
      (v) => (v === undefined || v === "" ? currentConsentVersion(kind) : v),
      z.coerce
        .number({ error: `${kind}Version must be a version number` })
        .int()
        .refine((n) => isConsentVersion(kind, n), apiMessages.consentVersionUnknown),
    );
  const stored = (kind: "terms" | "privacy") =>
    z.preprocess(
      (v) => (v === "" ? undefined : v),
      z.optional(
        z.coerce
          .number({ error: `${kind}Version must be a version number` })
          .int()
          .min(1, apiMessages.consentVersionUnknown)
          .max(1_000_000, apiMessages.consentVersionUnknown),
      ),
    );
  return {
    termsVersion: stored("terms"),
    privacyVersion: stored("privacy"),
    noticeVersion: field("notice"),
    guardianVersion: field("guardian"),
  };
}

export const guardianConfirmInput = z.object({
  token: z
    .string({ error: apiMessages.guardianLinkInvalid })
    .regex(/^[A-Za-z0-9_-]{43}$/, apiMessages.guardianLinkInvalid),
});

// ---- people's rights (docs/decisions/034-retention-and-rights.md) ----
const blankAsUnset = (v: unknown) => (v === "" ? undefined : v);
/** A person, by e-mail or phone (at least one). */
export const personQuery = z
  .object({
    email: z.preprocess(blankAsUnset, text(200).optional()),
    phone: z.preprocess(
      blankAsUnset,
      text(30)
        .refine((v) => v.replace(/\D/g, "").length >= 7, apiMessages.personPhone)
        .optional(),
    ),
  })
  .refine((q) => q.email || q.phone, apiMessages.personMissing);
export const personEraseInput = z
  .object({
    email: z.preprocess(blankAsUnset, text(200).optional()),
    phone: z.preprocess(blankAsUnset, text(30).optional()),
    requestId: z.preprocess(
      blankAsUnset,
      z
        .string()
        .regex(/^[a-f0-9]{24}$/, "requestId is not a request")
        .optional(),
    ),
  })
  .refine((q) => q.email || q.phone, apiMessages.personMissing);
export const privacyRequestInput = z.object({
  kind: z.enum(PRIVACY_REQUEST_KINDS, { error: apiMessages.requestKind }),
  subject: required(apiMessages.requestSubject, 200),
  receivedOn: z
    .string({ error: apiMessages.requestReceived })
    .regex(/^\d{4}-\d{2}-\d{2}$/, apiMessages.requestReceived)
    .refine((d) => isCalendarDate(d) && d <= lagosDay(), apiMessages.requestReceived),
});

export const fileGroup = z.enum(["idCards", "certificate"], { error: "group must be idCards or certificate" });

const ZOD_DEFAULT_WORDING =
  /^(Invalid input|Invalid option|Invalid string|Invalid key|Invalid element|Too small|Too big|Unrecognized key)/;

/** The first problem of a failed parse, as one readable sentence for the response text. */
export function firstProblem(error: z.ZodError) {
  const issue = error.issues[0];
  if (!issue) return "Invalid request";
  const field = issue.path.join(".");
  if (!field) return issue.message;
  if (/^[a-z]/.test(issue.message)) return `${field} ${issue.message}`;
  // zod's own wording ("Too small: expected number to be >=1") does not say which field.
  if (ZOD_DEFAULT_WORDING.test(issue.message)) return `${field}: ${issue.message}`;
  return issue.message;
}

// ---- applicant pipeline (docs/product.md §4) ----
const statusValue = z.enum(APPLICANT_STATUSES, { error: apiMessages.statusInvalid });
const proofValue = z.enum(["waiting"], { error: "proof must be waiting" });
/** The staff inbox's filters beside its search: an empty value (a cleared select) means any. */
const emptyAsUnset = (v: unknown) => (v === "" ? undefined : v);
export const applicantListQuery = listQuery(20).extend({
  status: z.preprocess(emptyAsUnset, statusValue.optional()),
  course: z.preprocess(emptyAsUnset, text(200).optional()),
  /** "waiting": only applicants whose proof of payment waits for staff (docs/product.md §4). */
  proof: z.preprocess(emptyAsUnset, proofValue.optional()),
});
/** An export's page: the list's filters and place, its size chosen by the API (api/lib/query.ts exportPageSize). */
export const applicantExportQuery = applicantListQuery.omit({ limit: true, before: true });
/** The CSV file the API writes whole (api/lib/csv-export.ts): the list's filters; it pages itself. */
export const applicantCsvQuery = applicantExportQuery.omit({ after: true, skip: true });
export const applicantCountsQuery = z.object({
  course: z.preprocess(emptyAsUnset, text(200).optional()),
  search: z.preprocess(emptyAsUnset, text(100).optional()),
});
export const applicantStatusInput = z.object({
  status: statusValue.refine((s) => s !== "offered", apiMessages.offerStatusByOffer),
});

/** The last Lagos day staff may give an offer: from today to OFFER_MAX_DAYS ahead. */
const offerDayInRange = (day: string) => {
  const today = lagosDate();
  const last = new Date(Date.parse(`${today}T12:00:00Z`) + OFFER_MAX_DAYS * 86_400_000).toISOString().slice(0, 10);
  return day >= today && day <= last;
};
/** Staff offer a seat (docs/decisions/074): the acceptance deadline, a Lagos day (open all that day). */
export const offerInput = z.object({
  acceptBy: z
    .string({ error: apiMessages.acceptByInvalid(OFFER_MAX_DAYS) })
    .regex(DAY, apiMessages.acceptByInvalid(OFFER_MAX_DAYS))
    .refine(isLagosDay, apiMessages.acceptByInvalid(OFFER_MAX_DAYS))
    .refine(offerDayInRange, apiMessages.acceptByInvalid(OFFER_MAX_DAYS)),
});
/** The applicant's answer to an offer on the status page. */
export const offerAnswerInput = z.object({
  answer: z.enum(["accept", "decline"], { error: apiMessages.offerAnswerInvalid }),
});
export const applicantNoteInput = z.object({
  body: z
    .string({ error: apiMessages.noteEmpty })
    .trim()
    .min(1, apiMessages.noteEmpty)
    .max(NOTE_MAX_LENGTH, apiMessages.noteTooLong(NOTE_MAX_LENGTH)),
});

// ---- after the form: status page, proof of payment, saved forms (docs/decisions/035, 036) ----
export const privateToken = z.string().regex(PRIVATE_TOKEN, "Not found");
export const linkRequestInput = z.object({ email: email("Enter a valid email address") });
/** A corrected address for the guardian, from the applicant's status page (decision 065). */
export const guardianEmailInput = z.object({ email: email("Enter a valid e-mail address for the guardian") });
export const proofInput = z.object({
  transferReference: required("Enter the reference of your transfer", JOURNEY_LIMITS.transferReferenceLength),
});
export const proofRejectInput = z.object({
  reason: z
    .string({ error: "Say why the proof is not accepted" })
    .trim()
    .min(1, "Say why the proof is not accepted")
    .max(PROOF_REASON_MAX_LENGTH, `At most ${PROOF_REASON_MAX_LENGTH} characters`),
});
/** What a saved form keeps: the typed fields by name (the web tier sends only the form's own), and its files. */
export const savedFormInput = z.object({
  fields: z
    .record(
      z.string().regex(/^[A-Za-z]{1,40}$/, "Invalid field name"),
      z.union([z.string().max(2000), z.array(z.string().max(200)).max(10)]),
    )
    .refine((f) => Object.keys(f).length <= 40, "Too many fields"),
  files: z.array(z.string().regex(/^applicants\/[a-f0-9]{24}$/, "Invalid file reference")).max(6),
  email: z.string().max(200).optional(),
  /** The saved form this one replaces (saved again from a resumed form). */
  replaces: z.string().regex(PRIVATE_TOKEN).optional(),
  /** The page's upload token: the form keeps only files uploaded with it (or kept by the form it replaces). */
  uploadToken: z.string().max(200).optional(),
});
