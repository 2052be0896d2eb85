import crypto from "node:crypto";

import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { PageContent } from "@domain/page-content";
import { DEFAULT_PAGE_CONTENT } from "@domain/page-content-defaults";

import { type Api, createStaff, fileOf, loginCookie, pdfBytes, send, startApi } from "./harness";

// The home page's content blocks (docs/product.md, "Page content"; docs/decisions/070): anyone
// reads them; an Editor or an Admin saves, reads the history and restores; Admissions may not;
// each save is a version; a bad value is refused whole; the security log records each save.
let api: Api;
let admin: string;
let editor: string;
let admissions: string;
beforeAll(async () => {
  api = await startApi();
  const a = await createStaff(api, "admin@content.test");
  admin = await loginCookie(api, a.email, a.password);
  const e = await createStaff(api, "editor@content.test", "Staff#Pass2025", { role: "editor", twoFactor: false });
  editor = await loginCookie(api, e.email, e.password);
  const m = await createStaff(api, "admissions@content.test", "Staff#Pass2025", { role: "admissions" });
  admissions = await loginCookie(api, m.email, m.password);
});
afterAll(() => api.close());

type Read = PageContent & { version: number };
const read = async () => (await (await send(api, "GET", "/api/page-content")).json()) as Read;
const save = (value: unknown, cookie = editor) => send(api, "PUT", "/api/page-content", { cookie, json: value });
const revisionCount = async () => (await api.db.selectFrom("page_content_revisions").select("id").execute()).length;
const newFaq = { question: "Can I pay in two parts?", answer: "Yes.\n\nAsk the office for the dates." };

describe("reading", () => {
  it("answers the seeded blocks to anyone before a save: version 0", async () => {
    const c = await read();
    expect(c.version).toBe(0);
    expect(c.faqs).toHaveLength(11);
    expect(c.faqs[0].question).toBe("How long are the courses?");
    expect(c.team.map((m) => m.name)).toEqual(DEFAULT_PAGE_CONTENT.team.map((m) => m.name));
    expect(c.testimonials).toEqual(DEFAULT_PAGE_CONTENT.testimonials);
  });
});

describe("roles", () => {
  it("refuses an Admissions member (403) and a visitor (401), and stores nothing", async () => {
    const value = { faqs: [newFaq] };
    expect((await save(value, admissions)).status).toBe(403);
    expect((await send(api, "GET", "/api/page-content/revisions", { cookie: admissions })).status).toBe(403);
    expect((await send(api, "POST", "/api/page-content/revisions/0/restore", { cookie: admissions })).status).toBe(403);
    expect((await send(api, "PUT", "/api/page-content", { json: value })).status).toBe(401);
    expect((await read()).version).toBe(0);
    expect(await revisionCount()).toBe(0);
    const denied = await api.db
      .selectFrom("security_log")
      .select("reason")
      .where("event", "=", "permission.denied")
      .execute();
    expect(denied.map((r) => r.reason)).toContain("content");
  });
});

describe("bad input is refused whole", () => {
  const faqs = DEFAULT_PAGE_CONTENT.faqs;
  const member = DEFAULT_PAGE_CONTENT.team[0];
  it.each([
    ["an FAQ without its answer", { faqs: [...faqs, { question: "Why?", answer: "  " }] }, "faqs11answer: Please fill"],
    [
      "a question over two lines",
      { faqs: [{ question: "Why\nnot?", answer: "Because." }] },
      "faqs0question: Keep this on one line",
    ],
    [
      "a team member's link that is not http(s)",
      { team: [{ ...member, links: { ...member.links, instagram: "javascript:alert(1)" } }] },
      "team0instagram: A link must start with https://",
    ],
    [
      "a good block beside a bad one",
      { faqs: [newFaq], testimonials: [{ quote: "", name: "A.", role: "" }] },
      "testimonials0quote: Please fill",
    ],
  ])("%s", async (_name, value, message) => {
    const res = await save(value);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(message);
    expect((await read()).version).toBe(0);
    expect(await revisionCount()).toBe(0);
  });

  it("refuses a body that is not the blocks' shape, an unknown block and too many items", async () => {
    expect((await save({ faqs: "x" })).status).toBe(400);
    expect((await save({})).status).toBe(400);
    expect((await save({ about: [] })).status).toBe(400);
    expect((await save({ faqs: [{ ...newFaq, html: "<b>" }] })).status).toBe(400);
    expect(
      (await save({ testimonials: Array.from({ length: 13 }, () => ({ quote: "q", name: "n", role: "" })) })).status,
    ).toBe(400);
    expect(await revisionCount()).toBe(0);
  });
});

describe("the slides, blurbs and Why Us", () => {
  it("are read with the rest; a wrong number of blurbs or an empty point is refused", async () => {
    const c = await read();
    expect(c.slides.map((s) => s.title)).toEqual([
      "Personalized Guidance",
      "Collaborative Learning",
      "Hands-on Experience",
      "Empowering Future Professionals",
    ]);
    expect(c.features).toHaveLength(3);
    expect(c.whyUs[0].title).toBe("Why Choose Us");
    expect(c.whyUsPoints).toHaveLength(5);
    expect((await save({ features: c.features.slice(0, 2) })).status).toBe(400);
    expect((await save({ whyUs: [] })).status).toBe(400);
    const refused = await save({ whyUsPoints: [{ point: "" }] });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("whyUsPoints0point: Please fill this in");
    expect(await revisionCount()).toBe(0);
  });
});

