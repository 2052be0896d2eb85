// Intakes (cohorts) of a course and their seats (docs/decisions/068-intakes-and-seats.md): the
// states, the schedule's kinds, the field limits and how the public reads the seats left. The API
// enforces them; the staff form offers them; the course page words them.

/** open: takes registrations in its window; closed: shown, takes none; archived: hidden, takes none. */
export const INTAKE_STATUSES = ["open", "closed", "archived"] as const;
export type IntakeStatus = (typeof INTAKE_STATUSES)[number];

/** When the classes meet: on weekdays, at weekends, or both. */
export const SCHEDULE_KINDS = ["weekday", "weekend", "both"] as const;
export type ScheduleKind = (typeof SCHEDULE_KINDS)[number];

export const INTAKE_LIMITS = {
  /** "Mon, Wed, Fri 9am–1pm" */
  scheduleLength: 200,
  campusLength: 120,
  /** "6 months" when there is no end date. */
  durationLength: 60,
  maxSeats: 1000,
  /** Naira, a whole number: kept as kobo in a 32-bit integer column (PostgreSQL's integer ends at 2,147,483,647). */
  maxFee: 20_000_000,
  /** Intakes per course on the public page and the staff page. */
  perCourse: 50,
} as const;

/** At most this many seats left reads "Few seats left" to visitors; more reads nothing. */
export const FEW_SEATS_THRESHOLD = 5;

/**
 * What a visitor is told of the seats, never the number: a competitor or a crowd learns nothing
 * exact. "full": new registrations join the waiting list.
 */
export type SeatsLeft = "available" | "few" | "full";
export function seatsLeft(seats: number, taken: number): SeatsLeft {
  const left = seats - taken;
  if (left <= 0) return "full";
  return left <= FEW_SEATS_THRESHOLD ? "few" : "available";
}

/** Whether an intake takes registrations on a Lagos day (YYYY-MM-DD): open, and within its window (both days included). */
export function inRegistrationWindow(intake: { status: string; opensOn: string; closesOn: string }, today: string) {
  return intake.status === "open" && intake.opensOn <= today && today <= intake.closesOn;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** A calendar day (YYYY-MM-DD) as people read it: "15 Dec 2026"; with `year: false`, "15 Dec". */
export function dayWords(day: string, { year = true } = {}) {
  const [y, m, d] = day.split("-").map(Number);
  if (!y || !m || !d) return day;
  return `${d} ${MONTHS[m - 1]}${year ? ` ${y}` : ""}`;
}
