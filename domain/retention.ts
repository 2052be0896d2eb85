// The retention schedule (docs/product.md, "Retention"; docs/decisions/034-retention-and-rights.md).
// The API reads the numbers from settings (api/config.ts, defaults below); the privacy page and
// the staff pages show them. "withdrawn" is the state an applicant reaches by withdrawing the
// application from the status page.

export const RETENTION_DEFAULTS = {
  /** ID documents and certificates of an application Declined or withdrawn, days after that change. */
  filesAfterClosedDays: 90,
  /** ID documents and certificates of an Enrolled applicant, days after enrolment. */
  filesAfterEnrolledDays: 365,
  /** An applicant record is anonymised this many days after its last change. */
  applicantAfterDays: 730,
  /** Contact messages are deleted this many days after they arrived. */
  messagesAfterDays: 730,
} as const;
export type RetentionSettings = { [K in keyof typeof RETENTION_DEFAULTS]: number };

/** Statuses after which an applicant's files go on the short clock. */
export const CLOSED_STATUSES = ["declined", "withdrawn"] as const;

/** A request from a person about their data (Nigeria Data Protection Act 2023, ss.34–38). */
export const PRIVACY_REQUEST_KINDS = ["access", "correction", "erasure", "objection", "withdrawal"] as const;
export type PrivacyRequestKind = (typeof PRIVACY_REQUEST_KINDS)[number];
/** Days the academy gives itself to answer a request. */
export const PRIVACY_REQUEST_DAYS = 30;
