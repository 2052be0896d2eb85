import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

import AxeBuilder from "@axe-core/playwright";
import type { Page, TestInfo } from "@playwright/test";
import jsQR from "jsqr";

import { dataDir, expect, jsEnabled, test } from "./fixtures";
import { htmlErrors } from "./html-checker";
import { registerApplicant, screenshots, toast } from "./staff-helpers";

// Certificates (docs/decisions/058-certificates-and-their-public-check.md): staff enrol, complete
// and issue; the graduate's mail carries the PDF, whose QR code opens the check page; staff
// revoke; the check page says valid, revoked or unknown, and limits one address to 10 a minute.
//
// Checks are counted per client address, and both projects' browsers run on this machine. So
// each project checks from its own loopback address — IPv6 with JavaScript, IPv4 without — and
// the two never share a count (the staff pages stay on `localhost`, where the session is).
const run = promisify(execFile);
const COURSE = "Professional Hairdressing and Styling"; // a published demo course
const checkHost = (info: TestInfo) => {
  const port = new URL(String(info.project.use.baseURL)).port;
  return jsEnabled(info) ? `http://[::1]:${port}` : `http://127.0.0.1:${port}`;
};

type OutboxMail = {
  to?: { address: string }[];
  text?: string;
  attachments?: { filename: string; contentType: string; content: string }[];
};

/** The newest mail to this address that carries a PDF. */
async function certificateMail(email: string) {
  const dir = path.join(dataDir(), "outbox");
  let found: OutboxMail | undefined;
  await expect
    .poll(
      async () => {
        const files = (await fs.readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith(".json")).sort();
        for (const file of files.reverse()) {
          const mail = JSON.parse(await fs.readFile(path.join(dir, file), "utf8")) as OutboxMail;
          if (mail.to?.some((t) => t.address === email) && mail.attachments?.length) {
            found = mail;
            return true;
          }
        }
        return false;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

/** The QR code of the PDF's page, read as a phone would: the page drawn as an image, then decoded. */
async function qrOfPdf(pdf: Buffer) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "certificate-"));
  try {
    await fs.writeFile(path.join(dir, "c.pdf"), pdf);
    await run("pdftoppm", ["-png", "-r", "110", "-singlefile", path.join(dir, "c.pdf"), path.join(dir, "page")]);
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

const result = (page: Page) => page.getByTestId("verify-result");

// A whole journey of staff pages, a mail and a PDF drawn and read: longer than a page visit.
test.describe.configure({ timeout: 120_000 });

test("staff enrol, complete and issue; the mailed PDF's QR code opens a valid check; revoked, then said so", async ({
  staffPage: page,
}, testInfo) => {
  const tag = `${testInfo.project.name.replace("-", "")}${Date.now().toString(36)}`;
  const email = `graduate-${tag}@example.com`;
  const firstname = "Amaka";
  const lastname = `Graduate${tag}`;
  const { id } = await registerApplicant(page.request, {
    firstname,
    lastname,
    email,
    courseTitle: COURSE,
    emergencyFullname: "Ngozi Graduate",
  });

  // Enrol through the pipeline, as admissions do.
  await page.goto(`/admin/applicants/${id}`);
  await page.getByLabel("Status", { exact: true }).selectOption({ label: "Enrolled" });
  await page.getByRole("button", { name: "Save status" }).click();
  // The registration fee is owed: staff read it and confirm (docs/decisions/093). Enrolled is then
  // staff's word for it, and this course has no intake (no course fee): completing asks nothing more.
  const owed = "Still owed: ₦20,000. Next: the registration fee, ₦20,000.";
  await expect(page.locator(".fees-owed-confirm")).toContainText(`${owed} Confirm to enrol anyway.`);
  await page.getByRole("button", { name: "Yes, change the status to Enrolled" }).click();
  await expect(toast(page, "Status changed to Enrolled")).toBeVisible();

  // Complete, with a distinction.
  await page.goto("/admin/applicants");
  await page.getByRole("link", { name: "Certificates" }).click();
  // The applicants list has a "Course" filter too: act once the certificates page is in place.
  await expect(page.getByRole("heading", { level: 1, name: "Certificates" })).toBeVisible();
  await page.getByLabel("Course").selectOption(COURSE);
  await page.getByRole("button", { name: "Show students" }).click();
  const row = page.getByTestId("graduate").filter({ hasText: lastname });
  await expect(row).toContainText("Not yet");
  await row.getByLabel("Grade or distinction (optional)").fill("Distinction");
  await row.getByRole("button", { name: `Mark ${firstname} ${lastname} completed` }).click();
  await expect(toast(page, "1 student marked completed.")).toBeVisible();
  await expect(row).toContainText("Distinction");

  // A name that cannot be printed comes back with the message, the form as typed.
  const holder = row.getByLabel("Name to print");
  await expect(holder).toHaveValue(`${firstname} ${lastname}`);
  await holder.fill(" ");
  await holder.evaluate((el) => el.removeAttribute("required"));
  await row.getByRole("button", { name: `Issue ${firstname} ${lastname}'s certificate` }).click();
  await expect(page.getByTestId("certificates-error")).toHaveText("Give the name to print on the certificate");

  // Staff correct the spelling before issue.
  const printed = `${firstname} Ọlá ${lastname}`;
  await page.getByTestId("graduate").filter({ hasText: lastname }).getByLabel("Name to print").fill(printed);
  await page
    .getByTestId("graduate")
    .filter({ hasText: lastname })
    .getByRole("button", { name: `Issue ${firstname} ${lastname}'s certificate` })
    .click();
  await expect(toast(page, "1 certificate issued; its e-mail is on its way.")).toBeVisible();
  const number = (await row.getByTestId("certificate-number").textContent())!.trim();
  expect(number).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]$/);

  // The mail: the PDF attached and the check link; the PDF's QR code opens that same link.
  const mail = await certificateMail(email);
  const checkUrl = `${new URL(String(testInfo.project.use.baseURL)).origin}/verify/${number}`;
  expect(mail.text).toContain(checkUrl);
  expect(mail.attachments![0]).toMatchObject({ contentType: "application/pdf" });
  const pdf = Buffer.from(mail.attachments![0].content, "base64");
  expect(await qrOfPdf(pdf)).toBe(checkUrl);

  const host = checkHost(testInfo);
  await page.goto(`${host}/verify/${number}`);
  await expect(result(page)).toContainText("Valid certificate");
  await expect(page.getByTestId("verify-holder")).toHaveText(printed);
  await expect(page.getByTestId("verify-course")).toHaveText(COURSE);
  // Every fact the certificate prints, the grade included: a grade added by a forger is contradicted.
  await expect(page.getByTestId("verify-grade")).toHaveText("Distinction");
  await expect(page.getByTestId("verify-signed-by")).not.toBeEmpty();
  // Nothing beyond what is printed: no e-mail, phone or birth date of the holder.
  await expect(result(page)).not.toContainText(email);
  await expect(result(page)).not.toContainText("1999");
  if (testInfo.project.name === "js-on") await screenshots(page, "certificate-valid");

  // Revoke, with a reason; the check says so at once.
  await page.goto(`/admin/certificates?course=${encodeURIComponent(COURSE)}`);
  const certified = page.getByTestId("graduate").filter({ hasText: lastname });
  if (testInfo.project.name === "js-on") await screenshots(page, "certificates-staff");
  await certified.getByLabel("Reason").selectOption({ label: "Issued in error" });
  await certified.getByRole("button", { name: `Revoke ${firstname} ${lastname}'s certificate` }).click();
  await expect(toast(page, "The certificate is revoked: its check page says so now.")).toBeVisible();
  await page.goto(`${host}/verify`);
  await page.getByLabel("Certificate number").fill(number.toLowerCase());
  await page.getByRole("button", { name: "Check" }).click();
  await expect(page).toHaveURL(/\/verify\?number=/);
  await expect(result(page)).toContainText("Revoked certificate");
  await expect(result(page)).toContainText("(Issued in error)");
  await expect(result(page)).not.toContainText(printed);
});

