import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

import jsQR from "jsqr";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { hashSecret } from "../../api/lib/ids";
import {
  type Api,
  fileOf,
  insertCourse,
  mailsSent,
  makeIntake,
  pdfBytes,
  pdfText,
  send,
  signedInStaff,
  startApi,
  uploadTokenHeader,
} from "../api/harness";
import { dayFromToday } from "../fixtures/intake";
import { validApplicant } from "../fixtures/registration";

// Fourth review, finding 2: a minor's guardian got a copy of the offer whose attached letter was
// the applicant's own, its QR code the applicant's status link, so a read-only guardian (or anyone
// they forwarded it to) could decline the offer. Every mail a guardian gets must hold only the
// guardian's read-only link: the text, the HTML and each attached letter's QR code, decoded as a
// phone would (docs/decisions/091-a-link-withdraws-only-with-the-date-of-birth.md).

const run = promisify(execFile);
let api: Api;
let courseId: string;
let admissions: string;
beforeAll(async () => {
  api = await startApi();
  ({ cookie: admissions } = await signedInStaff(api, "admissions.guardian@academy.test", { role: "admissions" }));
  courseId = (await insertCourse(api, "Makeup Artistry")).id;
});
afterAll(() => api.close());

/** 17 years old today. */
function minorDob() {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear() - 17, now.getUTCMonth(), now.getUTCDate())).toISOString().slice(0, 10);
}

let people = 0;
async function registerMinor(intakeId: string) {
  const form = new FormData();
  form.set("group", "idCards");
  form.set("file", fileOf(pdfBytes(), "nin.pdf"));
  const up = await send(api, "POST", "/api/applicant/files", {
    multipart: form,
    headers: await uploadTokenHeader(api),
  });
  const [file] = (await up.json()) as { public_id: string }[];
  const n = ++people;
  const guardian = `guardian${n}@example.com`;
  const res = await send(api, "POST", "/api/applicant", {
    form: {
      ...validApplicant,
      courseId,
      intakeId,
      dob: minorDob(),
      email: `minor${n}@example.com`,
      phone: `+234806${String(n).padStart(7, "0")}`,
      guardianName: "Ngozi Eze",
      guardianRelationship: "Mother",
      guardianPhone: `+234809${String(n).padStart(7, "0")}`,
      guardianEmail: guardian,
      guardianConsent: "on",
      files: file.public_id,
    },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return { ...((await res.json()) as { _id: string; statusToken: string }), guardian };
}

/** The QR code on the PDF's page, read as a phone would: the page drawn as an image, then decoded. */
async function qrOfPdf(pdf: Buffer) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "guardian-letter-"));
  try {
    await fs.writeFile(path.join(dir, "l.pdf"), pdf);
    await run("pdftoppm", ["-png", "-r", "110", "-singlefile", path.join(dir, "l.pdf"), path.join(dir, "page")]);
    const sharp = (await import("sharp")).default;
    const { data, info } = await sharp(path.join(dir, "page.png"))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data;
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** Every token-shaped run (32 random bytes, base64url) in a text. */
const tokensIn = (text: string) => [...text.matchAll(/(?<![\w-])[\w-]{43}(?![\w-])/g)].map((m) => m[0]);

/** What a token opens: a status link (the applicant's, or a read-only one), or nothing of the status page's. */
async function linkKind(token: string) {
  const link = await api.db
    .selectFrom("application_links")
    .select("reader")
    .where("token_hash", "=", hashSecret(token))
    .executeTakeFirst();
  return !link ? "other" : link.reader === 1 ? "read-only" : "applicant";
}

/** Every link a mail holds, and where: its text, its HTML, each attachment's QR code and text. */
async function linksOf(mail: { text: string; html?: string; attachments?: { filename: string; content: string }[] }) {
  const found: { where: string; token: string }[] = [];
  for (const token of tokensIn(mail.text)) found.push({ where: "text", token });
  for (const token of tokensIn(mail.html ?? "")) found.push({ where: "html", token });
  for (const a of mail.attachments ?? []) {
    const pdf = Buffer.from(a.content, "base64");
    const qr = await qrOfPdf(pdf);
    expect(qr, `${a.filename} has a QR code a phone reads`).toBeTruthy();
    for (const token of tokensIn(qr!)) found.push({ where: `${a.filename} QR`, token });
    for (const token of tokensIn(pdfText(api, pdf))) found.push({ where: `${a.filename} text`, token });
  }
  return found;
}

describe("a guardian's copies hold only the guardian's read-only link", () => {
  it("the offer copy, its letter's QR code, and every later decision copy", async () => {
    const intake = await makeIntake(api, admissions, courseId, { seats: 5 });
    const a = await registerMinor(intake);
    const offered = await send(api, "POST", `/api/applicants/${a._id}/offer`, {
      cookie: admissions,
      json: { acceptBy: dayFromToday(7) },
    });
    expect(offered.status, await offered.clone().text()).toBe(200);
    const enrolled = await send(api, "PATCH", `/api/applicants/${a._id}/status`, {
      cookie: admissions,
      // Staff confirm the fees still owed (docs/decisions/093).
      json: { status: "enrolled", confirmOwed: true },
    });
    expect(enrolled.status).toBe(200);

    const copies = await mailsSent(api, { to: a.guardian, subject: /^Copy for the guardian/ });
    expect(copies.map((m) => m.subject.replace(/FLA-\w+/, "FLA-…"))).toEqual([
      expect.stringMatching(/offer/i),
      expect.stringMatching(/enrolled/i),
    ]);
    const offerCopy = copies[0];
    expect(offerCopy.attachments).toHaveLength(1);
    const kinds: Record<string, string[]> = {};
    for (const mail of copies)
      for (const { where, token } of await linksOf(mail)) {
        expect(token).not.toBe(a.statusToken);
        (kinds[await linkKind(token)] ??= []).push(`${mail.subject.slice(0, 30)} · ${where}`);
      }
    // The letter's QR code was found and is a read-only link; no applicant's link anywhere.
    expect(kinds.applicant ?? []).toEqual([]);
    expect(kinds.other ?? []).toEqual([]);
    expect(kinds["read-only"]?.some((w) => w.includes("QR"))).toBe(true);

    // Scanned, the guardian's letter opens a page that answers nothing.
    const qrToken = tokensIn((await qrOfPdf(Buffer.from(offerCopy.attachments![0].content, "base64")))!)[0];
    const page = await send(api, "GET", `/api/application/${qrToken}`);
    expect(((await page.json()) as { reader: boolean }).reader).toBe(true);
  });

  // Held before the fix too: kept so the guardian's own download never regresses to the applicant's link.
  it("the letter downloaded through a read-only link encodes that read-only link", async () => {
    const intake = await makeIntake(api, admissions, courseId, { seats: 5 });
    const a = await registerMinor(intake);
    const offered = await send(api, "POST", `/api/applicants/${a._id}/offer`, {
      cookie: admissions,
      json: { acceptBy: dayFromToday(7) },
    });
    expect(offered.status).toBe(200);
    const [copy] = await mailsSent(api, { to: a.guardian, subject: /^Copy for the guardian/ });
    const readerToken = tokensIn(copy.text).find((t) => t !== a.statusToken)!;
    expect(await linkKind(readerToken)).toBe("read-only");
    const letter = await send(api, "GET", `/api/application/${readerToken}/offer-letter`);
    expect(letter.status).toBe(200);
    const qr = await qrOfPdf(Buffer.from(await letter.arrayBuffer()));
    expect(tokensIn(qr!)).toEqual([readerToken]);
  });
});
