import crypto from "node:crypto";

import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { validApplicant } from "../fixtures/registration";
import {
  type Api,
  fileOf,
  mailsSoFar,
  pdfBytes,
  pdfText,
  pngBytes,
  readOutbox,
  rowCount,
  send,
  signedInStaff,
  startApi,
  statusAndText,
  uploadTokenHeader,
  waitForMail,
} from "./harness";

// After the form (docs/decisions/035, 036): one applicant per form token, the private status
// page and its links, proof of payment and staff's decision, withdrawal, saved forms.

let api: Api;
let cookie: string;
let sharp: typeof import("sharp").default;
beforeAll(async () => {
  api = await startApi();
  ({ cookie } = await signedInStaff(api));
  expect(
    (await send(api, "POST", "/api/courses", { cookie, json: { title: "Hair Styling", tutors: "Staff" } })).status,
  ).toBe(201);
  sharp = (await import("sharp")).default;
});
afterAll(() => api.close());
beforeEach(async () => {
  for (const table of ["application_links", "saved_forms", "private_files", "applicants"])
    await sql`delete from ${sql.table(table)}`.execute(api.db);
});

const applicant = { ...validApplicant, courseTitle: "Hair Styling" };
type Registered = { _id: string; reference: string; course: string; confirmed: boolean; statusToken: string };

async function upload(group: string, files: File[]) {
  const form = new FormData();
  form.set("group", group);
  for (const f of files) form.append("file", f);
  return send(api, "POST", "/api/applicant/files", { multipart: form, headers: await uploadTokenHeader(api) });
}
async function idCard() {
  const res = await upload("idCards", [fileOf(pdfBytes(), "nin.pdf")]);
  expect(res.status).toBe(201);
  return ((await res.json()) as { public_id: string }[])[0].public_id;
}
async function register(extra: Record<string, string | string[]> = {}) {
  const res = await send(api, "POST", "/api/applicant", { form: { ...applicant, files: [await idCard()], ...extra } });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as Registered;
}
const status = (token: string) => send(api, "GET", `/api/application/${token}`);
const UNKNOWN = "A".repeat(43);

/** A JPEG as a phone camera writes it: big, with EXIF orientation and a GPS position. */
async function cameraJpeg(width: number, height: number) {
  // Noise does not compress: a big file, as a 12-megapixel camera's is.
  const noise = crypto.randomBytes(width * height * 3);
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: "PhoneMaker" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "6/1 27/1 0/1", GPSLongitudeRef: "E", GPSLongitude: "3/1 23/1 0/1" },
    })
    .jpeg({ quality: 100 })
    .toBuffer();
}
/** Whether EXIF data points to a GPS block (tag 0x8825, either byte order). */
const hasGpsTag = (exif: Buffer | undefined) =>
  !!exif && (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88])));

/** Mails whose subject matches, once at least `count` have landed (the outbox is shared by the file's tests). */
async function mailsAbout(subject: RegExp, count = 1, text = "") {
  for (let i = 0; i < 120; i++) {
    const found = readOutbox(api).filter((m) => subject.test(m.subject) && m.text.includes(text));
    if (found.length >= count) return found;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`expected ${count} mail(s) about ${subject}`);
}

