import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { validApplicant } from "../fixtures/registration";
import {
  type Api,
  fileOf,
  pdfBytes,
  pngBytes,
  send,
  signedInStaff,
  startApi,
  statusAndText,
  uploadTokenHeader,
} from "./harness";

// Applicants as the admissions desk meets them (docs/decisions/037-references-phones-and-payment.md,
// 038-course-types-per-course.md): found by the reference they quote and the phone they call
// from, registered only for a course type their course offers, their files seen in the page.

let api: Api;
let cookie: string;
let courses: Record<string, string>;
beforeAll(async () => {
  api = await startApi();
  ({ cookie } = await signedInStaff(api));
  courses = {};
  for (const [title, courseTypes] of [
    ["Professional Hairdressing", ["Full Course", "Full Course with Accomodation"]],
    ["Wig Making", ["Crash Course"]],
    ["Open Course", undefined],
  ] as const) {
    const res = await send(api, "POST", "/api/courses", {
      cookie,
      json: { title, tutors: "Staff", ...(courseTypes ? { courseTypes } : {}) },
    });
    expect(res.status).toBe(201);
    courses[title] = ((await res.json()) as { _id: string })._id;
  }
});
afterAll(() => api.close());
beforeEach(async () => {
  await sql`delete from private_files`.execute(api.db);
  await sql`delete from applicants`.execute(api.db);
});

