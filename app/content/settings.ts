// The words of the Admins' settings page (docs/product.md, "Settings") and the launch checklist.
import { SOCIAL_NETWORKS } from "@domain/settings";

export const settingsText = {
  title: "Settings",
  intro:
    "The academy's own details, shown on every page, the registration form, the status page and every e-mail. A save is seen at once by every visitor; each save is kept below and can be brought back.",
  save: "Save settings",
  saving: "Saving…",
  saved: "Settings saved.",
  unchanged: "Nothing changed: the settings are as they were.",
  restored: (v: number) => `Version ${v} brought back as the newest version.`,
  fixBelow: "Some settings need another look: see the fields marked below. Nothing was saved.",
  groups: {
    contact: "Contact",
    payments: "Payments",
    social: "Social links",
    dataProtection: "Data protection",
    announcement: "Announcement bar",
    admissions: "Admissions",
  },
  fields: {
    academyName: "Academy name",
    phone: (i: number) => (i === 0 ? "Phone" : `Another phone (${i + 1})`),
    whatsapp: "WhatsApp number",
    email: "E-mail",
    hours: "Opening hours",
    campus: (i: number) => (i === 0 ? "Campus" : `Another campus (${i + 1})`),
    campusName: "Name",
    campusStreet: "Street",
    campusCity: "City",
    campusRegion: "State",
    campusMapUrl: "Map link",
    bankName: "Bank",
    accountName: "Account name",
    accountNumber: "Account number (NUBAN)",
    fee: "Registration fee (naira)",
    reference: "What applicants quote as the transfer reference",
    refundPolicy: "Refund policy after a withdrawal",
    privacyEmail: "Data protection contact e-mail",
    dpoName: "Data protection officer",
    announcement: "Message",
    announcementStart: "First day",
    announcementEnd: "Last day",
    savedFormReminderDays: "Remind a saved form after (days)",
  },
  hints: {
    phone: "Shown in the top bar and the footer; with its area code.",
    whatsapp: "The WhatsApp links on the thank-you screen and the status page open a chat with this number.",
    accountNumber:
      "10 digits. Until a real account is saved, applicants on the live site are told the details will be sent.",
    reference: 'Completes "Use … as the transfer reference".',
    refundPolicy:
      "What happens to money paid when an application is withdrawn: the applicant reads it on the status page and in the e-mail, and admissions in their notice (up to 500 characters).",
    social: "The page's address (https://…) or its @name. Leave empty to hide.",
    announcement: 'A short line above the top bar, e.g. "January intake closes 15 Dec". Empty: no bar.',
    campusMapUrl: "A link to the place on a map (https://…).",
    savedFormReminderDays:
      "Someone who saved the registration form and has not sent it gets one e-mail after this many days (1 to 13).",
  },
  history: "History",
  historyIntro: "Each save, newest first: who saved it, when, and what changed.",
  version: "Version",
  when: "When",
  by: "By",
  changed: "Changed",
  current: "Current",
  restore: "Restore",
  actions: "Actions",
  restoreLabel: (v: number) => `Restore version ${v}`,
  seeded: "The starting values",
  restoredFrom: (v: number) => `restored version ${v}`,
  noHistory: "No save yet: the site shows the starting values.",
  older: "Older versions",
  sampleWarning:
    "The bank account is still the sample a new site starts with: applicants on the live site are not shown it.",
} as const;