describe("one submission, one application (the form's one-time token)", () => {
  it("a second post of the same form answers the first applicant, and stores and mails nothing more", async () => {
    const key = "u1.1900000000.form-token-abcdef.mac";
    const first = await register({ submissionKey: key });
    await mailsAbout(new RegExp(first.reference));
    const mails = await mailsSoFar(api);
    const again = await send(api, "POST", "/api/applicant", {
      form: { ...applicant, files: [await idCard()], submissionKey: key },
    });
    expect(again.status).toBe(200);
    const second = (await again.json()) as Registered;
    expect(second).toMatchObject({ _id: first._id, reference: first.reference, course: "Hair Styling" });
    expect(await rowCount(api, "applicants")).toBe(1);
    // The retry's link opens the same application as the first's.
    expect(((await (await status(second.statusToken)).json()) as { reference: string }).reference).toBe(
      first.reference,
    );
    await new Promise((r) => setTimeout(r, 200));
    expect(readOutbox(api)).toHaveLength(mails);
  });

  it("two posts of one form at the same moment make one applicant", async () => {
    const key = "u1.1900000000.race-token-abcdef.mac";
    const files = [await idCard(), await idCard()];
    const answers = await Promise.all(
      files.map((f) => send(api, "POST", "/api/applicant", { form: { ...applicant, files: [f], submissionKey: key } })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 201]);
    const bodies = (await Promise.all(answers.map((r) => r.json()))) as Registered[];
    expect(bodies[0].reference).toBe(bodies[1].reference);
    expect(await rowCount(api, "applicants")).toBe(1);
  });

  it("forms without a token (the original API): the same person's second for the course is refused; a malformed token too", async () => {
    await register();
    // One live application per person and course (docs/decisions/100-one-live-application-per-course.md).
    const second = await send(api, "POST", "/api/applicant", { form: { ...applicant, files: [await idCard()] } });
    expect(second.status).toBe(409);
    expect(await rowCount(api, "applicants")).toBe(1);
    const bad = await send(api, "POST", "/api/applicant", {
      form: { ...applicant, files: [await idCard()], submissionKey: "<script>" },
    });
    expect(await statusAndText(bad)).toEqual({ status: 400, text: "Invalid form token" });
  });
});

describe("GET /api/application/:token (status page)", () => {
  it("answers the application's reference, course and status, and follows staff's changes", async () => {
    const { _id, reference, statusToken } = await register();
    expect(statusToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const res = await status(statusToken);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(await res.json()).toEqual({
      reference,
      course: "Hair Styling",
      courseType: "Full Course",
      createdAt: expect.any(String),
      status: "new",
      // No refund question: nothing was withdrawn after paying (docs/decisions/099).
      refund: null,
      // The applicant's own link (a guardian's is read-only), and no offer yet (decision 074).
      reader: false,
      offer: null,
      // No intake named (docs/decisions/068-intakes-and-seats.md).
      intake: null,
      proof: null,
      // An adult's application: no guardian's step (decision 065).
      guardian: null,
      // No intake: the registration fee is what is owed and due next (docs/decisions/093).
      statement: expect.objectContaining({
        settled: false,
        owed: { kobo: 2_000_000, text: "₦20,000" },
        course: null,
        dueNext: expect.objectContaining({ what: "registration", kobo: 2_000_000 }),
        words: "Still owed: ₦20,000. Next: the registration fee, ₦20,000.",
      }),
    });
    await send(api, "PATCH", `/api/applicants/${_id}/status`, { cookie, json: { status: "contacted" } });
    expect(((await (await status(statusToken)).json()) as { status: string }).status).toBe("contacted");
  });

  it("keeps only a hash of the token, and mails the link with the confirmation", async () => {
    const { statusToken } = await register();
    const rows = await api.db.selectFrom("application_links").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).not.toContain(statusToken);
    await mailsAbout(/^Your registration at Fine Line Academy/, 1, `http://localhost:3000/application/${statusToken}`);
  });

  it("answers an unknown, malformed or deleted application's link with the same 404", async () => {
    const { _id, statusToken } = await register();
    const expected = { status: 404, text: "This link does not open an application. Ask for your link again." };
    expect(await statusAndText(await status(UNKNOWN))).toEqual(expected);
    expect(await statusAndText(await status("short"))).toEqual(expected);
    await sql`delete from application_links where applicant_id = ${_id}`.execute(api.db);
    await sql`delete from private_files where applicant_id = ${_id}`.execute(api.db);
    await sql`delete from applicants where id = ${_id}`.execute(api.db);
    expect(await statusAndText(await status(statusToken))).toEqual(expected);
  });
});