describe("the slides' buttons", () => {
  it("are SPEC's two in the seed; a link that is not a site path or https, or words without a link, is refused", async () => {
    const c = await read();
    expect(c.slides[0]).toMatchObject({
      button1Label: "Enroll Now",
      button1Link: "/registration-form",
      button2Label: "Learn More",
      button2Link: "/about",
    });
    for (const [patch, message] of [
      [{ button2Link: "//evil.example" }, "slides0button2Link: A button's link must be a page of this site"],
      [{ button1Link: "javascript:alert(1)" }, "slides0button1Link: A button's link must be"],
      [{ button1Link: "http://example.com" }, "slides0button1Link: A button's link must be"],
      [{ button2Link: "" }, "slides0button2Link: Give this button a link too"],
    ] as const) {
      const refused = await save({ slides: [{ ...c.slides[0], ...patch }] });
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain(message);
    }
    expect(await revisionCount()).toBe(0);
  });
});

describe("the about page's sections", () => {
  it("are read with the rest; a wrong number of pillars or figures, or an empty mission, is refused", async () => {
    const c = await read();
    expect(c.about[0].mission).toMatch(/^To equip young Nigerians/);
    expect(c.aboutPillars.map((p) => p.title)).toEqual(["Salon", "Academy", "Lounge"]);
    expect(c.aboutFigures.map((f) => f.value)).toEqual(["8", "3", "24"]);
    expect((await save({ aboutPillars: c.aboutPillars.slice(0, 2) })).status).toBe(400);
    expect((await save({ aboutFigures: [...c.aboutFigures, { value: "1", label: "x" }] })).status).toBe(400);
    const refused = await save({ about: [{ ...c.about[0], mission: " " }] });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("about0mission: Please fill this in");
    expect(await revisionCount()).toBe(0);
  });
});

describe("saving, history and restore", () => {
  it("saves a version with who and which blocks, logs it, and is read at once; text stays text", async () => {
    const faqs = [
      ...DEFAULT_PAGE_CONTENT.faqs,
      { question: " <b>Fees?</b> ", answer: "Line one\r\n\r\n\r\nLine two  " },
    ];
    const team = [
      {
        name: "Ada Obi",
        position: "Tutor",
        links: { facebook: "", instagram: "https://instagram.com/ada", linkedin: "", x: "" },
      },
      ...DEFAULT_PAGE_CONTENT.team,
    ];
    const res = await save({ faqs, team });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { version: number; changed: string[] };
    expect(body).toMatchObject({ version: 1, changed: ["faqs", "team"] });
    const c = await read();
    expect(c.version).toBe(1);
    // Kept as typed text (never HTML), trimmed, line breaks unified, one blank line between paragraphs.
    expect(c.faqs.at(-1)).toEqual({ question: "<b>Fees?</b>", answer: "Line one\n\nLine two" });
    expect(c.team[0].name).toBe("Ada Obi");
    expect(c.team[0].links.instagram).toBe("https://instagram.com/ada");
    expect(c.testimonials).toEqual(DEFAULT_PAGE_CONTENT.testimonials);
    const log = await api.db
      .selectFrom("security_log")
      .select(["reason"])
      .where("event", "=", "page-content.changed")
      .execute();
    expect(log.map((l) => l.reason)).toEqual(["faqs,team"]);

    // The same again: nothing changed, nothing written.
    const again = await save({ faqs });
    expect(((await again.json()) as { version: number; changed: string[] }).changed).toEqual([]);
    expect(await revisionCount()).toBe(2);
  });

  it("an Admin may save too; the history lists each version with who; a restore brings the seed back as a new version", async () => {
    const saved = await save({ testimonials: [{ quote: "Great.", name: "B.", role: "" }] }, admin);
    expect(saved.status).toBe(200);
    const list = await send(api, "GET", "/api/page-content/revisions", { cookie: editor });
    const { revisions } = (await list.json()) as {
      revisions: { version: number; changed: string[]; by: { email: string } | null; restoredFrom: number | null }[];
    };
    expect(revisions.map((r) => [r.version, r.changed, r.by?.email ?? null])).toEqual([
      [2, ["testimonials"], "admin@content.test"],
      [1, ["faqs", "team"], "editor@content.test"],
      [0, [], null],
    ]);

    const restored = await send(api, "POST", "/api/page-content/revisions/0/restore", { cookie: editor });
    expect(restored.status).toBe(200);
    expect(await restored.json()).toMatchObject({ version: 3, changed: ["faqs", "team", "testimonials"] });
    const c = await read();
    expect(c.version).toBe(3);
    expect(c).toEqual({ version: 3, ...DEFAULT_PAGE_CONTENT });
    const log = await api.db
      .selectFrom("security_log")
      .select("reason")
      .where("event", "=", "page-content.restored")
      .execute();
    expect(log.map((l) => l.reason)).toEqual(["version 0"]);

    // A value stored before slides had buttons reads with SPEC's two, as the page drew them then.
    const slides = DEFAULT_PAGE_CONTENT.slides.map((s, i) => ({
      title: i ? s.title : "Stored before buttons",
      text: s.text,
    }));
    await api.db
      .updateTable("page_content")
      .set({ value: JSON.stringify({ ...DEFAULT_PAGE_CONTENT, slides }) })
      .where("name", "=", "home")
      .execute();
    const { publishContentChange } = await import("../../api/lib/content-events");
    publishContentChange({ kind: "settings", method: "PUT", path: "/api/page-content" });
    const [first, ...rest] = (await read()).slides;
    expect(first).toEqual({ ...DEFAULT_PAGE_CONTENT.slides[0], title: "Stored before buttons" });
    expect(rest).toEqual(DEFAULT_PAGE_CONTENT.slides.slice(1));
    expect((await send(api, "POST", "/api/page-content/revisions/99/restore", { cookie: editor })).status).toBe(404);
    expect((await send(api, "POST", "/api/page-content/revisions/x/restore", { cookie: editor })).status).toBe(400);
  });
});

