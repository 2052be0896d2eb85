import * as z from "zod";

import type { JobLocation, JobType } from "@domain/choices";
import { REFUND_QUESTIONS } from "@domain/payments";
import { APPLICANT_STATUSES, PAYMENT_PROOF_STATES } from "@domain/pipeline";
import { PERMISSIONS, STAFF_ROLES } from "@domain/staff";

// The answers of the academy API, as the web tier relies on them. Checked on every call,
// so a drifting API shows up as one clear error instead of a broken page.
const roleSchema = z.enum(STAFF_ROLES);

/**
 * The signed-in member (isloggedin): their role and what it may use (docs/decisions/031-staff-roles.md).
 * A sign-in's first step answers only who, and `codeNeeded` when a two-factor code must follow.
 */
export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: roleSchema.optional(),
  permissions: z.array(z.enum(PERMISSIONS)).default([]),
  twoFactor: z.boolean().default(false),
  needsTwoFactorSetup: z.boolean().default(false),
  codeNeeded: z.boolean().default(false),
});

export const staffListSchema = z.object({
  members: z.array(
    z.object({
      id: z.string(),
      email: z.string(),
      name: z.string(),
      role: roleSchema,
      demo: z.boolean(),
      twoFactor: z.boolean(),
      lastLoginAt: z.string().nullable(),
      deactivatedAt: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  invitations: z.array(
    z.object({
      id: z.string(),
      email: z.string(),
      name: z.string(),
      role: roleSchema,
      expiresAt: z.string(),
      expired: z.boolean(),
      createdAt: z.string(),
    }),
  ),
});

export const enrolmentSchema = z.object({
  secret: z.string(),
  secretGroups: z.string(),
  otpauthUri: z.string(),
  qrDataUrl: z.string(),
});

export const twoFactorStateSchema = z.object({
  enabled: z.boolean(),
  required: z.boolean(),
  recoveryCodesLeft: z.number(),
  setup: enrolmentSchema.nullable(),
});

export const securityLogSchema = z.object({
  events: z.array(z.string()),
  entries: z.array(
    z.object({
      _id: z.string(),
      at: z.string(),
      event: z.string(),
      actorId: z.string().nullable(),
      actor: z.string().nullable(),
      subjectId: z.string().nullable(),
      subject: z.string().nullable(),
      /** What the subject id is: staff, applicant, applicant_file, … (the page says it in words). */
      subjectKind: z.string().nullable().default(null),
      reason: z.string().nullable(),
      ip: z.string().nullable(),
      userAgent: z.string().nullable(),
    }),
  ),
});

export const invitationSchema = z.object({ email: z.string(), name: z.string(), role: roleSchema });

export const courseSchema = z.object({
  _id: z.string(),
  title: z.string(),
  slug: z.string(),
  tutors: z.string(),
  featuredImg: z.string(),
  tag: z.string(),
  tipColor: z.string(),
  content: z.string(),
  assetFolder: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** When a scheduled item goes public (ISO); null or absent: public now (docs/product.md §4). */
  publishAt: z.string().nullish(),
  // docs/decisions/019-course-and-job-offers.md: null on courses published before these existed.
  category: z.string().nullable(),
  fee: z.number().nullable(),
  duration: z.string().nullable(),
  level: z.string().nullable(),
  nextStart: z.string().nullable(),
  /** The course types it offers (docs/decisions/038-course-types-per-course.md). */
  courseTypes: z.array(z.string()),
});

/** One course as its page reads it: with a plain-text description of its content. */
export const courseDetailSchema = courseSchema.extend({ description: z.string() });

export const courseOptionSchema = z.object({
  _id: z.string(),
  title: z.string(),
  slug: z.string(),
  courseTypes: z.array(z.string()),
});

export const postListItemSchema = z.object({
  _id: z.string(),
  postType: z.enum(["article", "job"]),
  title: z.string(),
  slug: z.string(),
  description: z.string(),
  featuredImg: z.string(),
  companyCoverImg: z.string(),
  applicationDeadline: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
  publishAt: z.string().nullish(),
  // A job's card facts (absent on articles).
  companyName: z.string().optional(),
  jobType: z.string().optional(),
  jobLocation: z.string().optional(),
  // Where an onsite or hybrid job is: a job seeker in Ikorodu skips a Lekki job from its card.
  jobAddress: z.string().nullish(),
  salaryMin: z.number().nullish(),
  salaryMax: z.number().nullish(),
});

export const articleSchema = z.object({
  _id: z.string(),
  postType: z.literal("article"),
  title: z.string(),
  slug: z.string(),
  description: z.string(),
  content: z.string(),
  featuredImg: z.string(),
  assetFolder: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  publishAt: z.string().nullish(),
});

export const jobSchema = z.object({
  _id: z.string(),
  postType: z.literal("job"),
  title: z.string(),
  slug: z.string(),
  description: z.string(),
  content: z.string(),
  jobType: z.string(),
  jobLocation: z.string(),
  companyName: z.string(),
  applicationDeadline: z.string().nullable(),
  companyCoverImg: z.string(),
  companyLogo: z.string(),
  logoAccent: z.string(),
  assetFolder: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  publishAt: z.string().nullish(),
  // docs/decisions/019-course-and-job-offers.md: null on jobs published before these existed.
  howToApply: z.string().nullable(),
  salaryMin: z.number().nullable(),
  salaryMax: z.number().nullable(),
  jobAddress: z.string().nullable(),
});

const itemType = z.enum(["course", "article", "job"]);
/** An item in the trash (docs/product.md §4). */
export const trashItemSchema = z.object({
  _id: z.string(),
  type: itemType,
  title: z.string(),
  slug: z.string(),
  trashedAt: z.string(),
  trashedBy: z.string().nullable(),
  purgeAt: z.string(),
});
/** An item scheduled for later. */
export const scheduledItemSchema = z.object({
  _id: z.string(),
  type: itemType,
  title: z.string(),
  slug: z.string(),
  publishAt: z.string(),
});

// A course's draft carries its course types, a list (docs/decisions/038-course-types-per-course.md).
export const draftSchema = z
  .object({ postType: z.enum(["article", "job", "course"]) })
  .catchall(z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.string())]));

