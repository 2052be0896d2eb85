import fc from "fast-check";
import { sql } from "kysely";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { isImageId } from "@domain/images";
import { phoneE164 } from "@domain/phone";
import { offerDeadlines } from "@domain/pipeline";
import { lagosDate } from "@domain/schedule";

import { allRowCounts, applicantRow } from "../api/harness";
import {
  actionableMessage,
  encode,
  type Encoding,
  encoding,
  type Entries,
  fuzzFile,
  fuzzParams,
  fuzzString,
  mutated,
  pdfPart,
  show,
} from "./inputs";
import { honeypotFields, signIn, type Site, startSite } from "./site";

// Every Remix action, driven with generated submissions. For each answer: never a 5xx; a 4xx
// page shows a message a person can act on; a refused submission writes nothing; an accepted one
// is stored exactly as typed (after the trimming the schemas document).

let site: Site;
let staff: Awaited<ReturnType<typeof signIn>>;
const ids: Record<"course" | "article" | "job", string> = { course: "", article: "", job: "" };

beforeAll(async () => {
  site = await startSite();
  staff = await signIn(site);
  const create = async (path: string, body: object) => {
    const res = await site.request(path, {
      method: "POST",
      cookie: staff.cookie,
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as { _id: string })._id;
  };
  ids.course = await create("/api/courses", { title: "Hair Styling", tutors: "Ada" });
  ids.article = await create("/api/articles", { title: "Open day" });
  ids.job = await create("/api/jobs", {
    title: "Stylist",
    jobType: "Full-time",
    jobLocation: "Onsite",
    companyName: "Salon",
    applicationDeadline: "2030-01-31",
    howToApply: "jobs@salon.ng",
  });
});
afterAll(async () => site?.close());

type Outcome = { status: number; text: string; location: string | null; changed: Record<string, number> };

async function post(path: string, entries: Entries, how: Encoding, cookie?: string): Promise<Outcome> {
  const { body, headers } = encode(entries, how);
  const before = await allRowCounts(site.api);
  const res = await site.request(path, { method: "POST", body, headers, cookie });
  const text = await res.text();
  const after = await allRowCounts(site.api);
  const changed = Object.fromEntries(
    Object.keys(after)
      .filter((t) => after[t] !== before[t])
      .map((t) => [t, after[t] - before[t]]),
  );
  const outcome = { status: res.status, text, location: res.headers.get("location"), changed };
  expect(res.status, `${path} answered ${res.status} for ${how} ${show(entries)}\n${text.slice(0, 300)}`).toBeLessThan(
    500,
  );
  if (res.status >= 400) {
    const message = actionableMessage(res.status, res.headers.get("content-type") ?? "", text);
    expect(message, `${path} ${res.status} without a message for ${how} ${show(entries)}`).toBeTruthy();
  }
  return outcome;
}

/**
 * The fuzz asks what a form does with its input, sent again and again by one sender; the limits
 * per sender and per address (docs/security.md) are proven in tests/security, so each generated
 * submission starts with them untouched.
 */
async function freshAllowances() {
  await sql`delete from rate_limits`.execute(site.db);
}

/** A refused submission (4xx) writes nothing, except `allowed` tables the action documents. */
function expectNothingWrittenOnRefusal(o: Outcome, allowed: string[] = []) {
  if (o.status < 400) return;
  const written = Object.keys(o.changed).filter((t) => !allowed.includes(t));
  expect(written, `refused with ${o.status} yet wrote ${JSON.stringify(o.changed)}`).toEqual([]);
}

const value = (entries: Entries, name: string) => entries.filter(([k]) => k === name).map(([, v]) => v);
const trimmed = (s: string) => s.replace(/^[\s\uFEFF\u00A0]+|[\s\uFEFF\u00A0]+$/g, "");
/** What a field carried, trimmed: a file part sent url-encoded arrives as its name. */
const sentText = (v: Entries[number][1] | undefined) =>
  trimmed(v === undefined ? "" : typeof v === "string" ? v : v.file);
const untouched = (entries: Entries, names: string[], base: Entries) =>
  names.every((n) => JSON.stringify(value(entries, n)) === JSON.stringify(value(base, n)));

async function newest<T>(table: "contact_messages" | "applicants" | "courses" | "posts" | "drafts") {
  return (await site.db
    .selectFrom(table)
    .selectAll()
    .orderBy("created_at" as never, "desc")
    .limit(1)
    .executeTakeFirstOrThrow()) as T;
}

describe("contact form (/contact, and the modal's via=modal)", () => {
  const base = (): Entries => [
    ["fullname", "Ada Obi"],
    ["email", "ada@example.com"],
    ["phone", "08031234567"],
    ["issue", "2"],
    ["message", "When does the next class start?"],
  ];

  test("generated submissions", async () => {
    await fc.assert(
      fc.asyncProperty(mutated(base()), encoding, fc.boolean(), async ({ entries }, how, modal) => {
        const withToken: Entries = [
          ...Object.entries(await honeypotFields(site, "/contact")),
          ...entries,
          ...(modal ? [["via", "modal"] as [string, string]] : []),
        ];
        await freshAllowances();
        const o = await post("/contact", withToken, how);
        expectNothingWrittenOnRefusal(o);
        if (o.status < 400 && o.changed.contact_messages) {
          expect(o.changed).toEqual({ contact_messages: 1 });
          const row = await newest<Record<string, unknown>>("contact_messages");
          const one = (n: string) => sentText(value(entries, n)[0]);
          expect({
            fullname: row.fullname,
            email: row.email,
            phone: row.phone,
            issue: Number(row.issue),
            message: row.message,
          }).toEqual({
            fullname: one("fullname"),
            email: one("email"),
            // Stored as E.164 (docs/decisions/037-references-phones-and-payment.md).
            phone: phoneE164(one("phone")),
            issue: Number(one("issue")),
            message: one("message"),
          });
        }
        if (
          how === "urlencoded" &&
          untouched(entries, ["fullname", "email", "phone", "issue", "message"], base()) &&
          entries.length === base().length
        ) {
          expect(o.changed, "a valid message must be stored").toEqual({ contact_messages: 1 });
        }
      }),
      fuzzParams(60),
    );
  });
});

describe("registration form (/registration-form)", () => {
  const base = (): Entries => [
    ["firstname", "Ada"],
    ["lastname", "Obi"],
    ["gender", "Female"],
    ["dob", "2000-01-02"],
    ["email", "ada@example.com"],
    ["phone", "08031234567"],
    ["street", "1 Marina"],
    ["city", "Lagos"],
    ["state", "lagos"],
    ["postalCode", "100001"],
    ["courseId", ids.course],
    ["courseType", "Full Course"],
    ["idCards", "NIN"],
    ["idCardFiles", pdfPart()],
    ["parentConsent", "Yes"],
    ["schoolName", "Queens College"],
    ["graduationYear", "2018"],
    ["highestEducation", "OND"],
    ["certificateFiles", pdfPart("cert.pdf")],
    ["emergencyFullname", "Bola Obi"],
    ["emergencyRelationship", "Mother"],
    ["emergencyPhone", "08031234568"],
    ["regTerms", "on"],
    ["regPrivacy", "on"],
  ];
  const multipartOnly = fc.constantFrom<Encoding>(
    "multipart",
    "multipart-raw-names",
    "multipart",
    "urlencoded",
    "broken-multipart",
    "wrong-boundary",
    "json-as-form",
    "no-type",
  );

  // One person applies once per course (docs/decisions/100-one-live-application-per-course.md): each
  // submission of the base form is another person, by its own e-mail address.
  let person = 0;
  const anotherPerson = (entries: Entries): Entries =>
    entries.map(([k, v]) => (k === "email" && v === "ada@example.com" ? [k, `ada.${++person}@example.com`] : [k, v]));

  async function submit(sent: Entries, how: Encoding) {
    await freshAllowances();
    const entries = anotherPerson(sent);
    const o = await post(
      "/registration-form",
      [...Object.entries(await honeypotFields(site, "/registration-form")), ...entries],
      how,
    );
    // Files of a group that passed its checks are kept privately even when the form is refused
    // (the applicant need not pick them again): only private_files may grow on a refusal.
    expectNothingWrittenOnRefusal(o, ["private_files"]);
    if (o.status < 400 && o.changed.applicants) {
      expect(o.changed.applicants).toBe(1);
      const row = await newest<Record<string, unknown>>("applicants");
      const one = (n: string) => sentText(value(entries, n)[0]);
      expect({
        firstname: row.firstname,
        lastname: row.lastname,
        email: row.email,
        street: row.street,
        city: row.city,
        school: row.school_name,
        emergency: row.emergency_fullname,
      }).toEqual({
        firstname: one("firstname"),
        lastname: one("lastname"),
        email: one("email"),
        street: one("street"),
        city: one("city"),
        school: one("schoolName"),
        emergency: one("emergencyFullname"),
      });
    }
    return o;
  }

  test("regression: a file named ;env; gets the form back with the file-type message, not a 500", async () => {
    for (const file of [";env;", ";env;.pdf", "a;b.pdf"]) {
      const entries = base().map(([k, v]): [string, string | typeof v] =>
        k === "idCardFiles" ? [k, pdfPart(file)] : [k, v],
      );
      const o = await submit(entries, "multipart-raw-names");
      if (file.endsWith(".pdf"))
        expect(o.status, file).toBe(302); // a `;` in a good name is just a character
      else {
        expect(o.status).toBe(400);
        expect(o.text).toContain("Only .pdf, .png, .jpg and .webp files are accepted");
        expect(o.text).toContain('value="Queens College"'); // what was typed comes back
      }
    }
  });

  test("a complete registration is stored as typed", async () => {
    const o = await submit(base(), "multipart");
    expect(o.status).toBe(302);
    expect(o.changed).toEqual({ applicants: 1, private_files: 2 });
  });

  test("generated submissions", async () => {
    const withFiles = fc
      .tuple(
        mutated(base()),
        fc.array(fc.tuple(fc.constantFrom("idCardFiles", "certificateFiles", "firstname"), fuzzFile), { maxLength: 2 }),
      )
      .map(([m, files]) => ({ ...m, entries: [...m.entries, ...files] as Entries }));
    await fc.assert(
      fc.asyncProperty(withFiles, multipartOnly, async ({ entries }, how) => void (await submit(entries, how))),
      fuzzParams(50),
    );
  });
});

describe("after the form: save for later, the status page, the link request (docs/decisions/035, 036)", () => {
  let token = "";
  beforeAll(async () => {
    // One application through the API as the form sends it, for its private status link.
    const upload = await site.request("/api/applicant/upload-token");
    const { token: uploadToken } = (await upload.json()) as { token: string };
    const files = new FormData();
    files.set("group", "idCards");
    files.set("file", new File([Buffer.from("%PDF-1.4\n%%EOF\n")], "id.pdf", { type: "application/pdf" }));
    const stored = await site.request("/api/applicant/files", {
      method: "POST",
      body: files,
      headers: { "x-upload-token": uploadToken },
    });
    expect(stored.status, await stored.clone().text()).toBe(201);
    const [file] = (await stored.json()) as { public_id: string }[];
    const res = await site.request("/api/applicant", {
      method: "POST",
      headers: { "content-type": "application/json", "x-upload-token": uploadToken },
      body: JSON.stringify({
        firstname: "Ada",
        lastname: "Obi",
        gender: "Female",
        dob: "2000-01-02",
        email: "ada.status@example.com",
        phone: "08031234567",
        street: "1 Marina",
        city: "Lagos",
        state: "lagos",
        courseId: ids.course,
        courseType: "Full Course",
        idCards: ["NIN"],
        parentConsent: "Yes",
        highestEducation: "none",
        emergencyFullname: "Bola Obi",
        emergencyRelationship: "Mother",
        emergencyPhone: "08031234568",
        regTerms: true,
        regPrivacy: true,
        files: [file!.public_id],
      }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    token = ((await res.json()) as { statusToken: string }).statusToken;
  });

  test("generated online-payment posts on a real and an unknown status link (paying online off here)", async () => {
    const which = fc.constantFrom(
      () => token,
      () => "A".repeat(43),
    );
    await fc.assert(
      fc.asyncProperty(mutated([["intent", "pay-online"]]), encoding, which, async ({ entries }, how, link) => {
        await freshAllowances();
        const o = await post(`/application/${link()}`, entries, how);
        expectNothingWrittenOnRefusal(o);
      }),
      fuzzParams(20),
    );
  });

  test("generated course-fee payments (docs/decisions/077) on a real and an unknown status link", async () => {
    const base = fc.constantFrom<Entries>(
      [
        ["intent", "pay-course-fee"],
        ["pay", "instalment"],
        ["instalment", "1"],
      ],
      [
        ["intent", "pay-course-fee"],
        ["pay", "part"],
        ["amount", "50,000"],
      ],
      [
        ["intent", "pay-course-fee"],
        ["pay", "whole"],
      ],
    );
    const which = fc.constantFrom(
      () => token,
      () => "A".repeat(43),
    );
    await fc.assert(
      fc.asyncProperty(
        base.chain((b) => mutated(b)),
        encoding,
        which,
        async ({ entries }, how, link) => {
          await freshAllowances();
          const o = await post(`/application/${link()}`, entries, how);
          expectNothingWrittenOnRefusal(o);
        },
      ),
      fuzzParams(20),
    );
  });

  test("generated receipts and withdrawals on a real and an unknown status link", async () => {
    const base: Entries = [
      ["intent", "proof"],
      ["transferReference", "ZEN/2026/1"],
      ["file", pdfPart("receipt.pdf")],
    ];
    const which = fc.constantFrom(
      () => token,
      () => "A".repeat(43),
      () => "x",
    );
    await fc.assert(
      fc.asyncProperty(mutated(base), encoding, which, async ({ entries }, how, link) => {
        await freshAllowances();
        const o = await post(`/application/${link()}`, entries, how);
        expectNothingWrittenOnRefusal(o);
      }),
      fuzzParams(40),
    );
  });

  test("generated offer answers (docs/decisions/074) on a real and an unknown status link: no offer is open, nothing is written", async () => {
    const base = fc.constantFrom<Entries>(
      [["intent", "offer-accept"]],
      [
        ["intent", "offer-decline"],
        // The date of birth a decline asks for (docs/decisions/091), here a wrong one.
        ["dob", "01/01/1990"],
      ],
    );
    const which = fc.constantFrom(
      () => token,
      () => "A".repeat(43),
    );
    await fc.assert(
      fc.asyncProperty(
        base.chain((b) => mutated(b)),
        encoding,
        which,
        async ({ entries }, how, link) => {
          await freshAllowances();
          const o = await post(`/application/${link()}`, entries, how);
          expect(o.status).toBeLessThan(500);
          expectNothingWrittenOnRefusal(o);
        },
      ),
      fuzzParams(20),
    );
  });

  test("generated link requests answer alike and write nothing", async () => {
    await fc.assert(
      fc.asyncProperty(mutated([["email", "ada.status@example.com"]]), encoding, async ({ entries }, how) => {
        await freshAllowances();
        const o = await post("/application", entries, how);
        expect(o.changed).toEqual({});
      }),
      fuzzParams(30),
    );
  });

  test("generated saves of an unfinished registration", async () => {
    const base: Entries = [
      ["intent", "save"],
      ["firstname", "Ada"],
      ["email", "ada.saved@example.com"],
      ["idCards", "NIN"],
      ["idCardFiles", pdfPart()],
    ];
    await fc.assert(
      fc.asyncProperty(mutated(base), encoding, async ({ entries }, how) => {
        await freshAllowances();
        const o = await post(
          "/registration-form",
          [...Object.entries(await honeypotFields(site, "/registration-form")), ...entries],
          how,
        );
        // As a submit: files that passed their checks are kept, nothing else on a refusal.
        expectNothingWrittenOnRefusal(o, ["private_files"]);
        expect(o.changed.applicants ?? 0, "a save never makes an applicant").toBe(0);
      }),
      fuzzParams(30),
    );
  });
});

describe("staff sign-in and token request (/fla-admin)", () => {
  test("generated submissions", async () => {
    const base = (): Entries => [
      ["intent", "request-token"],
      ["email", "someone@example.com"],
      ["redirectTo", "/"],
    ];
    const login = (): Entries => [
      ["intent", "login"],
      ["email", staff.email],
      ["password", "not the password"],
      ["keepMeLoggedIn", "on"],
      ["redirectTo", "/course/new"],
    ];
    const inputs = fc.oneof({ weight: 4, arbitrary: mutated(base()) }, { weight: 1, arbitrary: mutated(login()) });
    await fc.assert(
      fc.asyncProperty(inputs, encoding, async ({ entries }, how) => {
        const o = await post("/fla-admin", entries, how);
        // A token request writes a reset row only for a staff address; a failed sign-in writes nothing.
        expectNothingWrittenOnRefusal(o);
        expect(Object.keys(o.changed).filter((t) => t !== "password_resets" && t !== "sessions")).toEqual([]);
        if (o.status === 302) expect(o.location ?? "").toMatch(/^\/(?!\/)/);
      }),
      fuzzParams(40),
    );
  });
});

describe("the academy's settings (/admin/settings, an Admin)", () => {
  test("generated submissions", async () => {
    const { DEFAULT_SETTINGS } = await import("@domain/settings-defaults");
    const d = DEFAULT_SETTINGS;
    const base = (): Entries => [
      ["intent", "save"],
      ["academyName", d.contact.academyName],
      ["phone0", "0803 000 0000"],
      ["whatsapp", "+234 803 000 0000"],
      ["email", d.contact.email],
      ["hours", d.contact.hours],
      ["campus0Name", "Lekki campus"],
      ["campus0Street", "12 Admiralty Way"],
      ["campus0City", "Lagos"],
      ["campus0MapUrl", "https://maps.example.com/?q=lekki"],
      ["bankName", "Access Bank"],
      ["accountName", "Fine Line Academy Ltd"],
      ["accountNumber", "0690000031"],
      ["fee", "25,000"],
      ["reference", "your reference"],
      ["facebook", "https://facebook.com/academy"],
      ["announcement", "January intake closes 15 Dec"],
      ["announcementStart", "2026-12-01"],
      ["announcementEnd", "2026-12-15"],
      ["savedFormReminderDays", "3"],
    ];
    await fc.assert(
      fc.asyncProperty(mutated(base()), encoding, async ({ entries }, how) => {
        const o = await post("/admin/settings", entries, how, staff.cookie);
        expectNothingWrittenOnRefusal(o);
        if (o.status === 302) {
          // Saved whole (or, unchanged, not at all): the settings and their history, nothing else.
          expect(Object.keys(o.changed).filter((t) => t !== "site_settings" && t !== "settings_revisions")).toEqual([]);
          const row = await site.db.selectFrom("site_settings").select("value").executeTakeFirst();
          if (row) {
            const stored = JSON.parse(row.value) as {
              payments: { accountNumber: string };
              admissions: { savedFormReminderDays: number };
            };
            expect(stored.payments.accountNumber).toMatch(/^\d{10}$/);
            // docs/decisions/076-the-admissions-desk.md: whole days within the saved form's 14.
            expect(stored.admissions.savedFormReminderDays).toBeGreaterThanOrEqual(1);
            expect(stored.admissions.savedFormReminderDays).toBeLessThanOrEqual(13);
          }
        }
      }),
      fuzzParams(40),
    );
  });
});

describe("the page content (/admin/content, an Editor or Admin)", () => {
  test("generated submissions", async () => {
    const base = (): Entries => [
      ["intent", "save"],
      ["faqsCount", "1"],
      ["faqs0question", "How long are the courses?"],
      ["faqs0answer", "Three months.\r\n\r\nOr longer."],
      ["teamCount", "1"],
      ["team0name", "Ada Obi"],
      ["team0position", "Tutor"],
      ["team0instagram", "https://instagram.com/ada"],
      ["team0photo", ""],
      ["testimonialsCount", "1"],
      ["testimonials0quote", "I learnt a trade."],
      ["testimonials0name", "B."],
      ["slidesCount", "1"],
      ["slides0title", "Hands-on"],
      ["slides0text", "Real clients from week one."],
      ["slides0image", ""],
      ["slides0button1Label", "Enroll Now"],
      ["slides0button1Link", "/registration-form"],
      ["slides0button2Label", "Chat with us"],
      ["slides0button2Link", "https://wa.me/2348030000000"],
      ["featuresCount", "3"],
      ...[0, 1, 2].flatMap((i): Entries => [
        [`features${i}title`, `Blurb ${i}`],
        [`features${i}text`, "Words."],
      ]),
      ["whyUsCount", "1"],
      ["whyUs0title", "Why Choose Us"],
      ["whyUs0intro", "One roof."],
      ["whyUs0jobsText", "Looking for work?"],
      ["whyUsPointsCount", "1"],
      ["whyUsPoints0point", "NVQ Level 1 to 3"],
      ["aboutCount", "1"],
      ["about0bannerText", "Under one roof."],
      ["about0intro", "We train.\r\n\r\nWe place."],
      ["about0executiveSummary", "An academy."],
      ["about0mission", "Skills."],
      ["about0vision", "Trust."],
      ["about0socialText", "Scholarships."],
      ["about0companyDescription", "Registered in Lagos."],
      ["aboutPillarsCount", "3"],
      ["aboutFiguresCount", "3"],
      ...[0, 1, 2].flatMap((i): Entries => [
        [`aboutPillars${i}title`, `Pillar ${i}`],
        [`aboutPillars${i}text`, "Words."],
        [`aboutFigures${i}value`, `${i + 1}`],
        [`aboutFigures${i}label`, "scholarships"],
      ]),
    ];
    // A real photo, and whatever else, in the image fields (docs/decisions/085); and the rest mutated.
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#8a1c5c" } })
      .png()
      .toBuffer();
    const photoPart = { file: "ada.png", type: "image/png", bytes: new Uint8Array(photo) };
    const withImages = fc
      .tuple(
        mutated(base()),
        fc.array(
          fc.tuple(
            fc.constantFrom("team0photoFile", "slides0imageFile", "team0photoRemove", "team5photoFile"),
            fc.oneof(fuzzFile, fc.constant(photoPart), fc.constant("on")),
          ),
          { maxLength: 2 },
        ),
      )
      .map(([m, files]) => ({ ...m, entries: [...m.entries, ...files] as Entries }));
    await fc.assert(
      fc.asyncProperty(withImages, encoding, async ({ entries }, how) => {
        const o = await post("/admin/content", entries, how, staff.cookie);
        expectNothingWrittenOnRefusal(o);
        // Add, remove and move answer the form again (200) and save nothing.
        if (o.status === 200) expect(o.changed).toEqual({});
        if (o.status === 302) {
          // Saved whole (or, unchanged, not at all): the blocks and their history, nothing else.
          expect(Object.keys(o.changed).filter((t) => t !== "page_content" && t !== "page_content_revisions")).toEqual(
            [],
          );
          const row = await site.db
            .selectFrom("page_content")
            .select("value")
            .where("name", "=", "home")
            .executeTakeFirst();
          if (row) {
            const stored = JSON.parse(row.value) as {
              faqs: { question: string }[];
              team: { links: object; photo?: string }[];
              slides: { image?: string }[];
            };
            for (const f of stored.faqs) expect(f.question.trim()).not.toBe("");
            // Only an image's id, or none, is ever stored where an image goes.
            for (const id of [...stored.team.map((m) => m.photo), ...stored.slides.map((x) => x.image)])
              expect(!id || isImageId(id)).toBe(true);
            for (const m of stored.team)
              for (const link of Object.values(m.links) as string[])
                expect(link === "" || /^https?:\/\//.test(link)).toBe(true);
          }
        }
      }),
      fuzzParams(40),
    );
  });
  test("a photo and a file that is not an image: the one stored through the image pipeline, the other refused by its field with what was typed", async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#2f7a52" } })
      .png()
      .toBuffer();
    const form = (file: Entries[number][1]): Entries => [
      ["intent", "add:faqs"],
      ["teamCount", "1"],
      ["team0name", "Ada Obi"],
      ["team0position", "Tutor"],
      ["team0photo", ""],
      ["team0photoFile", file],
    ];
    const refused = await post(
      "/admin/content",
      form({ file: "cv.png", type: "image/png", bytes: new TextEncoder().encode("not a png") }),
      "multipart",
      staff.cookie,
    );
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("not an image we can use");
    expect(refused.text).toContain('value="Ada Obi"');
    const taken = await post(
      "/admin/content",
      form({ file: "ada.png", type: "image/png", bytes: new Uint8Array(png) }),
      "multipart",
      staff.cookie,
    );
    expect(taken.status).toBe(200);
    expect(taken.text).toMatch(/name="team0photo" value="content\/team\/[a-z0-9]+"/);
  });
});

describe("the privacy notice (/admin/legal/privacy, an Admin)", () => {
  test("generated submissions", async () => {
    const base = (): Entries => [
      ["intent", "save"],
      ["intro", "What we collect and why."],
      ["sectionCount", "2"],
      ["section0heading", "Who we are"],
      ["section0text", "Fine Line Academy.\r\n\r\nLagos."],
      ["section1heading", "Your rights"],
      ["section1text", "Ask us."],
    ];
    await fc.assert(
      fc.asyncProperty(mutated(base()), encoding, async ({ entries }, how) => {
        const o = await post("/admin/legal/privacy", entries, how, staff.cookie);
        expectNothingWrittenOnRefusal(o);
        // Add, remove and move answer the form again (200) and save nothing.
        if (o.status === 200) expect(o.changed).toEqual({});
        if (o.status === 302) {
          // Saved whole (or, unchanged, not at all): the text and its history, nothing else; each
          // stored version is numbered one after the other (docs/decisions/071).
          expect(Object.keys(o.changed).filter((t) => t !== "page_content" && t !== "page_content_revisions")).toEqual(
            [],
          );
          const row = await site.db
            .selectFrom("page_content")
            .select("value")
            .where("name", "=", "privacy")
            .executeTakeFirst();
          if (row) {
            const stored = JSON.parse(row.value) as {
              intro: string;
              sections: { heading: string; paragraphs: string[] }[];
              versions: { version: number }[];
            };
            expect(stored.intro.trim()).not.toBe("");
            for (const s of stored.sections) {
              expect(s.heading.trim()).not.toBe("");
              expect(s.heading).not.toMatch(/[\r\n]/);
              expect(s.paragraphs.length).toBeGreaterThan(0);
            }
            stored.versions.forEach((v, i) => expect(v.version).toBe(i + 1));
          }
        }
      }),
      fuzzParams(40),
    );
  });
});

describe("password reset (/password-reset)", () => {
  test("generated submissions", async () => {
    const base = (): Entries => [
      ["token", "a".repeat(40)],
      ["password", "New#Pass2025x"],
      ["confirmPassword", "New#Pass2025x"],
    ];
    await fc.assert(
      fc.asyncProperty(mutated(base()), encoding, async ({ entries }, how) => {
        const o = await post("/password-reset", entries, how);
        expectNothingWrittenOnRefusal(o);
        expect(o.status, "no token is valid here, so nothing is accepted").toBeGreaterThanOrEqual(400);
      }),
      fuzzParams(40),
    );
  });
});

const editorBase = {
  course: (): Entries => [
    ["title", "Braiding 101"],
    ["tutors", "Ada, Bola"],
    ["tag", "New"],
    ["tipColor", "#aa3366"],
    ["content", "Learn to braid."],
    ["assetFolder", "course/fuzz1"],
    ["featuredImg", ""],
  ],
  article: (): Entries => [
    ["title", "Open day"],
    ["content", "Come and see."],
    ["assetFolder", "article/fuzz1"],
    ["featuredImg", ""],
  ],
  job: (): Entries => [
    ["title", "Stylist"],
    ["jobType", "Full-time"],
    ["jobLocation", "Onsite"],
    ["companyName", "Salon"],
    ["applicationDeadline", "2031-05-01"],
    ["howToApply", "jobs@salon.ng"],
    ["content", "Join us."],
    ["assetFolder", "job/fuzz1"],
    ["companyCoverImg", ""],
    ["companyLogo", ""],
    ["logoAccent", ""],
  ],
};

describe.each(["course", "article", "job"] as const)("the %s editor (new and edit, each intent)", (type) => {
  test("generated submissions", async () => {
    const target = fc.constantFrom(`/${type}/new`, `/edit/${type}/${ids[type]}`, `/edit/${type}/no-such-id`);
    const intent = fc.constantFrom("save", "publish", "publish", "relogin", "bogus");
    const extras = fc.array(
      fc.tuple(
        fc.constantFrom(
          "featuredFile",
          "logoFile",
          "removeFeatured",
          "enhanced",
          "auto",
          "reloginEmail",
          "reloginPassword",
          "pendingIntent",
        ),
        fc.oneof(fuzzString, fuzzFile, fc.constantFrom("on", "1")),
      ),
      { maxLength: 3 },
    );
    await fc.assert(
      fc.asyncProperty(
        target,
        intent,
        mutated(editorBase[type]()),
        extras,
        encoding,
        fc.boolean(),
        async (path, intent, { entries }, more, how, signedIn) => {
          const all: Entries = [["intent", intent], ...entries, ...more];
          const o = await post(path, all, how, signedIn ? staff.cookie : undefined);
          expectNothingWrittenOnRefusal(o);
          const published = o.changed.courses || o.changed.posts;
          if (published) {
            expect(o.status).toBeLessThan(400);
            const row = await newest<Record<string, unknown>>(type === "course" ? "courses" : "posts");
            expect(row.title).toBe(sentText(value(all, "title")[0]));
          }
        },
      ),
      fuzzParams(type === "job" ? 45 : 35),
    );
  });
});

describe("editor image upload (/editor/upload)", () => {
  test("generated submissions", async () => {
    const base = (): Entries => [
      ["file", pdfPart("photo.png")],
      ["assetFolder", "course/fuzz1"],
      ["kind", "featured"],
    ];
    await fc.assert(
      fc.asyncProperty(
        mutated(base()),
        fc.option(fuzzFile, { nil: undefined }),
        encoding,
        fc.boolean(),
        async ({ entries }, file, how, signedIn) => {
          const all: Entries = file ? [["file", file], ...entries.filter(([k]) => k !== "file")] : entries;
          const o = await post("/editor/upload", all, how, signedIn ? staff.cookie : undefined);
          expect(o.changed).toEqual({});
        },
      ),
      fuzzParams(40),
    );
  });
});

describe("the applicant pipeline (/admin/applicants/{id}) and a version's restore (/admin/{type}/{id}/history/{revId})", () => {
  test("generated status and note submissions: a note is stored as typed, a refused one writes nothing", async () => {
    const applicantId = "f".repeat(24);
    await site.db
      .insertInto("applicants")
      .values({
        id: applicantId,
        firstname: "Ada",
        lastname: "Obi",
        gender: "Female",
        dob: "2000-01-01",
        email: "ada@example.com",
        phone: "08031234567",
        street: "1 Broad St",
        city: "Lagos",
        state: "lagos",
        postal_code: "100001",
        course_title: "Hair Styling",
        course_type: "Physical",
        id_cards: "[]",
        parent_consent: "No",
        school_name: "Queens College",
        graduation_year: 2018,
        highest_education: "ssce",
        emergency_fullname: "Ngozi Obi",
        emergency_relationship: "Parent",
        emergency_phone: "08037654321",
        reg_terms: 1,
        reg_privacy: 1,
        created_at: new Date().toISOString(),
      })
      .execute();
    const target = fc.constantFrom(`/admin/applicants/${applicantId}`, "/admin/applicants/no-such-id");
    const base = fc.constantFrom<Entries>(
      [
        ["intent", "status"],
        ["status", "paid"],
      ],
      [
        ["intent", "note"],
        ["body", "Called, will pay Friday"],
      ],
      // "Make an offer" (docs/decisions/074): a deadline a week on.
      [
        ["intent", "offer"],
        ["acceptBy", offerDeadlines(lagosDate()).suggested],
      ],
    );
    await fc.assert(
      fc.asyncProperty(
        target,
        base.chain((b) => mutated(b)),
        encoding,
        fc.boolean(),
        async (path, { entries }, how, signedIn) => {
          const o = await post(path, entries, how, signedIn ? staff.cookie : undefined);
          expectNothingWrittenOnRefusal(o);
          // An offer made answers with the way back to the applicant's page (a sign-in page is no offer).
          if (value(entries, "intent")[0] === "offer" && o.location?.startsWith(`/admin/applicants/${applicantId}`)) {
            const offered = await site.db
              .selectFrom("applicants")
              .select(["status", "offer_expires_at"])
              .where("id", "=", applicantId)
              .executeTakeFirstOrThrow();
            expect(offered.status).toBe("offered");
            expect(offered.offer_expires_at).toBeTruthy();
          }
          if (o.changed.applicant_notes) {
            const note = await site.db
              .selectFrom("applicant_notes")
              .selectAll()
              .orderBy("created_at", "desc")
              .limit(1)
              .executeTakeFirstOrThrow();
            expect(note.body).toBe(sentText(value(entries, "body")[0]));
          }
        },
      ),
      fuzzParams(40),
    );
  });

  test("generated restore submissions never fail and write only on a real restore", async () => {
    const patched = await site.request(`/api/articles/${ids.article}`, {
      method: "PATCH",
      cookie: staff.cookie,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ title: "Open day (moved)" }),
    });
    expect(patched.status).toBe(200);
    const rev = await site.db
      .selectFrom("revisions")
      .select("id")
      .where("item_id", "=", ids.article)
      .orderBy("version", "desc")
      .limit(1)
      .executeTakeFirstOrThrow();
    const target = fc.constantFrom(
      `/admin/article/${ids.article}/history/${rev.id}`,
      `/admin/article/${ids.article}/history/nope`,
      `/admin/job/${ids.article}/history/${rev.id}`,
      `/admin/bogus/x/history/y`,
    );
    await fc.assert(
      fc.asyncProperty(
        target,
        mutated([["intent", "restore"]]),
        encoding,
        fc.boolean(),
        async (path, { entries }, how, signedIn) => {
          const o = await post(path, entries, how, signedIn ? staff.cookie : undefined);
          expectNothingWrittenOnRefusal(o);
          if (o.changed.revisions) expect(o.status).toBeLessThan(400);
        },
      ),
      fuzzParams(30),
    );
  });
});

describe("logout (/logout) and the staff inbox search forms", () => {
  test("logout with generated bodies and cookies never fails", async () => {
    await fc.assert(
      fc.asyncProperty(mutated([["x", "1"]]), encoding, fuzzString, async ({ entries }, how, cookieValue) => {
        const o = await post("/logout", entries, how, `academy_session=${encodeURIComponent(cookieValue)}`);
        expect(o.status).toBe(302);
        expect(o.changed).toEqual({});
      }),
      fuzzParams(20),
    );
  });

  test("inbox searches and pages with generated query strings", async () => {
    const path = fc.constantFrom(
      "/admin/messages",
      "/admin/applicants",
      "/admin/messages.csv",
      "/admin/applicants.csv",
    );
    const params = fc.array(
      fc.tuple(
        fc.constantFrom("q", "page", "q", "page", "limit", "x", "status", "course", "show"),
        fc.oneof(fuzzString, fc.integer().map(String)),
      ),
      { maxLength: 3 },
    );
    await fc.assert(
      fc.asyncProperty(path, params, async (p, list) => {
        const res = await site.request(`${p}?${new URLSearchParams(list)}`, { cookie: staff.cookie });
        const text = await res.text();
        expect(res.status, `${p}?${new URLSearchParams(list)}\n${text.slice(0, 300)}`).toBeLessThan(500);
        if (res.status >= 400)
          expect(actionableMessage(res.status, res.headers.get("content-type") ?? "", text)).toBeTruthy();
      }),
      fuzzParams(40),
    );
  });

  test("the messages' read/unread forms with generated bodies: never a 5xx, a refusal says why, and no row appears", async () => {
    // Written directly: the contact form's own fuzzing above has spent this address's limit.
    const id = "e".repeat(24);
    await site.db
      .insertInto("contact_messages")
      .values({
        id,
        fullname: "Ada Obi",
        email: "ada@example.com",
        phone: "08031234567",
        issue: 1,
        message: "Hello",
        created_at: new Date().toISOString(),
        read_at: null,
        read_by: null,
      })
      .execute();
    const base = fc.constantFrom<Entries>(
      [
        ["intent", "read"],
        ["id", id],
      ],
      [
        ["intent", "unread"],
        ["id", "no-such-message"],
      ],
      [
        ["intent", "read-all"],
        ["until", new Date().toISOString()],
      ],
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("/admin/messages", "/admin/messages?show=new"),
        base.chain((b) => mutated(b)),
        encoding,
        fc.boolean(),
        async (path, { entries }, how, signedIn) => {
          const o = await post(path, entries, how, signedIn ? staff.cookie : undefined);
          expectNothingWrittenOnRefusal(o);
          expect(o.changed).toEqual({});
        },
      ),
      fuzzParams(30),
    );
  });

  test("a real sign-out ends the session", async () => {
    const other = await signIn(site, "fuzz.logout@academy.test");
    const o = await post("/logout", [], "urlencoded", other.cookie);
    expect(o.status).toBe(302);
    expect(o.changed).toEqual({ sessions: -1 });
  });
});

describe("regressions the fuzzing found (each once a 5xx or a 4xx with no message)", () => {
  // Each refused with a 4xx and a message (post() checks it): 415 for a body that is no form and
  // 413 for a file where a small form takes none — the one form reader's answers (decision
  // 014); the rest 400 with the field errors.
  const cases: [string, string, Entries, Encoding, boolean, number][] = [
    ["a body that is not a form (JSON) to /contact", "/contact", [["fullname", "Ada"]], "json", false, 415],
    ["a form with no Content-Type to /password-reset", "/password-reset", [["token", "x"]], "no-type", false, 400],
    [
      "a duplicated email on a token request posted without ?forgot",
      "/fla-admin",
      [
        ["intent", "request-token"],
        ["email", "a@example.com"],
        ["email", "=0"],
      ],
      "urlencoded",
      false,
      400,
    ],
    [
      "a file as the hidden redirectTo of sign-in",
      "/fla-admin",
      [
        ["intent", "login"],
        ["email", "a@example.com"],
        ["password", "x"],
        ["redirectTo", pdfPart("![X>#a")],
      ],
      "multipart",
      false,
      413,
    ],
    [
      "an unknown intent on sign-in",
      "/fla-admin",
      [
        ["intent", " ".repeat(50)],
        ["redirectTo", "/"],
      ],
      "multipart-raw-names",
      false,
      400,
    ],
    [
      "a file as the editor's hidden assetFolder",
      "/course/new",
      [
        ["intent", "save"],
        ["title", "T"],
        ["assetFolder", pdfPart(";env;")],
      ],
      "multipart",
      true,
      400,
    ],
    [
      "a draft save on an edit page",
      "/edit/article/ARTICLE",
      [
        ["intent", "bogus"],
        ["content", "<script>alert(1)</script>"],
      ],
      "multipart",
      true,
      400,
    ],
  ];
  test.each(cases)("%s", async (_, path, entries, how, signedIn, status) => {
    const o = await post(path.replace("ARTICLE", ids.article), entries, how, signedIn ? staff.cookie : undefined);
    expect(o.status).toBe(status);
    expect(o.changed).toEqual({});
  });

  test("a file among the ID types of a registration is reported on that field", async () => {
    const entries: Entries = [
      ...Object.entries(await honeypotFields(site, "/registration-form")),
      ["firstname", "Ada"],
      ["idCards", "NIN"],
      ["idCards", pdfPart("résumé 👩🏽‍🎓.pdf")],
      ["idCardFiles", pdfPart()],
    ];
    const o = await post("/registration-form", entries, "multipart");
    expect(o.status).toBe(400);
    expect(o.text).toMatch(/id="[^"]*idCards[^"]*error"[^>]*role="alert"/);
  });
});

describe("certificates (/admin/certificates, /verify)", () => {
  test("generated completion, issue and revocation submissions: never a 5xx; a refused one writes nothing", async () => {
    const applicantId = "e".repeat(24);
    await site.db
      .insertInto("applicants")
      .values({
        id: applicantId,
        firstname: "Chidi",
        lastname: "Eze",
        gender: "Male",
        dob: "2000-01-01",
        email: "chidi@example.com",
        phone: "08031234567",
        street: "1 Broad St",
        city: "Lagos",
        state: "lagos",
        postal_code: "100001",
        course_title: "Hair Styling",
        course_type: "Physical",
        id_cards: "[]",
        parent_consent: "No",
        school_name: "Queens College",
        graduation_year: 2018,
        highest_education: "ssce",
        emergency_fullname: "Ngozi Eze",
        emergency_relationship: "Parent",
        emergency_phone: "08037654321",
        reg_terms: 1,
        reg_privacy: 1,
        created_at: new Date().toISOString(),
        status: "enrolled",
      })
      .execute();
    const base = fc.constantFrom<Entries>(
      [
        ["intent", "complete"],
        ["course", "Hair Styling"],
        ["applicantId", applicantId],
        ["completedOn", "2026-11-20"],
        ["grade", "Merit"],
      ],
      [
        ["intent", "complete-all"],
        ["course", "Hair Styling"],
        ["completedOn", "2026-11-20"],
        ["grade", ""],
      ],
      [
        ["intent", "issue"],
        ["course", "Hair Styling"],
        ["applicantId", applicantId],
        ["holderName", "Chidi Eze"],
      ],
      [
        ["intent", "issue-all"],
        ["course", "Hair Styling"],
      ],
      [
        ["intent", "revoke"],
        ["course", "Hair Styling"],
        ["number", "ABCD-EFGH-JKMN-P"],
        ["reason", "issued-in-error"],
      ],
    );
    await fc.assert(
      fc.asyncProperty(
        base.chain((b) => mutated(b)),
        encoding,
        fc.boolean(),
        async ({ entries }, how, signedIn) => {
          const o = await post("/admin/certificates", entries, how, signedIn ? staff.cookie : undefined);
          expectNothingWrittenOnRefusal(o);
        },
      ),
      fuzzParams(40),
    );
  });

  test("the public check with generated numbers and query strings: never a 5xx, a refusal says why", async () => {
    const params = fc.array(fc.tuple(fc.constantFrom("number", "number", "x"), fuzzString), { maxLength: 3 });
    await fc.assert(
      fc.asyncProperty(params, fuzzString, async (list, segment) => {
        await freshAllowances();
        for (const url of [`/verify?${new URLSearchParams(list)}`, `/verify/${encodeURIComponent(segment)}`]) {
          const res = await site.request(url);
          const text = await res.text();
          expect(res.status, `${url}\n${text.slice(0, 300)}`).toBeLessThan(500);
          if (res.status >= 400)
            expect(actionableMessage(res.status, res.headers.get("content-type") ?? "", text), url).toBeTruthy();
        }
      }),
      fuzzParams(60),
    );
  });
});

describe("a course-fee transfer staff record (/admin/applicants/{id}, docs/decisions/081)", () => {
  test("generated transfers never fail; a refused one writes nothing, an accepted one is stored as typed", async () => {
    const today = new Date(Date.now() + 3600_000).toISOString().slice(0, 10);
    const made = await site.request(`/api/courses/${ids.course}/intakes`, {
      method: "POST",
      cookie: staff.cookie,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        startDate: "2031-01-10",
        duration: "6 months",
        scheduleKind: "weekend",
        schedule: "Saturdays 9am–3pm",
        campus: "Yaba",
        seats: 10,
        fee: 650000,
        opensOn: "2030-12-01",
        closesOn: "2030-12-20",
        courseTypes: ["Full Course"],
        instalments: [
          { amount: 400000, dueOn: "2031-01-10" },
          { amount: 250000, dueOn: "2031-03-10" },
        ],
      }),
    });
    expect(made.status, await made.clone().text()).toBe(201);
    const intakeId = ((await made.json()) as { _id: string })._id;
    const applicantId = "d".repeat(24);
    await site.db
      .insertInto("applicants")
      .values({
        id: applicantId,
        firstname: "Bola",
        lastname: "Ade",
        gender: "Female",
        dob: "2000-01-01",
        email: "bola@example.com",
        phone: "08031234567",
        street: "1 Broad St",
        city: "Lagos",
        state: "lagos",
        postal_code: "100001",
        course_title: "Hair Styling",
        course_type: "Physical",
        id_cards: "[]",
        parent_consent: "No",
        school_name: "Queens College",
        graduation_year: 2018,
        highest_education: "ssce",
        emergency_fullname: "Ngozi Ade",
        emergency_relationship: "Parent",
        emergency_phone: "08037654321",
        reg_terms: 1,
        reg_privacy: 1,
        intake_id: intakeId,
        created_at: new Date().toISOString(),
      })
      .execute();
    const target = fc.constantFrom(`/admin/applicants/${applicantId}`, "/admin/applicants/no-such-id");
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        target,
        fc.constant(0).chain(() =>
          mutated([
            ["intent", "fee-transfer"],
            ["amount", "50,000"],
            ["instalment", "1"],
            ["transferReference", `ZEN/2026/${++n}`],
            ["paidOn", today],
          ]),
        ),
        encoding,
        fc.boolean(),
        async (path, { entries, changes }, how, signedIn) => {
          const o = await post(path, entries, how, signedIn ? staff.cookie : undefined);
          expectNothingWrittenOnRefusal(o);
          // Unchanged, signed in, for the real applicant: recorded.
          if (changes.length === 0 && signedIn && path.endsWith(applicantId))
            expect(
              o.changed.payments,
              `${o.status} ${o.location} ${o.text.match(/role="alert"[^>]*>([^<]*)/)?.[1]}`,
            ).toBe(1);
          if (o.changed.payments) {
            expect(
              o.changed.payments,
              `${o.status} ${o.location} ${o.text.match(/role="alert"[^>]*>([^<]*)/)?.[1]}`,
            ).toBe(1);
            const row = await site.db
              .selectFrom("payments")
              .selectAll()
              .where("method", "=", "transfer")
              .orderBy("created_at", "desc")
              .limit(1)
              .executeTakeFirstOrThrow();
            const typed = sentText(value(entries, "transferReference")[0]);
            expect(row.transfer_reference).toBe(typed.replace(/\s+/g, " ").toUpperCase());
            expect(row.amount).toBe(Number(sentText(value(entries, "amount")[0]).replace(/[,\s₦]/g, "")) * 100);
            expect(row.applicant_id).toBe(applicantId);
          }
        },
      ),
      fuzzParams(40),
    );
  });
});

