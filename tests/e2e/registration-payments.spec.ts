import type { APIRequestContext } from "@playwright/test";

import { expect, test } from "./fixtures";
import { mailsTo, pngBytes, uploadTokenHeader } from "./staff-helpers";

// Paying the registration fee online (docs/decisions/062-the-server-decides-money-arrived.md),
// on a phone, JavaScript on and off, through the stand-in Paystack the browser suite starts
// (tests/support/paystack.ts): the checkout completes and the status page says paid, with the
// receipt in the outbox; a declined card leaves it unpaid with a message and another try.

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

async function registered(request: APIRequestContext, email: string) {
  // The registration names the token its files came with: it may claim only those (docs/security.md).
  const pageToken = await uploadTokenHeader(request);
  const upload = await request.post("/api/applicant/files", {
    headers: pageToken,
    multipart: { group: "idCards", file: { name: "nin.png", mimeType: "image/png", buffer: await pngBytes() } },
  });
  const [file] = (await upload.json()) as { public_id: string }[];
  const courses = (await (await request.get("/api/courses?limit=1")).json()) as {
    title: string;
    courseTypes: string[];
  }[];
  const res = await request.post("/api/applicant", {
    headers: pageToken,
    form: {
      firstname: "Amaka",
      lastname: "Eze",
      gender: "Female",
      dob: "2001-03-04",
      email,
      phone: "+2348012345679",
      street: "5 Allen Avenue",
      city: "Ikeja",
      state: "lagos",
      courseTitle: courses[0]!.title,
      courseType: courses[0]!.courseTypes[0] ?? "Full Course",
      idCards: "NIN",
      parentConsent: "Yes",
      highestEducation: "none",
      emergencyFullname: "Obi Eze",
      emergencyRelationship: "Father",
      emergencyPhone: "+2348098765433",
      regTerms: "on",
      regPrivacy: "on",
      files: file!.public_id,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { _id: string; reference: string; statusToken: string };
}

test("pay online from the status page: Paystack's checkout completes, the page says paid and the receipt is mailed; staff see it", async ({
  page,
  staffPage,
}, testInfo) => {
  const email = `amaka.pay-${testInfo.project.name}-${Date.now().toString(36)}@example.com`;
  const { reference, statusToken } = await registered(page.request, email);
  await page.goto(`/application/${statusToken}`);
  await expect(page.getByRole("heading", { name: "Or pay by bank transfer" })).toBeVisible();
  await page.getByRole("button", { name: "Pay ₦20,000 online" }).click();
  // Paystack's page (the stand-in), on another origin.
  await expect(page.getByRole("heading", { name: "Pay NGN 20000.00" })).toBeVisible();
  expect(new URL(page.url()).port).not.toBe(new URL(testInfo.project.use.baseURL!).port);
  await page.getByRole("button", { name: "Pay now" }).click();

  await expect(page).toHaveURL(new RegExp(`/application/${statusToken}$`));
  await expect(page.locator(".application-status-word")).toHaveText("Paid");
  await expect(page.getByText("Payment received: thank you.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Pay ₦20,000 online" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Send receipt" })).toHaveCount(0);
  const history = page.locator(".payment-history li");
  await expect(history).toHaveCount(1);
  await expect(history).toContainText("₦20,000 — Registration fee — Online — Paid");
  const paymentReference = (await history.locator(".field-hint").innerText()).trim();
  expect(paymentReference).toMatch(/^FLA-PAY-/);
  // Its receipt, a PDF the browser shows: the link's answer, read as the browser receives it.
  const receiptLink = history.getByRole("link", { name: "Receipt (PDF)" });
  const pdf = await page.request.get((await receiptLink.getAttribute("href"))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect(pdf.headers()["content-disposition"]).toBe(`inline; filename="Receipt-${paymentReference}.pdf"`);
  expect(pdf.headers()["cache-control"]).toBe("private, no-store");
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");

  await expect.poll(() => mailsTo(email).filter((m) => m.subject === `Payment received — ${reference}`).length).toBe(1);
  const receipt = mailsTo(email).find((m) => m.subject === `Payment received — ${reference}`)!;
  expect(receipt.text).toContain(paymentReference);
  expect(receipt.html).toContain("Receipt");
  expect(JSON.stringify(receipt.replyTo)).toContain("@");

  // Staff: the payment on the payments page, found by its reference, with the webhook's address.
  await staffPage.goto(`/admin/payments?q=${paymentReference}`);
  const row = staffPage.getByTestId("payment-row");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(reference);
  await expect(row).toContainText("Online (Paystack)");
  await expect(row).toContainText("Paid");
  // Who paid, to match a bank statement by name.
  await expect(row).toContainText("Amaka Eze");
  await expect(staffPage.getByLabel(/Webhook URL/)).toHaveValue(/\/api\/payments\/paystack\/webhook$/);
  // On a phone the page fits its width: the rows stack as cards, and the intakes' select (as wide
  // as its longest option, every journey's intake listed) shrinks to the page.
  await staffPage.setViewportSize({ width: 360, height: 800 });
  await expect.poll(() => staffPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await staffPage.screenshot({ path: `/tmp/payments-360-${testInfo.project.name}.png`, fullPage: true });
  await staffPage.setViewportSize({ width: 1280, height: 800 });
  // The refund form is folded until asked for.
  await expect(staffPage.getByLabel("Note (optional)")).toBeHidden();
  await row.locator("summary", { hasText: "Record refund" }).click();
  await staffPage.getByLabel("Note (optional)").fill("Refunded in Paystack's dashboard");
  await staffPage.getByRole("button", { name: "Record refund" }).click();
  await expect(staffPage.getByText("Refund recorded.")).toBeVisible();
  await expect(staffPage.getByTestId("payment-row")).toContainText("Refunded ₦20,000");
});

test("a declined card: back on the status page, unpaid, told why, and a second try reaches the checkout again", async ({
  page,
}, testInfo) => {
  const email = `amaka.fail-${testInfo.project.name}-${Date.now().toString(36)}@example.com`;
  const { statusToken } = await registered(page.request, email);
  await page.goto(`/application/${statusToken}`);
  await page.getByRole("button", { name: "Pay ₦20,000 online" }).click();
  await page.getByRole("button", { name: "Decline the card" }).click();

  await expect(page).toHaveURL(new RegExp(`/application/${statusToken}\\?payment=failed`));
  await expect(page.getByRole("alert")).toContainText("The payment did not go through, and nothing was taken.");
  await expect(page.locator(".application-status-word")).toHaveText("Received");
  await expect(page.locator(".payment-history")).toHaveCount(0);
  // The transfer stays open too.
  await expect(page.getByRole("button", { name: "Send receipt" })).toBeVisible();

  await page.getByRole("button", { name: "Pay ₦20,000 online" }).click();
  await page.getByRole("button", { name: "Cancel payment" }).click();
  await expect(page.getByRole("alert")).toContainText("The payment was not completed.");
  await expect(page.locator(".application-status-word")).toHaveText("Received");
  await expect.poll(() => mailsTo(email).filter((m) => m.subject.startsWith("Payment received")).length).toBe(0);
});
