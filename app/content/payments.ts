// Every word of paying online and of the staff payments page (docs/product.md §4, "Payments";
// docs/decisions/062-the-server-decides-money-arrived.md).

/** What a payment paid for, as a person reads it: "Registration fee", "Course fee", "Instalment 2 of 3". */
export function paidForText(p: { purpose: string; instalment?: number | null; instalmentOf?: number | null }) {
  if (p.purpose === "instalment" && p.instalment)
    return p.instalmentOf ? `Instalment ${p.instalment} of ${p.instalmentOf}` : `Instalment ${p.instalment}`;
  return p.purpose === "registration_fee" ? "Registration fee" : "Course fee";
}

export const payOnlineCopy = {
  title: "Pay online",
  intro: "Pay by card, bank transfer or USSD on Paystack's secure page. You come back here when it is done.",
  button: (fee: string) => `Pay ${fee} online`,
  pending: "Opening Paystack…",
  orTransfer: "Or pay by bank transfer",
  /** After Paystack sent the applicant back (app/routes/application.$token_.payment.tsx). */
  paid: "Payment received: thank you. Your receipt is on its way by e-mail.",
  failed: "The payment did not go through, and nothing was taken. You can try again, or pay by bank transfer.",
  cancelled: "The payment was not completed. Nothing was taken. You can try again when you are ready.",
  unchecked:
    "We could not check your payment with Paystack just now. If money left your account, this page will say so within a few minutes: reload it. Do not pay twice.",
  unknown:
    "We could not find that payment for this application. If money left your account, contact us with your reference.",
  historyTitle: "Your payments",
  historyPaid: "Paid",
  historyRefunded: "Refunded",
  historyReceipt: "Receipt (PDF)",
  historyOnline: "Online",
  historyTransfer: "Bank transfer",
};

/** The status page's course fee (docs/decisions/077-course-fees-and-instalments.md). */
export const courseFeeCopy = {
  title: "Course fee",
  summary: (fee: string, paid: string, owed: string) => `Fee ${fee} · paid ${paid} · still to pay ${owed}`,
  settled: "Your course fee is paid in full. Thank you.",
  plan: "Instalments",
  part: (n: number, amount: string, due: string) => `Instalment ${n}: ${amount}, due ${due}`,
  partPaid: "paid",
  payNext: (n: number, amount: string) => `Pay instalment ${n} (${amount}) online`,
  payWhole: (amount: string) => `Pay all ${amount} online`,
  partTitle: "Pay another amount",
  partLabel: "Amount in naira",
  partHint: (min: string, max: string) => `From ${min} to ${max}, in whole naira.`,
  partButton: "Pay this amount online",
  partBad: (min: string, max: string) => `Enter a whole number of naira from ${min} to ${max}.`,
  orTransfer: "Or pay by bank transfer to the account below, quoting your reference; staff confirm it.",
  pending: "Opening Paystack…",
  choose: "Choose what to pay: an instalment, all of it, or another amount.",
  amountWhole: "Enter the amount as a whole number of naira, like 50000.",
};

export const paymentsStaffCopy = {
  metaTitle: "Payments | Fine Line Academy",
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
