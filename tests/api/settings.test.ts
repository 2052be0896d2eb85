import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type SiteSettings, type StoredSettings } from "@domain/settings";
import { DEFAULT_SETTINGS } from "@domain/settings-defaults";

import { validApplicant } from "../fixtures/registration";
import {
  type Api,
  createStaff,
  fileOf,
  loginCookie,
  pdfBytes,
  readOutbox,
  send,
  startApi,
  uploadTokenHeader,
} from "./harness";

// The academy's settings (docs/product.md, "Settings"; docs/decisions/060): anyone reads them,
// only an Admin saves, reads the history and restores; each save is a version; a bad value is
// refused whole; the next mail says what was saved.
let api: Api;
let admin: string;
let editor: string;
let admissions: string;
beforeAll(async () => {
  api = await startApi();
  const a = await createStaff(api, "admin@settings.test");
  admin = await loginCookie(api, a.email, a.password);
  const e = await createStaff(api, "editor@settings.test", "Staff#Pass2025", { role: "editor", twoFactor: false });
  editor = await loginCookie(api, e.email, e.password);
  const m = await createStaff(api, "admissions@settings.test", "Staff#Pass2025", { role: "admissions" });
  admissions = await loginCookie(api, m.email, m.password);
  expect(
    (await send(api, "POST", "/api/courses", { cookie: admin, json: { title: "Hair Styling", tutors: "Staff" } }))
      .status,
  ).toBe(201);
});
afterAll(() => api.close());

const read = async () => (await (await send(api, "GET", "/api/settings")).json()) as SiteSettings;
const withPayments = (p: Partial<StoredSettings["payments"]>): StoredSettings => ({
  ...DEFAULT_SETTINGS,
  payments: { ...DEFAULT_SETTINGS.payments, ...p },
});
const save = (value: unknown, cookie = admin) => send(api, "PUT", "/api/settings", { cookie, json: value });

describe("reading", () => {
  it("answers the defaults to anyone before a save: version 0, the sample account flagged", async () => {
    const s = await read();
    expect(s.version).toBe(0);
    expect(s.payments).toEqual(DEFAULT_SETTINGS.payments);
    expect(s.sampleBank).toBe(true);
    // Outside production the sample is shown (the demo and the tests); production withholds it.
    expect(s.bankWithheld).toBe(false);
    expect(s.phones[0]).toEqual({ display: "+234 803 000 0000", href: "tel:+2348030000000" });
    expect(s.feeText).toBe("₦20,000");
    // Empty social links are not listed.
    expect(s.socials.map((x) => x.key)).toEqual(["facebook", "instagram", "linkedin", "x"]);
  });
});

describe("roles", () => {
  it("refuses an Editor and an Admissions member (403) and a visitor (401), and stores nothing", async () => {
    const value = withPayments({ accountNumber: "2023456789" });
    for (const cookie of [editor, admissions]) {
      expect((await save(value, cookie)).status).toBe(403);
      expect((await send(api, "GET", "/api/settings/revisions", { cookie })).status).toBe(403);
      expect((await send(api, "POST", "/api/settings/revisions/0/restore", { cookie })).status).toBe(403);
    }
    expect((await send(api, "PUT", "/api/settings", { json: value })).status).toBe(401);
    expect((await read()).version).toBe(0);
    const denied = await api.db
      .selectFrom("security_log")
      .select("reason")
      .where("event", "=", "permission.denied")
      .execute();
    expect(denied.map((r) => r.reason)).toContain("settings");
  });
});

describe("bad input is refused whole", () => {
  it.each([
    ["a 9-digit account number", withPayments({ accountNumber: "123456789" }), "accountNumber: "],
    [
      "a WhatsApp number the numbering plan refuses",
      { ...DEFAULT_SETTINGS, contact: { ...DEFAULT_SETTINGS.contact, whatsapp: "+234 12" } },
      "whatsapp: ",
    ],
    [
      "an announcement ending before it starts",
      { ...DEFAULT_SETTINGS, announcement: { message: "Intake closes", start: "2026-12-15", end: "2026-12-01" } },
      "announcementEnd: The announcement cannot end before it starts",
    ],
    [
      "a link that is not http(s)",
      { ...DEFAULT_SETTINGS, social: { ...DEFAULT_SETTINGS.social, facebook: "javascript:alert(1)" } },
      "facebook: Enter the page's address, starting with https://",
    ],
    ["a fee that is not a whole number", withPayments({ fee: 20000.5 }), ""],
  ])("%s", async (_name, value, message) => {
    const res = await save(value);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(message);
    expect((await read()).version).toBe(0);
    expect(await api.db.selectFrom("settings_revisions").select("id").execute()).toEqual([]);
  });

  it("refuses a body that is not the settings' shape, and one too large", async () => {
    expect((await save({ contact: "x" })).status).toBe(400);
    const huge = { ...DEFAULT_SETTINGS, contact: { ...DEFAULT_SETTINGS.contact, hours: "x".repeat(40_000) } };
    expect((await save(huge)).status).toBe(413);
  });
});

