import { REVOCATION_REASON_NAMES } from "@domain/certificates";

// Every word of the public certificate check and of the staff's certificates page
// (docs/decisions/058-certificates-and-their-public-check.md; docs/product.md, "Certificates").
// The academy is named as its settings say: an employer reads who issued the certificate.
export const verifyText = {
  title: "Check a certificate",
  description: (name: string) =>
    `Check that a certificate of completion was issued by ${name}: type its number or scan its QR code.`,
  intro: (name: string) =>
    `Type the number printed on the certificate (bottom right, for example 7K3M-Q9PX-2HRD-8), or scan its QR code, to see whether ${name} issued it and whether it is still valid.`,
  label: "Certificate number",
  hint: "Letters and digits; dashes and spaces do not matter.",
  submit: "Check",
  resultHeading: "Result",
  valid: {
    title: "Valid certificate",
    lead: (name: string) => `${name} issued this certificate and it is valid.`,
    holder: "Awarded to",
    course: "Course",
    completed: "Completed on",
    grade: "Grade or distinction",
    noGrade: "None printed",
    signedBy: "Signed by",
    number: "Certificate number",
  },
  revoked: {
    title: "Revoked certificate",
    lead: (day: string, reason: string) => `This certificate was revoked on ${day} (${reason}). It is no longer valid.`,
  },
  unknown: {
    title: "No certificate with this number",
    lead: (name: string) =>
      `${name} has issued no certificate with this number. Check that it was typed exactly as printed; if it was, the certificate was not issued by us.`,
  },
  limited: (seconds: number) =>
    `You have checked many certificates from this address in the last minute. Please wait ${seconds < 90 ? `${Math.max(1, seconds)} seconds` : `${Math.ceil(seconds / 60)} minutes`} and try again.`,
  reasons: REVOCATION_REASON_NAMES,
  credentialMissing: "No valid certificate with this number has a signed credential.",
} as const;

export const certificatesStaffText = {
  tab: "Certificates",
  metaTitle: "Certificates",
  title: "Certificates",
  intro:
    "Choose a course to see its enrolled students. Mark those who finished as completed (with a grade or distinction if there is one), check the name to print, then issue: each graduate receives the certificate as a PDF by e-mail, with the link where employers check it.",
  course: "Course",
  chooseCourse: "Choose a course",
  show: "Show students",
  intake: "Intake",
  wholeCourse: "The whole course",
  /** An intake as the filter names it: its start and campus. */
  intakeOption: (start: string, campus: string) => `Starts ${start} · ${campus}`,
  none: "No enrolled students for this course.",
  columns: { student: "Student", completed: "Completed", certificate: "Certificate", actions: "Actions" },
  notCompleted: "Not yet",
  completedOn: "Completion day",
  grade: "Grade or distinction (optional)",
  complete: "Mark completed",
  completeAll: "Mark every enrolled student completed",
  holderName: "Name to print",
  issue: "Issue certificate",
  issueAll: "Issue certificates to every completed student without one",
  revoke: "Revoke",
  reason: "Reason",
  chooseReason: "Choose a reason",
  revokedOn: (day: string) => `Revoked on ${day}`,
  check: "Check page",
  completeOf: (name: string) => `Mark ${name} completed`,
  issueTo: (name: string) => `Issue ${name}'s certificate`,
  revokeOf: (name: string) => `Revoke ${name}'s certificate`,
  /** The intake has not started: no day is proposed, and the hint says when it starts (docs/decisions/098). */
  notStartedHint: (day: string) => `The intake starts on ${day}: give the day the course was really completed.`,
  notStartedHintMany: "Some of these intakes have not started: give the day the course was really completed.",
  /** Refused before the intake's first day: the API's words say why, staff give the reason (docs/decisions/098). */
  earlyReason: "Why is it completed before the intake starts?",
  earlyReasonHint: "For example: finished early by arrangement, recognised prior training. Kept with the completion.",
  earlyReasonSubmit: "Mark completed with this reason",
  earlyReasonInvalid: "Give the reason in one line of 3 to 300 characters",
  earlyReasonOn: (reason: string) => `Before the intake started: ${reason}`,
  /** Refused while fees are owed: the API's words say what, staff confirm (docs/decisions/093). */
  feesOwedConfirm: "Yes, go on: the fees are known to be owed",
  completed: (n: number) => (n === 1 ? "1 student marked completed." : `${n} students marked completed.`),
  issued: (n: number) =>
    n === 0
      ? "No certificate was issued: nobody chosen was completed without a certificate in force."
      : n === 1
        ? "1 certificate issued; its e-mail is on its way."
        : `${n} certificates issued; their e-mails are on their way.`,
  revoked: "The certificate is revoked: its check page says so now.",
  notFound: "That certificate is not in force any more (revoked meanwhile?).",
  badRequest: "The form could not be read. Please try again.",
} as const;
