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
} as const;