describe("POST /api/application/link-request (send me my link again)", () => {
  it("mails a new working link to an address that applied, and answers an unknown one the same", async () => {
    const { reference } = await register();
    await mailsAbout(new RegExp(reference));
    await mailsAbout(/^New registration/);
    await new Promise((r) => setTimeout(r, 100));
    const before = await mailsSoFar(api);
    const known = await send(api, "POST", "/api/application/link-request", { json: { email: "AMAKA@example.com" } });
    const unknown = await send(api, "POST", "/api/application/link-request", { json: { email: "nobody@example.com" } });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(await known.text()).toBe(await unknown.text());
    const mails = await waitForMail(api, before + 1);
    await new Promise((r) => setTimeout(r, 200));
    // One mail, to the address that applied; none to the unknown one.
    expect(readOutbox(api)).toHaveLength(before + 1);
    const mail = mails.at(-1)!;
    expect(mail.subject).toBe("Your application at Fine Line Academy: your private link");
    expect(JSON.stringify(mail.to)).toContain("AMAKA@example.com");
    const token = mail.text.match(/\/application\/([\w-]{43})/)![1];
    expect(((await (await status(token)).json()) as { reference: string }).reference).toBe(reference);
  });

  it("is limited per address asked for, known or not", async () => {
    const ask = () => send(api, "POST", "/api/application/link-request", { json: { email: "limit@example.com" } });
    // The contract suite's factor (100) on 3 an hour.
    for (let i = 0; i < 300; i++) expect((await ask()).status).toBe(202);
    const over = await ask();
    expect(over.status).toBe(429);
    expect(over.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  it("refuses what is not an e-mail address", async () => {
    const res = await send(api, "POST", "/api/application/link-request", { json: { email: "not an address" } });
    expect(await statusAndText(res)).toEqual({ status: 400, text: "Enter a valid email address" });
  });
});

describe("proof of payment", () => {
  async function sendProof(token: string, file: File | null, transferReference = "TRF-2026-0042") {
    const form = new FormData();
    form.set("transferReference", transferReference);
    if (file) form.set("file", file);
    return send(api, "POST", `/api/application/${token}/proof`, { multipart: form });
  }

  it("stores the receipt privately, shows it waiting, and staff confirm it: paid, and a receipt mail", async () => {
    const { _id, reference, statusToken } = await register();
    const res = await sendProof(statusToken, fileOf(pdfBytes(4096), "receipt.pdf"));
    expect(res.status).toBe(201);
    const page = (await (await status(statusToken)).json()) as { proof: Record<string, string> };
    expect(page.proof).toMatchObject({ state: "waiting", transferReference: "TRF-2026-0042", rejectedReason: "" });

    const waiting = (await (await send(api, "GET", "/api/applicants?proof=waiting", { cookie })).json()) as {
      _id: string;
      paymentProof: string;
      paymentProofFile: string;
    }[];
    expect(waiting.map((a) => [a._id, a.paymentProof])).toEqual([[_id, "waiting"]]);
    const file = await send(api, "GET", `/api/files/${waiting[0].paymentProofFile}`, { cookie });
    expect(file.status).toBe(200);
    expect((await file.arrayBuffer()).byteLength).toBe(4096);

    const before = await mailsSoFar(api);
    expect((await send(api, "POST", `/api/applicants/${_id}/proof/confirm`, { cookie })).status).toBe(200);
    const after = (await (await status(statusToken)).json()) as { status: string; proof: { state: string } };
    expect(after).toMatchObject({ status: "paid", proof: { state: "confirmed" } });
    const receipt = (await mailsAbout(new RegExp(`^Payment received — ${reference}`))).at(-1)!;
    expect(readOutbox(api).length).toBeGreaterThan(before);
    expect(receipt.text).toContain("₦20,000");
    expect(receipt.text).toContain(reference);
    // A question about the payment, answered by replying, reaches admissions.
    expect(JSON.stringify(receipt.replyTo)).toContain("admissions@academy.local");
    // The receipt itself, a PDF to keep: what was paid, by transfer, under which references.
    const [attached] = (receipt as { attachments?: { filename: string; contentType: string; content: string }[] })
      .attachments!;
    expect(attached).toMatchObject({ contentType: "application/pdf" });
    expect(attached.filename).toMatch(/^Receipt-TRF-[a-z0-9]+\.pdf$/);
    const pdf = pdfText(api, attached.content);
    for (const words of ["Receipt", reference, "Registration fee", "NGN 20,000", "Bank transfer", "TRF-2026-0042"])
      expect(pdf).toContain(words);
    expect(await send(api, "GET", "/api/applicants?proof=waiting", { cookie }).then((r) => r.json())).toEqual([]);
    // Confirmed once: nothing is waiting, and the applicant sends no other.
    expect((await send(api, "POST", `/api/applicants/${_id}/proof/confirm`, { cookie })).status).toBe(409);
    expect((await sendProof(statusToken, fileOf(pdfBytes(), "again.pdf"))).status).toBe(409);
  });

  it("two staff confirming at the same moment: one receipt mail, and the other is told nothing waits", async () => {
    const { _id, reference, statusToken } = await register();
    expect((await sendProof(statusToken, fileOf(pdfBytes(2048), "receipt.pdf"))).status).toBe(201);
    const answers = await Promise.all(
      [1, 2].map(() => send(api, "POST", `/api/applicants/${_id}/proof/confirm`, { cookie }).then((r) => r.status)),
    );
    expect(answers.sort()).toEqual([200, 409]);
    await mailsAbout(new RegExp(`^Payment received — ${reference}`));
    await new Promise((r) => setTimeout(r, 300)); // a second receipt would have landed by now
    expect(readOutbox(api).filter((m) => m.subject.startsWith(`Payment received — ${reference}`))).toHaveLength(1);
  });

  it("a rejected proof shows staff's reason; a new receipt replaces the old one", async () => {
    const { _id, statusToken } = await register();
    await sendProof(statusToken, fileOf(pdfBytes(), "blurry.pdf"));
    const refused = await send(api, "POST", `/api/applicants/${_id}/proof/reject`, {
      cookie,
      json: { reason: "The amount is not readable" },
    });
    expect(refused.status).toBe(200);
    expect(((await (await status(statusToken)).json()) as { proof: unknown }).proof).toMatchObject({
      state: "rejected",
      rejectedReason: "The amount is not readable",
    });
    expect((await sendProof(statusToken, fileOf(pdfBytes(), "clear.pdf"))).status).toBe(201);
    const receipts = await api.db.selectFrom("private_files").selectAll().where("file_group", "=", "receipt").execute();
    expect(receipts.map((r) => r.original_name)).toEqual(["clear.pdf"]);
    expect(((await (await status(statusToken)).json()) as { proof: unknown }).proof).toMatchObject({
      state: "waiting",
      rejectedReason: "",
    });
  });

  it("refuses a missing file or reference, a file of the wrong kind, an unknown link, and staff calls without a session", async () => {
    const { _id, statusToken } = await register();
    expect(await statusAndText(await sendProof(statusToken, null))).toEqual({
      status: 400,
      text: "Choose a photo or PDF of your transfer receipt",
    });
    expect((await sendProof(statusToken, fileOf(pdfBytes(), "r.pdf"), "")).status).toBe(400);
    expect((await sendProof(statusToken, fileOf(Buffer.from("hello"), "r.pdf"))).status).toBe(400);
    expect((await sendProof(UNKNOWN, fileOf(pdfBytes(), "r.pdf"))).status).toBe(404);
    expect((await send(api, "POST", `/api/applicants/${_id}/proof/confirm`)).status).toBe(401);
    expect((await send(api, "POST", `/api/applicants/${_id}/proof/reject`, { json: { reason: "x" } })).status).toBe(
      401,
    );
    // Nothing waits: no decision to take.
    expect((await send(api, "POST", `/api/applicants/${_id}/proof/confirm`, { cookie })).status).toBe(409);
    expect(
      (await send(api, "POST", `/api/applicants/${_id}/proof/reject`, { cookie, json: { reason: "" } })).status,
    ).toBe(400);
    expect(await rowCount(api, "private_files")).toBe(1);
  });
});

describe("POST /api/application/:token/withdraw", () => {
  it("withdraws once, staff see it, and a withdrawn application takes no receipt", async () => {
    const { _id, statusToken, reference } = await register();
    const withdraw = () =>
      send(api, "POST", `/api/application/${statusToken}/withdraw`, { json: { dob: validApplicant.dob } });
    expect((await withdraw()).status).toBe(200);
    expect((await withdraw()).status).toBe(200);
    // The academy's inbox hears of it once, with a link to the applicant's staff page.
    const [notice] = await mailsAbout(/^Application withdrawn: /, 1, `/admin/applicants/${_id}`);
    expect(notice.subject).toMatch(new RegExp(`^Application withdrawn: ${reference} — \\S`));
    expect(notice.text).toContain(`The applicant withdrew application ${reference} from their status page.`);
    expect(readOutbox(api).filter((m) => m.subject.startsWith(`Application withdrawn: ${reference}`))).toHaveLength(1);
    const staffView = (await (await send(api, "GET", `/api/applicants/${_id}`, { cookie })).json()) as {
      status: string;
      statusChangedBy: unknown;
    };
    expect(staffView).toMatchObject({ status: "withdrawn", statusChangedBy: null });
    const counts = (await (await send(api, "GET", "/api/applicants/counts", { cookie })).json()) as Record<
      string,
      number
    >;
    expect(counts.withdrawn).toBe(1);
    const form = new FormData();
    form.set("transferReference", "x1");
    form.set("file", fileOf(pdfBytes(), "r.pdf"));
    expect((await send(api, "POST", `/api/application/${statusToken}/proof`, { multipart: form })).status).toBe(409);
    expect((await send(api, "POST", `/api/application/${UNKNOWN}/withdraw`)).status).toBe(404);
  });
});

describe("camera photos (shrunk on the server, no metadata kept)", () => {
  it("takes a camera JPEG over 3 MB, stores it under 3 MB, upright, long side 2000, without EXIF or GPS", async () => {
    const photo = await cameraJpeg(3000, 2000);
    expect(photo.length).toBeGreaterThan(3 * 1024 * 1024);
    expect(hasGpsTag((await sharp(photo).metadata()).exif)).toBe(true);
    const res = await upload("idCards", [fileOf(photo, "camera.jpg")]);
    expect(res.status, await res.clone().text()).toBe(201);
    const [stored] = (await res.json()) as { public_id: string; size: number; type: string }[];
    expect(stored.type).toBe("image/jpeg");
    expect(stored.size).toBeLessThanOrEqual(3 * 1024 * 1024);
    const { _id } = await register();
    await sql`update private_files set applicant_id = ${_id} where public_id = ${stored.public_id}`.execute(api.db);
    const bytes = Buffer.from(
      await (await send(api, "GET", `/api/files/${stored.public_id}`, { cookie })).arrayBuffer(),
    );
    const meta = await sharp(bytes).metadata();
    // No EXIF at all: no GPS position, no camera.
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation ?? 1).toBe(1);
    // Orientation 6 (turned a quarter): the stored photo stands the other way round.
    expect([meta.width, meta.height]).toEqual([1333, 2000]);
  });

  it("strips the metadata of a small photo too, and still refuses a PDF or PNG over 3 MB and a photo over 15 MB", async () => {
    const small = await cameraJpeg(400, 300);
    const res = await upload("idCards", [fileOf(small, "small.jpg")]);
    expect(res.status).toBe(201);
    const [stored] = (await res.json()) as { public_id: string }[];
    const { _id } = await register();
    await sql`update private_files set applicant_id = ${_id} where public_id = ${stored.public_id}`.execute(api.db);
    const bytes = Buffer.from(
      await (await send(api, "GET", `/api/files/${stored.public_id}`, { cookie })).arrayBuffer(),
    );
    expect((await sharp(bytes).metadata()).exif).toBeUndefined();

    const bigPdf = await upload("idCards", [fileOf(pdfBytes(3 * 1024 * 1024 + 1), "big.pdf")]);
    expect(await statusAndText(bigPdf)).toEqual({ status: 400, text: "Maximum file size of 3MB per file" });
    const bigPng = Buffer.concat([await pngBytes(8, 8), Buffer.alloc(3 * 1024 * 1024)]);
    expect(await statusAndText(await upload("idCards", [fileOf(bigPng, "big.png")]))).toEqual({
      status: 400,
      text: "Maximum file size of 3MB per file",
    });
    const huge = Buffer.concat([small, Buffer.alloc(15 * 1024 * 1024)]);
    expect(await statusAndText(await upload("idCards", [fileOf(huge, "huge.jpg")]))).toEqual({
      status: 400,
      text: "Maximum file size of 3MB per file",
    });
  });
});

describe("saved forms (save and continue later)", () => {
  const save = (json: unknown) => send(api, "POST", "/api/applicant/saved", { json });

  it("keeps the fields and files for 14 days, opens them again, and the registration uses them up", async () => {
    const file = await idCard();
    const res = await save({
      fields: { firstname: "Amaka", idCards: ["NIN"] },
      files: [file],
      email: "amaka@example.com",
    });
    expect(res.status).toBe(201);
    const { token, expiresAt, mailed } = (await res.json()) as { token: string; expiresAt: string; mailed: boolean };
    expect(mailed).toBe(true);
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(13.9 * 24 * 3600 * 1000);
    const mail = (await mailsAbout(/continue where you stopped/)).at(-1)!;
    expect(mail.text).toContain(`http://localhost:3000/registration-form?resume=${token}`);

    const opened = await send(api, "GET", `/api/applicant/saved/${token}`);
    expect(opened.status).toBe(200);
    expect(await opened.json()).toEqual({
      fields: { firstname: "Amaka", idCards: ["NIN"] },
      files: [{ public_id: file, name: "nin.pdf", size: expect.any(Number), group: "idCards" }],
      expiresAt,
    });
    // The abandoned-file sweep leaves a saved form's files alone for 14 days from their upload.
    const daysAgo13 = new Date(Date.now() - 13 * 24 * 3600 * 1000).toISOString();
    await sql`update private_files set created_at = ${daysAgo13}`.execute(api.db);
    const { runHousekeeping } = await import("../../api/housekeeping");
    await runHousekeeping();
    expect(await rowCount(api, "private_files")).toBe(1);

    const sent = await send(api, "POST", "/api/applicant", {
      form: { ...applicant, files: [file], resumeToken: token },
    });
    expect(sent.status).toBe(201);
    expect((await send(api, "GET", `/api/applicant/saved/${token}`)).status).toBe(404);
    expect(await rowCount(api, "saved_forms")).toBe(0);
  });

  it("answers an unknown, malformed or expired saved form with the same 404, and the sweep removes it with its files", async () => {
    const file = await idCard();
    const { token } = (await (await save({ fields: { firstname: "A" }, files: [file] })).json()) as { token: string };
    await sql`update saved_forms set expires_at = '2000-01-01T00:00:00.000Z'`.execute(api.db);
    const expected = {
      status: 404,
      text: "This saved form has expired or was already sent. Please fill in the form again.",
    };
    expect(await statusAndText(await send(api, "GET", `/api/applicant/saved/${token}`))).toEqual(expected);
    expect(await statusAndText(await send(api, "GET", `/api/applicant/saved/${UNKNOWN}`))).toEqual(expected);
    expect(await statusAndText(await send(api, "GET", "/api/applicant/saved/x"))).toEqual(expected);
    const { runHousekeeping } = await import("../../api/housekeeping");
    await runHousekeeping();
    expect(await rowCount(api, "saved_forms")).toBe(0);
    expect(await rowCount(api, "private_files")).toBe(0);
  });

  it("saving again replaces the saved form and moves its files; bad input is refused", async () => {
    const file = await idCard();
    const first = (await (await save({ fields: { firstname: "A" }, files: [file] })).json()) as { token: string };
    const second = (await (await save({ fields: { firstname: "B" }, files: [], replaces: first.token })).json()) as {
      token: string;
    };
    expect((await send(api, "GET", `/api/applicant/saved/${first.token}`)).status).toBe(404);
    const opened = (await (await send(api, "GET", `/api/applicant/saved/${second.token}`)).json()) as {
      fields: unknown;
      files: unknown[];
    };
    expect(opened.fields).toEqual({ firstname: "B" });
    expect(opened.files).toHaveLength(1);
    expect((await save({ fields: { "bad name": "x" }, files: [] })).status).toBe(400);
    expect((await save({ fields: { firstname: "x".repeat(2001) }, files: [] })).status).toBe(400);
    expect((await save({ fields: {}, files: ["../../etc/passwd"] })).status).toBe(400);
  });
});
