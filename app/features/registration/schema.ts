import * as z from "zod/mini";
import en from "zod/v4/locales/en.js";

import {
  COURSE_TYPES,
  EDUCATION_LEVELS,
  EMERGENCY_RELATIONSHIPS,
  GENDERS,
  ID_TYPES,
  PARENT_CONSENT,
  STATE_SLUGS,
} from "@domain/choices";
import { currentConsentVersion, GUARDIAN_RELATIONSHIPS } from "@domain/consent";
import { largestAccepted } from "@domain/journey";
import { looksLikePhoneNumber as isPhoneNumber } from "@domain/phone-shape";
import { isOneLine } from "@domain/text";
import { hasAcceptedExtension, UPLOAD_LIMITS } from "@domain/uploads";
import { guardianMessages } from "~/content/consent-messages";
import { messages as shared } from "~/content/messages";
import { messages } from "~/content/registration-messages";

import {
  FILE_GROUPS,
  fileField,
  isMinor,
  isPickedFile,
  type KeptFile,
  latestGraduationYear,
  needsSchool,
} from "./form-fields";

// The form's facts without zod live in form-fields.ts, which the page's first JavaScript carries;
// this schema is fetched by the browser only after the page is shown (docs/decisions/045-first-paint-like-the-blog.md).
export { encodeKeptFile, FILE_GROUPS, fileField, isPickedFile, type KeptFile, UPLOAD_TOKEN_FIELD } from "./form-fields";

// zod/mini, not classic zod: the schema runs in the registration page's browser, where classic
// zod and conform's zod adapter weighed ≈ 41 KB gzipped; zod/mini needs a fraction of zod's core.
// Every form the browser validates is zod/mini too, so no page loads classic zod (decision 023).
// zod/mini sets no locale of its own: the rules that name no message speak English, as with
// classic zod (which installs the same English locale when none is set).
if (!z.config().localeError) z.config(en());
// In the browser, zod must not probe for eval (new Function): the CSP forbids it and Chrome
// reports every probe as a Content-Security-Policy issue.
if (typeof document !== "undefined") z.config({ jitless: true });

// The registration form's one schema: the browser runs it for instant feedback
// (app/utils/validate-form.ts) and the route action runs it again on the server through
// conform's zod adapter (the authority). The API checks once more, including each file's
// content, which only the server can see.

/** A file the API has already stored privately for this applicant, carried across a failed submit. */
export const keptFileSchema = z.object({
  public_id: z.string().check(z.regex(/^applicants\/[a-f0-9]{24}$/)),
  name: z.string().check(z.minLength(1), z.maxLength(200)),
  size: z.number().check(z.int(), z.nonnegative()),
  group: z.enum(FILE_GROUPS),
});

