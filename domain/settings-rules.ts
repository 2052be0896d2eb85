import { phoneE164 } from "./phone";
import {
  isWebLink,
  NUBAN,
  REMINDER_DAYS,
  SETTINGS_LIMITS,
  SOCIAL_NETWORKS,
  type SocialKey,
  type StoredSettings,
} from "./settings";

// Each network's page for a handle. Here, with the rules, rather than in SOCIAL_NETWORKS, which
// every public page's footer carries.
const SOCIAL_PROFILES: Record<SocialKey, string> = {
  facebook: "https://www.facebook.com/",
  instagram: "https://www.instagram.com/",
  linkedin: "https://www.linkedin.com/company/",
  x: "https://x.com/",
  tiktok: "https://www.tiktok.com/@",
  youtube: "https://www.youtube.com/@",
};
/** A handle as an owner types it ("@finelineacademy"): letters, digits, dots and underscores. */
const HANDLE = /^@([A-Za-z0-9._]{1,60})$/;

/** A typed "@name" as the network's page for it; anything else as it was (a link is checked as one). */
function socialLink(network: SocialKey, typed: string) {
  const handle = HANDLE.exec(typed.trim());
  return handle ? `${SOCIAL_PROFILES[network]}${handle[1]}` : typed;
}
import { asStoredDay } from "./typed-day";

// The settings' rules beyond their shape, which both tiers apply alike (docs/product.md,
// "Settings"): the web tier's action answers each field with its message and keeps what was
// typed, the API refuses the same values. Problems are keyed by the form's field names.