describe("a course's intakes (/admin/courses/{id}/intakes)", () => {
  test("generated intake forms and state changes never fail; a refused one writes nothing", async () => {
    const base = fc.constantFrom<Entries>(
      [
        ["intent", "save"],
        ["startDate", "2031-01-10"],
        ["endDate", ""],
        ["duration", "6 months"],
        ["scheduleKind", "weekend"],
        ["schedule", "Saturdays 9am–3pm"],
        ["campus", "Ikeja"],
        ["seats", "10"],
        ["fee", "650000"],
        ["opensOn", "2030-12-01"],
        ["closesOn", "2030-12-20"],
        ["courseTypes", "Full Course"],
        // An instalment plan (docs/decisions/077): two parts that add up to the fee.
        ["instalmentAmount1", "400000"],
        ["instalmentDue1", "2031-01-10"],
        ["instalmentAmount2", "250000"],
        ["instalmentDue2", "2031-03-10"],
      ],
      [
        ["intent", "status"],
        ["intakeId", "nope"],
        ["status", "closed"],
      ],
    );
    await fc.assert(
      fc.asyncProperty(
        base.chain((b) => mutated(b)),
        encoding,
        fc.boolean(),
        async ({ entries }, how, signedIn) => {
          const o = await post(
            `/admin/courses/${ids.course}/intakes`,
            entries,
            how,
            signedIn ? staff.cookie : undefined,
          );
          expectNothingWrittenOnRefusal(o);
        },
      ),
      fuzzParams(40),
    );
  });
});

