import { inboxText as t } from "~/content/staff";
import { pipelineText as p } from "~/content/lifecycle";
import type { ApplicantListItem, ContactMessage } from "~/upstream/schemas";
import { staffName } from "./staff-names";
import { applicantValueText } from "./applicant-values";
import { csvLagosTime, keepAsText, toCsv } from "./csv";

// The staff inbox's CSV files: what the pages show (Lagos time, labels, Yes/No), with phone
// numbers kept as text so a spreadsheet does not drop their leading 0 or +.

export function contactMessagesCsv(messages: readonly ContactMessage[]) {
  return toCsv(
    [t.received, t.name, t.email, t.phone, t.issue, t.message],
    messages.map((m) => [
      csvLagosTime(m.createdAt),
      m.fullname,
      m.email,
      keepAsText(m.phone),
      t.issues[m.issue] ?? m.issue,
      m.message,
    ]),
  );
}

const PHONE_FIELDS: ReadonlySet<string> = new Set(["phone", "emergencyPhone"]);

/** Every applicant field as the page shows it, then the pipeline: status and the latest note (docs/product.md §4). */
export function applicantsCsv(applicants: readonly ApplicantListItem[]) {
  const fields = t.applicantFields;
  return toCsv(
    ["id", ...fields.map(([, label]) => label), p.status, p.latestNote],
    applicants.map((a) => [
      a._id,
      ...fields.map(([key]) => {
        if (key === "createdAt") return csvLagosTime(a.createdAt);
        if (PHONE_FIELDS.has(key)) return keepAsText(String(a[key]));
        return applicantValueText(key, a[key]);
      }),
      p.statuses[a.status],
      a.latestNote
        ? `${a.latestNote.body} (${p.noteBy(staffName(a.latestNote.author), csvLagosTime(a.latestNote.createdAt))})`
        : "",
    ]),
  );
}

/** `<name>-YYYY-MM-DD.csv`, dated in Lagos like the rows inside. */
export const csvFileName = (name: string, now = new Date()) =>
  `${name}-${csvLagosTime(now.toISOString()).slice(0, 10)}.csv`;