describe("saving, history and restore", () => {
  it("saves a version with who and what changed, logs it, and the next confirmation mail has the new account", async () => {
    const value = withPayments({ bankName: "Access Bank", accountNumber: "0690000031", fee: 25000 });
    const res = await save({ ...value, contact: { ...value.contact, phones: ["0803 111 2222"] } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { version: number; changed: string[]; settings: SiteSettings };
    expect(body.version).toBe(1);
    expect(body.changed.sort()).toEqual(
      ["contact.phones", "payments.accountNumber", "payments.bankName", "payments.fee"].sort(),
    );
    // Read at once, from the memory copy the save emptied.
    const s = await read();
    expect(s.payments.accountNumber).toBe("0690000031");
    expect(s.contact.phones).toEqual(["+2348031112222"]);
    expect(s.sampleBank).toBe(false);
    const log = await api.db
      .selectFrom("security_log")
      .select(["reason", "actor_id"])
      .where("event", "=", "settings.changed")
      .execute();
    expect(log).toHaveLength(1);
    // Field names, never values.
    expect(log[0].reason).toContain("payments.accountNumber");
    expect(log[0].reason).not.toContain("0690000031");

    // The next registration's confirmation names the new account and fee.
    const form = new FormData();
    form.set("group", "idCards");
    form.append("file", fileOf(pdfBytes(), "nin.pdf"));
    const uploaded = await send(api, "POST", "/api/applicant/files", {
      multipart: form,
      headers: await uploadTokenHeader(api),
    });
    const [{ public_id }] = (await uploaded.json()) as { public_id: string }[];
    const registered = await send(api, "POST", "/api/applicant", {
      form: { ...validApplicant, courseTitle: "Hair Styling", files: [public_id] },
    });
    expect(registered.status).toBe(201);
    const { reference } = (await registered.json()) as { reference: string };
    let mail: { text: string } | undefined;
    for (let i = 0; i < 120 && !mail; i++) {
      mail = readOutbox(api).find((m) => m.subject.startsWith("Your registration") && m.text.includes(reference));
      if (!mail) await new Promise((r) => setTimeout(r, 25));
    }
    expect(mail?.text).toContain("Account Number: 0690000031");
    expect(mail?.text).toContain("Bank: Access Bank");
    expect(mail?.text).toContain("₦25,000");
    expect(mail?.text).toContain("+234 803 111 2222");
    expect(mail?.text).not.toContain(DEFAULT_SETTINGS.payments.accountNumber);
  });

  it("a save that changes nothing writes no version", async () => {
    const before = await read();
    const { contact, payments, social, dataProtection, announcement } = before;
    const res = await save({ contact, payments, social, dataProtection, announcement });
    expect(((await res.json()) as { changed: string[] }).changed).toEqual([]);
    expect((await read()).version).toBe(before.version);
  });

  it("lists the versions newest first, the defaults as version 0, and restores one as a new version", async () => {
    const list = await send(api, "GET", "/api/settings/revisions", { cookie: admin });
    expect(list.status).toBe(200);
    const { revisions } = (await list.json()) as {
      revisions: { version: number; changed: string[]; by: { name: string } | null; restoredFrom: number | null }[];
    };
    expect(revisions.map((r) => r.version)).toEqual([1, 0]);
    expect(revisions[0].by?.name).toBe("Test Staff");
    expect(revisions[1].by).toBeNull();

    const restored = await send(api, "POST", "/api/settings/revisions/0/restore", { cookie: admin });
    expect(restored.status).toBe(200);
    const s = await read();
    expect(s.version).toBe(2);
    expect(s.payments).toEqual(DEFAULT_SETTINGS.payments);
    const again = (await (await send(api, "GET", "/api/settings/revisions", { cookie: admin })).json()) as {
      revisions: { version: number; restoredFrom: number | null }[];
    };
    expect(again.revisions[0]).toMatchObject({ version: 2, restoredFrom: 0 });
    expect(
      await api.db.selectFrom("security_log").select("reason").where("event", "=", "settings.restored").execute(),
    ).toEqual([{ reason: "version 0" }]);
    // Pages by version: the one before 2.
    const older = (await (await send(api, "GET", "/api/settings/revisions?before=2", { cookie: admin })).json()) as {
      revisions: { version: number }[];
    };
    expect(older.revisions.map((r) => r.version)).toEqual([1, 0]);
  });

  it("answers 404 for a version that does not exist", async () => {
    expect((await send(api, "POST", "/api/settings/revisions/99/restore", { cookie: admin })).status).toBe(404);
  });

  it("two saves at once both become versions, none lost", async () => {
    const before = (await read()).version;
    const [a, b] = await Promise.all([
      save(withPayments({ accountNumber: "1111111111" })),
      save(withPayments({ accountNumber: "2222222222" })),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const versions = [
      ((await a.json()) as { version: number }).version,
      ((await b.json()) as { version: number }).version,
    ].sort();
    expect(versions).toEqual([before + 1, before + 2]);
  });
});
