import { pipelineText as p } from "~/content/lifecycle";
import { consentText as c } from "~/content/privacy-staff";
import { inboxText as t } from "~/content/staff";
import type { ApplicantListItem, ContactMessage } from "~/upstream/schemas";

import { applicantValueText } from "./applicant-values";
import { consentLine } from "./consent-line";
import { type Cell, csvLagosTime, dateCell, dayCell, phoneCell, toCsv } from "./csv";
import { staffName } from "./staff-names";

// The staff inbox's exports (docs/decisions/009-csv-exports-for-spreadsheets.md): what the pages
// show (Lagos time, labels, Yes/No), each row once as cells that the CSV and the spreadsheet
// (.xlsx) write their own way: phone numbers in E.164, moments and birthdays as dates.

/** An export's columns and how one row fills them; written whole or streamed a page at a time. */
export type CsvExport<T> = { header: readonly string[]; cells: (row: T) => Cell[]; widths?: readonly number[] };

export const contactMessagesExport: CsvExport<ContactMessage> = {
  header: [t.received, t.name, t.email, t.phone, t.issue, t.message, t.readColumn, t.readByColumn],
  cells: (m) => [
    dateCell(m.createdAt),
    m.fullname,
    m.email,
    phoneCell(m.phone),
    t.issues[m.issue] ?? m.issue,
    m.message,
    m.readAt ? t.readValue : t.unreadValue,
    m.readAt ? staffName(m.readBy) : "",
  ],
  widths: [17, 24, 28, 17, 16, 60, 10, 24],
};

export function contactMessagesCsv(messages: readonly ContactMessage[]) {
  return toCsv(contactMessagesExport.header, messages.map(contactMessagesExport.cells));
}

const PHONE_FIELDS: ReadonlySet<string> = new Set(["phone", "emergencyPhone"]);

/** Every applicant field as the page shows it (the reference first), then the pipeline: status and the latest note (docs/product.md §4). */
export const applicantsExport: CsvExport<ApplicantListItem> = {
  header: ["id", ...t.applicantFields.map(([, label]) => label), p.status, p.latestNote, c.csvConsents, c.csvGuardian],
  cells: (a) => [
    a._id,
    ...t.applicantFields.map(([key]): Cell => {
      if (key === "createdAt") return dateCell(a.createdAt);
      if (key === "dob") return dayCell(a.dob);
      if (PHONE_FIELDS.has(key)) return phoneCell(String(a[key]));
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

/** `<name>-YYYY-MM-DD.<ext>`, dated in Lagos like the rows inside. */
export const csvFileName = (name: string, now = new Date(), ext: "csv" | "xlsx" = "csv") =>
  `${name}-${csvLagosTime(now.toISOString()).slice(0, 10)}.${ext}`;