/** The launch checklist on an Admin's landing page: what is still to do before the site goes live. */
export const launchChecklistText = {
  title: "Before launch",
  intro: "These are still to do. The list goes away once everything is done.",
  sampleBank: "Save the academy's real bank account (it is still the sample).",
  noSmtp: "Set SMTP_URL so e-mails are sent (they are only written to the outbox now).",
  noBackupRecipient: "Set BACKUP_AGE_RECIPIENT so backups are encrypted to the academy's key.",
  publicUrlNotHttps: "Set PUBLIC_URL to the site's https:// address.",
  adminWithoutTwoFactor: (names: string) => `Turn on two-factor sign-in for: ${names}.`,
  privacyContactUnset: "Name the data protection contact shown in the privacy notice.",
  mailFromLocal: (address: string) =>
    `Mail is sent from ${address}, which no one receives: set MAIL_FROM to the academy's own sender address.`,
  inboxUnset:
    "No inbox receives the academy's notices (new registrations, messages, withdrawals): save the academy's e-mail in Settings, or set ACADEMY_INBOX.",
  inboxLocal: (address: string) =>
    `Notices and replies go to ${address}, which no one receives: save the academy's e-mail in Settings, or set ACADEMY_INBOX.`,
  noCredentialKey:
    "Set CREDENTIAL_KEY_FILE (made with npm run credential-key) so certificates carry a signed credential.",
  /** Where an item is fixed: a page of the site, or a server setting described in a document. */
  sampleContacts: "The phone, WhatsApp, e-mail or campus address is still the sample's: save the academy's own.",
  sampleSocial: "Some social links still point at the sample academy's pages: save the academy's own, or empty them.",
  sampleTeam: "The team on the home page is the sample's invented people: add your own team, or remove them.",
  sampleTestimonials: "The testimonials on the home page are invented samples: add real ones, or remove them.",
  sampleFaqs: "The FAQs are the sample's: check each answer is true of this academy.",
  /** Always under the list: who the mail comes from and where notices and replies go (decision 095). */
  mail: (m: { name: string; from: string; inbox: string | null; replyTo: string | null }) =>
    `Mail is sent as ${m.name} <${m.from}>; notices go to ${m.inbox ?? "no inbox"}, replies to ${m.replyTo ?? "no one"}.`,
  fixInSettings: "Fix in Settings",
  fixInPageContent: "Edit the page content",
  fixInAccount: "Turn on two-factor sign-in",
  serverSetting: (doc: string) => `A server setting: see ${doc}.`,
} as const;

/** The first run's setup page (/fla-admin/setup) and its mention on the sign-in page. */
export const setupText = {
  title: "Set up the site",
  intro:
    "This site has no staff account yet. Make the first Admin: you will then sign in and invite the rest of the team.",
  notice: "This site has no staff account yet.",
  noticeLink: "Set it up",
  code: "Setup code",
  codeHint: "Printed once in the server's log when it started (or the SETUP_TOKEN it was given).",
  academyName: "Academy name",
  name: "Your name",
  email: "Your e-mail",
  submit: "Make the first Admin",
  submitting: "Setting up…",
  done: "The site is set up: sign in with the e-mail and password you chose.",
  codeRequired: "Enter the setup code",
  academyNameRequired: "Enter the academy's name",
  nameRequired: "Kindly input your name",
  emailInvalid: "Kindly input a valid email",
} as const;

/** A stored field's name ("contact.phones", changedFields) in the settings page's own words, for its history. */
const CHANGED_WORDS: Record<string, string> = {
  "contact.academyName": settingsText.fields.academyName,
  "contact.phones": "Phones",
  "contact.whatsapp": settingsText.fields.whatsapp,
  "contact.email": settingsText.fields.email,
  "contact.hours": settingsText.fields.hours,
  "contact.campuses": "Campuses",
  "payments.bankName": settingsText.fields.bankName,
  "payments.accountName": settingsText.fields.accountName,
  "payments.accountNumber": "Account number",
  "payments.fee": "Registration fee",
  "payments.reference": "Transfer reference",
  "payments.refundPolicy": settingsText.fields.refundPolicy,
  "dataProtection.contactEmail": settingsText.fields.privacyEmail,
  "dataProtection.dpoName": settingsText.fields.dpoName,
  "announcement.message": "Announcement",
  "announcement.start": "Announcement's first day",
  "announcement.end": "Announcement's last day",
  "admissions.savedFormReminderDays": settingsText.fields.savedFormReminderDays,
  ...Object.fromEntries(SOCIAL_NETWORKS.map((n) => [`social.${n.key}`, n.name])),
};
export const changedFieldWords = (keys: readonly string[]) => keys.map((k) => CHANGED_WORDS[k] ?? k).join(", ");
