import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { lagosDay } from "@domain/consent";
import { DEFAULT_LEGAL_TEXTS } from "@domain/legal-defaults";
import { type StoredLegal, typedLegal } from "@domain/legal-texts";

import { validApplicant } from "../fixtures/registration";
import { type Api, createStaff, fileOf, loginCookie, pdfBytes, send, startApi, uploadTokenHeader } from "./harness";

// The privacy notice and the terms (docs/decisions/071-legal-texts-edited-and-versioned.md): anyone
// reads them with their versions; only an Admin saves, lists and restores; a save that changes the
// words is the next consent version, dated today in Lagos; registrations record the version they
// accepted and keep it; a bad text is refused whole; the security log records each save.
let api: Api;
let admin: string;
let editor: string;
let admissions: string;
let courseId: string;
beforeAll(async () => {
  api = await startApi();
  const a = await createStaff(api, "admin@legal.test");
  admin = await loginCookie(api, a.email, a.password);
  const e = await createStaff(api, "editor@legal.test", "Staff#Pass2025", { role: "editor", twoFactor: false });
  editor = await loginCookie(api, e.email, e.password);
  const m = await createStaff(api, "admissions@legal.test", "Staff#Pass2025", { role: "admissions" });
  admissions = await loginCookie(api, m.email, m.password);
  const res = await send(api, "POST", "/api/courses", {
    cookie: admin,
    json: { title: "Hair Styling", tutors: "Staff" },
  });
  courseId = ((await res.json()) as { _id: string })._id;
});
afterAll(() => api.close());

type Read = StoredLegal & { version: number };
const read = async (doc = "privacy") => (await (await send(api, "GET", `/api/legal/${doc}`)).json()) as Read;
const save = (value: unknown, cookie = admin, doc = "privacy") =>
  send(api, "PUT", `/api/legal/${doc}`, { cookie, json: value });
const revisionCount = async () =>
  (await api.db.selectFrom("page_content_revisions").select("id").where("name", "in", ["privacy", "terms"]).execute())
    .length;
const seeded = typedLegal(DEFAULT_LEGAL_TEXTS.privacy);
const changedPrivacy = {
  ...seeded,
  sections: [
    ...seeded.sections,
    { heading: "Photographs", text: "We photograph classes.\n\nAsk us to leave you out." },
  ],
};

async function register(fields: Record<string, string> = {}, n = 0) {
  const form = new FormData();
  form.set("group", "idCards");
  form.append("file", fileOf(pdfBytes(), "nin.pdf"));
  const up = await send(api, "POST", "/api/applicant/files", {
    multipart: form,
    headers: await uploadTokenHeader(api),
  });
  const file = ((await up.json()) as { public_id: string }[])[0].public_id;
  const res = await send(api, "POST", "/api/applicant", {
    form: {
      ...validApplicant,
      courseId,
      files: file,
      email: `legal${n}@example.com`,
      phone: `+23480311100${String(n).padStart(2, "0")}`,
      ...fields,
    },
  });
  if (res.status !== 201) return { status: res.status, text: await res.text(), consents: null };
  const { _id } = (await res.json()) as { _id: string };
  const row = await api.db.selectFrom("applicants").select("consents").where("id", "=", _id).executeTakeFirstOrThrow();
  return { status: 201, text: "", consents: JSON.parse(row.consents!) as Record<string, number> };
}

describe("reading", () => {
  it("answers the seeded words with their versions to anyone before a save", async () => {
    const privacy = await read();
    expect(privacy.version).toBe(5);
    expect(privacy.versions.map((v) => v.version)).toEqual([1, 2, 3, 4, 5]);
    expect(privacy.sections[0].heading).toBe("Who we are");
    expect((await read("terms")).version).toBe(3);
    expect((await send(api, "GET", "/api/legal/cookies")).status).toBe(404);
  });
});

describe("roles", () => {
  it("refuses an Editor and Admissions (403) and a visitor (401), and stores nothing", async () => {
    for (const cookie of [editor, admissions]) {
      expect((await save(changedPrivacy, cookie)).status).toBe(403);
      expect((await send(api, "GET", "/api/legal/privacy/revisions", { cookie })).status).toBe(403);
      expect((await send(api, "POST", "/api/legal/privacy/revisions/0/restore", { cookie })).status).toBe(403);
    }
    expect((await send(api, "PUT", "/api/legal/privacy", { json: changedPrivacy })).status).toBe(401);
    expect((await read()).version).toBe(5);
    expect(await revisionCount()).toBe(0);
  });
});

