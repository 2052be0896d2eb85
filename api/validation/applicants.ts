import { z } from "zod";

import {
  COURSE_TYPES,
  EDUCATION_LEVELS,
  EMERGENCY_RELATIONSHIPS,
  GENDERS,
  ID_TYPES,
  PARENT_CONSENT,
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
import { JOURNEY_LIMITS, PRIVATE_TOKEN } from "@domain/journey";
import { isPhoneNumber } from "@domain/phone";
import {
  APPLICANT_STATUSES,
  NOTE_MAX_LENGTH,
  OFFER_MAX_DAYS,
  offerDeadlines,
  PROOF_REASON_MAX_LENGTH,
} from "@domain/pipeline";
import { lagosDate } from "@domain/schedule";
import { isOneLine } from "@domain/text";

import { apiMessages } from "../messages";
import { DAY, email, emptyAsUnset, flag, isLagosDay, line, listQuery, phone, required, text } from "./fields";

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

export const fileGroup = z.enum(["idCards", "certificate"], { error: "group must be idCards or certificate" });

// ---- applicant pipeline (docs/product.md §4) ----
const statusValue = z.enum(APPLICANT_STATUSES, { error: apiMessages.statusInvalid });

// "refund": withdrawn after paying, the refund still to decide (docs/decisions/099).
const proofValue = z.enum(["waiting", "refund"], { error: "proof must be waiting or refund" });

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

/** A confirmation, as JSON (`true`) or as a form's box or button (`true`, `on`, `yes`, `1`). */
export const confirmFlag = z.union([z.boolean(), z.enum(["true", "on", "yes", "1"]).transform(() => true)]).optional();

export const applicantStatusInput = z.object({
  status: statusValue.refine((s) => s !== "offered", apiMessages.offerStatusByOffer),
  /** Staff saw what is still owed and enrol anyway (docs/decisions/093). */
  confirmOwed: confirmFlag,
});

/** The last Lagos day staff may give an offer: from today to OFFER_MAX_DAYS ahead. */
const offerDayInRange = (day: string) => {
  const { first, last } = offerDeadlines(lagosDate());
  return day >= first && day <= last;
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
  /** A decline's proof, as a withdrawal's: the applicant's date of birth (decisions 088 and 091). */
  dob: z.string().max(100).optional().default(""),
});

/** The application kept when staff close another as its duplicate (docs/decisions/100). */
export const closeDuplicateInput = z.object({
  of: z.string({ error: apiMessages.notADuplicate }).regex(/^[a-f0-9]{24}$/, apiMessages.notADuplicate),
});

/** Staff decide no refund is due for a withdrawn application (docs/decisions/099): why, in a line. */
export const refundDecisionInput = z.object({
  note: z
    .string({ error: apiMessages.refundDecisionNote })
    .trim()
    .min(3, apiMessages.refundDecisionNote)
    .max(300, apiMessages.refundDecisionNote)
    .refine(isOneLine, apiMessages.refundDecisionNote),
});

export const applicantNoteInput = z.object({
  body: z
    .string({ error: apiMessages.noteEmpty })
    .trim()
    .min(1, apiMessages.noteEmpty)
    .max(NOTE_MAX_LENGTH, apiMessages.noteTooLong(NOTE_MAX_LENGTH)),
});

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
