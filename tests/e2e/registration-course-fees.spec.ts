import type { APIRequestContext, Page } from "@playwright/test";

import { dayFromToday } from "../fixtures/intake";
import { expect, hydrated, jsEnabled, test } from "./fixtures";
import { makeCourse, makeIntake } from "./intake-helpers";
import { mailsTo, registerApplicant, toast } from "./staff-helpers";

// docs/decisions/077-course-fees-and-instalments.md: staff give an intake an instalment plan in
// its form; a visitor reads it on the course page; the applicant pays the first instalment online
// from the status page through the stand-in Paystack (tests/support/paystack.ts) and the page says
// it is paid, the receipt in the outbox; a declined card leaves it unpaid with another try; staff
// read the intake's totals and what each applicant still owes. JavaScript on and off.

/** Funke applies for the intake through the API (the form's own journeys are elsewhere). */
async function register(request: APIRequestContext, courseId: string, intakeId: string, email: string) {
  const who = {
    firstname: "Funke",
    lastname: "Adeyemi",
    email,
    courseId,
    intakeId,
    emergencyFullname: "Tunde Adeyemi",
  };
  const { id, reference, statusToken } = await registerApplicant(request, who);
  return { _id: id, reference, statusToken };
}

/** A course with one intake of ₦650,000 in three parts, written through the staff form. */
async function courseWithPlan(staffPage: Page, tag: string, js: boolean) {
  const title = `Barbering ${tag}`;
  const course = await makeCourse(staffPage.request, title);
  await staffPage.goto(`/admin/courses/${course._id}/intakes`);
  if (js) await hydrated(staffPage);
  const form = staffPage.locator("form.intake-form");
  await form.getByLabel("Start date").fill(dayFromToday(30));
  await form.getByLabel("Or duration").fill("6 months");
  await form.getByLabel("Classes on").selectOption({ label: "Weekends" });
  await form.getByLabel("Days and times").fill("Saturdays 9am–3pm");
  await form.getByLabel("Campus").fill("Yaba");
  await form.getByLabel("Seats").fill("10");
  await form.getByLabel("Fee (₦)").fill("650000");
  await form.getByLabel("Registration opens").fill(dayFromToday(-1));
  await form.getByLabel("Registration closes").fill(dayFromToday(20));
  // Parts that do not add up come back with what was typed and the message by the plan.
  const parts = [
    ["250000", dayFromToday(30)],
    ["200000", dayFromToday(90)],
    ["100000", dayFromToday(150)],
  ];
  for (const [i, [amount, due]] of parts.entries()) {
    await form.getByLabel(`Part ${i + 1} (₦)`).fill(amount!);
    await form.getByLabel(`Part ${i + 1} due`).fill(due!);
  }
  await form.getByRole("button", { name: "Save intake" }).click();
  await expect(form.getByText("The parts must add up to the fee")).toBeVisible();
  await expect(form.getByLabel("Part 3 (₦)")).toHaveValue("100000");
  await form.getByLabel("Part 3 (₦)").fill("200000");
  await form.getByRole("button", { name: "Save intake" }).click();
  await expect(toast(staffPage, "Intake added.")).toBeVisible();
  const intakeId = (await staffPage.locator(".intake-table tbody tr").first().getAttribute("data-intake"))!;
  return { course, intakeId };
}

/** Staff admit the applicant by hand (Accepted): only an admitted applicant pays the course fee (docs/decisions/077). */
async function admit(staffPage: Page, applicantId: string) {
  await staffPage.goto(`/admin/applicants/${applicantId}`);
  await staffPage.locator("#pipeline-status").selectOption("accepted");
  await staffPage.getByRole("button", { name: "Save status" }).click();
  await expect(toast(staffPage, "Status changed to Accepted")).toBeVisible();
}

test("pay the first instalment online from the status page: paid, the receipt mailed, staff see what is still owed", async ({
  page,
  staffPage,
}, info) => {
  test.setTimeout(90_000);
  const tag = `${info.project.name}-${Date.now().toString(36)}`;
  const { course, intakeId } = await courseWithPlan(staffPage, tag, jsEnabled(info));

  // Visitors read the plan on the course page's intake.
  await page.goto(`/course/${course._id}/${course.slug}`);
  await expect(page.locator(".intake-plan")).toContainText("Or in 3 instalments: ₦250,000 by");

  const email = `funke.${tag}@example.com`;
  const { _id, reference, statusToken } = await register(page.request, course._id, intakeId, email);
  await admit(staffPage, _id);
  await page.goto(`/application/${statusToken}`);
  const fee = page.locator("#course-fee");
  await expect(fee).toContainText("Fee ₦650,000 · paid ₦0 · still to pay ₦650,000");
  await fee.getByRole("button", { name: "Pay instalment 1 (₦250,000) online" }).click();
  await expect(page.getByRole("heading", { name: "Pay NGN 250000.00" })).toBeVisible();
  await page.getByRole("button", { name: "Pay now" }).click();

  await expect(page).toHaveURL(new RegExp(`/application/${statusToken}$`));
  await expect(page.getByText("Payment received: thank you.")).toBeVisible();
  await expect(fee).toContainText("paid ₦250,000 · still to pay ₦400,000");
  await expect(fee.locator("li[data-paid=yes]")).toHaveCount(1);
  await expect(fee.getByRole("button", { name: "Pay instalment 2 (₦200,000) online" })).toBeVisible();
  await expect(page.locator(".payment-history li")).toContainText("₦250,000 — Instalment 1 of 3 — Online — Paid");
  await expect.poll(() => mailsTo(email).filter((m) => m.subject === `Payment received — ${reference}`).length).toBe(1);
  expect(mailsTo(email).find((m) => m.subject === `Payment received — ${reference}`)!.text).toContain("instalment 1");

  // Staff: the intake's course fees on the payments page.
  await staffPage.goto(`/admin/payments?intake=${intakeId}`);
  await expect(staffPage.getByTestId("intake-fee-totals")).toContainText("received ₦250,000");
  await expect(staffPage.getByTestId("intake-fee-row")).toContainText("₦400,000");
});

