import { lagosDateFormat } from "@domain/schedule";
/**
 * A value a spreadsheet must keep exactly as typed: a phone number loses its leading 0 or +
 * when read as a number. See docs/decisions/009-csv-exports-for-spreadsheets.md.
 */
export type TextCell = { readonly keepAsText: string };
export const keepAsText = (value: string): TextCell => ({ keepAsText: value });

const isTextCell = (value: unknown): value is TextCell =>
  typeof value === "object" && value !== null && "keepAsText" in value;

// A string literal inside ="…" is text whatever it holds; Excel caps such literals at 255
// characters, and a quote or line break would need escaping no spreadsheet agrees on.
const SAFE_TEXT_FORMULA = /^[^"\r\n]{1,255}$/;

/** RFC 4180 CSV; cells that a spreadsheet would run as a formula are prefixed with '. */
export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]) {
  return csvLines([header, ...rows]);
}

/** Rows as CSV lines, each ending in CRLF: a streamed export writes its pages with this. */
export function csvLines(rows: readonly (readonly unknown[])[]) {
  const cell = (value: unknown) => {
    if (isTextCell(value) && SAFE_TEXT_FORMULA.test(value.keepAsText)) return `"=""${value.keepAsText}"""`;
    const raw = isTextCell(value) ? value.keepAsText : value;
    let text = Array.isArray(raw) ? raw.join("; ") : raw === null || raw === undefined ? "" : String(raw);
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
