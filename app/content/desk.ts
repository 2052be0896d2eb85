// The admissions desk's words (docs/decisions/076-the-admissions-desk.md).
export const deskText = {
  metaTitle: "Admissions desk",
  title: "Admissions desk",
  intro: "Today's work, and where each open intake stands.",
  workHeading: "Today's work",
  work: {
    newApplications: { label: "New applications", link: "Open the new applications" },
    receiptsWaiting: { label: "Receipts waiting for confirmation", link: "Open the receipts waiting" },
    guardiansPending: { label: "Guardian consents pending", link: "Open the guardians to chase" },
    offersLapsing: { label: "Offers lapsing this week", link: "Open the offers" },
    savedForms: { label: "Saved forms not sent yet", link: "Open the saved forms" },
    refundsToDecide: { label: "Refunds to decide (withdrawn after paying)", link: "Open the refunds to decide" },
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
  messagePage: "Message",
} as const;

/** The intake roster's words: the page, the print and the CSV (docs/decisions/076-the-admissions-desk.md). */
export const rosterText = {
  metaTitle: "Class list",
  title: (course: string, start: string) => `Class list: ${course}, starting ${start}`,
  summary: (campus: string, taken: number, seats: number, waiting: number) =>
    `${campus} · ${taken} of ${seats} seats taken · ${waiting} on the waiting list`,
  print: "Print",
  csv: "Download CSV",
  xlsx: "Download spreadsheet (.xlsx)",
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
  /**
   * The Payment column, from the statement of account (docs/decisions/093-paid-means-nothing-is-owed.md):
   * online payments count as transfers do; "Paid" only when nothing is owed, otherwise what is.
   */
  payment: {
    settled: "Paid",
    /** Nothing owed and nothing paid: a withdrawn or declined application. */
    nothing: "Nothing owed",
    owed: (owed: string, next: string) => `Owes ${owed}; next ${next}`,
    nextRegistration: (amount: string) => `registration fee ${amount}`,
    nextInstalment: (n: number, amount: string, due: string) => `instalment ${n} ${amount} due ${due}`,
    nextCourseFee: (amount: string, due: string) => `course fee ${amount} due ${due}`,
    receiptWaiting: "receipt waiting",
  },
  consent: { pending: "Pending", confirmed: "Given", refused: "Refused" } as Record<string, string>,
} as const;

/** Message an intake's words (docs/decisions/080-message-an-intake.md). */
export const intakeMessageText = {
  metaTitle: "Message an intake",
  title: (course: string, start: string) => `Message the intake: ${course}, starting ${start}`,
  intro:
    "Write one message; each person it reaches gets their own e-mail, greeting them by name and naming their application. Replies go to the admissions inbox.",
  backToRoster: "Back to the class list",
  rosterLink: "Message this intake",
  fields: {
    audience: "Who receives it",
    subject: "Subject",
    body: "Message",
    bodyHint: "Plain text. Line breaks are kept.",
  },
  preview: "Preview",
  previewing: "Counting…",
  previewHeading: "Check before sending",
  reaches: (n: number) => `This message will reach ${n} ${n === 1 ? "person" : "people"}.`,
  nobody: "No one in this intake has that status: there is no one to write to. Choose another group.",
  greeting: "Dear (first name),",
  footer: "(Their reference, the course and the intake's start follow, then the academy's contact details.)",
  send: (n: number) => `Send to ${n} ${n === 1 ? "person" : "people"}`,
  sending: "Sending…",
  change: "Change the message",
  sent: (n: number) => `Message queued for ${n} ${n === 1 ? "person" : "people"}.`,
  fixBelow: "Please correct the fields marked below.",
  failed: "The message could not be sent. Please try again.",
  messages: {
    audience: "Choose who receives the message.",
    subject: "Please enter the message's subject.",
    body: "Please write the message.",
    tooLong: (max: number) => `Please keep it to ${max} characters.`,
    control: "The message may hold line breaks, but no other control characters.",
  },
} as const;

/** The desk's two lists behind its counts (docs/decisions/088-the-desk-lists-and-offers-answered-as-expected.md). */
export const deskListsText = {
  back: "Back to the desk",
  pagesNav: "Pages of the list",
  first: "First page",
  next: "Next page",
  courseAndIntake: (course: string, start: string, campus: string) => `${course} · starts ${start}, ${campus}`,
  guardians: {
    metaTitle: "Guardian consents pending",
    title: "Guardian consents pending",
    intro:
      "Applications of minors whose parent or guardian has neither confirmed nor refused consent, the longest waiting first. The guardian's link went by e-mail with the application; after a phone call you can send it again to the address on file (a new link: the one before stops working). To correct the address, open the applicant.",
    empty: "No guardian's consent is pending.",
    columns: {
      applicant: "Applicant",
      course: "Course and intake",
      applied: "Applied",
      guardian: "Guardian",
      sent: "Link last sent",
      action: "Send again",
    },
    noAddress: "no e-mail address",
    sentWithApplication: "with the application",
    sentAgain: "sent again",
    resend: "Send the link again",
    resendFor: (name: string) => `Send the link again (${name}'s guardian)`,
    resent: (to: string) => `The guardian's link was sent again to ${to}.`,
    failed: "The link could not be sent. Please try again.",
    unknown: "Choose a guardian from the list.",
  },
  savedForms: {
    metaTitle: "Saved forms not sent yet",
    title: "Saved forms not sent yet",
    intro:
      "Registration forms saved to finish later and not sent yet, the oldest first. Each person gets one reminder e-mail after the days set in the settings; a form is removed once it is sent or expires.",
    empty: "No saved form is waiting.",
    columns: { name: "Name typed", course: "Course and intake", saved: "Saved", reminder: "Reminder e-mail" },
    noName: "No name typed yet",
    noCourse: "No course chosen yet",
    reminder: {
      sent: (when: string) => `Sent ${when}`,
      "no-address": "Not sent: no e-mail address was typed",
      "not-yet": "Not sent yet",
    },
  },
} as const;
