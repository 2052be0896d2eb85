import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { SiteSettings } from "@domain/settings";
import { DEFAULT_SETTINGS } from "@domain/settings-defaults";

import { type Api, mailsSent, readOutbox, send, signedInStaff, startApi } from "./harness";

// The mail's identity (docs/decisions/095-mail-identity-from-settings.md): the sender's address is
// MAIL_FROM and its name the academy's from Settings; with no ACADEMY_INBOX the e-mail saved in
// Settings receives the notices and the replies; with neither, no notice is sent and the launch
// checklist says so.
let api: Api;
let admin: string;
beforeAll(async () => {
  // An empty value is unset: this site's operator set no ACADEMY_INBOX.
  api = await startApi({ env: { ACADEMY_INBOX: "", MAIL_FROM: "Old Name <no-reply@glow.example>" } });
  ({ cookie: admin } = await signedInStaff(api, "owner@glow.example"));
});
afterAll(() => api.close());

const save = async (contact: Partial<SiteSettings["contact"]>) => {
  const res = await send(api, "PUT", "/api/settings", {
    cookie: admin,
    json: { ...DEFAULT_SETTINGS, contact: { ...DEFAULT_SETTINGS.contact, ...contact } },
  });
  expect(res.status).toBe(200);
};
const checklist = async () =>
  (
    (await (await send(api, "GET", "/api/settings/checklist", { cookie: admin })).json()) as {
      items: { key: string; detail?: string }[];
    }
  ).items.map((i) => i.key);
const message = (fullname: string) =>
  send(api, "POST", "/api/contact", {
    form: { fullname, email: "ngozi@example.com", phone: "+234 803 123 4567", issue: "2", message: "Hello there" },
  });

describe("mail from the academy's own addresses", () => {
  it("sends notices to the e-mail saved in Settings, from MAIL_FROM's address under the academy's name", async () => {
    await save({ academyName: "Glow Beauty School", email: "hello@glow.example" });
    expect((await message("Ngozi First")).status).toBe(201);
    const [notice] = await mailsSent(api, { subject: "New contact message from Ngozi First" });
    expect(notice).toBeDefined();
    expect(JSON.stringify(notice.to)).toContain("hello@glow.example");
    const from = (notice as unknown as { from: { name: string; address: string } }).from;
    expect(from).toEqual({ name: "Glow Beauty School", address: "no-reply@glow.example" });
    // No mail of this site names a .local address.
    expect(JSON.stringify(readOutbox(api))).not.toMatch(/\.local\b/);
    const items = await checklist();
    for (const key of ["mailFromLocal", "inboxUnset", "inboxLocal"]) expect(items).not.toContain(key);
    // The checklist says who the mail comes from and where notices and replies go.
    const res = await send(api, "GET", "/api/settings/checklist", { cookie: admin });
    expect(((await res.json()) as { mail: unknown }).mail).toEqual({
      name: "Glow Beauty School",
      from: "no-reply@glow.example",
      inbox: "hello@glow.example",
      replyTo: "hello@glow.example",
    });
  });

  it("points the applicants' Reply-To at the same inbox when ADMISSIONS_INBOX is unset", async () => {
    const { admissionsAddress, academyInbox } = await import("../../api/mail");
    const settings = (await (await send(api, "GET", "/api/settings")).json()) as SiteSettings;
    expect(academyInbox(settings)).toBe("hello@glow.example");
    expect(admissionsAddress(settings)).toBe("hello@glow.example");
  });

  it("with no inbox at all sends no notice, and the checklist asks for one", async () => {
    // A site whose settings hold no e-mail (a fresh site's seed holds none to invent): written as
    // stored, since a save through Settings requires one, and announced as a save is.
    const row = await api.db.selectFrom("site_settings").select("value").executeTakeFirstOrThrow();
    const stored = JSON.parse(row.value) as SiteSettings;
    await api.db
      .updateTable("site_settings")
      .set({ value: JSON.stringify({ ...stored, contact: { ...stored.contact, email: "" } }) })
      .execute();
    const { publishContentChange } = await import("../../api/lib/content-events");
    publishContentChange({ kind: "settings", method: "PUT", path: "/api/settings" });
    expect(await checklist()).toContain("inboxUnset");
    expect((await message("Ngozi Second")).status).toBe(201);
    const queued = await api.db
      .selectFrom("mail_outbox")
      .select("id")
      .where("subject", "=", "New contact message from Ngozi Second")
      .execute();
    expect(queued).toEqual([]);
  });
});
