// Every word of paying online, as the applicant reads it on the thank-you screen and the status page
// (docs/product.md §4, "Payments"; docs/decisions/062-the-server-decides-money-arrived.md). The
// staff's payment words are in payments-staff.ts: those pages' scripts are not the applicant's.

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
