import { applicantValueText } from "./applicant-values";
import { consentLine } from "./consent-line";
import { type Cell, csvLagosTime, dateCell, dayCell, phoneCell, toCsv } from "./csv";
import type { ApplicantStatusValue } from "./pipeline";
import { staffName } from "./staff-names";
import { APPLICANT_FIELDS, APPLICANT_STATUS_LABELS, EXPORT_WORDS as t } from "./staff-words";

// The staff inbox's exports (docs/decisions/009-csv-exports-for-spreadsheets.md): what the pages
// show (Lagos time, labels, Yes/No), each row once as cells that the CSV and the spreadsheet
// (.xlsx) write their own way: phone numbers in E.164, moments and birthdays as dates. The API
// writes the CSV files with these, the web tier the spreadsheets
// (docs/decisions/048-exports-written-by-the-api.md).

type Staff = { name: string | null; email: string | null } | null;
/** What a message's row holds (the API's answer; the web tier's schema has these fields and more). */
export type ExportMessage = {
  _id: string;
  createdAt: string;
  fullname: string;
  email: string;
  phone: string;
  issue: number;
  message: string;
  readAt?: string | null;
  readBy?: Staff;
};
/** What an applicant's row holds for its cells: every field of the list (APPLICANT_FIELDS) and the pipeline. */
export type ExportApplicant = { [K in (typeof APPLICANT_FIELDS)[number][0]]: unknown } & {
  _id: string;
  createdAt: string;
  dob: string;
  phone: string;
  emergencyPhone: string;
  status: ApplicantStatusValue;
  latestNote: { body: string; createdAt: string; author: Staff } | null;
  consents?: Record<string, number> | null;
  guardian?: { confirmedAt: string | null } | null;
  paymentProof?: string | null;
  paymentTransferRef?: string | null;
};

/** Where the registration fee stands: paid (online or a confirmed transfer), a receipt waiting or rejected, or nothing yet. */
function paymentState(a: ExportApplicant) {
  if (a.paymentProof === "confirmed") return t.paymentStates.confirmed;
  if (a.status === "paid" || a.status === "enrolled") return t.paymentStates.paid;
  if (a.paymentProof === "waiting") return t.paymentStates.waiting;
  if (a.paymentProof === "rejected") return t.paymentStates.rejected;
  return t.paymentStates.none;
}

/** An export's columns and how one row fills them; written whole or streamed a page at a time. */
export type CsvExport<T> = { header: readonly string[]; cells: (row: T) => Cell[]; widths?: readonly number[] };

export const contactMessagesExport: CsvExport<ExportMessage> = {
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

export function contactMessagesCsv(messages: readonly ExportMessage[]) {
  return toCsv(contactMessagesExport.header, messages.map(contactMessagesExport.cells));
}

const PHONE_FIELDS: ReadonlySet<string> = new Set(["phone", "emergencyPhone"]);

/** Every applicant field as the page shows it (the reference first), then the pipeline: status and the latest note (docs/product.md §4). */
export const applicantsExport: CsvExport<ExportApplicant> = {
  header: [
    "id",
    ...APPLICANT_FIELDS.map(([, label]) => label),
    t.status,
    t.latestNote,
    t.csvConsents,
    t.csvGuardian,
    t.csvPayment,
    t.csvTransferReference,
  ],
  cells: (a) => [
    a._id,
    ...APPLICANT_FIELDS.map(([key]): Cell => {
      if (key === "createdAt") return dateCell(a.createdAt);
      if (key === "dob") return dayCell(a.dob);
      if (PHONE_FIELDS.has(key)) return phoneCell(String(a[key]));
      return applicantValueText(key, a[key]);
    }),
    APPLICANT_STATUS_LABELS[a.status],
    a.latestNote
      ? `${a.latestNote.body} (${t.noteBy(staffName(a.latestNote.author), csvLagosTime(a.latestNote.createdAt))})`
      : "",
    // docs/decisions/033-consent-versions-and-minors.md: the versions accepted; the guardian's confirmation.
    consentLine(a.consents),
    a.guardian ? (a.guardian.confirmedAt ? t.csvGuardianConfirmed : t.csvGuardianAwaiting) : "",
    paymentState(a),
    a.paymentTransferRef ?? "",
  ],
};

export function applicantsCsv(applicants: readonly ExportApplicant[]) {
  return toCsv(applicantsExport.header, applicants.map(applicantsExport.cells));
}

/** `<name>-YYYY-MM-DD.<ext>`, dated in Lagos like the rows inside. */
export const csvFileName = (name: string, now = new Date(), ext: "csv" | "xlsx" = "csv") =>
  `${name}-${csvLagosTime(now.toISOString()).slice(0, 10)}.${ext}`;
