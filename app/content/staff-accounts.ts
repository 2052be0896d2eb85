// The words of the staff accounts pages: roles, the staff list, invitations, two-factor
// sign-in and the security log (docs/product.md §4; docs/decisions/031-staff-roles.md, 032).
import type { StaffRole } from "@domain/staff";

export const roleLabels: Record<StaffRole, string> = { admin: "Admin", admissions: "Admissions", editor: "Editor" };

/** "Admin", "Admin and Editor", "Admin, Admissions and Editor". */
const listOf = (words: string[]) =>
  words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;

export const roleHints: Record<StaffRole, string> = {
  admin: "everything, plus staff and the security log",
  admissions: "applicants, their documents and notes, messages, exports",
  editor: "courses, articles and jobs",
};

export const rolesText = {
  /** The 403 page of a staff page another role may not open (docs/product.md §6). */
  forbiddenTitle: "Your account cannot open this page",
  forbidden: (role: StaffRole | undefined, allowed: readonly StaffRole[]) =>
    `This page is for ${listOf(allowed.map((r) => roleLabels[r]))} accounts.` +
    (role ? ` Yours is an ${roleLabels[role]} account, for ${roleHints[role]}.` : ""),
  forbiddenHelp: "If your work needs this page, ask an Admin to change your role.",
  setUpTwoFactorFirst: "Your role requires two-factor sign-in. Set it up to continue.",
};

/** The reminder on staff pages until two-factor sign-in is set up (decision 032, amended). */
export const twoFactorBannerText = {
  required:
    "Your role requires two-factor sign-in: applicants, messages and exports open once it is set up. It takes two minutes with any authenticator app.",
  reminder:
    "Two-factor sign-in is not set up for this account. Your role is expected to use it: set it up with any authenticator app.",
  link: "Set up two-factor sign-in",
};

export const codeText = {
  title: "Two-factor sign-in",
  intro: (email: string) => `Enter the 6-digit code from your authenticator app for ${email}.`,
  recoveryHint: "Lost your phone? Enter one of your recovery codes instead.",
  code: "Code",
  submit: "Verify",
  submitting: "Checking...",
  codeRequired: "Enter the code from your authenticator app, or a recovery code",
  cancel: "Cancel and sign in again",
};

export const accountText = {
  title: "Two-factor sign-in",
  on: "Two-factor sign-in is on.",
  off: "Two-factor sign-in is off.",
  required: "Your role requires it: you need it to open the Admin pages beyond content.",
  optional: "It is optional for your role, and recommended.",
  codesLeft: (n: number) => `${n} unused recovery code${n === 1 ? "" : "s"} left.`,
  start: "Set up two-factor sign-in",
  starting: "Preparing...",
  scan: "1. Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, Aegis…).",
  qrAlt: "QR code holding the two-factor secret",
  typeInstead: "Cannot scan? Type this key into the app instead:",
  confirmIntro: "2. Enter the 6-digit code the app shows now.",
  code: "Code",
  confirm: "Turn on",
  confirming: "Turning on...",
  recoveryTitle: "Your recovery codes",
  recoveryIntro:
    "Each code signs you in once if you lose your phone. They are shown only now: print them or keep them in a password manager.",
  recoveryDone: "I have kept them",
  turnedOn: "Two-factor sign-in is on",
  disableTitle: "Turn it off",
  disableIntro: "Enter a code from your app (or a recovery code) to turn two-factor sign-in off.",
  disable: "Turn off",
  disabling: "Turning off...",
  turnedOff: "Two-factor sign-in is off",
};

export const staffPageText = {
  title: "Staff",
  members: "Team",
  name: "Name",
  email: "E-mail",
  role: "Role",
  twoFactor: "Two-factor",
  lastSignIn: "Last sign-in",
  actions: "Actions",
  never: "never",
  yes: "on",
  no: "off",
  demo: "(demo)",
  deactivated: "deactivated",
  changeRole: "Change role",
  roleFor: (name: string) => `Role of ${name}`,
  deactivate: "Deactivate",
  reactivate: "Reactivate",
  resetTwoFactor: "Reset two-factor",
  inviteTitle: "Invite someone",
  inviteIntro: "They receive a link, valid 72 hours and usable once, to choose their password.",
  invite: "Send invitation",
  inviting: "Sending...",
  invitations: "Invitations waiting",
  noInvitations: "No invitation is waiting.",
  expires: "Expires",
  expired: "expired",
  resend: "Re-send",
  cancel: "Cancel",
  done: {
    invite: "Invitation sent",
    resend: "Invitation sent again, with a new link",
    cancel: "Invitation cancelled",
    role: "Role changed",
    deactivate: "Account deactivated: every session of it has ended",
    reactivate: "Account reactivated",
    resetTwoFactor: "Two-factor sign-in reset: they set it up again at their next sign-in",
  },
};