describe("the trash (/admin/trash, /admin/{type}/{id}/trash and /delete)", () => {
  test("generated restore, trash and delete submissions never fail; a refused one writes nothing", async () => {
    const courseId = "c".repeat(24);
    const now = new Date().toISOString();
    await site.db
      .insertInto("courses")
      .values({
        id: courseId,
        title: "Fuzz Trash Course",
        slug: "fuzz-trash-course",
        tutors: "Ada",
        featured_img: "",
        tag: "",
        tip_color: "",
        content: "",
        asset_folder: "",
        created_at: now,
        updated_at: now,
        trashed_at: now,
        trashed_by: null,
        publish_at: null,
      })
      .execute();
    const target = fc.constantFrom(
      "/admin/trash",
      `/admin/course/${courseId}/trash`,
      "/admin/course/nope/trash",
      "/admin/job/nope/delete",
      "/admin/bogus/x/trash",
    );
    const base = fc.constantFrom<Entries>(
      [
        ["type", "course"],
        ["id", courseId],
      ],
      [
        ["type", "job"],
        ["id", courseId],
      ],
      [
        ["type", "bogus"],
        ["id", "x"],
      ],
    );
    await fc.assert(
      fc.asyncProperty(
        target,
        base.chain((b) => mutated(b)),
        encoding,
        fc.boolean(),
        async (path, { entries }, how, signedIn) => {
          const o = await post(path, entries, how, signedIn ? staff.cookie : undefined);
          expectNothingWrittenOnRefusal(o);
          // The fuzzed course stays: moving to and restoring from the trash never deletes a row.
          expect(o.changed.courses ?? 0).toBe(0);
        },
      ),
      fuzzParams(40),
    );
  });
});

