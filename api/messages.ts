import { courseTypeWords } from "@domain/choices";
import type { Permission } from "@domain/staff";

// Words the API answers with that are not in SPEC (limits, refusals of docs/security.md). The web
// tier shows an API's text as-is, so each one tells a person what to do next.
const wait = (seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes >= 120 ? `${Math.ceil(minutes / 60)} hours` : minutes === 1 ? "a minute" : `${minutes} minutes`;
};

/** Seconds as said to a person: "20 seconds", under two minutes; minutes above. */
const shortWait = (seconds: number) =>
  seconds < 120 ? (seconds <= 1 ? "a second" : `${Math.ceil(seconds)} seconds`) : wait(seconds);

/** What each permission lets one do, in the words of a refusal (docs/decisions/031-staff-roles.md). */
const PERMISSION_WORDS: Record<Permission, string> = {
  account: "manage this account",
  content: "edit courses, articles, jobs and the page content",
  applicants: "see applicants and their documents",
  messages: "read contact messages",
  exports: "export lists",
  staff: "manage staff accounts",
  "security-log": "read the security log",
  insights: "read the visit counts",
  settings: "change the academy's settings",
};

export const apiMessages = {
  /** The insights page's days (docs/decisions/064-cookie-free-visit-counts.md). */
  insightsDay: "Use a date like 2026-01-31",
  insightsDaysUpsideDown: "The first day comes after the last",
  insightsTooManyDays: (days: number) => `At most ${days} days at once`,
  insightsCourse: "Invalid course",
  insightsIntake: "Invalid intake",
  /** A settings save refused (docs/product.md, "Settings"): the field and why. */
  settingsInvalid: (field: string, problem: string) => `${field}: ${problem}`,
  settingsRevisionMissing: "There is no such version of the settings",
  pageContentRevisionMissing: "There is no such version of the page content",
  legalTextMissing: "There is no such legal text",
  setupDone: "Not found",
  setupCodeWrong: "That is not the setup code. It is printed in the server's log when it starts (or is SETUP_TOKEN).",
  tooManySetupTries: (s: number) => `Too many tries of the setup code. Please wait ${wait(s)} before trying again.`,
  /** A write failed for lack of space (disk, quota, database): nothing of it was kept (docs/deploy.md). */
  storageFull:
    "We could not save this because the server has run out of storage space. Nothing was saved; please try again in a little while. What you typed is still here.",
  signInNeeded: "You need to be logged in to do this",
  forbidden: (permission: Permission) =>
    `Your role cannot ${PERMISSION_WORDS[permission]}. Ask an administrator if you need to.`,
  twoFactorSetupNeeded:
    "Your role requires two-factor sign-in. Turn it on under Account, Two-factor sign-in, then try again.",
  codeNeeded: "Enter the code from your authenticator app to finish signing in",
  codeWrong: "That code is not right, or it was already used. Enter the newest code from your app.",
  tooManyCodes: (s: number) => `Too many wrong codes. Please wait ${wait(s)} before trying again.`,
  accountDeactivated: "This account is deactivated. Ask an administrator if you need it again.",
  invitationInvalid:
    "This invitation link is invalid, already used or expired. Ask an administrator to send a new one.",
  lastAdmin: "There must always be at least one active Admin. Make another member an Admin first.",
  tooManyLogins: (s: number) =>
    `Too many failed log-in attempts. Please wait ${wait(s)} before trying again, or reset your password.`,
  /** The account's slow-down (docs/security.md): short, and a device that signed in before is not held. */
  loginSlowedDown: (s: number) =>
    `This account has had many failed log-in attempts. Please wait ${shortWait(s)} before trying again, or reset your password.`,
  tooManyResetRequests: (s: number) => `Too many password reset requests. Please wait ${wait(s)} before asking again.`,
  tooManyResetTries: (s: number) => `Too many attempts with reset links. Please wait ${wait(s)} before trying again.`,
  tooManyMessages: (s: number) =>
    `You have sent several messages in a short time. Please wait ${wait(s)}, then send again.`,
  tooManyRegistrations: (s: number) =>
    `Several registrations were sent from your network in a short time. Please wait ${wait(s)}, then send again.`,
  tooManyUploads: (s: number) =>
    `Too many files were uploaded from your network in a short time. Please wait ${wait(s)}, then upload again.`,
  uploadsFull: "We cannot take more files right now. Please try again in an hour, or contact us.",
  uploadShareFull: (s: number) =>
    `Many files from your network are waiting for their forms. Send your form with the files already listed, or wait ${wait(s)} to upload more.`,
  uploadTokenInvalid: "This form is out of date. Open the registration page again and send your files from there.",
  imagesBusy: "Many new images are being prepared right now. Please try again in a few seconds.",
  commonPassword: "This password is too common. Choose one that is harder to guess",
  crossSite: "This request came from another site and was refused",
  // Preceded by the field's name (firstProblem in api/validation.ts): "fullname must be one line…".
  notOneLine: "must be one line, without line breaks or control characters",
  emailMalformed: "This email address is not complete: it should look like name@example.com",
  courseClosed: "The course you chose is not open for registration. Please choose another course.",
  /** An intake's fields (docs/decisions/068-intakes-and-seats.md). */
  intakeStartDate: "Enter the start date as YYYY-MM-DD",
  intakeEndDate: "Enter the end date as YYYY-MM-DD",
  intakeEndOrDuration: "Give an end date or a duration",
  intakeEndBeforeStart: "The end date comes before the start date",
  intakeScheduleKind: "Choose weekdays, weekends or both",
  intakeSchedule: "Describe the days and times, e.g. Mon, Wed, Fri 9am–1pm",
  intakeCampus: "Name the campus",
  intakeSeats: "Enter the seats as a whole number from 1 to 1000",
  intakeOpensOn: "Enter the day registration opens as YYYY-MM-DD",
  intakeClosesOn: "Enter the day registration closes as YYYY-MM-DD",
  intakeClosesBeforeOpens: "Registration closes before it opens",
  intakeCourseTypes: "Choose at least one course type",
  intakeFee: "Enter the fee as a whole number of naira",
  /** An intake's instalment plan (docs/decisions/077-course-fees-and-instalments.md), by what is wrong. */
  intakeInstalments: {
    count: "instalments: A plan has 2 to 6 parts; leave every part empty for none",
    amount: "instalments: Each part is a whole number of naira, at least ₦1",
    order: "instalments: Each part falls due after the one before it",
    sum: "instalments: The parts must add up to the fee",
    // Said of one part's field (firstProblem puts its path first: "instalments.1.dueOn must be …").
    partAmount: "must be a whole number of naira",
    partDay: "must be a day as YYYY-MM-DD",
    tooMany: "must have at most 6 parts",
  },
  intakeStatus: "must be open, closed or archived",
  intakeNotFound: "Intake not found",
  /** A message to an intake (docs/decisions/080-message-an-intake.md). */
  messageAudience: "Choose who receives the message: everyone, the waiting list or one status.",
  messageSubject: "Please enter the message's subject.",
  messageBody: "Please write the message.",
  messageBodyControl: "The message may hold line breaks, but no other control characters.",
  messageCount: "Preview the message first: the count of people it reaches is missing.",
  messageNoOne: "audience: No one in this intake has that status: there is no one to write to.",
  messageCountChanged: (count: number) =>
    `count: The intake changed since the preview: the message would now reach ${count} ${count === 1 ? "person" : "people"}. Check the preview again before sending.`,
  tooManyIntakeMessages: (s: number) =>
    `You have sent many messages to intakes recently. Please wait ${wait(s)}, then send this one.`,
  intakeSeatsBelowTaken: (taken: number) =>
    `seats: ${taken} seats are already taken; the intake cannot have fewer. Decline or withdraw admissions first.`,
  intakeCourseTypeNotOffered: (offered: readonly string[]) =>
    `courseTypes: the course offers only ${offered.join(", ")}; an intake offers some of those.`,
  /** A registration naming an intake it may not have (the field, then why). */
  intakeUnknown: "intakeId: That intake is not one of this course's intakes. Please choose one of its intakes.",
  intakeArchived: "intakeId: That intake is no longer offered. Please choose another intake.",
  intakeClosed: "intakeId: Registration for that intake is closed. Please choose another intake.",
  intakeNotYetOpen: (opens: string) =>
    `intakeId: Registration for that intake opens on ${opens}. Please choose another intake or come back then.`,
  intakeWindowOver: (closed: string) =>
    `intakeId: Registration for that intake closed on ${closed}. Please choose another intake.`,
  intakeTypeNotOffered: (offered: readonly string[]) =>
    `courseType: That intake offers only ${offered.join(", ")}. Please choose one of those or another intake.`,
  // Offers (docs/decisions/074-one-status-model-and-when-a-seat-is-taken.md).
  offerNotPossible:
    "This applicant cannot be offered a seat now: only an open application (Received, Contacted or Paid) can.",
  offerStatusByOffer: 'To offer a seat, use "Make an offer" with its acceptance deadline.',
  acceptByInvalid: (days: number) => `Choose the acceptance deadline: a date from today to ${days} days ahead.`,
  noOfferOpen: "There is no open offer to answer: it was answered already, or its deadline has passed.",
  offerAnswerInvalid: "Choose to accept or to decline the offer.",
  readerLink: "This link shows the application only: the applicant answers from their own page.",
  noOfferLetter: "There is no offer letter for this application.",
  /** An admission finds its intake's seats all taken (docs/decisions/068-intakes-and-seats.md). */
  intakeFull: (seats: number) =>
    `No seat is left in this applicant's intake: all ${seats} are taken. They stay on the waiting list; free a seat (decline or withdraw an admission) or add seats first.`,
  // docs/decisions/038-course-types-per-course.md: the course names the types it offers.
  courseTypeNotOffered: (course: string, offered: readonly string[]) =>
    `${course} is not offered as the course type you chose. Choose ${offered.length > 1 ? "one of: " : ""}${offered.map(courseTypeWords).join(", ")}.`,
  // docs/decisions/017-revisions-and-audit.md: revisions and the applicant pipeline.
  revisionNotFound: "Revision not found",
  statusInvalid: "must be one of: new, contacted, offered, accepted, paid, enrolled, declined, withdrawn",
  noteEmpty: "Write a note",
  noteTooLong: (max: number) => `A note must be at most ${max} characters`,
  // After the form (docs/decisions/035): one answer for every link that does not open an
  // application, whether it never existed, was mistyped or the application is gone.
  applicationNotFound: "This link does not open an application. Ask for your link again.",
  savedFormNotFound: "This saved form has expired or was already sent. Please fill in the form again.",
  linkRequested: "If an application was made with this e-mail address, we have sent its link there.",
  tooManyLinkRequests: (s: number) =>
    `You have asked for your link several times. Please wait ${wait(s)}, then ask again.`,
  tooManySaves: (s: number) =>
    `This form was saved several times in a short time. Please wait ${wait(s)}, then save again.`,
  applicationClosed: "This application is closed: nothing more can be sent for it.",
  notADuplicate: "Choose one of this person's other applications to keep.",
  closedAsDuplicate: (kept: string) => `Closed as a duplicate of ${kept}.`,
  /** docs/decisions/100: the same words whoever typed the address; the details go by mail. */
  alreadyApplied:
    "You have already applied for this course with this e-mail address and date of birth, so no second application was made. We have e-mailed the link to that application's status page to that address.",
  /** docs/decisions/099: the refund of a withdrawal after paying is decided once. */
  refundDecisionNote: "Say in one line (3 to 300 characters) why no refund is due",
  noRefundQuestion: "This application has no refund to decide (it was refunded or decided already).",
  // Decision 091: the date of birth, which the status page never shows, not the reference it prints.
  withdrawalCheckRequired: "Enter your date of birth.",
  withdrawalCheck:
    "This date of birth does not match the application. Enter it as on your registration form, for example 12/04/2001.",
  withdrawByAdmissions:
    "This application is paid or enrolled, so it cannot be withdrawn from this page. Contact admissions: they withdraw it and settle your fee with you.",
  tooManyWithdrawalChecks: (s: number) =>
    `Too many tries to confirm who you are. Please wait ${wait(s)} and try again.`,
  paymentAlreadyConfirmed: "Your payment is already confirmed.",
  // docs/decisions/092-one-registration-fee-once.md: an application's checkouts in a day.
  tooManyCheckouts: (s: number) =>
    `You have started paying online several times today. Finish a payment you started (its page may still be open), or wait ${wait(s)} and try again. You can also pay by bank transfer.`,
  noProofWaiting: "There is no proof of payment waiting for a decision.",
  chooseReceipt: "Choose a photo or PDF of your transfer receipt",
  // docs/decisions/033-consent-versions-and-minors.md: consent versions and the guardian of a minor.
  consentVersionUnknown:
    "The form's terms have changed. Open the registration page again, read them and send it again.",
  guardianName: "An applicant under 18 needs a parent or guardian: enter the guardian's full name",
  guardianRelationship: "Select the guardian's relationship to the applicant",
  guardianPhone: "Enter the guardian's phone number",
  guardianEmail: "Enter the guardian's e-mail address",
  guardianConsent:
    "An applicant under 18 can register only with the consent of a parent or guardian: the guardian must tick the guardian's consent",
  tooManyJobAlerts: (s: number) => `Too many job alert requests. Please wait ${wait(s)} before trying again.`,
  jobAlertLinkInvalid: "This link is not valid or has expired. Ask for job alerts again on the jobs page.",
  guardianLinkInvalid: "This confirmation link is not valid. Ask the academy for a new one.",
  guardianNotAwaited: "The guardian has already answered: nothing more to send.",
  guardianMailedEnough: "The guardian's address has had several mails from us today. Please try again tomorrow.",
  tooManyGuardianMails: (s: number) =>
    `You have sent the guardian's link several times. Please wait ${wait(s)}, then try again.`,
  guardianRefusedAlready:
    "You told us you do not consent to this application. If you have changed your mind, please contact the academy.",
  guardianLinkExpired: "This confirmation link has expired. Ask the academy to send a new one.",
  // docs/decisions/034-retention-and-rights.md: people's requests.
  personMissing: "Give an e-mail address or a phone number",
  personPhone: "phone must have at least 7 digits",
  requestKind: "Choose the kind of request",
  requestSubject: "Say whose request it is (an e-mail address or phone)",
  requestReceived: "Give the day the request arrived (not in the future)",
  requestNotFound: "Request not found",
  // Paying online (docs/decisions/062-the-server-decides-money-arrived.md).
  payOnlineOff: "Paying online is not available. Pay by bank transfer and send your receipt.",
  payNotNow: "This application has nothing to pay now.",
  /** Paying an intake's course fee (docs/decisions/077-course-fees-and-instalments.md). */
  courseFeeNotNow: "This application cannot pay the course fee now.",
  /** Staff enrol, mark completed or certify while fees are owed: they confirm first (docs/decisions/093). */
  feesOwed: (step: string, owed: string) => `${owed} Confirm to ${step} anyway.`,
  feesOwedMany: (step: string, n: number, first: string) =>
    `Fees are still owed by ${n} of the people chosen (the first, ${first}). Confirm to ${step} anyway.`,
  courseFeeSettled: "The course fee is paid in full: there is nothing left to pay.",
  courseFeeNoPlan: "instalment: This intake has no instalment plan. Pay the whole fee or another amount.",
  courseFeePartPaid: "instalment: That instalment is already paid.",
  courseFeePartTooSmall: (min: string, owed: string) =>
    `amount: Pay at least ${min} and at most ${owed}, in whole naira.`,
  paystackDown: "We could not reach the payment service. Nothing was taken: please try again in a few minutes.",
  paymentNotFound: "This payment is not known for this application.",
  tooManyPayments: (s: number) =>
    `Too many payment attempts from your network in a short time. Please wait ${wait(s)}, then try again.`,
  tooManyReceipts: (s: number) =>
    `Too many receipts asked for from your network in a short time. Please wait ${wait(s)}, then try again.`,
  refundNotPossible: "A refund can be recorded only once, against a paid payment, and for at most what was paid.",
  paymentMissing: "Payment not found",
  feeTransferNoIntake: "This application names no intake, so it has no course fee to pay.",
  feeTransferNoSuchInstalment: "instalment: The intake's plan has no such instalment.",
  feeTransferRecorded: "transferReference: A transfer with this reference is already recorded.",
  // The refusals of signing in, staff accounts and the content calls (a 4xx answer is plain text a person reads).
  twoFactorAlreadyOn: "Two-factor sign-in is already on",
  twoFactorSetUpFirst: "Start the set-up first",
  twoFactorNotOn: "Two-factor sign-in is not on",
  twoFactorRequiredByRole: "Your role requires two-factor sign-in: it cannot be turned off",
  wrongCredentials: "Incorrect email or password",
  demoAccountOnlyInDemo: "The demo account works only in demo mode",
  notLoggedIn: "Not logged in",
  resetLinkInvalid: "The reset link is invalid or has expired",
  staffEmailTaken: "This e-mail address already has a staff account",
  invitationNotFound: "Invitation not found",
  staffNotFound: "Staff member not found",
  chooseImage: "Choose an image to upload",
  imageNotFound: "Image not found",
  unknownDraftType: "Unknown draft type",
  articleNotFound: "Article not found",
  jobNotFound: "Job not found",
  courseNotFound: "Course not found",
  trashKindNotFound: "Not found",
  afterOrBefore: "give after or before, not both",
  mailNotResendable: "This mail cannot be sent again: it was sent, has expired or is being sent now",
  messageNotFound: "Message not found",
  fileNotFound: "File not found",
  // SPEC's refusals of the registration's files (word for word, "occured" included) and the pipeline's.
  applicantNotFound: "Applicant not found",
  chooseFiles: "Choose at least one file to upload",
  tooManyFiles: "Maximum number of file upload is 3",
  filesNotClaimed: "An error occured while trying to upload your form file attachments",
  idCardRequired: "Upload at least one ID card",
} as const;

