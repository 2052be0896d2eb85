import fs from "node:fs";
import { Readable } from "node:stream";

import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page, TestInfo } from "@playwright/test";
import ExcelJS from "exceljs";

import { dayFromToday } from "../fixtures/intake";
import { expect, jsEnabled, test } from "./fixtures";
import { htmlErrors, serverHtml } from "./html-checker";
import { makeCourse, makeIntake } from "./intake-helpers";
import { outboxMails, registerApplicant, toast } from "./staff-helpers";

// Message an intake (docs/decisions/080-message-an-intake.md), JavaScript on and off: the form, a
// preview with the count, "Change the message" keeps what was typed, then the send, and the mails
// are in the outbox, one per person, the withdrawn left out. And the class list as a spreadsheet.

const mailsWith = (subject: string) => outboxMails().filter((m) => m.subject === subject);

/** A course with an intake of three applicants, one of whom withdrew. */
async function intakeOfThree(page: Page, tag: string) {
  const course = await makeCourse(page.request, `Message Braiding ${tag}`);
  const intakeId = await makeIntake(page.request, course._id, {
    // Soon: the desk lists the open intakes soonest first (at most 40), so this one is among them.
    startDate: dayFromToday(5),
    campus: `Message campus ${tag}`,
    closesOn: dayFromToday(3),
  });
  const emails = ["one", "two", "gone"].map((n) => `message.${n}.${tag}@example.com`);
  const ids: string[] = [];
  for (const email of emails) {
    const who = {
      firstname: "Ngozi",
      lastname: "Okafor",
      email,
      courseId: course._id,
      intakeId,
      emergencyFullname: "Chidi Okafor",
    };
    ids.push((await registerApplicant(page.request, who)).id);
  }
  const withdrawn = await page.request.patch(`/api/applicants/${ids[2]}/status`, { data: { status: "withdrawn" } });
  expect(withdrawn.status()).toBe(200);
  return { intakeId, emails };
}