describe("message an intake (/admin/intakes/{id}/message)", () => {
  test("generated previews and sends never fail; a refused one queues nothing", async () => {
    // docs/decisions/080-message-an-intake.md: an intake with one applicant, so a send can succeed.
    const made = await site.request(`/api/courses/${ids.course}/intakes`, {
      method: "POST",
      cookie: staff.cookie,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        startDate: "2031-01-10",
        duration: "6 months",
        scheduleKind: "weekend",
        schedule: "Saturdays 9am–3pm",
        campus: "Ikeja",
        seats: 10,
        opensOn: "2030-12-01",
        closesOn: "2030-12-20",
        courseTypes: ["Full Course"],
        fee: 650000,
      }),
    });
    expect(made.status, await made.clone().text()).toBe(201);
    const intakeId = ((await made.json()) as { _id: string })._id;
    const applicantId = "a".repeat(24);
    await site.db
      .insertInto("applicants")
      .values(applicantRow({ id: applicantId, intake_id: intakeId, status: "enrolled" as const }))
      .execute();
    const message: Entries = [
      ["audience", "all"],
      ["subject", "First day"],
      ["body", "Bring your kit.\nWe start at 9am."],
    ];
    const base = fc.constantFrom<Entries>(
      [["intent", "preview"], ...message],
      [["intent", "edit"], ...message],
      [["intent", "send"], ...message, ["count", "1"]],
    );
    const target = fc.constantFrom(`/admin/intakes/${intakeId}/message`, "/admin/intakes/nope/message");
    await fc.assert(
      fc.asyncProperty(
        target,
        base.chain((b) => mutated(b)),
        encoding,
        fc.boolean(),
        async (path, { entries }, how, signedIn) => {
          await freshAllowances();
          const o = await post(path, entries, how, signedIn ? staff.cookie : undefined);
          // A refusal by the sender's allowance counts the try; nothing else is written.
          expectNothingWrittenOnRefusal(o, ["rate_limits"]);
          if (o.status < 400 && o.changed.mail_outbox) expect(o.changed.mail_outbox).toBe(1);
        },
      ),
      fuzzParams(40),
    );
  });
});

