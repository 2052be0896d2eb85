import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";

import type { APIRequestContext, Page } from "@playwright/test";

import { dataDir, expect } from "./fixtures";

/** The first link matching `pattern` in the newest mail to this address in the e2e outbox (path and query). */
async function linkInNewestMail(email: string, pattern: RegExp) {
  const dir = path.join(dataDir(), "outbox");
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const files = (await fs.readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith(".json")).sort();
        for (const file of files.reverse()) {
          const mail = JSON.parse(await fs.readFile(path.join(dir, file), "utf8")) as {
            to?: { address: string }[];
            text?: string;
          };
          link = mail.to?.some((t) => t.address === email) ? mail.text?.match(pattern)?.[0] : undefined;
          if (link) return true;
        }
        return false;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  const url = new URL(link!);
  return url.pathname + url.search;
}

export type OutboxMail = {
  to: { address: string }[];
  replyTo?: { address: string }[];
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; contentType: string; content: string }[];
};

/** Every mail in the e2e outbox, oldest first (its files are named by their queue time). */
export function outboxMails(): OutboxMail[] {
  const dir = path.join(dataDir(), "outbox");
  let files: string[];
  try {
    files = readdirSync(dir);
  } catch {
    return [];
  }
  return files
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), "utf8")) as OutboxMail);
}

/** Every mail to this address in the e2e outbox, oldest first. */
export const mailsTo = (address: string) => outboxMails().filter((m) => m.to.some((t) => t.address === address));

/** The path and query of the first link in a mail's text that matches `pattern`, to open on the site under test. */
export function linkIn(text: string, pattern: RegExp) {
  const found = text.match(pattern);
  if (!found) throw new Error(`No link matching ${pattern} in:\n${text}`);
  const url = new URL(found[0]);
  return url.pathname + url.search;
}

/** The text of a PDF (bytes, or an attachment's base64) as poppler's pdftotext reads it, layout kept: what a person reads. */
export function pdfText(pdf: Buffer | string) {
  const bytes = typeof pdf === "string" ? Buffer.from(pdf, "base64") : pdf;
  expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
  return execFileSync("pdftotext", ["-layout", "-", "-"], { input: bytes, encoding: "utf8" });
}

/** The password-reset link of the newest mail to this address in the e2e outbox. */
export const resetLinkFor = (email: string) => linkInNewestMail(email, /https?:\/\/\S+\/password-reset\?token=\S+/);

/** Ends every session of the user in the e2e database, as a server-side logout or expiry would. */
export async function endSessionsOf(userId: string) {
  const { getDb } = await import("../../api/db/index");
  const db = await getDb();
  await db.deleteFrom("sessions").where("user_id", "=", userId).execute();
}

/** The authenticator app's code now for a secret (RFC 6238, as the API checks it). */
export async function totpCode(secret: string, at = Date.now()) {
  const OTPAuth = await import("otpauth");
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: at,
  });
}

/**
 * The code of the account's app now, read from its secret in the e2e database. Its last accepted
 * step is forgotten first, as if the next 30 seconds had passed: a journey signs a fixture in
 * more often than a person could (the replay refusal is proven in tests/api/two-factor.test.ts).
 */
export async function currentCode(email: string) {
  const { getDb } = await import("../../api/db/index");
  const db = await getDb();
  const user = await db
    .selectFrom("users")
    .select(["id", "totp_secret"])
    .where("email", "=", email)
    .executeTakeFirstOrThrow();
  await db.updateTable("users").set({ totp_last_step: null }).where("id", "=", user.id).execute();
  return totpCode(user.totp_secret!);
}