test("a declined card leaves the instalment unpaid, says so, and another amount is checked by the field", async ({
  page,
  staffPage,
}, info) => {
  test.setTimeout(90_000);
  const tag = `${info.project.name}-${Date.now().toString(36)}`;
  const { course, intakeId } = await courseWithPlan(staffPage, tag, jsEnabled(info));
  const { _id, statusToken } = await register(page.request, course._id, intakeId, `funke.fail.${tag}@example.com`);
  await admit(staffPage, _id);
  await page.goto(`/application/${statusToken}`);
  const fee = page.locator("#course-fee");
  await fee.getByRole("button", { name: "Pay instalment 1 (₦250,000) online" }).click();
  await page.getByRole("button", { name: "Decline the card" }).click();
  await expect(page).toHaveURL(new RegExp(`/application/${statusToken}\\?payment=failed`));
  await expect(fee).toContainText("paid ₦0 · still to pay ₦650,000");
  await expect(fee.locator("li[data-paid=yes]")).toHaveCount(0);
  // The way to try again is there.
  await expect(fee.getByRole("button", { name: "Pay instalment 1 (₦250,000) online" })).toBeVisible();

  // Another amount below the academy's least comes back with what was typed and the reason by it.
  await fee.getByLabel("Amount in naira").fill("5000");
  await fee.getByRole("button", { name: "Pay this amount online" }).click();
  await expect(fee.getByText("Pay at least ₦10,000 and at most ₦650,000")).toBeVisible();
  await expect(fee.getByLabel("Amount in naira")).toHaveValue("5000");
});

test("staff record a course-fee transfer on the applicant's page: refused input comes back as typed, a reference is recorded once, the status page names the instalment", async ({
  page,
  staffPage,
}, info) => {
  test.setTimeout(90_000);
  const tag = `${info.project.name}-${Date.now().toString(36)}`;
  const course = await makeCourse(staffPage.request, `Makeup ${tag}`);
  const intakeId = await makeIntake(staffPage.request, course._id, {
    campus: "Yaba",
    instalments: [
      { amount: 250000, dueOn: dayFromToday(30) },
      { amount: 200000, dueOn: dayFromToday(90) },
      { amount: 200000, dueOn: dayFromToday(150) },
    ],
  });
  const email = `funke.transfer.${tag}@example.com`;
  const { _id, reference, statusToken } = await register(page.request, course._id, intakeId, email);

  await staffPage.goto(`/admin/applicants/${_id}`);
  if (jsEnabled(info)) await hydrated(staffPage);
  const fee = staffPage.locator("#course-fee");
  await expect(fee).toContainText("Fee ₦650,000 · paid ₦0 · still owed ₦650,000");
  const form = fee.locator("form.fee-transfer-form");
  // A refused amount comes back with everything typed and the message by the field.
  await form.getByLabel("Amount received (₦, whole naira)").fill("250000.50");
  await form.getByLabel("For instalment").selectOption({ label: "Instalment 1 of 3 (₦250,000)" });
  await form.getByLabel("Bank reference").fill(`gtb trf ${tag}`);
  await form.getByRole("button", { name: "Record transfer" }).click();
  await expect(form.getByText("Give the amount received, in whole naira")).toBeVisible();
  await expect(form.getByLabel("Amount received (₦, whole naira)")).toHaveValue("250000.50");
  await expect(form.getByLabel("Bank reference")).toHaveValue(`gtb trf ${tag}`);
  await expect(form.getByLabel("For instalment")).toHaveValue("1");
  await form.getByLabel("Amount received (₦, whole naira)").fill("250,000");
  await form.getByRole("button", { name: "Record transfer" }).click();
  await expect(toast(staffPage, "Transfer of ₦250,000 recorded")).toBeVisible();
  await expect(fee).toContainText("paid ₦250,000 · still owed ₦400,000");
  await expect(fee.getByTestId("course-fee-history")).toContainText(
    `₦250,000 — Instalment 1 of 3 — Bank transfer — GTB TRF ${tag.toUpperCase()}`,
  );

  // (Each project's reference is its own: the two projects share one database.)
  // The same bank reference again is refused by its field, with what was typed.
  await form.getByLabel("Amount received (₦, whole naira)").fill("200000");
  await form.getByLabel("Bank reference").fill(`GTB  TRF ${tag}`);
  await form.getByRole("button", { name: "Record transfer" }).click();
  await expect(form.getByText("A transfer with this reference is already recorded.")).toBeVisible();
  await expect(form.getByLabel("Amount received (₦, whole naira)")).toHaveValue("200000");
  await expect(fee).toContainText("paid ₦250,000");

  // The receipt went through the outbox; the applicant's status page names the instalment.
  await expect.poll(() => mailsTo(email).filter((m) => m.subject === `Payment received — ${reference}`).length).toBe(1);
  await page.goto(`/application/${statusToken}`);
  await expect(page.locator(".payment-history li")).toContainText(
    "₦250,000 — Instalment 1 of 3 — Bank transfer — Paid",
  );
  // The payments page names it too.
  await staffPage.goto(`/admin/payments`);
  await expect(staffPage.getByTestId("payment-row").filter({ hasText: `GTB TRF ${tag.toUpperCase()}` })).toContainText(
    "Instalment 1 of 3",
  );
});
