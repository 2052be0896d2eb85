import * as z from "zod/mini";

import { SETTINGS_LIMITS, SOCIAL_NETWORKS, type StoredSettings } from "@domain/settings";
import { campusField, checkSettings, phoneField, SETTINGS_PROBLEMS } from "@domain/settings-rules";

// The settings form (app/routes/admin.settings.tsx): flat fields, read into the stored shape and
// checked by the rules both tiers share (domain/settings-rules.ts), so each field gets its message
// and the page keeps what was typed; the API checks the same again before it saves anything.

const text = z.optional(z.string().check(z.maxLength(SETTINGS_LIMITS.longText + 100)));

export const SETTINGS_FIELDS = [
  "academyName",
  ...Array.from({ length: SETTINGS_LIMITS.phones }, (_, i) => phoneField(i)),
  "whatsapp",
  "email",
  "hours",
  ...Array.from({ length: SETTINGS_LIMITS.campuses }, (_, i) =>
    ["Name", "Street", "City", "Region", "MapUrl"].map((part) => campusField(i, part)),
  ).flat(),
  "bankName",
  "accountName",
  "accountNumber",
  "fee",
  "reference",
  "refundPolicy",
  ...SOCIAL_NETWORKS.map((n) => n.key),
  "privacyEmail",
  "dpoName",
  "announcement",
  "announcementStart",
  "announcementEnd",
  "savedFormReminderDays",
] as const;

export const settingsFormSchema = z.object(Object.fromEntries(SETTINGS_FIELDS.map((f) => [f, text])));
export const restoreSchema = z.object({
  intent: z.literal("restore"),
  version: z.pipe(z.string().check(z.regex(/^\d{1,9}$/)), z.transform(Number)),
});

export type Typed = Partial<Record<(typeof SETTINGS_FIELDS)[number], string>>;

/** The form's fields as typed, from a stored value (the page's first view). */
export function typedFrom(s: StoredSettings): Typed {
  const typed: Record<string, string> = {
    academyName: s.contact.academyName,
    whatsapp: s.contact.whatsapp,
    email: s.contact.email,
    hours: s.contact.hours,
    bankName: s.payments.bankName,
    accountName: s.payments.accountName,
    accountNumber: s.payments.accountNumber,
    fee: String(s.payments.fee),
    reference: s.payments.reference,
    refundPolicy: s.payments.refundPolicy,
    privacyEmail: s.dataProtection.contactEmail,
    dpoName: s.dataProtection.dpoName,
    announcement: s.announcement.message,
    announcementStart: s.announcement.start,
    announcementEnd: s.announcement.end,
    savedFormReminderDays: String(s.admissions.savedFormReminderDays),
  };
  s.contact.phones.forEach((p, i) => (typed[phoneField(i)] = p));
  s.contact.campuses.forEach((c, i) => {
    typed[campusField(i, "Name")] = c.name;
    typed[campusField(i, "Street")] = c.street;
    typed[campusField(i, "City")] = c.city;
    typed[campusField(i, "Region")] = c.region;
    typed[campusField(i, "MapUrl")] = c.mapUrl;
  });
  for (const n of SOCIAL_NETWORKS) typed[n.key] = s.social[n.key];
  return typed;
}

/** The typed form as a value to save, with each field's problem (none: it may be saved). */
export function readSettingsForm(typed: Typed): { value: StoredSettings; problems: Record<string, string> } {
  const t = (k: (typeof SETTINGS_FIELDS)[number]) => typed[k] ?? "";
  const feeText = t("fee").replace(/[\s,₦]/g, "");
  const fee = /^\d{1,9}$/.test(feeText) ? Number(feeText) : NaN;
  const input: StoredSettings = {
    contact: {
      academyName: t("academyName"),
      phones: Array.from({ length: SETTINGS_LIMITS.phones }, (_, i) => typed[phoneField(i) as "phone0"] ?? ""),
      whatsapp: t("whatsapp"),
      email: t("email"),
      hours: t("hours"),
      campuses: Array.from({ length: SETTINGS_LIMITS.campuses }, (_, i) => {
        const c = (part: string) => typed[campusField(i, part) as "campus0Name"] ?? "";
        return { name: c("Name"), street: c("Street"), city: c("City"), region: c("Region"), mapUrl: c("MapUrl") };
      }),
    },
    payments: {
      bankName: t("bankName"),
      accountName: t("accountName"),
      accountNumber: t("accountNumber"),
      fee: Number.isNaN(fee) ? -1 : fee,
      reference: t("reference"),
      refundPolicy: t("refundPolicy"),
    },
    social: Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n.key, t(n.key)])) as StoredSettings["social"],
    dataProtection: { contactEmail: t("privacyEmail"), dpoName: t("dpoName") },
    announcement: { message: t("announcement"), start: t("announcementStart"), end: t("announcementEnd") },
    // Not a whole number: -1, which the rules refuse with the field's message.
    admissions: {
      savedFormReminderDays: /^\d{1,3}$/.test(t("savedFormReminderDays").trim())
        ? Number(t("savedFormReminderDays").trim())
        : -1,
    },
  };
  const checked = checkSettings(input);
  if (Number.isNaN(fee)) checked.problems.fee = SETTINGS_PROBLEMS.fee;
  return checked;
}
