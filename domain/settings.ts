import { feeNote, formatNaira } from "./naira";
import { REFERENCE_PREFIX } from "./registrations";

// The academy's own facts, which an Admin changes at /admin/settings (docs/product.md,
// "Settings"; docs/decisions/060-settings-and-how-cached-pages-learn-of-a-change.md): contact,
// payments, social links, data protection and the announcement bar. The API stores them (one
// JSON value with a revision per save) and hands both tiers the same `SiteSettings`; the values
// below are only what a new site starts with — the demo's and the spec's — and are no longer
// written anywhere else in code.

export const SOCIAL_NETWORKS = [
  { key: "facebook", name: "Facebook", short: "fb" },
  { key: "instagram", name: "Instagram", short: "ig" },
  { key: "linkedin", name: "LinkedIn", short: "in" },
  { key: "x", name: "X", short: "x" },
  { key: "tiktok", name: "TikTok", short: "tt" },
  { key: "youtube", name: "YouTube", short: "yt" },
] as const;
export type SocialKey = (typeof SOCIAL_NETWORKS)[number]["key"];

/** At most this many phone numbers and campuses: the top bar and footer have room for them. */
export const SETTINGS_LIMITS = { phones: 3, campuses: 3, text: 200, longText: 500, announcement: 160 } as const;

/** The saved-form reminder's days: at least one, and within the saved form's 14 days. */
export const REMINDER_DAYS = { min: 1, max: 13, default: 3 } as const;

/** What is stored: the values as an Admin typed them (phones already in E.164). */
export type StoredSettings = {
  contact: {
    academyName: string;
    phones: string[];
    /** E.164, e.g. +2348030000000. */
    whatsapp: string;
    email: string;
    hours: string;
    campuses: { name: string; street: string; city: string; region: string; mapUrl: string }[];
  };
  payments: {
    bankName: string;
    accountName: string;
    /** A NUBAN: 10 digits. */
    accountNumber: string;
    /** Whole naira. */
    fee: number;
    /** What the applicant quotes as the transfer's reference (their application reference, by default). */
    reference: string;
    /**
     * What happens to money paid for an application that is then withdrawn: told to the applicant
     * and to admissions on every withdrawal after a payment (docs/decisions/099).
     */
    refundPolicy: string;
  };
  social: Record<SocialKey, string>;
  dataProtection: { contactEmail: string; dpoName: string };
  /** Shown above the top bar from `start` to `end` (Lagos days, inclusive); empty message: none. */
  announcement: { message: string; start: string; end: string };
  /**
   * Admissions' timings: after how many days a person who saved the form and did not come back
   * gets one reminder (docs/decisions/076-the-admissions-desk.md).
   */
  admissions: { savedFormReminderDays: number };
};

/** The sample account a new site starts with, and what an applicant quotes until an Admin says otherwise. */
export const SAMPLE_BANK = { bankName: "Zenith Bank Plc", accountNumber: "1012345678" } as const;
export const DEFAULT_REFERENCE = "your reference";
/** The refund policy a new site starts with, until an Admin writes the academy's own. */
export const DEFAULT_REFUND_POLICY =
  "Admissions will contact you within 10 working days about any refund. The registration fee is not refunded once your application has been reviewed; course fees paid for an intake that has not started are refunded, less any costs already incurred for you.";

/** The sample account a new site starts with: in production it is never shown to applicants. */
export const isSampleBankAccount = (p: StoredSettings["payments"]) =>
  p.accountNumber === SAMPLE_BANK.accountNumber && p.bankName === SAMPLE_BANK.bankName;

/** A Nigerian bank account number (NUBAN): exactly 10 digits. */
export const NUBAN = /^\d{10}$/;

/** A link a visitor may be sent to: http(s) only, never javascript: or data:. */
export function isWebLink(value: string) {
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && !!url.hostname;
  } catch {
    return false;
  }
}

/** The country every campus is in (structured data's addressCountry). */
export { ACADEMY_COUNTRY } from "./country";

/** A phone as pages show it and link it. */
export type PhoneView = { display: string; href: string };

/** What both tiers read: the stored values, with what pages and mails derive from them. */
export type SiteSettings = StoredSettings & {
  phones: PhoneView[];
  whatsappView: PhoneView & { digits: string };
  feeText: string;
  socials: { key: SocialKey; name: string; short: string; href: string }[];
  /** True while the bank account is the sample. */
  sampleBank: boolean;
  /** True when applicants must not see the account (production, sample account, not the demo). */
  bankWithheld: boolean;
  /** The saved version (0: never saved, the defaults). */
  version: number;
};

