import { pipelineText as p } from "~/content/lifecycle";
import { consentText as c } from "~/content/privacy-staff";
import { inboxText as t } from "~/content/staff";
import type { ApplicantListItem, ContactMessage } from "~/upstream/schemas";

import { applicantValueText } from "./applicant-values";
import { consentLine } from "./consent-line";
import { csvLagosTime, keepAsText, toCsv } from "./csv";
import { staffName } from "./staff-names";

// The staff inbox's CSV files: what the pages show (Lagos time, labels, Yes/No), with phone
// numbers kept as text so a spreadsheet does not drop their leading 0 or +.

/** A CSV file's columns and how one row fills them: the whole file at once, or streamed a page at a time. */
export type CsvExport<T> = { header: readonly string[]; cells: (row: T) => unknown[] };

export const contactMessagesExport: CsvExport<ContactMessage> = {
  header: [t.received, t.name, t.email, t.phone, t.issue, t.message],
  cells: (m) => [
    csvLagosTime(m.createdAt),
    m.fullname,
    m.email,
    keepAsText(m.phone),
    t.issues[m.issue] ?? m.issue,
    m.message,
  ],
};

export function contactMessagesCsv(messages: readonly ContactMessage[]) {
  return toCsv(contactMessagesExport.header, messages.map(contactMessagesExport.cells));
}

const PHONE_FIELDS: ReadonlySet<string> = new Set(["phone", "emergencyPhone"]);

/** Every applicant field as the page shows it, then the pipeline: status and the latest note (docs/product.md §4). */
export const applicantsExport: CsvExport<ApplicantListItem> = {
  header: ["id", ...t.applicantFields.map(([, label]) => label), p.status, p.latestNote, c.csvConsents, c.csvGuardian],
  cells: (a) => [
    a._id,
    ...t.applicantFields.map(([key]) => {
      if (key === "createdAt") return csvLagosTime(a.createdAt);
      if (PHONE_FIELDS.has(key)) return keepAsText(String(a[key]));
      return applicantValueText(key, a[key]);
    }),
    p.statuses[a.status],
    a.latestNote
      ? `${a.latestNote.body} (${p.noteBy(staffName(a.latestNote.author), csvLagosTime(a.latestNote.createdAt))})`
      : "",
    // docs/decisions/033-consent-versions-and-minors.md: the versions accepted; the guardian's confirmation.
    consentLine(a.consents),
    a.guardian ? (a.guardian.confirmedAt ? c.csvGuardianConfirmed : c.csvGuardianAwaiting) : "",
  ],
};

export function applicantsCsv(applicants: readonly ApplicantListItem[]) {
  return toCsv(applicantsExport.header, applicants.map(applicantsExport.cells));
}

/** `<name>-YYYY-MM-DD.csv`, dated in Lagos like the rows inside. */
export const csvFileName = (name: string, now = new Date()) =>
  `${name}-${csvLagosTime(now.toISOString()).slice(0, 10)}.csv`;