export const uploadedImageSchema = z.object({
  public_id: z.string(),
  secure_url: z.string(),
  width: z.number(),
  height: z.number(),
});

export const storedFileSchema = z.object({
  public_id: z.string(),
  name: z.string(),
  size: z.number(),
  type: z.string(),
  group: z.string(),
});

/** An applicant's file on their page: also its download name and whether the page can show it. */
export const applicantFileSchema = storedFileSchema.extend({ downloadName: z.string(), inline: z.boolean() });

const money = z.object({ kobo: z.number().int(), text: z.string() });
/** An application's statement of account as the API answers it (api/lib/statement.ts, docs/decisions/093). */
export const statementSchema = z.object({
  settled: z.boolean(),
  owed: money,
  paid: money,
  online: money,
  transfer: money,
  refunded: money,
  toRefund: money,
  registration: z.object({ fee: money, owed: money }),
  course: z
    .object({
      fee: money,
      paid: money,
      owed: money,
      overdue: money,
      next: money
        .extend({ n: z.number().int().nullable(), of: z.number().int().nullable(), dueOn: z.string() })
        .nullable(),
    })
    .nullable(),
  dueNext: money
    .extend({
      what: z.enum(["registration", "course"]),
      n: z.number().int().nullable(),
      of: z.number().int().nullable(),
      dueOn: z.string().nullable(),
    })
    .nullable(),
  words: z.string(),
});
export type Statement = z.infer<typeof statementSchema>;

