// The seeded settings (docs/product.md, "Settings"): read by the API and the server only. Their own
// module, so no page's script carries the demo's contact details and sample account
// (docs/decisions/045).
import { DEFAULT_REFERENCE, DEFAULT_REFUND_POLICY, REMINDER_DAYS, SAMPLE_BANK, type StoredSettings } from "./settings";

/** The seeded values: a new site shows these until an Admin saves its own (the bank account is a sample). */
export const DEFAULT_SETTINGS: StoredSettings = {
  contact: {
    academyName: "Fine Line Academy",
    phones: ["+2348030000000"],
    whatsapp: "+2348030000000",
    email: "hello@finelineacademy.ng",
    hours: "Monday to Saturday, 9am to 5pm",
    campuses: [
      {
        name: "Lekki campus",
        street: "12 Admiralty Way, Lekki Phase 1",
        city: "Lagos",
        region: "Lagos State",
        mapUrl: "https://www.google.com/maps/search/?api=1&query=12+Admiralty+Way+Lekki+Phase+1+Lagos",
      },
    ],
  },
  payments: {
    bankName: SAMPLE_BANK.bankName,
    accountName: "Fine Line Academy Ltd",
    accountNumber: SAMPLE_BANK.accountNumber,
    fee: 20000,
    reference: DEFAULT_REFERENCE,
    refundPolicy: DEFAULT_REFUND_POLICY,
  },
  social: {
    facebook: "https://www.facebook.com/finelineacademy",
    instagram: "https://www.instagram.com/finelineacademy",
    linkedin: "https://www.linkedin.com/company/finelineacademy",
    x: "https://x.com/finelineacademy",
    tiktok: "",
    youtube: "",
  },
  dataProtection: { contactEmail: "", dpoName: "" },
  announcement: { message: "", start: "", end: "" },
  admissions: { savedFormReminderDays: REMINDER_DAYS.default },
};
