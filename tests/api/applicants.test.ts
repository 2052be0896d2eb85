import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { validApplicant } from "../fixtures/registration";
import {
  type Api,
  fileOf,
  mailsSoFar,
  pdfBytes,
  pngBytes,
  rowCount,
  send,
  signedInStaff,
  sleep,
  startApi,
  statusAndText,
  uploadTokenHeader,
  waitForMail,
} from "./harness";
import { isStored, storedCount } from "./stored-files";

let api: Api;
let cookie: string;
let png: Buffer;
let jpeg: Buffer;
let webp: Buffer;
beforeAll(async () => {
  api = await startApi();
  ({ cookie } = await signedInStaff(api));
  // A registration names a published course (docs/product.md §7): these are the ones used here.
  for (const title of ["Hair Styling", "Barbering"])
    expect((await send(api, "POST", "/api/courses", { cookie, json: { title, tutors: "Staff" } })).status).toBe(201);
  png = await pngBytes(16, 16);
  const sharp = (await import("sharp")).default;
  jpeg = await sharp(png).jpeg().toBuffer();
  webp = await sharp(png).webp().toBuffer();
});
afterAll(() => api.close());
beforeEach(async () => {
  await sql`delete from private_files`.execute(api.db);
  await sql`delete from applicants`.execute(api.db);
});

type Stored = { public_id: string; name: string; size: number; type: string; group: string };

async function upload(group: string | undefined, files: File[]) {
  const form = new FormData();
  if (group !== undefined) form.set("group", group);
  for (const f of files) form.append("file", f);
  return send(api, "POST", "/api/applicant/files", { multipart: form, headers: await uploadTokenHeader(api) });
}
async function uploaded(group: "idCards" | "certificate", files: File[] = [fileOf(pdfBytes(), "nin.pdf")]) {
  const res = await upload(group, files);
  expect(res.status).toBe(201);
  return ((await res.json()) as Stored[]).map((f) => f.public_id);
}
const filesStored = () => storedCount("private", api.dataDir);