describe("bad input is refused whole", () => {
  it.each([
    ["an empty introduction", { ...seeded, intro: "  " }, "intro: Please fill this in"],
    ["no section", { ...seeded, sections: [] }, "sections: Please fill this in"],
    [
      "a heading over two lines",
      { ...seeded, sections: [{ heading: "A\nB", text: "x" }] },
      "section0heading: Keep this on one line",
    ],
    [
      "a section without text",
      { ...seeded, sections: [...seeded.sections, { heading: "More", text: "\n\n" }] },
      `section${seeded.sections.length}text: Please fill this in`,
    ],
    ["a text too long", { ...seeded, intro: "x".repeat(2100) }, "intro: Please keep this under 2000 characters"],
  ])("%s", async (_name, value, message) => {
    const res = await save(value);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(message);
    expect((await read()).version).toBe(5);
    expect(await revisionCount()).toBe(0);
  });

  it("refuses a body not of the text's shape: HTML fields, too many sections, an unknown text", async () => {
    expect((await save({ intro: "x" })).status).toBe(400);
    expect((await save({ ...seeded, html: "<b>" })).status).toBe(400);
    expect(
      (await save({ ...seeded, sections: Array.from({ length: 31 }, () => ({ heading: "h", text: "t" })) })).status,
    ).toBe(400);
    expect((await save(seeded, admin, "cookies")).status).toBe(404);
    expect(await revisionCount()).toBe(0);
  });
});

describe("versions, registrations, history and restore", () => {
  it("a registration before any save accepts the seeded versions", async () => {
    const r = await register({}, 1);
    expect(r.consents).toMatchObject({ terms: 3, privacy: 5 });
  });

  it("a change is the next version, dated today; the same words again write nothing", async () => {
    const res = await save(changedPrivacy);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ version: 6, revision: 1, changed: ["sections"] });
    const privacy = await read();
    expect(privacy.version).toBe(6);
    expect(privacy.versions.at(-1)).toMatchObject({ version: 6, effective: lagosDay() });
    expect(privacy.sections.at(-1)).toEqual({
      heading: "Photographs",
      paragraphs: ["We photograph classes.", "Ask us to leave you out."],
    });
    const log = await api.db
      .selectFrom("security_log")
      .select("reason")
      .where("event", "=", "legal-text.changed")
      .execute();
    expect(log.map((l) => l.reason)).toEqual(["privacy version 6"]);

    const again = await save({ ...changedPrivacy, intro: `  ${changedPrivacy.intro}  ` });
    expect(await again.json()).toMatchObject({ version: 6, changed: [] });
    expect(await revisionCount()).toBe(2);
    // The terms are a text of their own: still version 3.
    expect((await read("terms")).version).toBe(3);
  });

  it("new registrations accept the new version; one that names an earlier version keeps it; a version never shown is refused", async () => {
    expect((await register({}, 2)).consents).toMatchObject({ terms: 3, privacy: 6 });
    expect((await register({ privacyVersion: "5" }, 3)).consents).toMatchObject({ privacy: 5 });
    const unknown = await register({ privacyVersion: "7" }, 4);
    expect(unknown.status).toBe(400);
    expect(unknown.text).toContain("terms have changed");
    expect((await register({ termsVersion: "0" }, 5)).status).toBe(400);
  });

  it("the history lists each revision with who; a restore brings the seeded words back as a new version", async () => {
    const list = await send(api, "GET", "/api/legal/privacy/revisions", { cookie: admin });
    const { revisions } = (await list.json()) as {
      revisions: { version: number; changed: string[]; by: { email: string } | null }[];
    };
    expect(revisions.map((r) => [r.version, r.changed, r.by?.email ?? null])).toEqual([
      [1, ["sections"], "admin@legal.test"],
      [0, [], null],
    ]);
    const restored = await send(api, "POST", "/api/legal/privacy/revisions/0/restore", { cookie: admin });
    expect(restored.status).toBe(200);
    expect(await restored.json()).toMatchObject({ version: 7, revision: 2, changed: ["sections"] });
    const privacy = await read();
    expect(privacy.sections).toEqual(DEFAULT_LEGAL_TEXTS.privacy.sections);
    expect(privacy.versions.map((v) => v.version)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    // The seeded words again, under a new number: what was accepted as 5 stays 5.
    expect(privacy.versions[6].fingerprint).toBe(privacy.versions[4].fingerprint);
    const log = await api.db
      .selectFrom("security_log")
      .select("reason")
      .where("event", "=", "legal-text.restored")
      .execute();
    expect(log.map((l) => l.reason)).toEqual(["privacy revision 0 as version 7"]);
    expect((await send(api, "POST", "/api/legal/privacy/revisions/99/restore", { cookie: admin })).status).toBe(404);
    // The home page's content is another row: untouched.
    const home = (await (await send(api, "GET", "/api/page-content")).json()) as { version: number };
    expect(home.version).toBe(0);
  });
});