describe("the desk's guardians to chase (/admin/desk/guardians)", () => {
  test("generated 'send the link again' posts never fail; a refused one writes and mails nothing", async () => {
    // docs/decisions/088-the-desk-lists-and-offers-answered-as-expected.md: one guardian still to answer.
    const applicantId = "b".repeat(24);
    await site.db
      .insertInto("applicants")
      .values(
        applicantRow({
          id: applicantId,
          dob: "2010-05-06",
          guardian_name: "Funke Adeyemi",
          guardian_relationship: "Mother",
          guardian_email: "funke.fuzz@example.com",
        }),
      )
      .execute();
    const base = fc.constantFrom<Entries>(
      [
        ["intent", "guardian-resend"],
        ["applicant", applicantId],
      ],
      [
        ["intent", "guardian-resend"],
        ["applicant", "no-such-applicant"],
        ["after", "2026-01-01T00:00:00.000Z_abc"],
      ],
    );
    await fc.assert(
      fc.asyncProperty(
        base.chain((b) => mutated(b)),
        encoding,
        fc.boolean(),
        async ({ entries }, how, signedIn) => {
          await freshAllowances();
          const o = await post("/admin/desk/guardians", entries, how, signedIn ? staff.cookie : undefined);
          // A refusal by the recipient's allowance counts the try; nothing else is written.
          expectNothingWrittenOnRefusal(o, ["rate_limits"]);
          if (o.status < 400 && o.changed.mail_outbox) {
            expect(o.changed.mail_outbox).toBe(1);
            expect(o.changed.applicant_mails).toBe(1);
          }
        },
      ),
      fuzzParams(30),
    );
  });
});