describe("POST /api/applicant/files (private upload)", () => {
  it("stores a pdf and a png privately, unlinked, and answers their public ids", async () => {
    const res = await upload("idCards", [fileOf(pdfBytes(2048), "nin.pdf"), fileOf(png, "passport.png")]);
    expect(res.status).toBe(201);
    const body = (await res.json()) as Stored[];
    expect(body).toEqual([
      {
        public_id: expect.stringMatching(/^applicants\/[a-f0-9]{24}$/),
        name: "nin.pdf",
        size: 2048,
        type: "application/pdf",
        group: "idCards",
      },
      {
        public_id: expect.stringMatching(/^applicants\/[a-f0-9]{24}$/),
        name: "passport.png",
        size: png.length,
        type: "image/png",
        group: "idCards",
      },
    ]);
    const rows = await api.db.selectFrom("private_files").selectAll().execute();
    expect(rows.map((r) => r.applicant_id)).toEqual([null, null]);
    for (const f of body) expect(await isStored("private", f.public_id)).toBe(true);
    // Nothing under a public folder: the image route does not serve it.
    expect((await send(api, "GET", `/api/images/w_360,c_limit,f_auto,q_auto/${body[1].public_id}`)).status).toBe(404);
  });

  it("removes files a form never claimed after a day (housekeeping timer), and keeps newer ones and claimed ones", async () => {
    const [stale] = await uploaded("idCards");
    const [fresh] = await uploaded("idCards");
    const dayAndAMinuteAgo = new Date(Date.now() - 24 * 60 * 60 * 1000 - 60_000).toISOString();
    await api.db
      .updateTable("private_files")
      .set({ created_at: dayAndAMinuteAgo })
      .where("public_id", "=", stale)
      .execute();

    await (await import("../../api/housekeeping")).runHousekeeping();

    const ids = (await api.db.selectFrom("private_files").select("public_id").execute()).map((r) => r.public_id);
    expect(ids).not.toContain(stale);
    expect(ids).toContain(fresh);
    expect(await isStored("private", stale)).toBe(false);
    expect(await isStored("private", fresh)).toBe(true);
  });

  it("accepts a file of exactly 3145728 bytes", async () => {
    const res = await upload("certificate", [fileOf(pdfBytes(3145728), "big.pdf")]);
    expect(res.status).toBe(201);
    expect(((await res.json()) as Stored[])[0].size).toBe(3145728);
  });

  it.each([
    ["a phone's JPEG", () => fileOf(jpeg, "IMG_2041.JPG"), "image/jpeg"],
    ["a .jpeg", () => fileOf(jpeg, "nin.jpeg"), "image/jpeg"],
    ["a WebP", () => fileOf(webp, "nin.webp"), "image/webp"],
  ])("accepts %s, typed by its content (decision 018)", async (_name, file, type) => {
    const res = await upload("idCards", [file()]);
    expect(res.status).toBe(201);
    expect((await res.json())[0]).toMatchObject({ type });
  });

  it("accepts three files of 3MB each in one group", async () => {
    const files = [1, 2, 3].map((n) => fileOf(pdfBytes(3145728), `part${n}.pdf`));
    expect((await upload("idCards", files)).status).toBe(201);
    expect(await rowCount(api, "private_files")).toBe(3);
  });

  it.each([
    ["a file one byte over 3MB", () => [fileOf(pdfBytes(3145729), "big.pdf")], "Maximum file size of 3MB per file"],
    [
      "four files",
      () => [1, 2, 3, 4].map((n) => fileOf(pdfBytes(), `f${n}.pdf`)),
      "Maximum number of file upload is 3",
    ],
    [
      "a .txt renamed .pdf",
      () => [fileOf(Buffer.from("just some text, honest"), "id.pdf")],
      "id.pdf: only .pdf, .png, .jpg and .webp files are accepted",
    ],
    ["a png named .pdf", () => [fileOf(png, "id.pdf")], "id.pdf: only .pdf, .png, .jpg and .webp files are accepted"],
    [
      "a pdf named .txt",
      () => [fileOf(pdfBytes(), "id.txt")],
      "id.txt: only .pdf, .png, .jpg and .webp files are accepted",
    ],
    [
      "a png named .jpg",
      () => [fileOf(png, "photo.jpg")],
      "photo.jpg: only .pdf, .png, .jpg and .webp files are accepted",
    ],
    [
      "a jpeg named .png",
      () => [fileOf(jpeg, "photo.png")],
      "photo.png: only .pdf, .png, .jpg and .webp files are accepted",
    ],
    [
      "a jpeg named .heic",
      () => [fileOf(jpeg, "photo.heic")],
      "photo.heic: only .pdf, .png, .jpg and .webp files are accepted",
    ],
    [
      "a RIFF that is not WebP named .webp",
      () => [fileOf(Buffer.from("RIFF\x10\0\0\0WAVEfmt "), "id.webp")],
      "id.webp: only .pdf, .png, .jpg and .webp files are accepted",
    ],
    ["an empty file", () => [fileOf(Buffer.alloc(0), "empty.pdf")], "Choose at least one file to upload"],
    ["no file", () => [], "Choose at least one file to upload"],
    [
      "a good file beside a bad one",
      () => [fileOf(pdfBytes(), "good.pdf"), fileOf(Buffer.from("MZ fake exe"), "bad.png")],
      "bad.png: only .pdf, .png, .jpg and .webp files are accepted",
    ],
  ])("refuses %s with 400 and stores nothing", async (_name, files, message) => {
    const onDisk = await filesStored();
    expect(await statusAndText(await upload("idCards", files()))).toEqual({ status: 400, text: message });
    expect(await rowCount(api, "private_files")).toBe(0);
    expect(await filesStored()).toBe(onDisk);
  });

  it.each([
    ["no group", undefined],
    ["an unknown group", "selfies"],
  ])("refuses %s with 400 and stores nothing", async (_name, group) => {
    expect(await statusAndText(await upload(group, [fileOf(pdfBytes(), "nin.pdf")]))).toEqual({
      status: 400,
      text: "group must be idCards or certificate",
    });
    expect(await rowCount(api, "private_files")).toBe(0);
  });
});

const applicant = { ...validApplicant, courseTitle: "Hair Styling" };
const submit = (form: Record<string, string | string[]>) => send(api, "POST", "/api/applicant", { form });

