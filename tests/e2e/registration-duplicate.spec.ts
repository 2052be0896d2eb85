import { expect, test } from "./fixtures";
import { field, fillFirstHalf, fillSecondHalf } from "./registration-helpers";
import { mailsTo, pngBytes, registerApplicant } from "./staff-helpers";

// One live application per person and course (docs/decisions/100-one-live-application-per-course.md),
// JavaScript on and off: the form sent again by the same e-mail and date of birth for the same
// course is refused with words that name nothing and the way to the status-link page, the form as
// typed; the reference and the link go by mail to the first application's address.

test("the same person's second form for the course is refused, kept as typed; the reference goes by mail", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const tag = `${testInfo.project.name}-dup-${Date.now().toString(36)}`;
  const email = `ngozi.${tag}@example.com`;
  const first = await registerApplicant(
    page.request,
    {
      firstname: "Ngozi",
      lastname: `Okoro-${tag}`,
      email,
      emergencyFullname: "Emeka Okoro",
      courseTitle: "Professional Hairdressing and Styling",
    },
    { dob: "2003-05-20" },
  );

  await page.goto("/registration-form");
  await fillFirstHalf(page, tag);
  await fillSecondHalf(page);
  await field(page, "idCardFiles").setInputFiles([
    { name: "nin-card.png", mimeType: "image/png", buffer: await pngBytes("#225588") },
  ]);
  await page.getByRole("button", { name: "Submit", exact: true }).click();

  const summary = page.locator("#registration-errors");
  await expect(summary).toContainText(
    "You have already applied for this course with this e-mail address and date of birth, so no second application was made.",
  );
  // Nothing of the first application on the page: its reference goes by mail only.
  await expect(summary).not.toContainText(first.reference);
  await expect(summary.getByRole("link", { name: "No e-mail? Ask for the link to your status page" })).toHaveAttribute(
    "href",
    "/application",
  );
  // What was typed is kept.
  await expect(field(page, "email")).toHaveValue(email);
  await expect(field(page, "lastname")).toHaveValue(`Okoro-${tag}`);

  await expect
    .poll(() => mailsTo(email).filter((m) => m.subject.startsWith("You already applied for")).length, {
      timeout: 15_000,
    })
    .toBe(1);
  const mail = mailsTo(email).find((m) => m.subject.startsWith("You already applied for"))!;
  expect(mail.subject).toBe(`You already applied for Professional Hairdressing and Styling — ${first.reference}`);
  expect(mail.text).toMatch(/\/application\/[\w-]{43}/);
});