test("an unknown number is not found, and the 11th check in a minute from one address meets the limit", async ({
  page,
  request,
}, testInfo) => {
  const host = checkHost(testInfo);
  // This project's address starts the minute with no checks counted (a journey above made some).
  const { clientKey } = await import("../../api/client-ip");
  const { getDb } = await import("../../api/db/index");
  const key = `certificateLookupsPerIp:${clientKey(jsEnabled(testInfo) ? "::1" : "127.0.0.1")}`;
  await (
    await getDb()
  )
    .deleteFrom("rate_limits" as never)
    .where("key" as never, "=", key as never)
    .execute();

  await page.goto(`${host}/verify`);
  if (jsEnabled(testInfo)) {
    // The page is the same with or without JavaScript (it has none): its HTML and accessibility are checked once.
    expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
  }
  const pages: Record<string, string> = {};
  for (let i = 1; i <= 10; i++) {
    await page.getByLabel("Certificate number").fill(i === 1 ? "ABCD-EFGH-JKMN-P" : `ZZZZ-ZZZZ-ZZZ${i % 10}-0`);
    await page.getByRole("button", { name: "Check" }).click();
    await expect(result(page)).toContainText("No certificate with this number");
    if (i === 1) pages.unknown = await page.content();
  }
  await page.getByLabel("Certificate number").fill("ABCD-EFGH-JKMN-P");
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().includes("/verify?number=")),
    page.getByRole("button", { name: "Check" }).click(),
  ]);
  expect(response.status()).toBe(429);
  await expect(page.getByTestId("verify-limited")).toContainText(
    "You have checked many certificates from this address in the last minute. Please wait",
  );
  await expect(result(page)).toHaveCount(0);
  // What was typed stays in the form.
  await expect(page.getByLabel("Certificate number")).toHaveValue("ABCD-EFGH-JKMN-P");
  if (jsEnabled(testInfo)) {
    pages.limited = await page.content();
    // The form as the server sends it (no check: the page without a number looks nothing up).
    pages.form = await (await request.get(`${host}/verify`)).text();
    const errors = await htmlErrors(pages);
    expect(errors, errors.join("\n")).toEqual([]);
    expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
  }
});