/** Signs in through the login page; with two-factor on, through its code page too. */
export async function loginThroughForm(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  // The code page follows only a right password of an account with two-factor on.
  const { getDb } = await import("../../api/db/index");
  const { verifyPassword } = await import("../../api/auth/password");
  const user = await (
    await getDb()
  )
    .selectFrom("users")
    .select(["password_hash", "totp_enabled_at"])
    .where("email", "=", email)
    .executeTakeFirst();
  if (!user?.totp_enabled_at || !(await verifyPassword(password, user.password_hash))) return;
  await page.waitForURL(/\/fla-admin\/code/);
  await page.getByLabel("Code").fill(await currentCode(email));
  await page.getByRole("button", { name: "Verify" }).click();
}

export const toast = (page: Page, text: string) => page.locator(".toast-area").getByText(text);

export async function screenshots(page: Page, name: string) {
  await page.screenshot({ path: `/tmp/staff-${name}-desktop.png`, fullPage: true });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: `/tmp/staff-${name}-mobile.png`, fullPage: true });
  if (size) await page.setViewportSize(size);
}

/** A small real PNG, made on the fly. */
export async function pngBytes(colour = "#c0337a") {
  const sharp = (await import("sharp")).default;
  return sharp({ create: { width: 64, height: 40, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

/** The upload token the registration page carries, as the header its upload call sends (api/upload-token.ts). */
export async function uploadTokenHeader(request: APIRequestContext) {
  const res = await request.get("/api/applicant/upload-token");
  expect(res.status()).toBe(200);
  return { "x-upload-token": ((await res.json()) as { token: string }).token };
}

/**
 * A registration through the API with one ID card (a PNG), as the form sends it; `who` names the
 * applicant, their course and their emergency contact. Answers the applicant's and the file's ids.
 */
export async function registerApplicant(
  request: APIRequestContext,
  who: {
    firstname: string;
    lastname: string;
    email: string;
    emergencyFullname: string;
    /** The course by its title (the original API's field) or its id, and an intake of it. */
    courseTitle?: string;
    courseId?: string;
    intakeId?: string;
  },
  /** More of the form's fields, or others in place of the defaults (a minor's date of birth and guardian). */
  extra: Record<string, string> = {},
) {
  // The registration names the token its files came with: it may claim only those (docs/security.md).
  const page = await uploadTokenHeader(request);
  const upload = await request.post("/api/applicant/files", {
    headers: page,
    multipart: {
      group: "idCards",
      file: { name: "nin-card.png", mimeType: "image/png", buffer: await pngBytes("#3366aa") },
    },
  });
  expect(upload.status()).toBe(201);
  const [file] = (await upload.json()) as { public_id: string }[];
  const res = await request.post("/api/applicant", {
    headers: page,
    form: {
      ...who,
      gender: "Female",
      dob: "1999-04-02",
      phone: "+2348012345678",
      street: "12 Allen Avenue",
      city: "Ikeja",
      state: "lagos",
      postalCode: "100001",
      courseType: "Full Course",
      idCards: "NIN",
      parentConsent: "Yes",
      schoolName: "Queens College",
      graduationYear: "2016",
      highestEducation: "OND",
      emergencyRelationship: "Mother",
      emergencyPhone: "+2348098765432",
      regTerms: "on",
      regPrivacy: "on",
      files: file.public_id,
      ...extra,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const made = (await res.json()) as { _id: string; reference: string; statusToken: string };
  return { id: made._id, fileId: file.public_id, reference: made.reference, statusToken: made.statusToken };
}

/** The newest invitation link mailed to this address in the e2e outbox (path and query). */
export const invitationLinkFor = (email: string) => linkInNewestMail(email, /https?:\/\/\S+\/invitation\?token=\S+/);

/** Signs a page's requests in through the API, with the code step when the account has two-factor on. */
export async function signInThroughApi(page: Page, staff: { email: string; password: string }) {
  const login = await page.request.post("/api/auth/login/password", {
    data: { username: staff.email, password: staff.password },
  });
  expect(login.status()).toBe(200);
  if (((await login.json()) as { codeNeeded?: boolean }).codeNeeded) {
    const code = await page.request.post("/api/auth/login/code", { data: { code: await currentCode(staff.email) } });
    expect(code.status()).toBe(200);
  }
}