export const invitationText = {
  title: "Join the academy's staff",
  intro: (name: string, role: string) => `Welcome, ${name}. Choose a password to join as ${role}.`,
  invalid: "This invitation link is invalid, already used or expired. Ask an administrator to send a new one.",
  submit: "Create my account",
  submitting: "Creating...",
  success: "Your account is ready. Log in with your e-mail and new password",
};

export const securityLogText = {
  title: "Security log",
  intro:
    "Every sign-in, lock-out, password and two-factor change, invitation, role change, document download and export of the last year, newest first.",
  person: "Person",
  anyone: "Anyone",
  event: "Event",
  anyEvent: "Any event",
  from: "From",
  to: "To",
  filter: "Filter",
  exportCsv: "Export CSV",
  when: "When (Lagos time)",
  /** Each event in words; an event added to the API and not named here shows its code. */
  events: {
    "login.succeeded": "Signed in",
    "login.failed": "Sign-in failed",
    "login.locked": "Sign-ins locked for a while",
    "login.slowed": "Sign-ins slowed down",
    "login.deactivated": "Sign-in refused: account deactivated",
    "password_reset.requested": "Password reset asked for",
    "password_reset.completed": "Password reset",
    "two_factor.failed": "Two-factor code wrong",
    "two_factor.enabled": "Two-factor sign-in turned on",
    "two_factor.disabled": "Two-factor sign-in turned off",
    "two_factor.reset": "Two-factor sign-in reset by an Admin",
    "recovery_code.used": "Recovery code used",
    "invitation.sent": "Invitation sent",
    "invitation.resent": "Invitation sent again",
    "invitation.cancelled": "Invitation cancelled",
    "invitation.accepted": "Invitation accepted",
    "staff.role_changed": "Role changed",
    "staff.deactivated": "Account deactivated",
    "staff.reactivated": "Account reactivated",
    "applicant_file.downloaded": "Applicant's file downloaded",
    "applicant_file.viewed": "Applicant's file viewed",
    "payment_proof.confirmed": "Proof of payment confirmed",
    "payment_proof.rejected": "Proof of payment rejected",
    "payment.refused": "Paystack event refused",
    "payment.refund_recorded": "Refund recorded",
    "payment.transfer_recorded": "Course-fee transfer recorded",
    "applicant.refund_decided": "No refund due, decided",
    "applicant.status_changed": "Applicant's status changed",
    "export.downloaded": "List exported",
    "permission.denied": "Refused: not allowed for the role",
    "item.deleted": "Deleted for good",
    "person.exported": "A person's data exported",
    "person.erased": "A person's data erased",
    "mail.retried": "Mail sent again",
    "intake.messaged": "Intake messaged",
    "guardian.link_resent": "Guardian's link sent again",
    "certificate.issued": "Certificate issued",
    "certificate.revoked": "Certificate revoked",
    "completion.before_start": "Completed before the intake started",
    "settings.changed": "Settings changed",
    "settings.restored": "Settings restored",
    "page-content.changed": "Page content changed",
    "page-content.restored": "Page content restored",
    "legal-text.changed": "Privacy notice or terms changed",
    "legal-text.restored": "Privacy notice or terms restored",
    "setup.completed": "First Admin made at setup",
  } as Record<string, string>,
  who: "Who",
  what: "Event",
  about: "About",
  /** What an id in the log is (the API's `subjectKind`), shown beside the id itself. */
  kinds: {
    staff: "Staff account",
    applicant: "Applicant",
    applicant_file: "Applicant's file",
    certificate: "Certificate",
    payment: "Payment",
    course: "Course",
    article: "Article",
    job: "Job",
    mail: "Outbox mail",
    invitation: "Invitation",
    privacy_request: "Privacy request",
    unknown: "Unknown id",
  } as Record<string, string>,
  formerStaff: "A staff account no longer held",
  id: "id",
  ids: "Ids",
  detail: "Detail",
  address: "Address",
  browser: "Browser",
  none: "No entries match.",
  older: "Older entries",
  pagesNav: "Security log pages",
};

export const accountMenu = { twoFactor: "Two-factor sign-in" };