describe("team photos and slides' images (docs/decisions/085)", () => {
  const upload = (bytes: Uint8Array, name: string, cookie = editor) => {
    const form = new FormData();
    form.set("file", fileOf(bytes, name));
    form.set("asset_folder", "content/team");
    return send(api, "POST", "/api/images", { multipart: form, cookie });
  };

  it("an Editor uploads a photo through the image pipeline and saves its id; the variants carry no EXIF; restore brings the earlier value back", async () => {
    // A camera's JPEG: its maker and a GPS position in EXIF.
    const photo = await sharp(crypto.randomBytes(800 * 500 * 3), { raw: { width: 800, height: 500, channels: 3 } })
      .withExifMerge({ IFD0: { Make: "PhoneMaker" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "6/1 27/1 0/1" } })
      .jpeg()
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const up = await upload(photo, "ada.jpg");
    expect(up.status).toBe(201);
    const { public_id: id } = (await up.json()) as { public_id: string };
    expect(id).toMatch(/^content\/team\/[a-z0-9]+$/);

    const before = await read();
    const team = before.team.map((m, i) => (i ? m : { ...m, photo: id }));
    const slides = before.slides.map((s, i) => (i === 1 ? { ...s, image: id } : s));
    const res = await save({ team, slides });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { changed: string[] }).changed).toEqual(["team", "slides"]);
    const c = await read();
    expect(c.version).toBe(before.version + 1);
    expect(c.team[0].photo).toBe(id);
    expect(c.team[1].photo).toBe("");
    expect(c.slides[1].image).toBe(id);

    // The portrait's variant (96 square at twice the pixels) and the slide's: sized, EXIF gone.
    for (const [transform, width, height] of [
      ["w_96,h_96,c_fill,dpr_2,f_auto,q_auto", 192, 192],
      ["w_720,h_378,c_fill,f_auto,q_auto", 720, 378],
    ] as const) {
      const variant = await send(api, "GET", `/api/images/${transform}/${id}`, { headers: { accept: "image/webp" } });
      expect(variant.status).toBe(200);
      const meta = await sharp(Buffer.from(await variant.arrayBuffer())).metadata();
      expect(meta).toMatchObject({ format: "webp", width, height });
      expect(meta.exif).toBeUndefined();
    }

    const restored = await send(api, "POST", `/api/page-content/revisions/${before.version}/restore`, {
      cookie: admin,
    });
    expect(restored.status).toBe(200);
    const back = await read();
    expect(back.team[0].photo).toBe("");
    expect(back.slides[1].image).toBe("");
    // A value stored before images reads with none.
    expect(back.team.every((m) => m.photo === "")).toBe(true);
  });

  it("refuses what is not an image's id (400, nothing saved), a file that is not an image, and Admissions", async () => {
    const c = await read();
    const count = await revisionCount();
    for (const photo of ["../../etc/passwd", "https://evil.example/x.jpg", "a b", "x".repeat(201)]) {
      const refused = await save({ team: [{ ...c.team[0], photo }] });
      expect(refused.status).toBe(400);
      if (photo.length < 200) expect(await refused.text()).toContain("team0photo: This is not an image of this site");
    }
    const slide = await save({ slides: [{ ...c.slides[0], image: "javascript:alert(1)" }] });
    expect(slide.status).toBe(400);
    expect(await slide.text()).toContain("slides0image:");
    expect(await revisionCount()).toBe(count);

    const pdf = await upload(await pdfBytes(), "photo.jpg");
    expect(pdf.status).toBe(400);
    expect(await pdf.text()).toContain("not an image we can use");
    expect((await upload(await pdfBytes(), "photo.jpg", admissions)).status).toBe(403);
  });
});

// Last: the refused body is left unread, and the server closes that connection.
it("refuses a body over 256 KiB (413)", async () => {
  expect((await save({ faqs: [{ question: "q", answer: "x".repeat(256 * 1024 + 1000) }] })).status).toBe(413);
});
