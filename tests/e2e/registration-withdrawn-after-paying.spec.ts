import { DEFAULT_REFUND_POLICY } from "@domain/settings";

import { expect, test } from "./fixtures";
import { mailsTo, pngBytes, registerApplicant, toast } from "./staff-helpers";

// A withdrawal after paying (docs/decisions/099-withdrawn-after-paying.md), JavaScript on and off:
// staff withdraw an offered applicant who paid; the status page says what was paid and the refund
// policy and no longer offers the offer letter; the applicant page shows "Refund to decide" until
// staff decide none is due, with a note the form keeps when refused.

test("withdrawn after paying: the applicant reads what was paid and what happens next; staff decide the refund", async ({
  page,
  staffPage,
}, testInfo) => {
  test.setTimeout(120_000);
  const tag = `${testInfo.project.name}-${Date.now().toString(36)}`;
  const email = `refund.${tag}@example.com`;
  const { id, reference, statusToken } = await registerApplicant(page.request, {
    firstname: "Kemi",
    lastname: `Refund${tag.replace(/\W/g, "")}`,
    email,
    emergencyFullname: "Bola Refund",
    courseTitle: "Professional Hairdressing and Styling",
  });

  // An offer, then the registration fee paid by a transfer staff confirm.
  await staffPage.goto(`/admin/applicants/${id}`);
  await staffPage.getByRole("button", { name: "Make the offer" }).click();
  await expect(toast(staffPage, "Offer made: the applicant is e-mailed")).toBeVisible();
  await page.goto(`/application/${statusToken}`);
  await expect(page.getByRole("link", { name: "Download your offer letter (PDF)" })).toBeVisible();
  await page.getByLabel("Transfer reference").fill(`ZEN/${tag}`);
  await page
    .getByLabel("Receipt (photo or PDF)")
    .setInputFiles([{ name: "receipt.png", mimeType: "image/png", buffer: await pngBytes("#eeeeee") }]);
  await page.getByRole("button", { name: "Send receipt" }).click();
  await expect(page.getByText("Receipt received, waiting for confirmation.")).toBeVisible();
  await staffPage.goto(`/admin/applicants/${id}`);
  await staffPage.getByRole("button", { name: "Confirm payment" }).click();
  await expect(staffPage.locator(".proof-state")).toHaveText("Payment confirmed");

  // Staff withdraw it: the applicant is mailed what was paid and the policy.
  await staffPage.getByLabel("Status", { exact: true }).selectOption({ label: "Withdrawn" });
  await staffPage.getByRole("button", { name: "Save status" }).click();
  await expect(toast(staffPage, "Status changed to Withdrawn")).toBeVisible();
  await expect
    .poll(() => mailsTo(email).filter((m) => m.subject === `Your application is withdrawn — ${reference}`).length)
    .toBe(1);
  const mail = mailsTo(email).find((m) => m.subject === `Your application is withdrawn — ${reference}`)!;
  expect(mail.text).toContain("You paid ₦20,000 by bank transfer for it.");
  expect(mail.text).toContain(DEFAULT_REFUND_POLICY);

  // The status page: what was paid, what happens next, and no offer letter any more.
  await page.goto(`/application/${statusToken}`);
  const money = page.getByTestId("withdrawn-money");
  await expect(money).toContainText("You paid ₦20,000 for this application.");
  await expect(money).toContainText("Admissions will decide on a refund under the academy's refund policy:");
  await expect(money).toContainText(DEFAULT_REFUND_POLICY);
  await expect(page.getByRole("link", { name: "Download your offer letter (PDF)" })).toHaveCount(0);

  // Staff: on the desk's list, then "no refund is due" with a note (refused empty-ish, kept as typed).
  await staffPage.goto("/admin/desk");
  await expect(staffPage.locator('[data-work="refundsToDecide"]')).toContainText("Refunds to decide");
  await staffPage.goto("/admin/applicants?proof=refund");
  await expect(staffPage.getByRole("link", { name: new RegExp(`View: Kemi Refund`) }).first()).toBeVisible();
  await staffPage.goto(`/admin/applicants/${id}`);
  const refund = staffPage.locator(".applicant-refund");
  await expect(refund).toContainText("Withdrawn after paying ₦20,000.");
  const note = refund.getByLabel("Why is no refund due?");
  // Too short: the browser's own check stepped around, the server refuses it and keeps it.
  await note.evaluate((el) => el.removeAttribute("minlength"));
  await note.fill("no");
  await refund.getByRole("button", { name: "No refund is due" }).click();
  await expect(staffPage.locator("#refund-note-error")).toHaveText(
    "Say in one line (3 to 300 characters) why no refund is due",
  );
  await expect(staffPage.getByLabel("Why is no refund due?")).toHaveValue("no");
  await staffPage.getByLabel("Why is no refund due?").fill("Registration fee not refundable after review");
  await staffPage.getByRole("button", { name: "No refund is due" }).click();
  await expect(toast(staffPage, "Decided: no refund is due.")).toBeVisible();
  await expect(staffPage.locator(".applicant-refund")).toContainText("No refund due, decided on");
  await expect(staffPage.locator(".applicant-refund")).toContainText("Registration fee not refundable after review");

  // The applicant's page says so.
  await page.goto(`/application/${statusToken}`);
  await expect(page.getByTestId("withdrawn-money")).toContainText(
    "Admissions have decided that no refund is due, under the academy's refund policy.",
  );
});
