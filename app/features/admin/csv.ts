import { lagosDateFormat } from "@domain/schedule";
// Two exports of the same rows (docs/decisions/009-csv-exports-for-spreadsheets.md): a plain CSV
// for tools (bulk SMS, mail merge) and a spreadsheet (.xlsx, ./xlsx.server.ts) for people. A row
// is a list of cells; a phone number and a moment are marked, so each format writes them its way.

/** A phone number: in E.164 (+2348031234567) it is a phone for tools; anything else is free text. */
export type PhoneCell = { readonly phone: string };
export const phoneCell = (phone: string): PhoneCell => ({ phone });
/** A moment (ISO), shown in Lagos time: text in the CSV, a date in the spreadsheet. */
export type DateCell = { readonly at: string };
export const dateCell = (at: string): DateCell => ({ at });
/** A calendar day (YYYY-MM-DD, a date of birth): as is in the CSV, a date in the spreadsheet. */
export type DayCell = { readonly day: string };
export const dayCell = (day: string): DayCell => ({ day });
export type Cell = string | number | boolean | null | undefined | readonly string[] | PhoneCell | DateCell | DayCell;

// A marked cell is a plain object: a list (which has an `at` method) is free text.
const isMarked = (value: unknown): value is object =>
  typeof value === "object" && value !== null && !Array.isArray(value);
export const isPhoneCell = (value: unknown): value is PhoneCell => isMarked(value) && "phone" in value;
export const isDateCell = (value: unknown): value is DateCell => isMarked(value) && "at" in value;
export const isDayCell = (value: unknown): value is DayCell => isMarked(value) && "day" in value;

/** A validated phone number holds only + and digits: no spreadsheet reads that as a formula. */
const E164 = /^\+[1-9]\d{6,14}$/;

/** Free text as a cell's text: lists joined, nothing for no value. */
export const cellText = (raw: unknown) =>
  Array.isArray(raw) ? raw.join("; ") : raw === null || raw === undefined ? "" : String(raw);

/** RFC 4180 CSV, no byte-order mark (tools read it as data); free text a spreadsheet would run as a formula is prefixed with '. */
export function toCsv(header: readonly string[], rows: readonly (readonly Cell[])[]) {
  return csvLines([header, ...rows]);
}

/** Rows as CSV lines, each ending in CRLF: a streamed export writes its pages with this. */
export function csvLines(rows: readonly (readonly Cell[])[]) {
  const cell = (value: Cell) => {
    if (isPhoneCell(value) && E164.test(value.phone)) return value.phone;
    if (isDateCell(value)) return csvLagosTime(value.at);
    let text = cellText(isPhoneCell(value) ? value.phone : isDayCell(value) ? value.day : value);
    if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return rows.map((row) => row.map(cell).join(",") + "\r\n").join("");
}

const lagosTime = lagosDateFormat({
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** An ISO timestamp as Lagos wall-clock time, `YYYY-MM-DD HH:MM`: the pages' time zone, in a form spreadsheets sort and read as a date. */
export function csvLagosTime(iso: string) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const part = Object.fromEntries(lagosTime.formatToParts(date).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}`;
}

/**
 * The Lagos wall-clock time of a moment as a Date whose UTC fields hold it: a spreadsheet's dates
 * have no time zone, so the cell shows what the pages show. Null for what is not a moment.
 */
export function lagosWallClock(iso: string) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const part = Object.fromEntries(lagosTime.formatToParts(date).map((p) => [p.type, Number(p.value)]));
  return new Date(Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!));
}

/** A calendar day as a Date at UTC midnight (the spreadsheet shows the day), or null. */
export function calendarDay(day: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}