async function idFile(bytes?: Buffer, name = "nin.pdf") {
  const form = new FormData();
  form.set("group", "idCards");
  form.set("file", fileOf(bytes ?? pdfBytes(), name));
  const res = await send(api, "POST", "/api/applicant/files", {
    multipart: form,
    headers: await uploadTokenHeader(api),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { public_id: string }[])[0]!.public_id;
}
async function register(fields: Record<string, string> = {}) {
  const form = { ...validApplicant, courseId: courses["Professional Hairdressing"]!, ...fields, files: await idFile() };
  return send(api, "POST", "/api/applicant", { form });
}

describe("phone numbers", () => {
  it("stores any common Nigerian form as E.164, the emergency phone too", async () => {
    const res = await register({ phone: "0803 123 4567", emergencyPhone: "08021234567" });
    expect(res.status).toBe(201);
    const { _id } = (await res.json()) as { _id: string };
    const row = await api.db.selectFrom("applicants").selectAll().where("id", "=", _id).executeTakeFirstOrThrow();
    expect([row.phone, row.emergency_phone]).toEqual(["+2348031234567", "+2348021234567"]);
  });

  it.each(["0803 123", "12345678", "+234 803"])("refuses %j with a clear message and stores nothing", async (phone) => {
    expect(await statusAndText(await register({ phone }))).toEqual({ status: 400, text: "Enter a valid phone number" });
    expect((await api.db.selectFrom("applicants").select("id").execute()).length).toBe(0);
  });

  it("stores a contact message's phone as E.164 and refuses one nobody can call", async () => {
    const message = { fullname: "Ada Obi", email: "ada@example.ng", issue: "1", message: "When is the next session?" };
    expect((await send(api, "POST", "/api/contact", { form: { ...message, phone: "0803 000 1111" } })).status).toBe(
      201,
    );
    const stored = await api.db
      .selectFrom("contact_messages")
      .select("phone")
      .orderBy("created_at", "desc")
      .executeTakeFirst();
    expect(stored?.phone).toBe("+2348030001111");
    expect(
      await statusAndText(await send(api, "POST", "/api/contact", { form: { ...message, phone: "0803 123" } })),
    ).toEqual({
      status: 400,
      text: "Kindly input a valid phone number",
    });
  });
});

describe("the staff search finds an applicant by reference and by phone", () => {
  let amaka: { _id: string; reference: string };
  beforeEach(async () => {
    amaka = (await (await register({ phone: "+2348031234567" })).json()) as { _id: string; reference: string };
    await register({ firstname: "Tobi", email: "tobi@example.com", phone: "08057654321" });
  });
  const found = async (search: string) =>
    (
      (await (await send(api, "GET", `/api/applicants?${new URLSearchParams({ search })}`, { cookie })).json()) as {
        firstname: string;
        reference: string;
      }[]
    ).map((a) => `${a.firstname} ${a.reference}`);

  it("by the reference as the applicant quotes it, in any case", async () => {
    expect(amaka.reference).toMatch(/^FLA-[0-9A-F]{8}$/);
    expect(await found(amaka.reference)).toEqual([`Amaka ${amaka.reference}`]);
    expect(await found(amaka.reference.toLowerCase())).toEqual([`Amaka ${amaka.reference}`]);
    expect(await found("FLA-00000000")).toEqual([]);
  });

  it.each(["+2348031234567", "08031234567", "0803 123 4567", "234 803 123 4567"])(
    "by the phone typed as %s",
    async (phone) => {
      expect(await found(phone)).toEqual([`Amaka ${amaka.reference}`]);
    },
  );

  it("counts by the same search, and shows the reference on the applicant", async () => {
    const counts = await (
      await send(api, "GET", `/api/applicants/counts?search=${amaka.reference}`, { cookie })
    ).json();
    expect(counts).toMatchObject({ new: 1 });
    const one = await (await send(api, "GET", `/api/applicants/${amaka._id}`, { cookie })).json();
    expect(one.reference).toBe(amaka.reference);
  });
});

describe("course types per course", () => {
  it("answers each course's types; a course created without them offers all four", async () => {
    const list = (await (await send(api, "GET", "/api/courses?project=title,courseTypes")).json()) as {
      title: string;
      courseTypes: string[];
    }[];
    const byTitle = Object.fromEntries(list.map((c) => [c.title, c.courseTypes]));
    expect(byTitle).toEqual({
      "Professional Hairdressing": ["Full Course", "Full Course with Accomodation"],
      "Wig Making": ["Crash Course"],
      "Open Course": ["Crash Course", "Full Course", "Crash Course with Accomodation", "Full Course with Accomodation"],
    });
  });

  it("refuses a type the course does not offer, saying which it does, and stores nothing", async () => {
    expect(await statusAndText(await register({ courseType: "Crash Course" }))).toEqual({
      status: 400,
      text: "Professional Hairdressing is not offered as the course type you chose. Choose one of: Full Course, Full Course with Accommodation.",
    });
    expect(
      await statusAndText(await register({ courseId: courses["Wig Making"]!, courseType: "Full Course" })),
    ).toEqual({
      status: 400,
      text: "Wig Making is not offered as the course type you chose. Choose Crash Course.",
    });
    expect((await api.db.selectFrom("applicants").select("id").execute()).length).toBe(0);
    expect((await register({ courseType: "Full Course with Accomodation" })).status).toBe(201);
  });

  it("keeps a course's types when an update leaves them out, changes them when given, refuses none or unknown", async () => {
    const id = courses["Wig Making"]!;
    const patch = (json: object) =>
      send(api, "PATCH", `/api/courses/${id}`, { cookie, json: { title: "Wig Making", tutors: "Staff", ...json } });
    const typesOf = async () =>
      ((await (await send(api, "GET", `/api/courses/${id}`)).json()) as { courseTypes: string[] }).courseTypes;
    expect((await patch({})).status).toBe(200);
    expect(await typesOf()).toEqual(["Crash Course"]);
    expect((await patch({ courseTypes: ["Crash Course with Accomodation", "Crash Course"] })).status).toBe(200);
    expect(await typesOf()).toEqual(["Crash Course", "Crash Course with Accomodation"]);
    expect((await patch({ courseTypes: [] })).status).toBe(400);
    expect((await patch({ courseTypes: ["Weekend Course"] })).status).toBe(400);
    expect((await patch({ courseTypes: ["Crash Course"] })).status).toBe(200);
  });
});

describe("an applicant's files in the page", () => {
  let lines: string[] = [];
  const write = process.stderr.write.bind(process.stderr);
  beforeEach(() => {
    lines = [];
    process.stderr.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      lines.push(...String(chunk).split("\n").filter(Boolean));
      return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof process.stderr.write;
  });
  afterEach(() => {
    process.stderr.write = write;
  });

  it("shows an image inline to staff only, recorded as a view; a download stays an attachment", async () => {
    const png = await pngBytes(12, 12);
    const form = {
      ...validApplicant,
      firstname: "Zoë",
      courseId: courses["Professional Hairdressing"]!,
      files: await idFile(png, "id.png"),
    };
    const { _id, reference } = (await (await send(api, "POST", "/api/applicant", { form })).json()) as {
      _id: string;
      reference: string;
    };
    const [file] = (
      (await (await send(api, "GET", `/api/applicants/${_id}`, { cookie })).json()) as {
        files: { public_id: string }[];
      }
    ).files;
    expect((await send(api, "GET", `/api/files/${file!.public_id}?view=inline`)).status).toBe(401);
    lines = [];
    const inline = await send(api, "GET", `/api/files/${file!.public_id}?view=inline`, { cookie });
    expect(inline.status).toBe(200);
    expect(inline.headers.get("content-disposition")).toBe(
      `inline; filename="${reference}-Zoe-Eze-NIN.png"; filename*=UTF-8''${reference}-Zo%C3%AB-Eze-NIN.png`,
    );
    expect(inline.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await inline.arrayBuffer()).equals(png)).toBe(true);
    const download = await send(api, "GET", `/api/files/${file!.public_id}`, { cookie });
    expect(download.headers.get("content-disposition")).toMatch(/^attachment; filename="FLA-/);
    await download.arrayBuffer();
    const events = lines
      .filter((l) => l.includes('"log":"security"'))
      .map((l) => JSON.parse(l) as { event: string; subjectId: string });
    expect(events.map((e) => [e.event, e.subjectId])).toEqual([
      ["applicant_file.viewed", file!.public_id],
      ["applicant_file.downloaded", file!.public_id],
    ]);
  });
});

describe("the 0015 migrations' data steps (api/db/people-migrations.ts)", () => {
  it("rewrite the phones the rule reads as E.164 and leave the rest as typed", async () => {
    const { phonesToE164 } = await import("../../api/db/people-migrations");
    const { _id } = (await (await register()).json()) as { _id: string };
    await api.db
      .updateTable("applicants")
      .set({ phone: "0803 123 4567", emergency_phone: "0803 123" })
      .where("id", "=", _id)
      .execute();
    await api.db
      .insertInto("contact_messages")
      .values({
        id: "0015aaaaaaaaaaaaaaaaaaaa",
        fullname: "Old",
        email: "o@x.ng",
        phone: "234-805-765-4321",
        issue: 1,
        message: "m",
        created_at: new Date().toISOString(),
        read_at: null,
        read_by: null,
      })
      .execute();
    await phonesToE164(api.db);
    const row = await api.db
      .selectFrom("applicants")
      .select(["phone", "emergency_phone"])
      .where("id", "=", _id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ phone: "+2348031234567", emergency_phone: "0803 123" });
    const message = await api.db
      .selectFrom("contact_messages")
      .select("phone")
      .where("id", "=", "0015aaaaaaaaaaaaaaaaaaaa")
      .executeTakeFirstOrThrow();
    expect(message.phone).toBe("+2348057654321");
    await api.db.deleteFrom("contact_messages").where("id", "=", "0015aaaaaaaaaaaaaaaaaaaa").execute();
  });

  it("give a course without types the ones its duration or title says", async () => {
    const { courseTypesFromDuration, typesFromWhatItSays } = await import("../../api/db/people-migrations");
    expect(typesFromWhatItSays("Professional Hairdressing and Styling", "3 years")).toEqual([
      "Full Course",
      "Full Course with Accomodation",
    ]);
    expect(typesFromWhatItSays("Wig Making", "3 months")).toEqual(["Crash Course", "Crash Course with Accomodation"]);
    expect(typesFromWhatItSays("Makeup Crash Course", null)).toEqual([
      "Crash Course",
      "Crash Course with Accomodation",
    ]);
    expect(typesFromWhatItSays("Barbering", null)).toHaveLength(4);
    const id = courses["Open Course"]!;
    await api.db.updateTable("courses").set({ course_types: null, duration: "2 years" }).where("id", "=", id).execute();
    await courseTypesFromDuration(api.db);
    const types = ((await (await send(api, "GET", `/api/courses/${id}`)).json()) as { courseTypes: string[] })
      .courseTypes;
    expect(types).toEqual(["Full Course", "Full Course with Accomodation"]);
    // Courses that named their types keep them.
    const wig = (
      (await (await send(api, "GET", `/api/courses/${courses["Wig Making"]}`)).json()) as { courseTypes: string[] }
    ).courseTypes;
    expect(wig).toEqual(["Crash Course"]);
  });
});
