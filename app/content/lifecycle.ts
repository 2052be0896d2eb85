// Every word of the staff content lifecycle (docs/product.md §4): item history and
// restore, who created and changed an item, and the applicant pipeline.
import type { ItemType } from "@domain/items";
import { OFFER_LAPSED_WORD } from "@domain/pipeline";
import { APPLICANT_STATUS_LABELS, EXPORT_WORDS } from "@domain/staff-words";

export const auditText = {
  created: (who: string, when: string) => `Created by ${who} on ${when}`,
  changed: (who: string, when: string) => `Last changed by ${who} on ${when}`,
} as const;

export const historyText = {
  link: "History",
  title: (title: string) => `History of “${title}”`,
  kind: { course: "Course", article: "Article", job: "Job" } as Record<ItemType, string>,
  current: "Current version",
  version: (n: number) => `Version ${n}`,
  versionOf: (n: number, title: string) => `Version ${n} of “${title}”`,
  columns: { version: "Version", title: "Title", madeBy: "Made by", made: "Made", replacedBy: "Replaced by" },
  view: "View",
  viewOnSite: "View on the site",
  edit: "Edit",
  backToHistory: "Back to the history",
  none: "No earlier versions yet. Each time this is updated, the version it replaces is kept here (the last 50).",
  restore: "Restore this version",
  restoring: "Restoring...",
  restoreHint:
    "Restoring makes this the current version. The current version is kept in the history first, so nothing is lost.",
  restored: (n: number) => `Version ${n} restored`,
  restoreFailed: "This version could not be restored. Please try again.",
  madeBy: (who: string, when: string) => `Made by ${who} on ${when}`,
  replacedBy: (who: string, when: string) => `Replaced by ${who} on ${when}`,
  details: "Fields of this version",
} as const;

/**
 * Field labels a version's fields are shown with, in order: every field Restore brings back
 * (docs/product.md §4); content is shown as the page shows it.
 */
export const revisionFieldLabels: Record<ItemType, readonly (readonly [string, string])[]> = {
  course: [
    ["title", "Title"],
    ["tutors", "Tutors"],
    ["tag", "Tag"],
    ["tipColor", "Tip colour"],
    ["category", "Category"],
    ["fee", "Fee"],
    ["duration", "Duration"],
    ["level", "Level"],
    ["nextStart", "Next start date"],
    ["publishAt", "Publish at"],
    ["featuredImg", "Featured image"],
  ],
  article: [
    ["title", "Title"],
    ["publishAt", "Publish at"],
    ["featuredImg", "Featured image"],
  ],
  job: [
    ["title", "Job Title"],
    ["companyName", "Company Name"],
    ["jobType", "Job type"],
    ["jobLocation", "Job location"],
    ["jobAddress", "Address or area"],
    ["salaryMin", "Salary from"],
    ["salaryMax", "Salary to"],
    ["applicationDeadline", "Application deadline"],
    ["howToApply", "How to apply"],
    ["publishAt", "Publish at"],
    ["companyCoverImg", "Company cover image"],
    ["companyLogo", "Company logo"],
    ["logoAccent", "Logo accent colour"],
  ],
};

/** The fields that hold an image: shown as a thumbnail, not a storage key. */
export const revisionImageFields: readonly string[] = ["featuredImg", "companyCoverImg", "companyLogo"];

export const revisionCompareText = {
  changed: "Changed",
  now: "Now:",
  none: "(none)",
  contentChanged: "The content differs from the current version.",
  contentSame: "The content is the same as the current version.",
  sameAsCurrent: "Every field is the same as the current version.",
  compareUnavailable: "The current version could not be read, so changes are not marked.",
} as const;

