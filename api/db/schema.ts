import type { Generated } from "kysely";

import type { IntakeStatus, ScheduleKind } from "@domain/intakes";
import type { ItemType } from "@domain/items";
import type { PaymentMethod, PaymentPurpose, PaymentStatus, RefundQuestion } from "@domain/payments";
import type { ApplicantStatusValue, PaymentProofState } from "@domain/pipeline";
import type { StaffRole } from "@domain/staff";

// Timestamps are ISO-8601 UTC strings: they sort as text identically on SQLite and PostgreSQL.
export interface UsersTable {
  id: string;
  email: string;
  name: string;
  password_hash: string;
  is_demo: number;
  created_at: string;
  last_login_at: Generated<string | null>;
  role: Generated<StaffRole>;
  /** Set when an Admin deactivated the account: it cannot sign in, its sessions ended. */
  deactivated_at: Generated<string | null>;
  /** The TOTP secret (base32) once two-factor sign-in is on; the one being set up until confirmed. */
  totp_secret: Generated<string | null>;
  totp_pending_secret: Generated<string | null>;
  totp_enabled_at: Generated<string | null>;
  /** The newest 30-second step whose code was accepted: no code of it or before works again. */
  totp_last_step: Generated<number | null>;
}

export interface SessionsTable {
  id_hash: string;
  user_id: string;
  persistent: number;
  expires_at: string;
  created_at: string;
  /** 1 while a password-only sign-in waits for its two-factor code (it opens nothing else). */
  pending_second_factor: Generated<number>;
}

/** One-time codes for signing in without the authenticator app; only their hashes. */
export interface RecoveryCodesTable {
  code_hash: string;
  user_id: string;
  used_at: string | null;
  created_at: string;
}

export interface StaffInvitationsTable {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  token_hash: string;
  invited_by: string | null;
  expires_at: string;
  accepted_at: string | null;
  created_at: string;
}

/** Append-only (docs/security.md, "Security log"): never a password, token, code, e-mail or name. */
export interface SecurityLogTable {
  id: string;
  at: string;
  event: string;
  actor_id: string | null;
  subject_id: string | null;
  reason: string | null;
  ip: string | null;
  user_agent: string | null;
}