test("staff message an intake: preview with the count, change, send, one mail per person in the outbox", async ({
  staffPage: page,
}, info) => {
  test.setTimeout(90_000);
  const tag = `${info.project.name}-${Date.now().toString(36)}`;
  const { intakeId, emails } = await intakeOfThree(page, tag);
  // From the desk's intake row, and from the class list.
  await page.goto("/admin/desk");
  await page.locator(`tr[data-intake="${intakeId}"]`).getByRole("link", { name: "Message", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/intakes/${intakeId}/message$`));
  await page.goto(`/admin/intakes/${intakeId}/roster`);
  await page.getByRole("link", { name: "Message this intake" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/intakes/${intakeId}/message$`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`Message the intake: Message Braiding ${tag}`);

  // Nothing typed: refused by the field (in the browser with JavaScript, by the server without).
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByText("Please enter the message's subject.")).toBeVisible();
  await expect(page.getByText("Please write the message.")).toBeVisible();

  const subject = `First day ${tag}`;
  // The form offers the seat holders first (a class's news is for its class); none of these three has a seat.
  await expect(page.getByLabel("Who receives it")).toHaveValue("seated");
  await page.getByLabel("Who receives it").selectOption("all");
  await page.getByLabel("Subject").fill(subject);
  await page.getByLabel("Message").fill("Bring your kit.\nWe start at 9am.");
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByRole("heading", { name: "Check before sending" })).toBeVisible();
  await expect(page.getByText("This message will reach 2 people.")).toBeVisible();
  await expect(page.locator(".intake-message-text")).toHaveText("Bring your kit.\nWe start at 9am.");
  expect(mailsWith(subject)).toEqual([]);

  // Back to the form with what was typed, then the preview again.
  await page.getByRole("button", { name: "Change the message" }).click();
  await expect(page.getByLabel("Subject")).toHaveValue(subject);
  await expect(page.getByLabel("Message")).toHaveValue("Bring your kit.\nWe start at 9am.");
  await page.getByRole("button", { name: "Preview" }).click();
  await page.getByRole("button", { name: "Send to 2 people" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/intakes/${intakeId}/roster$`));
  await expect(toast(page, "Message queued for 2 people.")).toBeVisible();

  await expect.poll(() => mailsWith(subject).length, { timeout: 10_000 }).toBe(2);
  const mails = mailsWith(subject);
  expect(mails.map((m) => m.to[0]!.address).sort()).toEqual(emails.slice(0, 2).sort());
  for (const mail of mails) {
    expect(mail.text).toContain("Dear Ngozi,");
    expect(mail.text).toContain("Bring your kit.\nWe start at 9am.");
    expect(mail.replyTo?.[0]?.address).toMatch(/@/);
  }
});

test("the class list downloads as a spreadsheet with payment, transfer reference and guardian columns", async ({
  staffPage: page,
}, info) => {
  const tag = `${info.project.name}-xlsx-${Date.now().toString(36)}`;
  const { intakeId, emails } = await intakeOfThree(page, tag);
  await page.goto(`/admin/intakes/${intakeId}/roster`);
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download spreadsheet (.xlsx)" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`class-list-${dayFromToday(5)}.xlsx`);
  const bytes = fs.readFileSync(await file.path());
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.read(Readable.from([bytes]));
  const sheet = workbook.worksheets[0]!;
  expect(sheet.getRow(1).values).toEqual([
    undefined,
    "Reference",
    "Name",
    "Phone",
    "E-mail",
    "Status",
    "Place",
    "Payment",
    "Transfer reference",
    "Guardian",
    "Guardian's phone",
    "Consent",
  ]);
  expect(sheet.rowCount).toBe(4);
  const rows = [2, 3, 4].map((n) => sheet.getRow(n));
  expect(rows.map((r) => r.getCell(4).value).sort()).toEqual([...emails].sort());
  for (const row of rows) {
    expect(row.getCell(1).value).toMatch(/^FLA-[0-9A-F]{8}$/);
    // The phone stays text: its + is kept and nothing reads it as a number.
    expect(row.getCell(3).value).toBe("+2348012345678");
    expect(row.getCell(3).numFmt).toBe("@");
  }
  // The Payment column says what is owed, from the statement of account (docs/decisions/093):
  // the registration fee first; the withdrawn one owes nothing.
  for (const row of rows) {
    const email = String(row.getCell(4).value);
    if (email.includes(".gone.")) expect(row.getCell(7).value).toBe("Nothing owed");
    else expect(row.getCell(7).value).toMatch(/^Owes ₦670,000; next registration fee ₦20,000$/);
  }
});

/** Axe inside the page; without JavaScript, the page as it renders with its scripts blocked (axe itself needs a script). */
async function violations(page: Page, browser: Browser, info: TestInfo, url: string) {
  if (jsEnabled(info)) {
    await page.goto(url);
    return (await new AxeBuilder({ page }).analyze()).violations.map((v) => `${url} ${v.id}`);
  }
  const context = await browser.newContext({
    javaScriptEnabled: true,
    storageState: await page.context().storageState(),
  });
  try {
    const bare = await context.newPage();
    await bare.route("**/build/**/*.js", (route) => route.abort());
    await bare.goto(url);
    const found = (await new AxeBuilder({ page: bare }).analyze()).violations.map((v) => `${url} ${v.id}`);
    // The preview, as the server renders it after "Preview".
    await bare.getByLabel("Subject").fill("Check");
    await bare.getByLabel("Message").fill("Hello.");
    await bare.getByRole("button", { name: "Preview" }).click();
    await expect(bare.getByRole("heading", { name: "Check before sending" })).toBeVisible();
    return [...found, ...(await new AxeBuilder({ page: bare }).analyze()).violations.map((v) => `preview ${v.id}`)];
  } finally {
    await context.close();
  }
}

test("the message page passes the HTML checker and has no accessibility violations, form and preview", async ({
  staffPage: page,
  browser,
}, info) => {
  test.setTimeout(90_000);
  const tag = `${info.project.name}-check-${Date.now().toString(36)}`;
  const { intakeId } = await intakeOfThree(page, tag);
  const url = `/admin/intakes/${intakeId}/message`;
  if (jsEnabled(info)) {
    const errors = await htmlErrors({ message: await serverHtml(page.request, url) });
    expect(errors, errors.join("\n")).toEqual([]);
  }
  const found = await violations(page, browser, info, url);
  if (jsEnabled(info)) {
    await page.getByLabel("Subject").fill(`Check ${tag}`);
    await page.getByLabel("Message").fill("Hello.");
    await page.getByRole("button", { name: "Preview" }).click();
    await expect(page.getByRole("heading", { name: "Check before sending" })).toBeVisible();
    found.push(...(await new AxeBuilder({ page }).analyze()).violations.map((v) => `preview ${v.id}`));
  }
  expect(found).toEqual([]);
});
