import { dayWords, inRegistrationWindow } from "@domain/intakes";
import { formatNaira } from "@domain/naira";
import { intakeChoiceCopy, intakeListCopy as t, scheduleKindWords } from "~/content/intakes";
import type { PublicIntake } from "~/upstream/intakes.server";
import { registrationPath } from "~/utils/paths";

// The words of a course's intakes, made on the server (docs/decisions/068-intakes-and-seats.md):
// the course page and the registration form draw the strings, so their scripts carry no words.

/** One intake as the course page lists it. */
export type IntakeLine = {
  id: string;
  start: string;
  startDate: string;
  length: string;
  schedule: string;
  campus: string;
  fee: string;
  /** "Or in 3 instalments: ₦250,000 by 10 Jan 2027, …", or null: no plan (docs/decisions/077). */
  plan: string | null;
  seats: string | null;
  full: boolean;
  window: string;
  apply: { href: string; label: string } | null;
};

function lengthWords(i: PublicIntake) {
  return i.endDate ? t.until(dayWords(i.endDate)) : i.duration;
}

export function intakeLines(
  intakes: readonly PublicIntake[],
  course: { _id: string; slug: string },
  today: string,
): IntakeLine[] {
  return intakes.map((i) => {
    const open = inRegistrationWindow(i, today);
    const full = i.seatsLeft === "full";
    return {
      id: i._id,
      start: t.starts(dayWords(i.startDate)),
      startDate: i.startDate,
      length: lengthWords(i),
      schedule: `${scheduleKindWords[i.scheduleKind]} · ${i.schedule}`,
      campus: t.campus(i.campus),
      fee: formatNaira(i.fee),
      plan: i.instalments.length
        ? t.plan(
            i.instalments.length,
            i.instalments.map((p) => t.planPart(formatNaira(p.amount), dayWords(p.dueOn))),
          )
        : null,
      seats: open ? t.seats[i.seatsLeft] : null,
      full: open && full,
      window:
        i.status === "open" && today < i.opensOn
          ? t.opens(dayWords(i.opensOn, { year: false }))
          : open
            ? t.closes(dayWords(i.closesOn, { year: false }))
            : t.closed,
      apply: open
        ? {
            href: `${registrationPath(course)}&${new URLSearchParams({ intake: i._id })}`,
            label: full ? t.join : t.apply,
          }
        : null,
    };
  });
}

/** The course page's heading and the list's own words. */
export const intakeListWords = { title: t.title };

/** An intake as the registration form's select offers it: its id and one line of words. */
export function intakeOption(i: PublicIntake) {
  const words = [t.starts(dayWords(i.startDate)), scheduleKindWords[i.scheduleKind], i.campus, formatNaira(i.fee)].join(
    " · ",
  );
  return { value: i._id, label: i.seatsLeft === "full" ? `${words} (${intakeChoiceCopy.full})` : words };
}

/** The select's own words, sent with the page's data. */
export const intakeChoiceWords = {
  label: intakeChoiceCopy.label,
  hint: intakeChoiceCopy.hint,
  none: intakeChoiceCopy.none,
};
