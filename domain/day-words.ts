// Days and times as people read them in Nigeria (docs/decisions/094-nigerian-dates.md): day first,
// the month's name, Lagos time. Apart from domain/schedule.ts, so that only what writes a day for
// people carries these formatters.
import { lagosDateFormat } from "./schedule";

const dayWords = lagosDateFormat({ day: "numeric", month: "long", year: "numeric" });
const timeWords = lagosDateFormat({ hour: "2-digit", minute: "2-digit", hour12: false });

/**
 * A day for people, as Nigerians write it: "27 November 2026". A stored day (`yyyy-mm-dd`) is
 * that calendar day; an instant is its day in Lagos. An unreadable value comes back as it was.
 */
export function formatDay(value: string): string {
  const d = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00+01:00`) : new Date(value);
  return Number.isNaN(d.getTime()) ? value : dayWords.format(d);
}

/** An instant for people in a mail or a PDF: "27 November 2026 at 14:05 (Lagos time)". */
export function formatDayAndTime(value: string | Date): string {
  const d = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return String(value);
  return `${dayWords.format(d)} at ${timeWords.format(d)} (Lagos time)`;
}