describe("POST /api/applicant (form-encoded registration)", () => {
  it("stores the applicant, links the files, and mails the academy", async () => {
    const ids = await uploaded("idCards", [fileOf(pdfBytes(), "nin.pdf"), fileOf(png, "passport.png")]);
    const cert = await uploaded("certificate", [fileOf(pdfBytes(), "waec.pdf")]);
    const mailsBefore = await mailsSoFar(api);

    const res = await submit({ ...applicant, idCards: ["NIN", "International Passport"], files: [...ids, ...cert] });
    expect(res.status).toBe(201);
    const { _id } = await res.json();
    expect(_id).toMatch(/^[a-f0-9]{24}$/);

    const row = await api.db.selectFrom("applicants").selectAll().where("id", "=", _id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      firstname: "Amaka",
      lastname: "Eze",
      state: "lagos",
      postal_code: "106104",
      course_type: "Full Course",
      graduation_year: 2019,
      reg_terms: 1,
      reg_privacy: 1,
    });
    expect(JSON.parse(row.id_cards)).toEqual(["NIN", "International Passport"]);
    const linked = await api.db.selectFrom("private_files").select(["public_id", "applicant_id"]).execute();
    expect(linked.map((f) => f.applicant_id)).toEqual([_id, _id, _id]);

    const mails = (await waitForMail(api, mailsBefore + 2)).slice(mailsBefore);
    const notice = mails.find((m) => JSON.stringify(m.to).includes("admissions@academy.local"))!;
    expect(notice.subject).toContain("Amaka Eze");
    expect(notice.text).toContain(`/admin/applicants/${_id}`);
    // Staff "Reply" to the notice reaches the applicant (docs/product.md §4).
    expect(JSON.stringify(notice.replyTo)).toContain("amaka@example.com");
    // The applicant's confirmation (docs/decisions/018-registration-for-phones.md): reference, course, payment steps and bank details.
    const reference = `FLA-${_id.slice(0, 8).toUpperCase()}`;
    const confirmation = mails.find(
      (m) => JSON.stringify(m.to).includes("amaka@example.com") && m.subject.includes(reference),
    )!;
    expect(confirmation).toBeDefined();
    expect(confirmation.text).toContain(`Your reference: ${reference}`);
    expect(confirmation.text).toContain(`Course: ${applicant.courseTitle} (Full Course)`);
    expect(confirmation.text).toContain("Account Number: 1012345678");
    expect(confirmation.text).toContain("₦20,000");
    // The applicant's reply goes to admissions, and the academy's phone is in the mail.
    expect(JSON.stringify(confirmation.replyTo)).toContain("admissions@academy.local");
    expect(confirmation.text).toContain("+234 803 000 0000");
  });

  it("answers the reference with the id", async () => {
    const res = await submit({ ...applicant, files: await uploaded("idCards") });
    const body = await res.json();
    expect(body.reference).toBe(`FLA-${body._id.slice(0, 8).toUpperCase()}`);
  });

  it("takes the course by id, keeps that course's own title, and answers it", async () => {
    const course = await api.db
      .selectFrom("courses")
      .select(["id", "title"])
      .where("title", "=", "Barbering")
      .executeTakeFirstOrThrow();
    const res = await submit({
      ...applicant,
      courseTitle: "Anything",
      courseId: course.id,
      files: await uploaded("idCards"),
    });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect({ course: body.course, confirmed: body.confirmed }).toEqual({ course: "Barbering", confirmed: true });
    const row = await api.db
      .selectFrom("applicants")
      .select("course_title")
      .where("id", "=", body._id)
      .executeTakeFirstOrThrow();
    expect(row.course_title).toBe("Barbering");
  });

  it.each([
    ["an unknown course id", { courseId: "0123456789abcdef01234567" }],
    ["a title no published course has", { courseTitle: "Hair Styling Deluxe" }],
  ])("refuses %s with 400 and stores nothing", async (_name, change) => {
    const res = await submit({ ...applicant, ...change, files: await uploaded("idCards") });
    expect(await statusAndText(res)).toEqual({
      status: 400,
      text: "The course you chose is not open for registration. Please choose another course.",
    });
    expect(await rowCount(api, "applicants")).toBe(0);
  });

  it("takes no postal code, and no school or year when the highest education is none (decision 018)", async () => {
    const res = await submit({
      ...applicant,
      postalCode: "",
      highestEducation: "none",
      schoolName: "",
      graduationYear: "",
      files: await uploaded("idCards"),
    });
    expect(res.status).toBe(201);
    const { _id } = await res.json();
    const row = await api.db.selectFrom("applicants").selectAll().where("id", "=", _id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ postal_code: "", school_name: "", graduation_year: 0, highest_education: "none" });
    const read = await send(api, "GET", `/api/applicants/${_id}`, { cookie });
    expect(await read.json()).toMatchObject({ postalCode: "", schoolName: "", graduationYear: null });
  });

  it("still wants the school and year for any other education", async () => {
    const res = await submit({
      ...applicant,
      highestEducation: "primary school",
      schoolName: "",
      graduationYear: "",
      files: await uploaded("idCards"),
    });
    expect(await statusAndText(res)).toEqual({ status: 400, text: expect.stringContaining("School name is required") });
  });

  it("accepts Husband and Guardian as the emergency relationship", async () => {
    for (const r of ["Husband", "Guardian"])
      // Two people: one person's second application for the course is refused (docs/decisions/100).
      expect(
        (
          await submit({
            ...applicant,
            email: `${r.toLowerCase()}@example.com`,
            emergencyRelationship: r,
            files: await uploaded("idCards"),
          })
        ).status,
      ).toBe(201);
  });

  it("accepts multipart as well, the way a no-JavaScript form posts", async () => {
    const [id] = await uploaded("idCards");
    const form = new FormData();
    for (const [k, v] of Object.entries(applicant)) form.append(k, v);
    form.append("files", id);
    expect((await send(api, "POST", "/api/applicant", { multipart: form })).status).toBe(201);
  });

  it("does not need a certificate", async () => {
    expect((await submit({ ...applicant, files: await uploaded("idCards") })).status).toBe(201);
  });

  const requiredFields: [keyof typeof applicant, string][] = [
    ["firstname", "First name is required"],
    ["lastname", "Last name is required"],
    ["gender", "Select your gender"],
    ["dob", "Date of birth is required"],
    ["email", "Enter a valid email address"],
    ["phone", "Phone number is required"],
    ["street", "Street address is required"],
    ["city", "City is required"],
    ["state", "Select your state"],
    ["courseTitle", "Select a course"],
    ["courseType", "Select a course type"],
    ["idCards", "Select the type of your ID card"],
    ["parentConsent", "Select a parental consent option"],
    ["schoolName", "School name is required"],
    ["graduationYear", "Graduation year is required"],
    ["highestEducation", "Select your highest education"],
    ["emergencyFullname", "Emergency contact name is required"],
    ["emergencyRelationship", "Select the relationship"],
    ["emergencyPhone", "Emergency phone number is required"],
    ["regTerms", "You must accept the terms and conditions"],
    ["regPrivacy", "You must accept the privacy policy"],
  ];
  it("checks every field of the form", () => {
    // Every field but the postal code, optional (docs/decisions/018-registration-for-phones.md) (its own test above).
    expect(requiredFields.map(([f]) => f).sort()).toEqual(
      Object.keys(applicant)
        .filter((k) => k !== "postalCode")
        .sort(),
    );
  });

  it.each(requiredFields)('refuses a registration without %s ("%s") and stores nothing', async (field, message) => {
    const files = await uploaded("idCards");
    const form: Record<string, string | string[]> = { ...applicant, files };
    delete form[field];
    expect(await statusAndText(await submit(form))).toEqual({ status: 400, text: message });
    expect(await rowCount(api, "applicants")).toBe(0);
    // The uploaded files stay unlinked, ready for the corrected form.
    expect(
      (await api.db.selectFrom("private_files").select("applicant_id").execute()).map((f) => f.applicant_id),
    ).toEqual([null]);
  });

  it.each([
    ["an unticked terms box", { regTerms: "" }, "You must accept the terms and conditions"],
    ["an unticked privacy box", { regPrivacy: "false" }, "You must accept the privacy policy"],
    ["a gender not on the list", { gender: "Other" }, "Select your gender"],
    ["a state not on the list", { state: "Lagos State" }, "Select your state"],
    ["a course type not on the list", { courseType: "Weekend Course" }, "Select a course type"],
    ["an ID type not on the list", { idCards: "Library Card" }, "Select a valid ID type"],
    ["a parental consent not on the list", { parentConsent: "Perhaps" }, "Select a parental consent option"],
    ["an education level not on the list", { highestEducation: "PhD" }, "Select your highest education"],
    ["a relationship not on the list", { emergencyRelationship: "Neighbour" }, "Select the relationship"],
    ["a birth date in the future", { dob: "2999-01-01" }, "Date of birth must be in the past"],
    ["a birth date that is not a date", { dob: "12/04/2001" }, "Date of birth is required"],
    ["an e-mail that is not one", { email: "amaka.example.com" }, "Enter a valid email address"],
    ["a phone number with letters", { phone: "my phone" }, "Enter a valid phone number"],
    ["a graduation year in the past century", { graduationYear: "1900" }, "Enter a valid graduation year"],
  ])("refuses %s with 400 and stores nothing", async (_name, change, message) => {
    const files = await uploaded("idCards");
    expect(await statusAndText(await submit({ ...applicant, files, ...change }))).toEqual({
      status: 400,
      text: message,
    });
    expect(await rowCount(api, "applicants")).toBe(0);
  });

  it("refuses a registration without an ID file", async () => {
    const cert = await uploaded("certificate");
    expect(await statusAndText(await submit({ ...applicant, files: cert }))).toEqual({
      status: 400,
      text: "Upload at least one ID card",
    });
    expect(await statusAndText(await submit({ ...applicant }))).toEqual({
      status: 400,
      text: "Upload at least one ID card",
    });
    expect(await rowCount(api, "applicants")).toBe(0);
  });

  it("refuses a file id that was never uploaded", async () => {
    const real = await uploaded("idCards");
    const { status, text } = await statusAndText(
      await submit({ ...applicant, files: [...real, "applicants/0123456789abcdef01234567"] }),
    );
    expect({ status, text }).toEqual({
      status: 400,
      text: "An error occured while trying to upload your form file attachments",
    });
    expect(await rowCount(api, "applicants")).toBe(0);
  });

  it.each(["../../users.db", "applicants/../../secret", "course/demo/abc123", "applicants/ZZZZ"])(
    "refuses the forged file reference %s",
    async (forged) => {
      const real = await uploaded("idCards");
      const { status, text } = await statusAndText(await submit({ ...applicant, files: [...real, forged] }));
      expect({ status, text }).toEqual({ status: 400, text: "Invalid file reference" });
      expect(await rowCount(api, "applicants")).toBe(0);
    },
  );

  it("refuses files already used by another registration", async () => {
    const ids = await uploaded("idCards");
    expect((await submit({ ...applicant, files: ids })).status).toBe(201);
    const again = await statusAndText(
      await submit({ ...applicant, firstname: "Copycat", email: "copycat@example.com", files: ids }),
    );
    expect(again).toEqual({ status: 400, text: "An error occured while trying to upload your form file attachments" });
    expect(await rowCount(api, "applicants")).toBe(1);
  });

  it("gives the files to only one of two registrations racing for them", async () => {
    const ids = await uploaded("idCards");
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, n) =>
        submit({ ...applicant, firstname: `Racer${n}`, email: `racer${n}@example.com`, files: ids }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, 400, 400, 400]);
    expect(await rowCount(api, "applicants")).toBe(1);
  });

  it("refuses more than 3 ID files", async () => {
    const ids = [
      ...(await uploaded(
        "idCards",
        [1, 2, 3].map((n) => fileOf(pdfBytes(), `a${n}.pdf`)),
      )),
      ...(await uploaded("idCards")),
    ];
    expect(await statusAndText(await submit({ ...applicant, files: ids }))).toEqual({
      status: 400,
      text: "Maximum number of file upload is 3",
    });
    expect(await rowCount(api, "applicants")).toBe(0);
  });
});

