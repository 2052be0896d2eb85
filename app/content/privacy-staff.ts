// The staff pages' words for consent, guardians, retention and people's requests
// (docs/decisions/033-consent-versions-and-minors.md, 034-retention-and-rights.md).
import { PRIVACY_REQUEST_KINDS, type PrivacyRequestKind } from "@domain/retention";
import { CONSENT_KIND_LABELS, consentVersion, EXPORT_WORDS } from "@domain/staff-words";

export const consentText = {
  title: "Consent and retention",
  versions: "Accepted versions",
  acceptedAt: "Accepted on",
  before: "Registered before consent versions were kept",
  kinds: CONSENT_KIND_LABELS,
  version: consentVersion,
  guardian: "Parent or guardian",
  guardianConfirmed: (when: string) => `Confirmed on ${when}`,
  guardianAwaiting: "Not confirmed yet",
  guardianBadgeConfirmed: "Guardian confirmed",
  guardianBadgeAwaiting: "Guardian not confirmed",
  guardianRefused: (when: string) => `Did not consent (said so on ${when})`,
  guardianBadgeRefused: "Guardian did not consent",
  noGuardian: "None (18 or over when registering)",
  filesDelete: "ID documents and certificates",
  filesDeleteOn: (when: string, rule: "closed" | "enrolled" | "inactive") =>
    `Will be deleted on ${when} (${
      rule === "closed"
        ? "after Declined or withdrawn"
        : rule === "enrolled"
          ? "after Enrolled"
          : "2 years after the last change"
    })`,
  filesDeleted: (when: string) => `Deleted on ${when}`,
  anonymised: (when: string) => `This record was anonymised on ${when}.`,
  csvConsents: EXPORT_WORDS.csvConsents,
  csvGuardian: EXPORT_WORDS.csvGuardian,
  csvGuardianConfirmed: EXPORT_WORDS.csvGuardianConfirmed,
  csvGuardianAwaiting: EXPORT_WORDS.csvGuardianAwaiting,
};

export const requestKinds: Record<PrivacyRequestKind, string> = {
  access: "See or copy their data",
  correction: "Correct their data",
  erasure: "Delete their data",
  objection: "Object to a use",
  withdrawal: "Withdraw consent",
};

export const rightsText = {
  metaTitle: "Privacy requests",
  title: "Privacy requests",
  intro:
    "Requests from people about their data must be answered within 30 days of arrival. Find a person by e-mail or phone to see, export or erase what the academy holds about them.",
  registerTitle: "Request register",
  addTitle: "Record a request",
  kind: "Kind",
  subject: "Person (e-mail or phone)",
  receivedOn: "Arrived on",
  dueOn: "Due by",
  doneAt: "Done",
  open: "Open requests",
  noOpen: "No open requests.",
  recentlyDone: "Recently done",
  overdue: "Overdue",
  markDone: "Mark done",
  add: "Record request",
  added: "Request recorded",
  markedDone: "Request marked done",
  findTitle: "Find a person",
  email: "E-mail",
  phone: "Phone",
  find: "Find",
  nothing: "Nothing is held about this person.",
  applications: "Applications",
  messages: "Contact messages",
  guardianOf: "Named as guardian on",
  counts: (notes: number, files: number, mails: number) => `${notes} notes, ${files} files, ${mails} mails`,
  savedForms: "Forms saved to finish later",
  savedForm: (d: { name: string; email: string; savedAt: string; expiresAt: string; files: number }) =>
    `${d.name || "No name typed"}${d.email ? ` <${d.email}>` : ""}, saved ${d.savedAt}, kept until ${d.expiresAt} — ${d.files} files`,
  outboxMails: "Mails in the outbox",
  jobAlerts: "Job alerts",
  jobAlert: (d: { email: string; askedAt: string; confirmedAt: string | null }) =>
    `${d.email}, asked ${d.askedAt}${d.confirmedAt ? `, confirmed ${d.confirmedAt}` : ", never confirmed"}`,
  outboxStatus: {
    queued: "waiting to be sent",
    sent: "sent",
    failed: "given up",
    expired: "expired, not sent",
  } as Record<string, string>,
  outboxMail: (d: { recipient: string; subject: string; status: string; at: string }) =>
    `To ${d.recipient}: "${d.subject}" (${d.status}), ${d.at}`,
  certificates: "Certificates",
  certificate: (c: {
    number: string;
    holder_name: string;
    course_title: string;
    issued_at: string;
    revoked_at: string | null;
  }) =>
    `${c.number}: ${c.holder_name}, ${c.course_title}, issued ${c.issued_at.slice(0, 10)}${c.revoked_at ? `, revoked ${c.revoked_at.slice(0, 10)}` : ""}`,
  export: "Export as ZIP",
  eraseTitle: "Erase this person",
  eraseWarning:
    "This deletes every application, note, file, mail record, message, saved form, outbox mail, job alert and certificate above, for good (a check of a certificate's number then finds none). The security log keeps only that an erasure happened.",
  eraseRequest: "For request",
  noRequest: "(no request)",
  eraseConfirm: "I understand this cannot be undone",
  eraseConfirmMissing: "Tick the box to confirm the erasure",
  erase: "Erase",
  erased: (n: {
    applications: number;
    files: number;
    messages: number;
    savedForms: number;
    outboxMails: number;
    jobAlerts: number;
  }) =>
    `Erased: ${n.applications} applications, ${n.files} files, ${n.messages} messages, ${n.savedForms} saved forms, ${n.outboxMails} outbox mails, ${n.jobAlerts} job alerts`,
  failed: "That did not work. Please try again.",
};

/** The request kinds as the register's form offers them. */
export const kindOptions = PRIVACY_REQUEST_KINDS.map((k) => ({ value: k, label: requestKinds[k] }));