export interface PasswordResetsTable {
  token_hash: string;
  user_id: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface CoursesTable {
  id: string;
  title: string;
  slug: string;
  tutors: string;
  featured_img: string;
  tag: string;
  tip_color: string;
  content: string;
  asset_folder: string;
  created_at: string;
  updated_at: string;
  // docs/decisions/019-course-and-job-offers.md: null on courses published before these existed.
  category: string | null;
  fee: number | null;
  duration: string | null;
  level: string | null;
  /** YYYY-MM-DD */
  next_start: string | null;
  /** The staff user who created / last changed the item (users.id; null for rows older than the audit columns (decision 017)). */
  created_by: Generated<string | null>;
  updated_by: Generated<string | null>;
  trashed_at: string | null;
  trashed_by: string | null;
  publish_at: string | null;
  /** The course types it offers, a JSON array (docs/decisions/038-course-types-per-course.md); null reads as all. */
  course_types: string | null;
}

export interface PostsTable {
  id: string;
  post_type: "article" | "job";
  title: string;
  slug: string;
  description: string;
  content: string;
  featured_img: string;
  company_cover_img: string;
  company_logo: string;
  logo_accent: string;
  company_name: string;
  job_type: string;
  job_location: string;
  application_deadline: string | null;
  asset_folder: string;
  created_at: string;
  updated_at: string;
  // docs/decisions/019-course-and-job-offers.md: jobs only; null on jobs published before these existed.
  how_to_apply: string | null;
  salary_min: number | null;
  salary_max: number | null;
  job_address: string | null;
  /** The staff user who created / last changed the item (users.id; null for rows older than the audit columns (decision 017)). */
  created_by: Generated<string | null>;
  updated_by: Generated<string | null>;
  trashed_at: string | null;
  trashed_by: string | null;
  publish_at: string | null;
}

export interface DraftsTable {
  user_id: string;
  post_type: "article" | "job" | "course";
  data: string;
  updated_at: string;
}

export interface ContactMessagesTable {
  id: string;
  fullname: string;
  email: string;
  phone: string;
  issue: number;
  message: string;
  created_at: string;
  /** When a staff member marked it read, and who; null while it is new. */
  read_at: string | null;
  read_by: string | null;
  /** As on applicants: the phone as api/limits.ts personKey.phone keys it (E.164 since migration 0015), for finding a person. */
  phone_key: Generated<string | null>;
}

export interface ApplicantsTable {
  id: string;
  firstname: string;
  lastname: string;
  gender: string;
  dob: string;
  email: string;
  phone: string;
  street: string;
  city: string;
  state: string;
  postal_code: string;
  course_title: string;
  course_type: string;
  id_cards: string;
  parent_consent: string;
  school_name: string;
  graduation_year: number;
  highest_education: string;
  emergency_fullname: string;
  emergency_relationship: string;
  emergency_phone: string;
  reg_terms: number;
  reg_privacy: number;
  created_at: string;
  status: Generated<ApplicantStatus>;
  status_changed_by: Generated<string | null>;
  status_changed_at: Generated<string | null>;
  /** A hash of the form's one-time token (docs/decisions/035): a resent form finds its applicant. */
  submission_key: Generated<string | null>;
  /** Proof of payment (docs/product.md §4): null until the applicant sends one. */
  payment_proof: Generated<PaymentProofState | null>;
  payment_proof_file: Generated<string | null>;
  payment_transfer_ref: Generated<string | null>;
  payment_proof_at: Generated<string | null>;
  payment_rejected_reason: Generated<string | null>;
  /** JSON of the consent versions accepted (domain/consent.ts AcceptedConsents); null on rows from before versions. */
  consents: Generated<string | null>;
  consented_at: Generated<string | null>;
  /** The guardian of an applicant under 18 on the day of registration (docs/decisions/033-consent-versions-and-minors.md). */
  guardian_name: Generated<string | null>;
  guardian_relationship: Generated<string | null>;
  guardian_phone: Generated<string | null>;
  guardian_email: Generated<string | null>;
  /** SHA-256 of the guardian's confirmation link token, until it is used. */
  guardian_token_hash: Generated<string | null>;
  guardian_confirmed_at: Generated<string | null>;
  /** When the guardian answered "I do not consent" on their page (decision 065). */
  guardian_refused_at: Generated<string | null>;
  /** When the guardian's current link was sent; null: with the registration (its created_at). */
  guardian_link_at: Generated<string | null>;
  /** Last change (registration, status, note): the retention schedule counts from it. */
  updated_at: Generated<string | null>;
  files_deleted_at: Generated<string | null>;
  /** The phone as api/limits.ts personKey.phone keys it (E.164 since migration 0015): a person is found by it. */
  phone_key: Generated<string | null>;
  anonymised_at: Generated<string | null>;
  /** The intake applied for (docs/decisions/068-intakes-and-seats.md), if one was named. */
  intake_id: Generated<string | null>;
  /** 1 while the application holds one of its intake's seats. */
  intake_seat: Generated<number>;
  /** When it joined its intake's waiting list (the intake was full); null: not waiting. */
  waitlisted_at: Generated<string | null>;
  /** An offer's acceptance deadline (ISO; decision 074); null: no offer open or made. */
  offer_expires_at: Generated<string | null>;
  offered_at: Generated<string | null>;
  /** When the lapse warning went, two days before the deadline: set once, so it never goes twice. */
  offer_warned_at: Generated<string | null>;
  /** Withdrawn after a payment: "open" until staff refund or decide none is due (docs/decisions/099); null: no question. */
  refund_question: Generated<RefundQuestion | null>;
  refund_decided_at: Generated<string | null>;
  refund_decided_by: Generated<string | null>;
  /** Staff's note when they decided no refund is due. */
  refund_decision_note: Generated<string | null>;
}

export type ApplicantStatus = ApplicantStatusValue;

/** The applicant's private status links (docs/decisions/035): hashes only, several per applicant. */
export interface ApplicationLinksTable {
  token_hash: string;
  applicant_id: string;
  created_at: string;
  /** 1: a guardian's read-only link (decision 074): the page, no forms. */
  reader: Generated<number>;
}

/** A registration saved to finish later (docs/decisions/036): its fields as JSON, for 14 days. */
export interface SavedFormsTable {
  token_hash: string;
  fields: string;
  expires_at: string;
  created_at: string;
  /** The typed e-mail, as api/lib/person-key.ts personKey keys it (lower-cased): a person's saved forms are found by it. */
  email: string | null;
  /** The typed phone, as personKey.phone keys it (E.164): a person's saved forms are found by it. */
  phone_key: string | null;
  /** When the "come back to your form" reminder went (docs/decisions/076-the-admissions-desk.md); null: not yet. */
  reminded_at: Generated<string | null>;
}

export interface ApplicantNotesTable {
  id: string;
  applicant_id: string;
  author_id: string | null;
  body: string;
  created_at: string;
}

/** A version of a course, article or job as it was before a later one replaced it. */
export interface RevisionsTable {
  id: string;
  item_type: ItemType;
  item_id: string;
  /** 1, 2, 3… per item: newest first is highest first. */
  version: number;
  title: string;
  /** The item's editable columns as JSON (see api/lib/revisions.ts). */
  data: string;
  made_by: string | null;
  made_at: string;
  replaced_by: string | null;
  replaced_at: string;
}

export interface PrivateFilesTable {
  public_id: string;
  applicant_id: string | null;
  file_group: string;
  original_name: string;
  content_type: string;
  size: number;
  created_at: string;
  /** Who uploaded it (clientKey: an IPv4 address or an IPv6 /64), until a registration claims it. */
  client_key: string | null;
  /** The saved form (its token hash) that keeps this unclaimed file past the sweep, for 14 days. */
  saved_form: Generated<string | null>;
  /** The uploader's IPv6 /56 and /48 (null for IPv4), counted like client_key (api/lib/upload-quota.ts). */
  client_net56: Generated<string | null>;
  client_net48: Generated<string | null>;
  /** The SHA-256 of the upload token that carried it: only that form (or the saved form keeping it) claims it. */
  upload_token: Generated<string | null>;
}

/** Originals kept in the database (api/storage/originals.ts): several instances share them. */
export interface FilesTable {
  key: string;
  /** Bytes in all its chunks together. */
  size: number;
  created_at: string;
}

/** A file's bytes in order of seq (0, 1, …), each chunk FILE_CHUNK_BYTES but the last (api/storage/originals.ts). */
export interface FileChunksTable {
  key: string;
  seq: number;
  content: Buffer;
}

/** Settings every instance must agree on, recorded by the first to start (api/db/instance-settings.ts). */
export interface InstanceSettingsTable {
  name: string;
  value: string;
  updated_at: string;
}

/** A staff-edited value (docs/decisions/060): "site" holds the academy's settings as JSON. */
export interface SiteSettingsTable {
  name: string;
  value: string;
  version: number;
  updated_at: string;
  updated_by: string | null;
}

/** Every save of a site_settings value, kept for history and restore. */
export interface SettingsRevisionsTable {
  id: string;
  name: string;
  version: number;
  value: string;
  /** The changed fields, comma-separated ("payments.accountNumber,contact.hours"). */
  changed: string;
  made_by: string | null;
  made_at: string;
  /** The version a restore brought back. */
  restored_from: number | null;
}

/** A mail sent about an applicant (to the applicant or the guardian): found and erased with the person. */
export interface ApplicantMailsTable {
  id: string;
  applicant_id: string;
  kind: "confirmation" | "guardian";
  recipient: string;
  subject: string;
  sent_at: string;
}

/** The register of people's requests about their data (docs/decisions/034-retention-and-rights.md). */
export interface PrivacyRequestsTable {
  id: string;
  kind: string;
  /** How staff recognise the person (an e-mail or phone); replaced by "erased" when the person is erased. */
  subject: string;
  /** YYYY-MM-DD */
  received_on: string;
  due_on: string;
  done_at: string | null;
  created_by: string | null;
  created_at: string;
}

/** One row per daily job and day: the instance whose insert wins runs it (api/privacy/retention.ts). */
export interface JobRunsTable {
  job: string;
  run_on: string;
  started_at: string;
  finished_at: string | null;
  /** Counts only, as JSON: never what was removed. */
  summary: string | null;
}

/**
 * One e-mail, queued in the transaction of the change that causes it (api/mail/queue.ts,
 * docs/decisions/043-durable-mail-queue.md). Its body is emptied once sent or given up.
 */
export interface MailOutboxTable {
  id: string;
  recipient: string;
  subject: string;
  body_text: string;
  body_html: string | null;
  reply_to: string | null;
  status: "queued" | "sent" | "failed" | "expired";
  /** Attempts so far, counted when an attempt is claimed. */
  tries: number;
  next_attempt_at: string;
  /** Set while one worker holds it: no other claims it before this time. */
  claimed_until: string | null;
  /** The holding worker's claim: only it may mark the row. */
  claim_id: string | null;
  last_error: string | null;
  /** A mail whose link dies (a password reset) is not sent after this time. */
  expires_at: string | null;
  created_at: string;
  sent_at: string | null;
  /** A one-click unsubscribe address (RFC 8058) for a mail sent to a list, such as job alerts. */
  list_unsubscribe: string | null;
}

/** A job seeker's weekly job alert (docs/product.md §2, Blog): live once confirmed. */
export interface JobAlertsTable {
  id: string;
  email: string;
  /** The address folded to lower case: one alert per address. */
  email_key: string;
  /** SHA-256 of the confirmation link's secret; null once confirmed. */
  confirm_hash: string | null;
  /** The secret in every mail's unsubscribe link (all it can do is end this alert). */
  unsubscribe_token: string;
  confirmed_at: string | null;
  created_at: string;
}

/**
 * A day's count of one thing (docs/decisions/064-cookie-free-visit-counts.md): never who, only how
 * many. `day` is a Lagos day (YYYY-MM-DD); `dimension` one of domain/insights.ts INSIGHT_DIMENSIONS.
 */
export interface InsightCountsTable {
  day: string;
  dimension: string;
  value: string;
  count: Generated<number>;
}

/** An enrolled applicant marked completed (docs/decisions/058-certificates-and-their-public-check.md). */
export interface CompletionsTable {
  applicant_id: string;
  /** YYYY-MM-DD, Lagos. */
  completed_on: string;
  grade: string | null;
  /** The intake (cohort), once intakes exist. */
  intake_id: string | null;
  completed_by: string | null;
  created_at: string;
  /** Why staff marked it completed before the intake's first day (docs/decisions/098); null otherwise. */
  early_reason: string | null;
}

/** A certificate issued; `number` is its stored form (domain/certificates.ts). */
export interface CertificatesTable {
  number: string;
  applicant_id: string;
  holder_name: string;
  course_title: string;
  intake_id: string | null;
  completed_on: string;
  grade: string | null;
  issued_at: string;
  issued_by: string | null;
  issued_by_name: string;
  revoked_at: string | null;
  revoked_reason: string | null;
  revoked_by: string | null;
}

/** A file a queued mail carries (api/mail/index.ts), removed once the mail is sent or given up. */
export interface MailAttachmentsTable {
  mail_id: string;
  seq: number;
  filename: string;
  content_type: string;
  content_base64: string;
}

/** A credential signing key's public half (docs/decisions/059-credential-signing-key.md). */
export interface CredentialKeysTable {
  kid: string;
  public_jwk: string;
  created_at: string;
  retired_at: string | null;
}

/**
 * One attempt to pay (docs/decisions/062-the-server-decides-money-arrived.md): online through
 * Paystack, or a bank transfer staff confirmed. Amounts in kobo. `raw_event` is Paystack's last
 * event or verification as received, kept a year (api/privacy/retention.ts).
 */
export interface PaymentsTable {
  id: string;
  reference: string;
  applicant_id: string;
  purpose: PaymentPurpose;
  method: PaymentMethod;
  amount: number;
  currency: string;
  status: PaymentStatus;
  channel: string | null;
  provider_id: string | null;
  transfer_reference: string | null;
  paid_at: string | null;
  /** 1: money arrived for an application already closed (withdrawn, declined): staff refund it. */
  refund_due: Generated<number>;
  refunded_amount: number | null;
  refunded_at: string | null;
  refunded_by: string | null;
  refund_note: string | null;
  /** Why a signed event was not taken (a wrong amount or currency): staff look at it. */
  problem: string | null;
  raw_event: string | null;
  raw_event_at: string | null;
  /** A course fee's intake (docs/decisions/077); null for the registration fee. */
  intake_id: string | null;
  /** The instalment a payment was started for (1 is the first), or null. */
  instalment: number | null;
  /** A pending online payment's Paystack checkout, offered again while it is open (docs/decisions/092). */
  checkout_url: string | null;
  created_at: string;
  updated_at: string;
}

/** A server error as Admins see it at /admin/errors: nothing a visitor typed, no token (docs/decisions/056). */
export interface ServerErrorsTable {
  id: string;
  at: string;
  request_id: string | null;
  /** The route pattern (`/course/:id/:slug`), never the path. */
  route: string;
  kind: string;
  /** Masked as the log masks it (api/lib/error-log.ts). */
  message: string;
}

export interface ServerErrorDaysTable {
  /** The Lagos day, YYYY-MM-DD. */
  day: string;
  kind: string;
  count: number;
}

export interface ServerErrorKindsTable {
  kind: string;
  first_seen_at: string;
  last_seen_day: string;
  /** The day Admins were last mailed about this kind: at most one mail a day. */
  last_mailed_day: string | null;
}

/** A course's intake (docs/decisions/068-intakes-and-seats.md). */
export interface IntakesTable {
  id: string;
  course_id: string;
  /** YYYY-MM-DD */
  start_date: string;
  end_date: string | null;
  duration: string;
  schedule_kind: ScheduleKind;
  schedule: string;
  campus: string;
  seats: number;
  seats_taken: Generated<number>;
  /** The registration window, Lagos days YYYY-MM-DD, both included. */
  opens_on: string;
  closes_on: string;
  /** JSON array of domain/choices.ts COURSE_TYPES */
  course_types: string;
  fee_kobo: number;
  /** JSON list of domain/course-fees.ts InstalmentPart, or null: no plan (docs/decisions/077). */
  instalments: string | null;
  status: IntakeStatus;
  created_at: string;
  updated_at: string;
  created_by: string | null;
  updated_by: string | null;
}

export interface Database {
  intakes: IntakesTable;
  users: UsersTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  courses: CoursesTable;
  posts: PostsTable;
  drafts: DraftsTable;
  contact_messages: ContactMessagesTable;
  applicants: ApplicantsTable;
  private_files: PrivateFilesTable;
  revisions: RevisionsTable;
  applicant_notes: ApplicantNotesTable;
  files: FilesTable;
  file_chunks: FileChunksTable;
  instance_settings: InstanceSettingsTable;
  site_settings: SiteSettingsTable;
  settings_revisions: SettingsRevisionsTable;
  page_content: SiteSettingsTable;
  page_content_revisions: SettingsRevisionsTable;
  recovery_codes: RecoveryCodesTable;
  staff_invitations: StaffInvitationsTable;
  security_log: SecurityLogTable;
  application_links: ApplicationLinksTable;
  saved_forms: SavedFormsTable;
  applicant_mails: ApplicantMailsTable;
  privacy_requests: PrivacyRequestsTable;
  job_runs: JobRunsTable;
  mail_outbox: MailOutboxTable;
  job_alerts: JobAlertsTable;
  insight_counts: InsightCountsTable;
  completions: CompletionsTable;
  certificates: CertificatesTable;
  mail_attachments: MailAttachmentsTable;
  credential_keys: CredentialKeysTable;
  payments: PaymentsTable;
  server_errors: ServerErrorsTable;
  server_error_days: ServerErrorDaysTable;
  server_error_kinds: ServerErrorKindsTable;
}