export const SETTINGS_PROBLEMS = {
  required: "Please fill this in",
  phone: "This is not a phone number we can call: write it with its area code, e.g. 0803 000 0000 or +234 803 000 0000",
  whatsapp: "This is not a WhatsApp number the numbering plan knows: write it with its area code, e.g. 0803 000 0000",
  email: "Please enter a valid email address",
  nuban: "An account number (NUBAN) has exactly 10 digits",
  fee: "The fee is a whole number of naira between 0 and 10,000,000",
  reminderDays: `Enter a whole number of days from ${REMINDER_DAYS.min} to ${REMINDER_DAYS.max}`,
  link: "Enter the page's address, starting with https:// (or, for a social network, its @name)",
  day: "Please enter a date as day/month/year, like 31/01/2027",
  endBeforeStart: "The announcement cannot end before it starts",
  announcementDates: "An announcement needs its first and last day",
  campus: "A campus needs its name, street and city",
  tooLong: (n: number) => `Please keep this under ${n} characters`,
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The field names of the settings form, as the problems are keyed. */
export const phoneField = (i: number) => `phone${i}`;
export const campusField = (i: number, part: string) => `campus${i}${part}`;

/**
 * Checks a value and returns it normalised (phones in E.164, text trimmed) with the problems
 * found, by field. A value with any problem must not be saved.
 */
export function checkSettings(input: StoredSettings): { value: StoredSettings; problems: Record<string, string> } {
  const problems: Record<string, string> = {};
  const text = (field: string, value: string, max: number = SETTINGS_LIMITS.text, required = true) => {
    const v = value.trim();
    if (required && !v) problems[field] ??= SETTINGS_PROBLEMS.required;
    if (v.length > max) problems[field] ??= SETTINGS_PROBLEMS.tooLong(max);
    return v;
  };
  const link = (field: string, value: string, required = false) => {
    const v = text(field, value, SETTINGS_LIMITS.longText, required);
    if (v && !isWebLink(v)) problems[field] ??= SETTINGS_PROBLEMS.link;
    return v;
  };
  const c = input.contact;
  const phones: string[] = [];
  c.phones.slice(0, SETTINGS_LIMITS.phones).forEach((raw, i) => {
    const typed = raw.trim();
    if (!typed) {
      if (i === 0) problems[phoneField(0)] = SETTINGS_PROBLEMS.required;
      return;
    }
    const e164 = phoneE164(typed);
    if (!e164) problems[phoneField(i)] = SETTINGS_PROBLEMS.phone;
    else phones.push(e164);
  });
  if (!c.phones.length) problems[phoneField(0)] = SETTINGS_PROBLEMS.required;
  const whatsapp = phoneE164(c.whatsapp.trim()) ?? "";
  if (!c.whatsapp.trim()) problems.whatsapp = SETTINGS_PROBLEMS.required;
  else if (!whatsapp) problems.whatsapp = SETTINGS_PROBLEMS.whatsapp;
  const email = text("email", c.email);
  if (email && !EMAIL.test(email)) problems.email ??= SETTINGS_PROBLEMS.email;
  const campuses: StoredSettings["contact"]["campuses"] = [];
  c.campuses.slice(0, SETTINGS_LIMITS.campuses).forEach((campus, i) => {
    const f = (part: string) => campusField(i, part);
    const name = text(f("Name"), campus.name, SETTINGS_LIMITS.text, false);
    const street = text(f("Street"), campus.street, SETTINGS_LIMITS.text, false);
    const city = text(f("City"), campus.city, SETTINGS_LIMITS.text, false);
    const region = text(f("Region"), campus.region, SETTINGS_LIMITS.text, false);
    const mapUrl = link(f("MapUrl"), campus.mapUrl);
    if (!name && !street && !city && !region && !mapUrl) return;
    if (!name || !street || !city)
      problems[f(!name ? "Name" : !street ? "Street" : "City")] ??= SETTINGS_PROBLEMS.campus;
    campuses.push({ name, street, city, region, mapUrl });
  });
  if (!campuses.length) problems[campusField(0, "Name")] ??= SETTINGS_PROBLEMS.campus;

  const p = input.payments;
  const accountNumber = p.accountNumber.replace(/\s/g, "");
  if (!NUBAN.test(accountNumber)) problems.accountNumber = SETTINGS_PROBLEMS.nuban;
  if (!Number.isInteger(p.fee) || p.fee < 0 || p.fee > 10_000_000) problems.fee = SETTINGS_PROBLEMS.fee;

  const social = Object.fromEntries(
    SOCIAL_NETWORKS.map((n) => [n.key, link(n.key, socialLink(n.key, input.social[n.key] ?? ""))]),
  ) as StoredSettings["social"];

  const dpEmail = text("privacyEmail", input.dataProtection.contactEmail, SETTINGS_LIMITS.text, false);
  if (dpEmail && !EMAIL.test(dpEmail)) problems.privacyEmail ??= SETTINGS_PROBLEMS.email;

  const a = input.announcement;
  const message = text("announcement", a.message, SETTINGS_LIMITS.announcement, false);
  // Typed day first where a phone shows no date picker (docs/decisions/094-nigerian-dates.md).
  const start = asStoredDay(a.start.trim());
  const end = asStoredDay(a.end.trim());
  if (start && !DAY.test(start)) problems.announcementStart = SETTINGS_PROBLEMS.day;
  if (end && !DAY.test(end)) problems.announcementEnd = SETTINGS_PROBLEMS.day;
  if (message && (!start || !end))
    problems[!start ? "announcementStart" : "announcementEnd"] ??= SETTINGS_PROBLEMS.announcementDates;
  if (start && end && DAY.test(start) && DAY.test(end) && end < start)
    problems.announcementEnd ??= SETTINGS_PROBLEMS.endBeforeStart;

  const reminderDays = input.admissions.savedFormReminderDays;
  if (!Number.isInteger(reminderDays) || reminderDays < REMINDER_DAYS.min || reminderDays > REMINDER_DAYS.max)
    problems.savedFormReminderDays = SETTINGS_PROBLEMS.reminderDays;

  const value: StoredSettings = {
    contact: {
      academyName: text("academyName", c.academyName),
      phones,
      whatsapp,
      email,
      hours: text("hours", c.hours),
      campuses,
    },
    payments: {
      bankName: text("bankName", p.bankName),
      accountName: text("accountName", p.accountName),
      accountNumber,
      fee: p.fee,
      reference: text("reference", p.reference),
      refundPolicy: text("refundPolicy", p.refundPolicy, SETTINGS_LIMITS.longText),
    },
    social,
    dataProtection: {
      contactEmail: dpEmail,
      dpoName: text("dpoName", input.dataProtection.dpoName, SETTINGS_LIMITS.text, false),
    },
    announcement: { message, start, end },
    admissions: { savedFormReminderDays: reminderDays },
  };
  return { value, problems };
}

/** The names of the fields that differ between two values ("payments.accountNumber"), for history and the log. */
export function changedFields(before: StoredSettings, after: StoredSettings): string[] {
  const flat = (v: unknown, prefix: string, out: Map<string, string>) => {
    if (v && typeof v === "object" && !Array.isArray(v))
      for (const [k, inner] of Object.entries(v)) flat(inner, prefix ? `${prefix}.${k}` : k, out);
    else out.set(prefix, JSON.stringify(v));
    return out;
  };
  const a = flat(before, "", new Map());
  const b = flat(after, "", new Map());
  return [...new Set([...a.keys(), ...b.keys()])].filter((k) => a.get(k) !== b.get(k));
}
