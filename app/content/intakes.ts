import type { ScheduleKind, SeatsLeft } from "@domain/intakes";

// Every word of a course's intakes (docs/decisions/068-intakes-and-seats.md): the course page's
// list (its labels are made on the server, so the page's script carries none of these), the
// registration form's choice, the status page's line and the staff page.

export const scheduleKindWords: Record<ScheduleKind, string> = {
  weekday: "Weekdays",
  weekend: "Weekends",
  both: "Weekdays and weekends",
};

export const intakeListCopy = {
  title: "Intakes",
  starts: (day: string) => `Starts ${day}`,
  until: (day: string) => `until ${day}`,
  // Staff often name it whole ("Yaba campus", as the settings' own example): the word is added once.
  campus: (campus: string) => (/\bcampus$/i.test(campus.trim()) ? campus.trim() : `${campus} campus`),
  seats: { available: null, few: "Few seats left", full: "Full — join the waiting list" } as Record<
    SeatsLeft,
    string | null
  >,
  closes: (day: string) => `Registration closes ${day}`,
  opens: (day: string) => `Registration opens ${day}`,
  closed: "Registration closed",
  apply: "Apply for this intake",
  join: "Join the waiting list",
  /** The intake's instalment plan (docs/decisions/077-course-fees-and-instalments.md). */
  plan: (count: number, parts: string[]) => `Or in ${count} instalments: ${parts.join(", ")}`,
  planPart: (amount: string, due: string) => `${amount} by ${due}`,
};

export const intakeChoiceCopy = {
  label: "Intake",
  hint: "When and where you would like to start. A full intake puts you on its waiting list.",
  none: "No preference yet",
  full: "full, waiting list",
  /** The server refused the intake named (its field's message comes from the API otherwise). */
  notThisCourse: "That intake is not one of this course's. Please choose one of its intakes.",
  notOpen: "That intake is not taking registrations. Please choose another intake.",
};

export const intakeStatusCopy = {
  intake: "Intake",
  waiting: (position: number) => `On the waiting list — position ${position}`,
  waitingHint: "We offer seats in the order applications arrived. We will contact you when a seat is yours.",
  seatHeld: "Your seat in this intake is taken for you.",
};

export const intakesStaffCopy = {
  metaTitle: "Intakes and seats",
  heading: (course: string) => `Intakes of ${course}`,
  intro:
    "Each intake has its dates, schedule, campus, fee and seats. A seat is taken when an applicant of the intake is set to Enrolled; a full intake takes new registrations onto its waiting list.",
  empty: "No intakes yet. Add the first below.",
  backToCourse: "Back to the course",
  table: {
    start: "Start",
    schedule: "Schedule",
    campus: "Campus",
    seats: "Seats taken",
    waiting: "Waiting",
    window: "Registration",
    fee: "Fee",
    status: "State",
    actions: "Actions",
  },
  statusWords: { open: "Open", closed: "Closed", archived: "Archived" } as Record<string, string>,
  window: (opens: string, closes: string) => `${opens} – ${closes}`,
  edit: "Edit",
  close: "Close registration",
  archive: "Archive",
  reopen: "Open again",
  newTitle: "Add an intake",
  editTitle: "Edit the intake",
  cancelEdit: "Cancel editing",
  fields: {
    startDate: "Start date",
    endDate: "End date",
    duration: "Or duration",
    durationHint: "When there is no end date, e.g. 6 months",
    scheduleKind: "Classes on",
    schedule: "Days and times",
    scheduleHint: "e.g. Saturdays 9am–3pm",
    campus: "Campus",
    campusHint: "Name your campuses in Settings to choose from them here.",
    seats: "Seats",
    opensOn: "Registration opens",
    closesOn: "Registration closes",
    courseTypes: "Course types offered",
    fee: "Fee (₦)",
    plan: "Instalment plan (optional)",
    planHint: "Up to six parts that add up to the fee, each with the day it is due. Leave every row empty for no plan.",
    partAmount: (n: number) => `Part ${n} (₦)`,
    partDue: (n: number) => `Part ${n} due`,
  },
  choose: "Choose…",
  save: "Save intake",
  saving: "Saving…",
  created: "Intake added.",
  saved: "Intake saved.",
  statusChanged: { open: "Intake open again.", closed: "Registration closed.", archived: "Intake archived." } as Record<
    string,
    string
  >,
  fixBelow: "Please correct the fields marked below.",
};

/** The staff form's messages: the API's own rules, said where the field is. */
export const intakeFormMessages = {
  startDate: "Enter the start date",
  day: "Enter a date as day/month/year, like 31/01/2027",
  endOrDuration: "Give an end date or a duration",
  endBeforeStart: "The end date comes before the start date",
  scheduleKind: "Choose weekdays, weekends or both",
  schedule: "Describe the days and times, e.g. Saturdays 9am–3pm",
  campus: "Name the campus",
  seats: "Enter the seats as a whole number from 1 to 1000",
  opensOn: "Enter the day registration opens",
  closesOn: "Enter the day registration closes",
  closesBeforeOpens: "Registration closes before it opens",
  courseTypes: "Choose at least one course type",
  fee: "Enter the fee as a whole number of naira",
  instalmentAmount: "Enter the part as a whole number of naira",
  instalmentDue: "Enter the day this part is due",
  /** The plan as a whole (docs/decisions/077-course-fees-and-instalments.md). */
  plan: {
    count: "A plan has 2 to 6 parts; leave every row empty for none",
    amount: "Each part is at least ₦1",
    order: "Each part falls due after the one before it",
    sum: "The parts must add up to the fee",
  },
  tooLong: (max: number) => `Must be at most ${max} characters`,
  failed: "The intake could not be saved. Please try again.",
};