describe("staff reads of applicants", () => {
  let firstId: string;
  let secondId: string;
  let fileIds: string[];
  beforeEach(async () => {
    fileIds = await uploaded("idCards", [fileOf(pdfBytes(4096), "nin card.pdf"), fileOf(png, "passport.png")]);
    firstId = (await (await submit({ ...applicant, files: fileIds })).json())._id;
    await sleep(3);
    secondId = (
      await (
        await submit({
          ...applicant,
          firstname: "Tobi",
          lastname: "Bello",
          email: "tobi@example.com",
          courseTitle: "Barbering",
          files: await uploaded("idCards"),
        })
      ).json()
    )._id;
  });

  it("answers 401 to a visitor for the list, the detail and a file", async () => {
    expect((await send(api, "GET", "/api/applicants")).status).toBe(401);
    expect((await send(api, "GET", `/api/applicants/${firstId}`)).status).toBe(401);
    expect((await send(api, "GET", `/api/files/${fileIds[0]}`)).status).toBe(401);
  });

  it("lists applicants newest first", async () => {
    const res = await send(api, "GET", "/api/applicants", { cookie });
    expect(res.status).toBe(200);
    const list = (await res.json()) as { _id: string; firstname: string }[];
    expect(list.map((a) => a._id)).toEqual([secondId, firstId]);
    expect(list[1]).toMatchObject({
      firstname: "Amaka",
      idCards: ["NIN"],
      regTerms: true,
      regPrivacy: true,
      graduationYear: 2019,
    });
  });

  it("pages and searches the list", async () => {
    const names = async (q: string) =>
      ((await (await send(api, "GET", `/api/applicants${q}`, { cookie })).json()) as { firstname: string }[]).map(
        (a) => a.firstname,
      );
    expect(await names("?limit=1&skip=1")).toEqual(["Amaka"]);
    expect(await names("?search=BARBER")).toEqual(["Tobi"]);
    expect(await names("?search=amaka@")).toEqual(["Amaka"]);
  });

  it("answers one applicant with the files", async () => {
    const res = await send(api, "GET", `/api/applicants/${firstId}`, { cookie });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ _id: firstId, firstname: "Amaka", state: "lagos" });
    // Each with its download name and whether the page shows it (docs/product.md §4).
    const reference = `FLA-${firstId.slice(0, 8).toUpperCase()}`;
    expect(body.files).toEqual([
      {
        public_id: fileIds[0],
        name: "nin card.pdf",
        size: 4096,
        type: "application/pdf",
        group: "idCards",
        downloadName: `${reference}-Amaka-Eze-NIN.pdf`,
        inline: true,
      },
      {
        public_id: fileIds[1],
        name: "passport.png",
        size: png.length,
        type: "image/png",
        group: "idCards",
        downloadName: `${reference}-Amaka-Eze-NIN-2.png`,
        inline: true,
      },
    ]);
  });

  it("answers 404 for an unknown applicant", async () => {
    expect(await statusAndText(await send(api, "GET", "/api/applicants/000000000000000000000000", { cookie }))).toEqual(
      { status: 404, text: "Applicant not found" },
    );
  });

  // Named after the reference and the applicant, not the uploaded name (docs/product.md §4).
  it("lets staff download a file as an attachment, byte for byte, named after the applicant", async () => {
    const reference = `FLA-${firstId.slice(0, 8).toUpperCase()}`;
    const res = await send(api, "GET", `/api/files/${fileIds[1]}`, { cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="${reference}-Amaka-Eze-NIN-2.png"; filename*=UTF-8''${reference}-Amaka-Eze-NIN-2.png`,
    );
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(Buffer.from(await res.arrayBuffer()).equals(png)).toBe(true);
    const pdf = await send(api, "GET", `/api/files/${fileIds[0]}`, { cookie });
    expect(pdf.headers.get("content-disposition")).toContain(`attachment; filename="${reference}-Amaka-Eze-NIN.pdf"`);
  });

  it("answers 404 for an unknown file", async () => {
    expect((await send(api, "GET", "/api/files/applicants/0123456789abcdef01234567", { cookie })).status).toBe(404);
  });
});