/** "+2348030000000" → "+234 803 000 0000" for a Nigerian number; other countries as stored. */
export function displayPhone(e164: string) {
  const m = /^\+234(\d{3})(\d{3})(\d{4})$/.exec(e164);
  return m ? `+234 ${m[1]} ${m[2]} ${m[3]}` : e164;
}

export function settingsView(stored: StoredSettings, version: number, opts: { withholdSample: boolean }): SiteSettings {
  const sampleBank = isSampleBankAccount(stored.payments);
  return {
    ...stored,
    phones: stored.contact.phones.map((p) => ({ display: displayPhone(p), href: `tel:${p}` })),
    whatsappView: {
      display: displayPhone(stored.contact.whatsapp),
      href: `https://wa.me/${stored.contact.whatsapp.replace(/\D/g, "")}`,
      digits: stored.contact.whatsapp.replace(/\D/g, ""),
    },
    feeText: formatNaira(stored.payments.fee),
    socials: SOCIAL_NETWORKS.filter((n) => stored.social[n.key]).map((n) => ({ ...n, href: stored.social[n.key] })),
    sampleBank,
    bankWithheld: sampleBank && opts.withholdSample,
    version,
  };
}

/** A click-to-chat link with the reference already typed (https://wa.me/<number>?text=…). */
export const whatsAppChatLink = (s: SiteSettings, reference: string) =>
  `https://wa.me/${s.whatsappView.digits}?text=${encodeURIComponent(`Hello ${s.contact.academyName}, my application reference is ${reference}.`)}`;

/** The account's rows, as the form, the thank-you screen, the status page and the mail list them. */
export const bankRows = (s: SiteSettings) => [
  { label: "Bank", value: s.payments.bankName },
  { label: "Account Name", value: s.payments.accountName },
  { label: "Account Number", value: s.payments.accountNumber },
  // The amount row: the registration fee, unless the page pays another fee (the course fee's part due next).
  { label: "Amount", value: s.feeText, amount: true },
];

/** Whether the announcement shows on this Lagos day (YYYY-MM-DD). */
export function announcementOn(s: StoredSettings, day: string) {
  const a = s.announcement;
  if (!a.message) return null;
  if (a.start && day < a.start) return null;
  if (a.end && day > a.end) return null;
  return a.message;
}

// One payment flow, said the same way on the form, the thank-you screen and the confirmation
// e-mail (docs/decisions/037-references-phones-and-payment.md): submit the form first, get the
// reference, then pay the fee by bank transfer quoting that reference. The account and the fee
// are the Admin's settings (domain/settings.ts); until a real account is saved, a production site
// says the details will be sent instead of showing the sample (docs/product.md, "Settings").
export function registrationPayment(s: SiteSettings) {
  const fee = s.feeText;
  const quote = s.payments.reference;
  // The defaults are not read here: the page's script carries these words, not the seeded values.
  const quoteInIntro = quote === DEFAULT_REFERENCE ? "that reference" : quote;
  return {
    fee,
    withheld: s.bankWithheld,
    intro: s.bankWithheld
      ? `${feeNote(fee)} Submit this form first: you get your application reference (${REFERENCE_PREFIX}…) at once. Our admissions team will then send you the account to pay the fee into.`
      : `${feeNote(fee)} Submit this form first: you get your application reference (${REFERENCE_PREFIX}…) at once. Then pay the fee by bank transfer to the account below and use ${quoteInIntro} as the transfer reference.`,
    bank: s.bankWithheld ? [] : bankRows(s),
    withheldNote: "The payment details will be sent to you by e-mail: please wait for them before you pay.",
    note: "Do not pay before you have your reference. The confirmation e-mail repeats it, with a link to follow your application.",
    /** On the thank-you screen and in the confirmation e-mail, after the form was sent. */
    steps: s.bankWithheld
      ? [
          `Wait for our e-mail with the account to pay the registration fee of ${fee} into.`,
          "Use your reference as the transfer reference, so that we can match your payment to your application.",
          "Then send a photo or PDF of your transfer receipt from your private status page.",
        ]
      : [
          `Transfer the registration fee of ${fee} to the account below.`,
          `Use ${quote} as the transfer reference, so that we can match your payment to your application.`,
          "Then send a photo or PDF of your transfer receipt from your private status page.",
        ],
  };
}
