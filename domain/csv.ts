import { lagosDateFormat } from "./schedule";

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

const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

/** Lagos wall-clock time at an instant, to the second (old offsets had seconds), from the time-zone data: the slow path. */
const lagosSecond = lagosDateFormat({
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});
function lagosByFormatter(t: number) {
  const part = Object.fromEntries(lagosSecond.formatToParts(new Date(t)).map((p) => [p.type, Number(p.value)]));
  return Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!);
}

/**
 * Lagos's offset from UTC over one UTC day, read from the time-zone data once per day (at its first
 * and last second): an export formats a hundred thousand moments, and asking the formatter for each
 * was most of its formatting time. A day whose two ends differ (a rule change) gets null and each
 * moment of it goes through the formatter. Bounded, so a long-running server does not grow with it.
 */
const dayOffsets = new Map<number, number | null>();
function offsetOfDay(day: number) {
  let offset = dayOffsets.get(day);
  if (offset !== undefined) return offset;
  const start = day * DAY_MS;
  const end = start + DAY_MS - 1000;
  const first = lagosByFormatter(start) - start;
  offset = lagosByFormatter(end) - end === first ? first : null;
  if (dayOffsets.size >= 20_000) dayOffsets.clear();
  dayOffsets.set(day, offset);
  return offset;
}

/** The Lagos wall-clock time of an instant (ms) as a UTC time value holding it, to the second; NaN for no moment. */
function lagosWallSecond(t: number) {
  if (Number.isNaN(t)) return Number.NaN;
  const second = Math.floor(t / 1000) * 1000;
  const offset = offsetOfDay(Math.floor(second / DAY_MS));
  return offset === null ? lagosByFormatter(second) : second + offset;
}

/** The same, to the minute. */
const lagosMinute = (t: number) => Math.floor(lagosWallSecond(t) / MINUTE_MS) * MINUTE_MS;

/** A year as ISO writes it in a date: four digits. */
const yearOf = (d: Date) => String(d.getUTCFullYear()).padStart(4, "0");

const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/** An ISO timestamp as Lagos wall-clock time, `YYYY-MM-DD HH:MM`: the pages' time zone, in a form spreadsheets sort and read as a date. */
export function csvLagosTime(iso: string) {
  const wall = lagosMinute(new Date(iso).getTime());
  if (Number.isNaN(wall)) return iso;
  const d = new Date(wall);
  return `${yearOf(d)}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
}

/** An ISO timestamp as Lagos wall-clock time to the second, `YYYY-MM-DD HH:MM:SS` (the security log's entries). */
export function lagosTimeToSecond(iso: string) {
  const wall = lagosWallSecond(new Date(iso).getTime());
  if (Number.isNaN(wall)) return iso;
  const d = new Date(wall);
  return `${yearOf(d)}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}`;
}

/**
 * The Lagos wall-clock time of a moment as a Date whose UTC fields hold it: a spreadsheet's dates
 * have no time zone, so the cell shows what the pages show. Null for what is not a moment.
 */
export function lagosWallClock(iso: string) {
  const wall = lagosMinute(new Date(iso).getTime());
  return Number.isNaN(wall) ? null : new Date(wall);
}

/** A calendar day as a Date at UTC midnight (the spreadsheet shows the day), or null. */
export function calendarDay(day: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}
