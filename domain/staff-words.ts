import type { EducationLevel, StateSlug } from "./choices";
import type { ApplicantStatusValue } from "./pipeline";

// The words of the staff exports' columns and cells, which both tiers write: the API streams the
// CSV files itself (docs/decisions/048-exports-written-by-the-api.md), the web tier writes the
// spreadsheets and shows the same words on its pages (app/content/ reads them from here).

/** How a staff user is named when there is no name to give. */
export const WHO_WORDS = {
  removedAccount: "a removed account",
  unknown: "unknown",
} as const;

export const APPLICANT_STATUS_LABELS: Record<ApplicantStatusValue, string> = {
  new: "New",
  contacted: "Contacted",
  paid: "Paid",
  enrolled: "Enrolled",
  declined: "Declined",
  withdrawn: "Withdrawn",
};

export const CONSENT_KIND_LABELS: Record<string, string> = {
  terms: "Terms",
  privacy: "Privacy notice",
  notice: "Processing notice",
  guardian: "Guardian's consent",
};
export const consentVersion = (kind: string, v: number) => `${kind} v${v}`;

/** The 36 states and the FCT: each value is the lowercase slug of its OWN name. */
export const STATE_OPTIONS: readonly { value: StateSlug; label: string }[] = [
  { value: "abia", label: "Abia" },
  { value: "adamawa", label: "Adamawa" },
  { value: "akwa-ibom", label: "Akwa Ibom" },
  { value: "anambra", label: "Anambra" },
  { value: "bauchi", label: "Bauchi" },
  { value: "bayelsa", label: "Bayelsa" },
  { value: "benue", label: "Benue" },
  { value: "borno", label: "Borno" },
  { value: "cross-river", label: "Cross River" },
  { value: "delta", label: "Delta" },
  { value: "ebonyi", label: "Ebonyi" },
  { value: "edo", label: "Edo" },
  { value: "ekiti", label: "Ekiti" },
  { value: "enugu", label: "Enugu" },
  { value: "fct", label: "Federal Capital Territory (Abuja)" },
  { value: "gombe", label: "Gombe" },
  { value: "imo", label: "Imo" },
  { value: "jigawa", label: "Jigawa" },
  { value: "kaduna", label: "Kaduna" },
  { value: "kano", label: "Kano" },
  { value: "katsina", label: "Katsina" },
  { value: "kebbi", label: "Kebbi" },
  { value: "kogi", label: "Kogi" },
  { value: "kwara", label: "Kwara" },
  { value: "lagos", label: "Lagos" },
  { value: "nasarawa", label: "Nasarawa" },
  { value: "niger", label: "Niger" },
  { value: "ogun", label: "Ogun" },
  { value: "ondo", label: "Ondo" },
  { value: "osun", label: "Osun" },
  { value: "oyo", label: "Oyo" },
  { value: "plateau", label: "Plateau" },
  { value: "rivers", label: "Rivers" },
  { value: "sokoto", label: "Sokoto" },
  { value: "taraba", label: "Taraba" },
  { value: "yobe", label: "Yobe" },
  { value: "zamfara", label: "Zamfara" },
] as const;

/** Labels shown for values whose stored form is lowercase. */
export const EDUCATION_LABELS: Record<EducationLevel, string> = {
  none: "None",
  "primary school": "Primary School",
  "secondary school certificate": "Secondary School Certificate",
  "vocational training": "Vocational Training",
  HND: "HND",
  OND: "OND",
  Diploma: "Diploma",
  undergraduate: "Undergraduate",
  postgraduate: "Postgraduate",
};

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
