// Every word of the applicant's side after the form (docs/decisions/035 and 036): the private
// status page, "send me my link again", proof of payment and withdrawal. WhatsApp and the
// registration form's "save and continue later" are in app/content/applicant-journey.ts, the
// guardian's step in guardian.ts, what staff read of a receipt in lifecycle.ts.
import type { ApplicantStatusValue } from "@domain/pipeline";

/**
 * What happens next, after the status's one word (domain/pipeline.ts `STATUS_WORDS`, the word staff
 * see too; docs/product.md §4). The status page's loader picks the one it shows, so the page's
 * script carries neither these nor the status words.
 */
export const applicantStatusBodies: Record<ApplicantStatusValue | "waiting", string> = {
  new: "We have your application. Our admissions team will call you or write to you shortly.",
  contacted:
    "Our admissions team has been in touch. If you have not paid the registration fee yet, pay it by transfer and send us your receipt below.",
  waiting: "The intake you chose is full. When a seat is freed, it is offered to the first on the list, by e-mail.",
  offered:
    "We offer you a seat. Accept it below before the deadline, or decline it so that the next person can have it.",
  accepted: "You accepted your seat. Pay the course fee as agreed with our admissions team; we will confirm it here.",
  paid: "We have received your payment. We will tell you here and by e-mail when your enrolment is complete.",
  enrolled: "Congratulations: you are enrolled. Our admissions team will tell you what to bring on the first day.",
  declined: "We are sorry: we could not offer you a place this time. You are welcome to apply again for a later start.",
  withdrawn:
    "This application is withdrawn (you withdrew it, declined its offer, or the offer's deadline passed). To study with us later, fill in the registration form again.",
};

/**
 * What the status page says of the statement of account (docs/decisions/093-paid-means-nothing-is-owed.md):
 * "Paid" only when nothing is owed; otherwise what is still owed and what is due next, picked by
 * the loader (application.server.ts) so the page's script carries none of it.
 */
export const statementCopy = {
  /** The status Paid while the course fee is owed: the registration fee is what was paid. */
  registrationPaidTitle: "Registration fee paid",
  registrationPaidBody: "We have received your registration fee.",
  owed: (owed: string, next: string) => `Still to pay: ${owed}. ${next}`,
  nextRegistration: (amount: string) => `Next: the registration fee, ${amount}.`,
  nextInstalment: (n: number, of: number, amount: string, due: string) =>
    `Next: instalment ${n} of ${of}, ${amount}, due ${due}.`,
  nextCourseFee: (amount: string, due: string) => `Next: the course fee, ${amount}, due ${due}.`,
  /** The course fee's transfer box: the amount due next, not the registration fee. */
  transferInstalment: (amount: string, n: number, of: number, due: string) =>
    `${amount} (instalment ${n} of ${of}, due ${due})`,
  transferCourseFee: (amount: string, due: string) => `${amount} (the course fee, due ${due})`,
  /** Said above the account, so the amount shows even while the account is sent by e-mail. */
  transferNow: (amount: string) => `Amount to transfer now: ${amount}`,
};