export const applicantSchema = z.object({
  _id: z.string(),
  /** The offer's acceptance deadline, the open one's or the last one's (docs/decisions/074, 088); null: never offered. */
  offerExpiresAt: z.string().nullish(),
  /** What the applicant quotes when paying (FLA-…, domain/registrations.ts). */
  reference: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  gender: z.string(),
  dob: z.string(),
  email: z.string(),
  phone: z.string(),
  street: z.string(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  courseTitle: z.string(),
  courseType: z.string(),
  idCards: z.array(z.string()),
  parentConsent: z.string(),
  schoolName: z.string(),
  /** null when the highest education is "none". */
  graduationYear: z.number().nullable(),
  highestEducation: z.string(),
  emergencyFullname: z.string(),
  emergencyRelationship: z.string(),
  emergencyPhone: z.string(),
  regTerms: z.boolean(),
  regPrivacy: z.boolean(),
  createdAt: z.string(),
  /** Proof of payment (docs/product.md §4): null until the applicant sends a receipt. */
  paymentProof: z.enum(PAYMENT_PROOF_STATES).nullable().optional(),
  paymentProofAt: z.string().nullable().optional(),
  paymentTransferRef: z.string().nullable().optional(),
  paymentRejectedReason: z.string().nullable().optional(),
  paymentProofFile: z.string().nullable().optional(),
  // docs/decisions/033-consent-versions-and-minors.md: null on registrations from before versions.
  consents: z.record(z.string(), z.number()).nullable().optional(),
  consentedAt: z.string().nullable().optional(),
  guardian: z
    .object({
      name: z.string().nullable(),
      relationship: z.string(),
      phone: z.string().nullable(),
      email: z.string().nullable(),
      confirmedAt: z.string().nullable(),
      refusedAt: z.string().nullable().optional(),
    })
    .nullable()
    .optional(),
  // docs/decisions/034-retention-and-rights.md: when the files go (null once gone).
  filesDeleteOn: z
    .object({ on: z.string(), rule: z.enum(["closed", "enrolled", "inactive"]) })
    .nullable()
    .optional(),
  filesDeletedAt: z.string().nullable().optional(),
  anonymisedAt: z.string().nullable().optional(),
});

/** A staff user named by a history, note or status change; name and e-mail are null once the account is removed. */
export const staffRefSchema = z.object({ id: z.string(), name: z.string().nullable(), email: z.string().nullable() });
export const contactMessageSchema = z.object({
  _id: z.string(),
  fullname: z.string(),
  email: z.string(),
  phone: z.string(),
  issue: z.number(),
  message: z.string(),
  createdAt: z.string(),
  /** Null while no staff member has marked it read. */
  readAt: z.string().nullable(),
  readBy: staffRefSchema.nullable(),
});
/** A mail the queue has not sent: waiting, given up, or expired (docs/decisions/043-durable-mail-queue.md). */
export const queuedMailSchema = z.object({
  _id: z.string(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(["queued", "failed", "expired"]),
  tries: z.number(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
});
export const applicantNoteSchema = z.object({
  _id: z.string(),
  body: z.string(),
  createdAt: z.string(),
  author: staffRefSchema.nullable(),
});

export const applicantListItemSchema = applicantSchema.extend({
  status: z.enum(APPLICANT_STATUSES),
  latestNote: applicantNoteSchema.omit({ _id: true }).nullable(),
});

export const applicantDetailSchema = applicantSchema.extend({
  /** What is owed, paid and due next (docs/decisions/093-paid-means-nothing-is-owed.md). */
  statement: statementSchema,
  files: z.array(applicantFileSchema),
  status: z.enum(APPLICANT_STATUSES),
  statusChangedAt: z.string().nullable(),
  statusChangedBy: staffRefSchema.nullable(),
  /** The same person's other applications: same e-mail or phone, and date of birth (docs/decisions/100). */
  possibleDuplicates: z
    .array(
      z.object({
        _id: z.string(),
        reference: z.string(),
        courseTitle: z.string(),
        status: z.enum(APPLICANT_STATUSES),
        createdAt: z.string(),
      }),
    )
    .default([]),
  /** Withdrawn after paying: the refund question and staff's answer (docs/decisions/099). */
  refund: z
    .object({
      question: z.enum(REFUND_QUESTIONS),
      decidedAt: z.string().nullable(),
      decidedBy: staffRefSchema.nullable(),
      note: z.string().nullable(),
    })
    .nullable()
    .default(null),
  notes: z.array(applicantNoteSchema),
});

/** Each status's count up to a bound; `more` names the statuses with more than their count ("999+"). */
export const applicantCountsSchema = z.object({
  ...(Object.fromEntries(APPLICANT_STATUSES.map((s) => [s, z.number()])) as Record<
    (typeof APPLICANT_STATUSES)[number],
    z.ZodNumber
  >),
  more: z.array(z.string()).default([]),
});

export const historySchema = z.object({
  item: z.object({
    _id: z.string(),
    title: z.string(),
    slug: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    createdBy: staffRefSchema.nullable(),
    updatedBy: staffRefSchema.nullable(),
  }),
  revisions: z.array(
    z.object({
      _id: z.string(),
      version: z.number(),
      title: z.string(),
      madeAt: z.string(),
      madeBy: staffRefSchema.nullable(),
      replacedAt: z.string(),
      replacedBy: staffRefSchema.nullable(),
    }),
  ),
});

export const revisionSchema = z.object({
  _id: z.string(),
  version: z.number(),
  madeAt: z.string(),
  madeBy: staffRefSchema.nullable(),
  replacedAt: z.string(),
  replacedBy: staffRefSchema.nullable(),
  item: z.object({ _id: z.string(), title: z.string(), slug: z.string(), content: z.string() }).passthrough(),
});

export type User = z.infer<typeof userSchema>;
export type StaffList = z.infer<typeof staffListSchema>;
export type SecurityLogEntry = z.infer<typeof securityLogSchema>["entries"][number];
export type Course = z.infer<typeof courseSchema>;
export type CourseOption = z.infer<typeof courseOptionSchema>;
export type PostListItem = z.infer<typeof postListItemSchema>;
export type Article = z.infer<typeof articleSchema>;
export type Job = z.infer<typeof jobSchema>;
export type Draft = z.infer<typeof draftSchema>;
export type UploadedImage = z.infer<typeof uploadedImageSchema>;
export type StoredFile = z.infer<typeof storedFileSchema>;
export type ContactMessage = z.infer<typeof contactMessageSchema>;
export type Applicant = z.infer<typeof applicantSchema>;
export type ApplicantDetail = z.infer<typeof applicantDetailSchema>;
export type ApplicantListItem = z.infer<typeof applicantListItemSchema>;
export type ApplicantNote = z.infer<typeof applicantNoteSchema>;
export type StaffRef = z.infer<typeof staffRefSchema>;
export type History = z.infer<typeof historySchema>;
export type Revision = z.infer<typeof revisionSchema>;
export type PostType = "article" | "job";
/** The post list's filters: `deadline` "open" (articles and jobs still taking applications) or
 * "closed" (jobs past it); a job's type and place. */
export type PostListFilter = {
  postType?: PostType;
  deadline?: "open" | "closed";
  jobType?: JobType;
  jobLocation?: JobLocation;
};
export type DraftType = "article" | "job" | "course";

/** How many sitemap files each kind fills (api/routes/sitemap.ts). */
export const sitemapFilesSchema = z.object({
  courses: z.number().int(),
  posts: z.number().int(),
  urlsPerFile: z.number().int(),
});
/** One page of a sitemap file: narrow rows, by id. */
export const sitemapRowsSchema = z.array(
  z.object({ _id: z.string(), slug: z.string(), type: z.enum(["course", "article", "job"]), updatedAt: z.string() }),
);

/** The applicant's own view of their application (the status page, docs/decisions/035). */
export const applicationStatusSchema = z.object({
  reference: z.string(),
  course: z.string(),
  courseType: z.string(),
  createdAt: z.string(),
  status: z.enum(APPLICANT_STATUSES),
  /** A guardian's read-only link: the page shows no form (docs/decisions/074). */
  reader: z.boolean().default(false),
  /** Withdrawn after paying: the refund question, open until admissions decide (docs/decisions/099). */
  refund: z.enum(REFUND_QUESTIONS).nullable().default(null),
  /** The offer of a seat and its deadline; open: the applicant may still answer it; lapsed: past its deadline (decision 088). */
  offer: z
    .object({ offeredAt: z.string(), expiresAt: z.string(), open: z.boolean(), lapsed: z.boolean().default(false) })
    .nullable()
    .default(null),
  /** The intake applied for (docs/decisions/068-intakes-and-seats.md); null: none named. */
  intake: z
    .object({
      startDate: z.string(),
      campus: z.string(),
      schedule: z.string(),
      seatHeld: z.boolean(),
      waitingPosition: z.number().nullable(),
    })
    .nullable()
    .default(null),
  proof: z
    .object({
      state: z.enum(PAYMENT_PROOF_STATES),
      transferReference: z.string(),
      sentAt: z.string(),
      rejectedReason: z.string(),
    })
    .nullable(),
  /** A minor's guardian (decision 065): the address masked, when the link went, their answer. */
  guardian: z
    .object({
      to: z.string(),
      sentAt: z.string().nullable(),
      confirmedAt: z.string().nullable(),
      refusedAt: z.string().nullable(),
    })
    .nullable()
    .default(null),
  /** What is owed, paid and due next (docs/decisions/093-paid-means-nothing-is-owed.md). */
  statement: statementSchema,
});
export type ApplicationStatus = z.infer<typeof applicationStatusSchema>;

/** A registration saved to finish later (docs/decisions/036). */
export const savedFormSchema = z.object({
  fields: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
  files: z.array(z.object({ public_id: z.string(), name: z.string(), size: z.number(), group: z.string() })),
  expiresAt: z.string(),
});
// ---- people's rights (docs/decisions/034-retention-and-rights.md) ----
export const privacyRequestSchema = z.object({
  _id: z.string(),
  kind: z.string(),
  subject: z.string(),
  receivedOn: z.string(),
  dueOn: z.string(),
  doneAt: z.string().nullable(),
  overdue: z.boolean(),
});
export const privacyRegisterSchema = z.object({
  open: z.array(privacyRequestSchema),
  done: z.array(privacyRequestSchema),
});
export type PrivacyRequest = z.infer<typeof privacyRequestSchema>;
/** What the staff lookup shows of a person: enough to recognise each record; the export has every field. */
export const personRecordsSchema = z.object({
  applications: z.array(
    z.object({
      id: z.string(),
      reference: z.string(),
      firstname: z.string(),
      lastname: z.string(),
      email: z.string(),
      phone: z.string(),
      course_title: z.string(),
      status: z.string(),
      created_at: z.string(),
      notes: z.array(z.unknown()),
      files: z.array(z.unknown()),
      mails: z.array(z.unknown()),
    }),
  ),
  guardianOf: z.array(z.object({ id: z.string(), reference: z.string() })),
  messages: z.array(z.object({ id: z.string(), fullname: z.string(), email: z.string(), created_at: z.string() })),
  // Forms saved to finish later and mails in the outbox (docs/decisions/034-retention-and-rights.md);
  // empty from an API that does not list them yet, while instances are replaced one by one.
  savedForms: z
    .array(
      z.object({
        fields: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
        saved_at: z.string(),
        expires_at: z.string(),
        files: z.array(z.unknown()),
      }),
    )
    .default([]),
  outboxMails: z
    .array(
      z.object({
        id: z.string(),
        recipient: z.string(),
        subject: z.string(),
        status: z.string(),
        created_at: z.string(),
      }),
    )
    .default([]),
  jobAlerts: z
    .array(z.object({ email: z.string(), asked_at: z.string(), confirmed_at: z.string().nullable() }))
    .default([]),
  // Certificates issued to the person (docs/decisions/058); empty from an API without them.
  certificates: z
    .array(
      z.object({
        number: z.string(),
        holder_name: z.string(),
        course_title: z.string(),
        issued_at: z.string(),
        revoked_at: z.string().nullable(),
      }),
    )
    .default([]),
});
export type PersonRecords = z.infer<typeof personRecordsSchema>;
