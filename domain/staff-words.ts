import { type ApplicantStatusValue, STATUS_WORDS } from "./pipeline";

// The words of the staff exports' columns and cells, which both tiers write: the API streams the
// CSV files itself (docs/decisions/048-exports-written-by-the-api.md), the web tier writes the
// spreadsheets and shows the same words on its pages (app/content/ reads them from here).

/** How a staff user is named when there is no name to give. */
export const WHO_WORDS = {
  removedAccount: "a removed account",
  unknown: "unknown",
} as const;

/** The stored statuses in the words the applicant reads too (domain/pipeline.ts, docs/product.md §4). */
export const APPLICANT_STATUS_LABELS: Record<ApplicantStatusValue, string> = STATUS_WORDS;

export const CONSENT_KIND_LABELS: Record<string, string> = {
  terms: "Terms",
  privacy: "Privacy notice",
  notice: "Processing notice",
  guardian: "Guardian's consent",
};
export const consentVersion = (kind: string, v: number) => `${kind} v${v}`;

/** An applicant's fields as the staff page and the exports show them, in that order. */
export const APPLICANT_FIELDS = [
  ["reference", "Reference"],
  ["firstname", "First name"],
  ["lastname", "Last name"],
  ["gender", "Gender"],
  ["dob", "Date of birth"],
  ["email", "Email"],
  ["phone", "Phone"],
  ["street", "Street"],
  ["city", "City"],
  ["state", "State"],
  ["postalCode", "Postal code"],
  ["courseTitle", "Course"],
  ["courseType", "Course type"],
  ["idCards", "ID cards"],
  ["parentConsent", "Parental consent"],
  ["schoolName", "School"],
  ["graduationYear", "Graduation year"],
  ["highestEducation", "Highest education"],
  ["emergencyFullname", "Emergency contact"],
  ["emergencyRelationship", "Relationship"],
  ["emergencyPhone", "Emergency phone"],
  ["regTerms", "Accepted the terms"],
  ["regPrivacy", "Accepted the privacy policy"],
  ["createdAt", "Received"],
] as const;

/** The other headings and values the exports write (the inbox pages show them too). */
export const EXPORT_WORDS = {
  yes: "Yes",
  no: "No",
  status: "Status",
  latestNote: "Latest note",
  noteBy: (who: string, when: string) => `${who}, ${when}`,
  csvConsents: "Consent versions",
  csvGuardian: "Guardian",
  csvGuardianConfirmed: "confirmed",
  csvGuardianAwaiting: "not confirmed",
  // The registration fee, for matching with the bank statement (docs/product.md §4, "Payments").
  csvPayment: "Payment",
  csvTransferReference: "Transfer reference",
  paymentStates: {
    paid: "Paid",
    confirmed: "Paid (transfer confirmed)",
    waiting: "Receipt waiting",
    rejected: "Receipt rejected",
    none: "Not paid",
  },
  received: "Received",
  name: "Name",
  email: "Email",
  phone: "Phone",
  issue: "Matter",
  message: "Message",
  readColumn: "Read/unread",
  readByColumn: "Read by",
  readValue: "Read",
  unreadValue: "Unread",
  issues: { 1: "Course-related", 2: "Payment-related", 3: "Others" } as Record<number, string>,
} as const;