/** The kept file a hidden/checkbox value names, or null when it is not one. */
export function decodeKeptFile(raw: unknown): KeptFile | null {
  if (typeof raw !== "string") return null;
  try {
    const parsed = keptFileSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const asList = (value: unknown) =>
  value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];

// z.pipe(z.transform(…), schema) is classic zod's z.preprocess, which zod/mini does not have.
const pickedFiles = z.pipe(
  z.transform((value: unknown) => asList(value).filter(isPickedFile)),
  z.array(z.custom<File>(isPickedFile)).check(
    z.maxLength(UPLOAD_LIMITS.filesPerGroup, messages.fileCount),
    z.superRefine((files, ctx) => {
      // A camera photo may be up to 15 MB: the server shrinks it to fit 3 MB (docs/decisions/036).
      if (files.some((f) => f.size > largestAccepted(f.name)))
        ctx.addIssue({ code: "custom", message: messages.fileSize });
      if (files.some((f) => !hasAcceptedExtension(f.name)))
        ctx.addIssue({ code: "custom", message: messages.fileType });
    }),
  ),
);

const keptFiles = z.pipe(
  z.transform((value: unknown) =>
    asList(value)
      .map(decodeKeptFile)
      .filter((f): f is KeptFile => f !== null),
  ),
  z.array(keptFileSchema),
);

// Every text field of the form is one line: no line breaks or control characters (domain/text.ts).
const oneLine = z.refine<string>((v) => isOneLine(v), shared.notOneLine);
const requiredText = (message: string, max: number) =>
  z
    .string({ error: message })
    .check(z.trim(), z.minLength(1, message), z.maxLength(max, `Must be at most ${max} characters`), oneLine);
const choice = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.enum(values, { error: message });
const phoneNumber = (message: string) =>
  requiredText(message, 30).check(z.refine(isPhoneNumber, messages.phoneInvalid));
const accepted = (message: string) =>
  z.boolean({ error: message }).check(z.refine((v: boolean) => v === true, message));

const dateOfBirth = z.string({ error: messages.dob }).check(
  z.superRefine((s: string, ctx) => {
    const t = /^\d{4}-\d{2}-\d{2}$/.test(s) ? Date.parse(s) : NaN;
    if (Number.isNaN(t) || new Date(t).getUTCFullYear() <= 1900)
      ctx.addIssue({ code: "custom", message: messages.dob });
    else if (t >= Date.now()) ctx.addIssue({ code: "custom", message: messages.dobPast });
  }),
);

export const registrationSchema = z
  .object({
    firstname: requiredText(messages.firstname, 80),
    lastname: requiredText(messages.lastname, 80),
    gender: choice(GENDERS, messages.gender),
    dob: dateOfBirth,
    // Trimmed before it is checked, as the API does: a pasted " ada@example.com " is fine.
    email: z.pipe(
      z.string({ error: messages.email }).check(z.trim()),
      z.email({ error: messages.emailInvalid }).check(z.maxLength(200)),
    ),
    phone: phoneNumber(messages.phone),
    street: requiredText(messages.street, 200),
    city: requiredText(messages.city, 80),
    state: choice(STATE_SLUGS, messages.state),
    // Optional (docs/decisions/018-registration-for-phones.md: most Lagos residents do not know theirs); checked when given.
    postalCode: z.pipe(
      z.optional(
        z
          .string()
          .check(
            z.trim(),
            z.maxLength(12, messages.postalCodeInvalid),
            z.regex(/^(|[A-Za-z0-9 -]{3,12})$/, messages.postalCodeInvalid),
          ),
      ),
      z.transform((v: string | undefined) => v ?? ""),
    ),
    // The course's id (the select's value): the API keeps the course's own title (docs/product.md §7).
    courseId: requiredText(messages.courseTitle, 100),
    courseType: choice(COURSE_TYPES, messages.courseType),
    // Optional: an intake of the course (docs/decisions/068-intakes-and-seats.md); the server checks it.
    intakeId: z.optional(z.string().check(z.trim(), z.maxLength(100))),
    // Checked as a whole so an unknown type is reported on the group, where it is shown.
    idCards: z.array(z.string(), { error: messages.idCards }).check(
      z.minLength(1, messages.idCards),
      z.refine((types: string[]) => types.every((t) => (ID_TYPES as readonly string[]).includes(t)), messages.idCards),
    ),
    idCardFiles: pickedFiles,
    parentConsent: choice(PARENT_CONSENT, messages.parentConsent),
    // Required only when the applicant went to school (see the refinement below).
    schoolName: z.optional(z.string().check(z.trim(), z.maxLength(200, "Must be at most 200 characters"), oneLine)),
    graduationYear: z.optional(
      z.number({ error: messages.graduationYearInvalid }).check(
        z.int(messages.graduationYearInvalid),
        z.gte(1940, messages.graduationYearInvalid),
        // Read at each check, not once: a server running over New Year takes the new limit.
        z.refine((year: number) => year <= latestGraduationYear(), messages.graduationYearInvalid),
      ),
    ),
    highestEducation: choice(EDUCATION_LEVELS, messages.highestEducation),
    // Labelled required (docs/product.md §5) but not enforced.
    certificateFiles: pickedFiles,
    emergencyFullname: requiredText(messages.emergencyFullname, 120),
    emergencyRelationship: choice(EMERGENCY_RELATIONSHIPS, messages.emergencyRelationship),
    emergencyPhone: phoneNumber(messages.emergencyPhone),
    regTerms: accepted(messages.regTerms),
    regPrivacy: accepted(messages.regPrivacy),
    keptFiles,
    // The guardian of an applicant under 18 (docs/decisions/033-consent-versions-and-minors.md):
    // asked, and required, only when the date of birth makes the applicant a minor today.
    guardianName: z.optional(z.string().check(z.trim(), z.maxLength(120, "Must be at most 120 characters"), oneLine)),
    guardianRelationship: z.optional(z.string()),
    guardianPhone: z.optional(z.string().check(z.trim(), z.maxLength(30, "Must be at most 30 characters"))),
    guardianEmail: z.optional(z.string().check(z.trim(), z.maxLength(200, "Must be at most 200 characters"))),
    guardianConsent: z.optional(z.boolean()),
  })
  .check(
    z.superRefine(
      (value, ctx) => {
        // A school and its year are asked of everyone who went to one (docs/decisions/018-registration-for-phones.md: "none" has neither).
        if (needsSchool(value.highestEducation)) {
          if (!value.schoolName) ctx.addIssue({ code: "custom", path: ["schoolName"], message: messages.schoolName });
          if (value.graduationYear === undefined)
            ctx.addIssue({ code: "custom", path: ["graduationYear"], message: messages.graduationYear });
        }
        if (isMinor(value.dob)) {
          const problem = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
          if (!value.guardianName) problem("guardianName", guardianMessages.name);
          if (!(GUARDIAN_RELATIONSHIPS as readonly string[]).includes(value.guardianRelationship ?? ""))
            problem("guardianRelationship", guardianMessages.relationship);
          if (!value.guardianPhone) problem("guardianPhone", guardianMessages.phone);
          else if (!isPhoneNumber(value.guardianPhone)) problem("guardianPhone", messages.phoneInvalid);
          if (!value.guardianEmail) problem("guardianEmail", guardianMessages.email);
          else if (!z.email().safeParse(value.guardianEmail).success)
            problem("guardianEmail", guardianMessages.emailInvalid);
          if (value.guardianConsent !== true) problem("guardianConsent", guardianMessages.consent);
        }
        // Files already stored count against the same limits as newly picked ones.
        const kept = Array.isArray(value.keptFiles) ? value.keptFiles : [];
        for (const group of FILE_GROUPS) {
          const field = fileField[group];
          const picked = Array.isArray(value[field]) ? value[field].length : 0;
          const total = picked + kept.filter((f) => f.group === group).length;
          if (group === "idCards" && total === 0)
            ctx.addIssue({ code: "custom", path: [field], message: messages.idCardFiles });
          if (total > UPLOAD_LIMITS.filesPerGroup && picked <= UPLOAD_LIMITS.filesPerGroup) {
            ctx.addIssue({ code: "custom", path: [field], message: messages.fileCount });
          }
        }
      },
      { when: () => true },
    ),
  );

export type Registration = z.infer<typeof registrationSchema>;
/** The form's shape as conform sees it (before parsing). */
export type RegistrationInput = z.input<typeof registrationSchema>;

/** The fields of POST /api/applicant (form-encoded), from a valid registration. */
export function toApplicantFields(value: Registration, filePublicIds: string[]): Record<string, string | string[]> {
  return {
    firstname: value.firstname,
    lastname: value.lastname,
    gender: value.gender,
    dob: value.dob,
    email: value.email,
    phone: value.phone,
    street: value.street,
    city: value.city,
    state: value.state,
    postalCode: value.postalCode,
    courseId: value.courseId,
    courseType: value.courseType,
    ...(value.intakeId ? { intakeId: value.intakeId } : {}),
    idCards: value.idCards,
    parentConsent: value.parentConsent,
    // Dropped with "none", whatever was typed before the choice changed.
    schoolName: needsSchool(value.highestEducation) ? (value.schoolName ?? "") : "",
    graduationYear:
      needsSchool(value.highestEducation) && value.graduationYear !== undefined ? String(value.graduationYear) : "",
    highestEducation: value.highestEducation,
    emergencyFullname: value.emergencyFullname,
    emergencyRelationship: value.emergencyRelationship,
    emergencyPhone: value.emergencyPhone,
    regTerms: "true",
    regPrivacy: "true",
    // The versions of the texts this build of the form shows (domain/consent.ts). The terms and
    // the privacy notice are stored texts an Admin edits: the API records their current versions
    // (docs/decisions/071-legal-texts-edited-and-versioned.md).
    noticeVersion: String(currentConsentVersion("notice")),
    files: filePublicIds,
    // Only a minor's form sends a guardian: an adult's keeps nothing typed there before.
    ...(isMinor(value.dob)
      ? {
          guardianName: value.guardianName ?? "",
          guardianRelationship: value.guardianRelationship ?? "",
          guardianPhone: value.guardianPhone ?? "",
          guardianEmail: value.guardianEmail ?? "",
          guardianConsent: value.guardianConsent ? "true" : "",
          guardianVersion: String(currentConsentVersion("guardian")),
        }
      : {}),
  };
}
