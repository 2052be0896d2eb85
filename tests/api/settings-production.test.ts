import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type SiteSettings } from "@domain/settings";
import { DEFAULT_SETTINGS } from "@domain/settings-defaults";

import { type Api, createStaff, loginCookie, send, startApi } from "./harness";

// In production a new site's sample bank account is never shown to applicants, and an Admin's
// landing page lists what is still to do before launch (docs/product.md, "Settings").
let api: Api;
let admin: string;
beforeAll(async () => {
  api = await startApi({ nodeEnv: "production" });
  const a = await createStaff(api, "admin@launch.test");
  admin = await loginCookie(api, a.email, a.password);
  // An Admin who has not turned on two-factor sign-in yet.
  await createStaff(api, "late@launch.test", "Staff#Pass2025", { twoFactor: false });
});
afterAll(() => api.close());

const read = async () => (await (await send(api, "GET", "/api/settings")).json()) as SiteSettings;
const checklist = async () =>
  (
    (await (await send(api, "GET", "/api/settings/checklist", { cookie: admin })).json()) as {
      items: { key: string; detail?: string }[];
    }
  ).items;

describe("a fresh production site", () => {
  it("withholds the sample account and lists everything still to do", async () => {
    expect((await read()).bankWithheld).toBe(true);
    const items = await checklist();
    expect(items.map((i) => i.key)).toEqual([
      "sampleBank",
      "noSmtp",
      "noBackupRecipient",
      "publicUrlNotHttps",
      "adminWithoutTwoFactor",
      "privacyContactUnset",
      "mailFromLocal",
      "inboxLocal",
      "noCredentialKey",
      "sampleContacts",
      "sampleSocial",
      "sampleTeam",
      "sampleTestimonials",
      "sampleFaqs",
    ]);
    expect(items.find((i) => i.key === "adminWithoutTwoFactor")?.detail).toBe("Test Staff");
    // The sender and the inbox are named (docs/decisions/095-mail-identity-from-settings.md).
    expect(items.find((i) => i.key === "mailFromLocal")?.detail).toBe("no-reply@academy.local");
    expect(items.find((i) => i.key === "inboxLocal")?.detail).toBe("admissions@academy.local");
  });

  it("shows the account once a real one is saved, and the checklist drops what was done", async () => {
    const res = await send(api, "PUT", "/api/settings", {
      cookie: admin,
      json: {
        ...DEFAULT_SETTINGS,
        // The academy's own contacts and links: the sample's are no longer on the list.
        contact: {
          ...DEFAULT_SETTINGS.contact,
          phones: ["+2348051112222"],
          whatsapp: "+2348051112222",
          email: "office@launch.test",
          campuses: [
            { name: "Ikeja campus", street: "5 Allen Avenue", city: "Ikeja", region: "Lagos State", mapUrl: "" },
          ],
        },
        social: {
          ...DEFAULT_SETTINGS.social,
          facebook: "https://www.facebook.com/launchacademy",
          instagram: "",
          linkedin: "",
          x: "",
        },
        payments: { ...DEFAULT_SETTINGS.payments, bankName: "GTBank", accountNumber: "0123456789" },
        dataProtection: { contactEmail: "privacy@academy.test", dpoName: "Ada Obi" },
      },
    });
    expect(res.status).toBe(200);
    const s = await read();
    expect(s.bankWithheld).toBe(false);
    expect(s.payments.accountNumber).toBe("0123456789");
    expect((await checklist()).map((i) => i.key)).toEqual([
      "noSmtp",
      "noBackupRecipient",
      "publicUrlNotHttps",
      "adminWithoutTwoFactor",
      "mailFromLocal",
      "inboxLocal",
      "noCredentialKey",
      "sampleTeam",
      "sampleTestimonials",
      "sampleFaqs",
    ]);
  });
});
