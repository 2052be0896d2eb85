// Scheduled publishing and the trash (docs/product.md §4): Lagos wall-clock times, browser-safe.
// Africa/Lagos is UTC+01:00 all year (no daylight saving), so a fixed offset converts exactly.

/** How long an item stays in the trash before it is deleted for good. */
export const TRASH_DAYS = 30;

const LAGOS_OFFSET = "+01:00";

/** A date formatter showing Lagos wall-clock time, the time zone of every page, mail and export. */
export function lagosDateFormat(options: Intl.DateTimeFormatOptions, locale = "en-GB") {
  return new Intl.DateTimeFormat(locale, { ...options, timeZone: "Africa/Lagos" });
}
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** A datetime-local value ("2026-11-23T14:30") read as Lagos time, as an ISO instant; undefined if not a real time. */
export function lagosLocalToIso(value: string): string | undefined {
  const m = LOCAL.exec(value.trim());
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s = "00"] = m;
  const t = Date.parse(`${y}-${mo}-${d}T${h}:${mi}:${s}${LAGOS_OFFSET}`);
  if (Number.isNaN(t)) return undefined;
  const date = new Date(t);
  // Date.parse rolls 2026-02-31 over to March: refuse what does not come back the same.
  return isoToLagosLocal(date.toISOString()) === `${y}-${mo}-${d}T${h}:${mi}` ? date.toISOString() : undefined;
}

/** An ISO instant as the datetime-local value showing it in Lagos ("2026-11-23T14:30"). */
export function isoToLagosLocal(iso: string): string {
  const shifted = new Date(Date.parse(iso) + 60 * 60 * 1000);
  return shifted.toISOString().slice(0, 16);
}

/** An ISO instant for people: "23 Nov 2026, 14:30 (Lagos time)". */
export function formatLagos(iso: string): string {
  const text = lagosDateFormat({
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hour12: false,
  }).format(new Date(iso));
  return `${text} (Lagos time)`;
}

const whenFormat = lagosDateFormat({
  weekday: "short",
  day: "2-digit",
  month: "long",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

/** When something happened, for the staff pages: "Mon, 23 November 2026, 14:30"; an unreadable value as it is. */
export function formatWhen(iso: string) {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return whenFormat.format(d);
}

// Made once: every page's root loader asks for today's date, and making an Intl.DateTimeFormat
// costs far more than formatting with one (docs/decisions/083-home-throughput.md).
const dayFormat = lagosDateFormat({ year: "numeric", month: "2-digit", day: "2-digit" }, "en-CA");

/** The date in Lagos as "YYYY-MM-DD", the form a job's application deadline is stored in. */
export function lagosDate(now = new Date()): string {
  return dayFormat.format(now);
}

/**
 * A job is closed once its deadline's day has passed in Lagos: the deadline day itself still takes
 * applications (docs/product.md §2, Blog). Anything without a deadline (an article) is not closed.
 */
export function isClosedDeadline(deadline: string | null | undefined, today: string): boolean {
  return !!deadline && deadline.slice(0, 10) < today;
}
