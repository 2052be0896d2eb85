import { dayWords } from "@domain/intakes";

import { dayFromToday } from "../fixtures/intake";
import { expect, test } from "./fixtures";
import { makeCourse, makeIntake } from "./intake-helpers";
import { registerApplicant } from "./staff-helpers";

// docs/decisions/093-paid-means-nothing-is-owed.md: an intake of ₦150,000 in two ₦75,000
// instalments. On the applicant's status page the course fee's transfer box asks for the ₦75,000
// due next, never the registration fee, before and after the registration fee is paid; and the
// status does not read "Paid" while the course fee is owed: it says what is still owed and when.
// JavaScript on and off (the playwright projects).

test("the status page's transfer box asks for the instalment due next, and 'Paid' waits until nothing is owed", async ({
  page,
  staffPage,
}, info) => {
  const tag = `${info.project.name}-${Date.now().toString(36)}`;
  const first = dayFromToday(30);
  const course = await makeCourse(staffPage.request, `Nail Technology ${tag}`);
  const intakeId = await makeIntake(staffPage.request, course._id, {
    fee: 150_000,
    instalments: [
      { amount: 75_000, dueOn: first },
      { amount: 75_000, dueOn: dayFromToday(90) },
    ],
  });
  const { id, statusToken } = await registerApplicant(staffPage.request, {
    firstname: "Amaka",
    lastname: "Obi",
    email: `amaka.${tag}@example.com`,
    courseId: course._id,
    intakeId,
    emergencyFullname: "Uche Obi",
  });
  const setStatus = async (status: string) =>
    expect((await staffPage.request.patch(`/api/applicants/${id}/status`, { data: { status } })).status()).toBe(200);
  const due = `₦75,000 (instalment 1 of 2, due ${dayWords(first)})`;
  const transferBox = page.locator("#course-fee");
  const statusWord = page.locator(".application-status-word");

  // Before accepting: the course fee's box asks for its first instalment.
  await page.goto(`/application/${statusToken}`);
  await expect(transferBox.locator(".course-fee-transfer-amount")).toHaveText(`Amount to transfer now: ${due}`);
  const amountRow = transferBox.locator(".bank-details div").filter({ hasText: "Amount" }).locator("dd");
  // The account shows once an Admin saved a real one (docs/product.md, "Settings"); its amount is the one due.
  if (await transferBox.locator(".bank-details").count()) await expect(amountRow).toHaveText(due);
  await expect(transferBox).not.toContainText("₦20,000");

  // Accepted, then the registration fee paid: still the instalment, and not "Paid".
  await setStatus("accepted");
  await setStatus("paid");
  await page.goto(`/application/${statusToken}`);
  await expect(transferBox.locator(".course-fee-transfer-amount")).toHaveText(`Amount to transfer now: ${due}`);
  if (await transferBox.locator(".bank-details").count()) await expect(amountRow).toHaveText(due);
  await expect(statusWord).toHaveText("Registration fee paid");
  await expect(statusWord).not.toHaveText("Paid");
  await expect(
    page.getByText(`Still to pay: ₦150,000. Next: instalment 1 of 2, ₦75,000, due ${dayWords(first)}.`),
  ).toBeVisible();
  await expect(page.getByText("when your enrolment is complete")).toHaveCount(0);
});
