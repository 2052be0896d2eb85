// The admissions desk's words (docs/decisions/076-the-admissions-desk.md).
export const deskText = {
  metaTitle: "Admissions desk",
  title: "Admissions desk",
  intro: "Today's work, and where each open intake stands.",
  workHeading: "Today's work",
  work: {
    newApplications: { label: "New applications", link: "Open the new applications" },
    receiptsWaiting: { label: "Receipts waiting for confirmation", link: "Open the receipts waiting" },
    guardiansPending: { label: "Guardian consents pending", link: "" },
    offersLapsing: { label: "Offers lapsing this week", link: "Open the offers" },
    savedForms: { label: "Saved forms not sent yet", link: "" },
  },
  intakesHeading: "Open intakes",
  noIntakes: "No intake is open.",
  table: {
    course: "Course",
    start: "Start",
    campus: "Campus",
    taken: "Seats taken",
    left: "Seats left",
    waiting: "Waiting list",
    links: "Pages",
  },
  intakePage: "Intakes",
  rosterPage: "Class list",
} as const;

/** The intake roster's words: the page, the print and the CSV (docs/decisions/076-the-admissions-desk.md). */
export const rosterText = {
  metaTitle: "Class list",
  title: (course: string, start: string) => `Class list: ${course}, starting ${start}`,
  summary: (campus: string, taken: number, seats: number, waiting: number) =>
    `${campus} · ${taken} of ${seats} seats taken · ${waiting} on the waiting list`,
  print: "Print",
  csv: "Download CSV",
  empty: "No one has applied to this intake yet.",
  columns: [
    "Reference",
    "Name",
    "Phone",
    "E-mail",
    "Status",
    "Place",
    "Payment",
    "Transfer reference",
    "Guardian",
    "Guardian's phone",
    "Consent",
  ],
  place: { seat: "Seat", waiting: "Waiting list", none: "—" },
  payment: { waiting: "Receipt waiting", confirmed: "Confirmed", rejected: "Rejected", none: "Not paid" } as Record<
    string,
    string
  >,
  consent: { pending: "Pending", confirmed: "Given", refused: "Refused" } as Record<string, string>,
} as const;
