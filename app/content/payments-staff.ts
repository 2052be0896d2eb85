// Every word of the staff payments page and of a course-fee transfer staff record (docs/product.md
// §4, "Payments"; docs/decisions/081-one-application-pays-in-turn.md). Apart from the applicant's
// payment words (payments.ts), so the status page and the thank-you screen carry none of these.

export const paymentsStaffCopy = {
  metaTitle: "Payments",
  heading: "Payments",
  intro: "Every payment, online through Paystack and by bank transfer, newest first.",
  filterState: "State",
  filterAny: "Any",
  states: {
    pending: "Started",
    paid: "Paid",
    failed: "Failed",
    abandoned: "Not completed",
    refunded: "Refunded",
  } as Record<string, string>,
  refundDueOnly: "Only those to refund",
  search: "Reference",
  searchHint: "A payment reference (FLA-PAY-…), a transfer reference or an application reference (FLA-…)",
  apply: "Show",
  csv: "Export CSV (for the bank statement)",
  none: "No payments match.",
  older: "Older payments",
  first: "Newest payments",
  columns: {
    reference: "Reference",
    application: "Application",
    method: "How",
    amount: "Amount",
    paidFor: "For",
    state: "State",
    paidAt: "Paid at",
    refund: "Refund",
  },
  methods: { paystack: "Online (Paystack)", transfer: "Bank transfer" } as Record<string, string>,
  refundDue: "To refund: paid after the application closed",
  refunded: (amount: string, at: string) => `Refunded ${amount} on ${at}`,
  problem: "Not taken:",
  refundAmount: "Amount refunded (₦)",
  refundNote: "Note (optional)",
  refundSubmit: "Record refund",
  refundHint: "Make the refund in Paystack's dashboard (or by the bank) first, then record it here.",
  refundDone: "Refund recorded.",
  totalsTitle: "Received per day (last 14 days, Lagos time)",
  totalsDay: "Day",
  totalsOnline: "Online",
  totalsTransfer: "Transfer",
  totalsRefunded: "Refunded",
  totalsCount: "Payments",
  totalsNone: "Nothing received in the last 14 days.",
  intakeTitle: "Course fees per intake",
  intakeLabel: "Intake",
  intakeChoose: "Choose an intake…",
  intakeSummary: (fee: string, received: string, online: string, transfer: string, owed: string) =>
    `Fee ${fee} each · received ${received} (online ${online}, transfer ${transfer}) · still owed ${owed}`,
  intakeNone: "No applications name this intake yet.",
  intakeName: "Name",
  intakePaid: "Paid",
  intakeOwed: "Still owed",
  intakeWaiting: "waiting list",
  setupTitle: "Paystack set-up",
  webhookLabel: "Webhook URL (paste it in Paystack's dashboard, Settings → API Keys & Webhooks)",
  onlineOn: "Paying online is on.",
  onlineOff: "Paying online is off: set PAYSTACK_SECRET_KEY on the server (docs/deploy.md).",
};

/** Staff record a course-fee transfer on the applicant's page (docs/decisions/081-one-application-pays-in-turn.md). */
export const feeTransferCopy = {
  title: "Course fee",
  noIntake: "This application names no intake, so it has no course fee.",
  summary: (fee: string, paid: string, owed: string) => `Fee ${fee} · paid ${paid} · still owed ${owed}`,
  historyNone: "No course-fee payments yet.",
  formTitle: "Record a transfer",
  formHint:
    "An applicant paid the course fee, or a part of it, into the academy's account. Check the bank statement first.",
  amount: "Amount received (₦, whole naira)",
  instalment: "For instalment",
  instalmentNone: "No particular instalment",
  instalmentOption: (n: number, of: number, amount: string) => `Instalment ${n} of ${of} (${amount})`,
  transferReference: "Bank reference",
  transferReferenceHint: "As printed on the bank statement. A reference is recorded once.",
  paidOn: "Paid on",
  submit: "Record transfer",
  recorded: (amount: string) => `Transfer of ${amount} recorded; the receipt is on its way to the applicant.`,
  failed: "The transfer could not be recorded. Please try again.",
  checkFields: "The transfer was not recorded: check the fields marked below.",
  amountBad: "Give the amount received, in whole naira (at most ₦20,000,000).",
  referenceBad: "Enter the bank's reference: 4 to 40 letters, digits, spaces and / . _ -",
  paidOnBad: "Give the day it was paid: not after today, and within the last year.",
  instalmentBad: "Choose an instalment of the plan, or none.",
};

/** The staff applicant page's statement of account (docs/decisions/093-paid-means-nothing-is-owed.md). */
export const statementStaffCopy = {
  title: "Account",
  settled: "Nothing is owed.",
  owed: (owed: string) => `Still owed: ${owed}.`,
  nextRegistration: (amount: string) => `Next: the registration fee, ${amount}.`,
  nextInstalment: (n: number, of: number, amount: string, due: string) =>
    `Next: instalment ${n} of ${of}, ${amount}, due ${due}.`,
  nextCourseFee: (amount: string, due: string) => `Next: the course fee, ${amount}, due ${due}.`,
  overdue: (amount: string) => `Overdue: ${amount}.`,
  paid: (paid: string, online: string, transfer: string) =>
    `Paid ${paid} in all: ${online} online, ${transfer} by bank transfer (refunds taken off).`,
  toRefund: (amount: string) => `To refund: ${amount} paid beyond what was owed.`,
};

/** The refund question of an application withdrawn after paying, on its staff page (docs/decisions/099). */
export const refundQuestionCopy = {
  title: "Refund to decide",
  decidedTitle: "Refund",
  open: (paid: string) =>
    `Withdrawn after paying ${paid}. Decide the refund under the academy's policy: record the refund on the payments page, or say here that none is due.`,
  policy: (policy: string) => `The applicant was told: ${policy}`,
  recordLink: "Record a refund on the payments page",
  noteLabel: "Why is no refund due?",
  noteHint: 'One line, e.g. "Registration fee not refundable after review (policy)". Kept on the application.',
  submit: "No refund is due",
  noteInvalid: "Say in one line (3 to 300 characters) why no refund is due",
  refunded: (when: string, by: string) => `Refund recorded on ${when} by ${by}.`,
  noneDue: (when: string, by: string, note: string) => `No refund due, decided on ${when} by ${by}: ${note}`,
  saved: "Decided: no refund is due. It has left the desk's refunds to decide.",
  failed: "The decision could not be saved. Please try again.",
};
