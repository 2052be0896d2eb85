import fs from "node:fs";
import path from "node:path";

import { dataDir, expect, test } from "./fixtures";

// A job seeker asks for weekly job alerts from the jobs list, confirms by the mailed link's
// button and leaves by the unsubscribe link, JavaScript on and off (docs/product.md §2, Blog).

type Mail = { to: { address: string }[]; subject: string; text: string };
function mailsTo(address: string): Mail[] {
  const outbox = path.join(dataDir(), "outbox");
  if (!fs.existsSync(outbox)) return [];
  return fs
    .readdirSync(outbox)
    .filter((f) => f.endsWith(".json"))
    .map((f) => JSON.parse(fs.readFileSync(path.join(outbox, f), "utf8")) as Mail)
    .filter((m) => m.to.some((t) => t.address === address));
}

test("a job seeker asks for job alerts, confirms them by the mailed link, and stops them", async ({
  page,
}, testInfo) => {
  const email = `seeker.${testInfo.project.name}.${Date.now().toString(36)}@example.com`;
  await page.goto("/blog?jobs");
  const teaser = page.getByRole("complementary", { name: "Get new jobs by e-mail" });
  // A mistyped address comes back with the field's message and what was typed.
  await teaser.getByLabel("Your e-mail").fill("ada@");
  // The browser's own check would stop "ada@" first; the server's answer is what is proved here.
  await teaser.getByLabel("Your e-mail").evaluate((el) => el.setAttribute("type", "text"));
  await teaser.getByRole("button", { name: "Send me job alerts" }).click();
  await expect(page.getByRole("heading", { name: "Job alerts", level: 1 })).toBeVisible();
  await expect(
    page.getByText("This email address is not complete: it should look like name@example.com"),
  ).toBeVisible();
  const field = page.getByLabel("Your e-mail");
  await expect(field).toHaveValue("ada@");
  await field.fill(email);
  await page.getByRole("button", { name: "Send me job alerts" }).click();
  await expect(page.getByRole("status")).toContainText(`Check your e-mail: if ${email} is not on our list yet`);

  await expect.poll(() => mailsTo(email).length, { timeout: 10_000 }).toBe(1);
  const [mail] = mailsTo(email);
  expect(mail.subject).toBe("Confirm your job alerts from Fine Line Academy");
  const confirm = mail.text.match(/https?:\/\/\S+\/job-alerts\/confirm\?token=\S+/)![0];
  const unsubscribe = mail.text.match(/https?:\/\/\S+\/job-alerts\/unsubscribe\?token=\S+/)![0];

  // Opening the link changes nothing (mail scanners open links); the button confirms.
  await page.goto(new URL(confirm).pathname + new URL(confirm).search);
  await expect(page.getByRole("heading", { name: "Confirm your job alerts" })).toBeVisible();
  await page.getByRole("button", { name: "Start my job alerts" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "Your job alerts are on. The first e-mail comes with next week's new jobs.",
  );

  await page.goto(new URL(unsubscribe).pathname + new URL(unsubscribe).search);
  await page.getByRole("button", { name: "Stop my job alerts" }).click();
  await expect(page.getByRole("status")).toHaveText("You will receive no more job alerts. Your address is deleted.");
  // The confirmation link is dead with the address.
  await page.goto(new URL(confirm).pathname + new URL(confirm).search);
  await page.getByRole("button", { name: "Start my job alerts" }).click();
  await expect(page.getByRole("alert")).toContainText("This link is not valid or has expired");
});

test("a link with a malformed secret says so and offers no button", async ({ page }) => {
  await page.goto("/job-alerts/confirm?token=nope");
  await expect(page.getByRole("alert")).toContainText("This link is not valid or has expired");
  await expect(page.getByRole("button", { name: "Start my job alerts" })).toHaveCount(0);
});