export const pipelineText = {
  statuses: APPLICANT_STATUS_LABELS,
  status: EXPORT_WORDS.status,
  anyStatus: "Any status",
  course: "Course",
  anyCourse: "Any course",
  filter: "Filter",
  clearFilters: "Clear filters",
  countsLabel: "Applicants by status",
  all: "All",
  /** `more`: the count stopped at its bound, so there are more than `n` ("999+"). */
  countOf: (label: string, n: number, more = false) => `${label}: ${n}${more ? "+" : ""}`,
  changeStatus: "Change status",
  saveStatus: "Save status",
  statusSaved: (label: string) => `Status changed to ${label}`,
  /** Enrolling while fees are owed: the API's words say what, staff confirm (docs/decisions/093). */
  feesOwedTitle: "Fees are still owed",
  feesOwedConfirm: (label: string) => `Yes, change the status to ${label}`,
  statusChanged: (who: string, when: string) => `Changed by ${who} on ${when}`,
  notes: "Notes",
  newNote: "Add a note",
  addNote: "Add note",
  noteSaved: "Note added",
  noNotes: "No notes yet",
  noteBy: EXPORT_WORDS.noteBy,
  latestNote: EXPORT_WORDS.latestNote,
  saveFailed: "This could not be saved. Please try again.",
  chooseStatus: "Choose a status",
  noteEmpty: "Write a note",
  noteTooLong: (max: number) => `A note must be at most ${max} characters`,
} as const;

/** Staff make an offer from the applicant's page (docs/decisions/074-one-status-model-and-when-a-seat-is-taken.md). */
export const offerText = {
  title: "Make an offer",
  intro:
    "Offer this applicant a seat in their intake. The seat is held from now; they are e-mailed the offer with its letter and answer it on their status page.",
  acceptBy: "Accept by (Lagos day)",
  acceptByHint: (first: string, last: string) =>
    `The offer stays open all of that day. From ${first} to ${last}; a week is usual.`,
  acceptByInvalid: (days: number) => `Choose the acceptance deadline: a date from today to ${days} days ahead.`,
  submit: "Make the offer",
  sending: "Making the offer...",
  made: (day: string) => `Offer made: the applicant is e-mailed and may accept until ${day}.`,
  open: (day: string) => `An offer is open until the end of ${day} (Lagos time).`,
  lapsedTitle: OFFER_LAPSED_WORD,
  lapsed: (day: string) =>
    `The offer lapsed at the end of ${day} (Lagos time): it can no longer be accepted. Within ten minutes the application is withdrawn and its seat offered to the first on the waiting list.`,
  notNow: "Only an open application (Received, Contacted or Paid) can be offered a seat.",
} as const;

/** A receipt the applicant sent, on the staff applicant page (docs/product.md §4). */
/** Possible duplicates on an applicant's staff page (docs/decisions/100-one-live-application-per-course.md). */
export const duplicatesCopy = {
  title: "Possible duplicates",
  intro: "The same date of birth and the same e-mail address or phone number as this application:",
  line: (reference: string, course: string, status: string, sent: string) =>
    `${reference} — ${course}, ${status}, sent ${sent}`,
  close: (kept: string) => `Close this application as a duplicate of ${kept}`,
  closeHint: "It is withdrawn (its seat freed, any payment put to the refund question) and a note names the one kept.",
  closed: "Closed as a duplicate: it is withdrawn, and its notes name the application kept.",
  failed: "The application could not be closed. Please try again.",
};

export const proofStaffCopy = {
  title: "Proof of payment",
  none: "No receipt sent yet.",
  waiting: "Payment proof received",
  confirmed: "Payment confirmed",
  rejected: "Receipt rejected",
  transferReference: "Transfer reference",
  sentAt: "Sent",
  open: "Open the receipt",
  confirm: "Confirm payment",
  confirmHint: "Sets the status to Paid and e-mails the applicant a receipt.",
  rejectReason: "Why is the receipt not accepted? (the applicant reads this)",
  reject: "Reject receipt",
  confirmedToast: "Payment confirmed: the applicant has been e-mailed a receipt.",
  // docs/decisions/092-one-registration-fee-once.md: the fee was paid already, online or by another transfer.
  confirmedRefundDueToast:
    "Transfer recorded, but the registration fee was already paid: it is marked for a refund on the payments page, and no second receipt was sent.",
  rejectedToast: "Receipt rejected: the applicant sees your reason on their status page.",
  reasonRequired: "Say why the proof is not accepted",
  filterLabel: "Proof of payment",
  filterAny: "Any",
  filterWaiting: "Proof waiting",
  filterRefund: "Refund to decide",
};