export const statusPageCopy = {
  offerDeadline: (day: string) => `Answer the offer by ${day} (Lagos time).`,
  offerLetter: "Download your offer letter (PDF)",
  offerTitle: "Your offer of a seat",
  offerAccept: "Accept the offer",
  offerDeclineStart: "Decline the offer",
  offerDeclineConfirmTitle: "Decline this offer?",
  offerDeclineConfirmBody:
    "Your seat goes to the next person on the waiting list and this application is withdrawn. To study with us later, you would fill in the form again.",
  offerDeclineConfirm: "Yes, decline",
  offerLapsedDeadline: (day: string) => `The deadline to answer it was ${day} (Lagos time).`,
  offerLapsed: (day: string) =>
    `The deadline to answer this offer passed on ${day}: it can no longer be accepted, and its seat goes to the next person on the waiting list. To study with us later, fill in the registration form again.`,
  offerKeep: "Keep my offer",
  offerAccepted: (name: string) => `You accepted your seat. Welcome to ${name}!`,
  offerDeclined: "You declined the offer: your seat goes to the next person on the waiting list.",
  offerAnswerInvalid: "Choose to accept or to decline the offer.",
  offerFailed: "Your answer could not be saved. Please try again.",
  readerNote:
    "This is a read-only copy of the application for the applicant's parent or guardian: the applicant answers from their own page.",
  readerRefused: "This link shows the application only: the applicant answers from their own page.",
  metaTitle: "Your application",
  metaDescription: "Where your application stands, and what to do next: your offer, payments and receipts.",
  /** Shown only if the next steps must show before their code came (a link within the site). */
  loading: "Loading…",
  heading: "Your application",
  privateNote: "This page is private: anyone with its link can see it. Do not share the link.",
  reference: "Reference",
  course: "Course",
  sent: "Sent on",
  status: "Status",
  nextTitle: "What happens next",
  payTitle: "Pay the registration fee",
  /** The fee and the account are the Admin's settings (domain/settings.ts). */
  paySteps: (fee: string, withheld: boolean) => [
    withheld
      ? `Wait for our e-mail with the account to pay the registration fee of ${fee} into.`
      : `Transfer the registration fee of ${fee} to the account below.`,
    "Write your reference in the transfer's description (narration).",
    "Then send a photo or PDF of the receipt with the form below.",
  ],
  proofTitle: "Proof of payment",
  proofWaiting: "Receipt received, waiting for confirmation. We will check it shortly and tell you here and by e-mail.",
  proofConfirmed: "Your payment is confirmed.",
  proofRejected: "We could not accept the receipt you sent:",
  proofAgain: "Send another receipt below.",
  proofYourReference: "Transfer reference you gave",
  proofFile: "Receipt (photo or PDF)",
  proofFileHint:
    "A photo of the receipt or a screenshot (JPG, PNG, WebP) or a PDF, up to 3MB; phone photos are made smaller for you.",
  proofReference: "Transfer reference",
  proofReferenceHint: "As your bank shows it on the receipt.",
  proofSubmit: "Send receipt",
  proofSent: "Thank you: your receipt is sent. We will check it shortly.",
  withdrawTitle: "Withdraw your application",
  withdrawIntro: "If you no longer want to study with us, you can withdraw this application.",
  withdrawStart: "Withdraw my application",
  withdrawConfirmTitle: "Withdraw this application?",
  withdrawConfirmBody:
    "Our admissions team will stop working on it, and you cannot send a receipt for it any more. To study with us later, you would fill in the form again.",
  // Decision 091: the date of birth, which this page never shows, not the reference it prints.
  withdrawCheckLabel: "Your date of birth",
  withdrawCheckHint:
    "As on your registration form, to show it is you and not someone the link was passed to. If you type it: day/month/year, for example 12/04/2001.",
  withdrawCheckRequired: "Enter your date of birth.",
  withdrawByAdmissionsTitle: "Withdrawing a paid application",
  withdrawByAdmissions:
    "Your fee is paid, so this page cannot withdraw the application. If you no longer want to study with us, contact admissions: they withdraw it and settle your fee with you.",
  withdrawConfirm: "Yes, withdraw it",
  withdrawCancel: "No, keep my application",
  withdrawn: "Your application is withdrawn.",
  /** Nothing to pay yet (docs/decisions/101): on the waiting list, or a guardian still to consent. */
  payAfterOffer:
    "You are on the waiting list: there is nothing to pay now. We will ask for the registration fee when we offer you a seat.",
  payAfterConsent:
    "There is nothing to pay until your parent or guardian has confirmed their consent: the registration fee is asked for after that.",
  /** Withdrawn after paying: what was paid and what happens next (docs/decisions/099). */
  moneyTitle: "What you paid",
  moneyPaid: (paid: string) => `You paid ${paid} for this application.`,
  moneyRefunded: (refunded: string) => `${refunded} of it has been refunded to you.`,
  moneyNoneDue: "Admissions have decided that no refund is due, under the academy's refund policy.",
  moneyOpen: "Admissions will decide on a refund under the academy's refund policy:",
  moneyPolicy: "The academy's refund policy:",
  notFoundTitle: "This link does not open an application",
  notFoundBody: "It may be mistyped or replaced. Ask for your link again with the e-mail address you applied with.",
  askAgain: "Send me my link again",
};

export const linkRequestCopy = {
  metaTitle: "Find your application",
  heading: "Send me my link again",
  intro:
    "Lost the link to your application's status page? Type the e-mail address you applied with and we will send the link there.",
  email: "E-mail address",
  submit: "Send me my link",
  done: "If an application was made with this e-mail address, we have sent its link there. Check your inbox (and spam folder).",
  emailInvalid: "Enter a valid email address",
};

export const proofMessages = {
  referenceRequired: "Enter the reference of your transfer",
  referenceTooLong: "At most 80 characters",
  fileRequired: "Choose a photo or PDF of your transfer receipt",
};