/** Certificates (docs/decisions/058-certificates-and-their-public-check.md). */
export const certificateMessages = {
  tooManyLookups: (seconds: number) =>
    `You have checked many certificates from this address in a short time. Please wait ${shortWait(seconds)} and try again.`,
  noSuchApplicant: "No enrolled applicant was chosen",
  noSuchIntake: "Choose one of the course's intakes, or the whole course",
  courseNeeded: "Choose the course",
  completedOnInvalid: "Give the day the course was completed (not in the future)",
  /** Refused with `x-refusal: before-start` (docs/decisions/098): the same call with `earlyReason` goes ahead. */
  beforeStart: (startDay: string, count: number) =>
    `${count === 1 ? "This student's intake starts" : `${count} of these students' intakes start`} on ${startDay}, after the completion day you gave. Check the day, or give the reason for completing before the intake starts (it is kept with the completion).`,
  earlyReasonInvalid: "The reason must be one line of 3 to 300 characters",
  gradeTooLong: `The grade must be one line of at most 40 characters`,
  holderNameNeeded: "Give the name to print on the certificate",
  holderNameTooLong: (max: number) => `The name on the certificate must be at most ${max} characters`,
  reasonNeeded: "Choose why the certificate is revoked",
  notFound: "No certificate with this number",
  alreadyRevoked: "This certificate is already revoked",
  credentialUnavailable: "Signed credentials are not set up on this site yet",
} as const;
