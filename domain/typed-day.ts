// A day typed in a form, read in Nigeria's order (docs/decisions/094-nigerian-dates.md). Apart from
// domain/schedule.ts so that a form's schema carries only this, not the schedule's formatters.

/**
 * A day as a person types it: `yyyy-mm-dd` (what a date field sends) or, in Nigeria's order,
 * `dd/mm/yyyy` (dots or dashes too, one-digit day and month) — what a proxy or older browser
 * without a date picker leaves a person to type. The stored `yyyy-mm-dd`, or null for anything
 * that is not a day of the calendar (docs/decisions/094-nigerian-dates.md).
 */
export function typedDay(typed: string): string | null {
  const text = typed.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  const [year, month, day] = iso ? [iso[1], iso[2], iso[3]] : dmy ? [dmy[3], dmy[2], dmy[1]] : [];
  if (!year || !month || !day) return null;
  const date = `${year}-${month.padStart(2, "0")}-${day.padStart(2, "0")}`;
  // 2001-02-31 is not a day: the calendar's own answer decides.
  const parsed = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === date ? date : null;
}

/** For a form's schema (zod's `overwrite`): a typed day in the stored form, anything else as it was, for the check after it to refuse. */
export const asStoredDay = (typed: string) => typedDay(typed) ?? typed;
