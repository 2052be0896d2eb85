import type { Page } from "@playwright/test";

import { lagosDay } from "@domain/consent";

import { expect, jsEnabled, test } from "./fixtures";
import { mailsTo, signInThroughApi } from "./staff-helpers";

// A minor registers with a guardian, who confirms by the mailed link; an adult registers without
// one (docs/decisions/033-consent-versions-and-minors.md). JavaScript on: the guardian section
// appears when the date of birth makes the applicant a minor; off: it is always there, with a note.

const field = (page: Page, name: string) => page.locator(`#registration-${name}`);

/** A date of birth that makes someone `years` old today in Lagos. */
function dobForAge(years: number) {
  const [y, m, d] = lagosDay().split("-");
  return `${Number(y) - years}-${m}-${d === "29" && m === "02" ? "28" : d}`;
}

async function fillApplicant(page: Page, email: string, dob: string) {
  await page.goto("/registration-form");
  await field(page, "firstname").fill("Temi");
  await field(page, "lastname").fill("Adeyemi");
  await page.getByRole("radio", { name: "Female", exact: true }).check();
  await field(page, "dob").fill(dob);
  await field(page, "email").fill(email);
  await field(page, "phone").fill(`+23480${String(Date.now()).slice(-8)}`);
  await field(page, "street").fill("4 Awolowo Road");
  await field(page, "city").fill("Ikoyi");
  await field(page, "state").selectOption("lagos");
  await field(page, "courseId").selectOption({ label: "Professional Hairdressing and Styling" });
  await field(page, "courseType").selectOption("Full Course");
  await page.getByRole("checkbox", { name: "NIN", exact: true }).check();
  await field(page, "idCardFiles").setInputFiles({
    name: "nin.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("%PDF-1.4\n" + " ".repeat(2048)),
  });
  await page.getByRole("radio", { name: "Yes", exact: true }).check();
  await field(page, "highestEducation").selectOption("none");
  await field(page, "emergencyFullname").fill("Bola Adeyemi");
  await field(page, "emergencyRelationship").selectOption("Mother");
  await field(page, "emergencyPhone").fill("+2348059876543");
  await page.getByRole("checkbox", { name: /Terms and Conditions/ }).check();
  await page.getByRole("checkbox", { name: /Privacy Policy/ }).check();
}

const guardianLinkIn = (text: string) => {
  const url = new URL(text.match(/https?:\/\/\S+\/guardian\/confirm\?token=\S+/)![0]);
  return url.pathname + url.search;
};

/** A 16-year-old registered through the form, on its thank-you screen. */
async function registerMinor(page: Page, email: string, guardianEmail: string) {
  await fillApplicant(page, email, dobForAge(16));
  await field(page, "guardianName").fill("Funmi Adeyemi");
  await field(page, "guardianRelationship").selectOption("Mother");
  await field(page, "guardianPhone").fill("+2348023334444");
  await field(page, "guardianEmail").fill(guardianEmail);
  await page.getByRole("checkbox", { name: /I am the applicant's parent or legal guardian/ }).check();
  await page.getByRole("button", { name: "Submit", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Thank you for registering!" })).toBeVisible();
  return (await page.locator(".registration-reference").innerText()).trim();
}

async function staffView(page: Page, staff: { email: string; password: string }, email: string) {
  await signInThroughApi(page, staff);
  const [found] = (await (await page.request.get(`/api/applicants?search=${encodeURIComponent(email)}`)).json()) as {
    _id: string;
  }[];
  await page.goto(`/admin/applicants/${found._id}`);
  return page.getByRole("region", { name: "Consent and retention" });
}

test("a 16-year-old registers with a guardian, refused until the guardian consents; the guardian confirms by the mailed link", async ({
  page,
  staff,
}, testInfo) => {
  const tag = `${testInfo.project.name}${Date.now().toString(36)}`;
  const email = `temi.${tag}@example.com`;
  const guardianEmail = `guardian.${tag}@example.com`;
  const section = page.getByRole("region", { name: "Parent or Guardian's Consent" });
  await page.goto("/registration-form");
  if (jsEnabled(testInfo)) await expect(section).toHaveCount(0);
  else await expect(section.getByText(/only if the applicant is under 18/)).toBeVisible();

  await fillApplicant(page, email, dobForAge(16));
  await expect(section).toBeVisible();
  await field(page, "guardianName").fill("Funmi Adeyemi");
  await field(page, "guardianRelationship").selectOption("Mother");
  await field(page, "guardianPhone").fill("+2348023334444");
  await field(page, "guardianEmail").fill(guardianEmail);
  const consent = page.getByRole("checkbox", { name: /I am the applicant's parent or legal guardian/ });
  await expect(consent).not.toBeChecked();
  await page.getByRole("button", { name: "Submit", exact: true }).click();
  await expect(page.locator("#registration-guardianConsent-error")).toContainText("guardian must tick");

  // The server stores files only with an otherwise valid form (docs/security.md): without
  // JavaScript the refused form comes back without them, so the ID is picked again.
  if (!jsEnabled(testInfo))
    await field(page, "idCardFiles").setInputFiles({
      name: "nin.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.4\n" + " ".repeat(2048)),
    });
  await consent.check();
  await page.getByRole("button", { name: "Submit", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Thank you for registering!" })).toBeVisible();
  const reference = (await page.locator(".registration-reference").innerText()).trim();

  await expect.poll(() => mailsTo(guardianEmail)[0]?.text ?? "").toContain(reference);
  const link = mailsTo(guardianEmail)[0]!.text.match(/https?:\/\/\S+\/guardian\/confirm\?token=\S+/)![0];
  await page.goto(new URL(link).pathname + new URL(link).search);
  // Before the button, the guardian reads whose application it is and for which course.
  await expect(page.getByRole("main")).toContainText(`(reference ${reference}) by Temi, for the course`);
  await page.getByRole("button", { name: "I confirm my consent" }).click();
  await expect(page.getByText(`Your consent to application ${reference} is recorded.`)).toBeVisible();
  // The link opened again says the consent is already recorded, with no button.
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByText(`Your consent to application ${reference} is already recorded.`)).toBeVisible();
  await expect(page.getByRole("button", { name: "I confirm my consent" })).toHaveCount(0);

  const privacy = await staffView(page, staff, email);
  await expect(privacy).toContainText("Funmi Adeyemi (Mother)");
  await expect(privacy).toContainText("Confirmed on");
  await expect(privacy).toContainText("Guardian's consent v2");
});

test("an adult registers without a guardian; staff see the versions accepted and when the files go", async ({
  page,
  staff,
}, testInfo) => {
  const email = `adult.${testInfo.project.name}${Date.now().toString(36)}@example.com`;
  await fillApplicant(page, email, dobForAge(25));
  const section = page.getByRole("region", { name: "Parent or Guardian's Consent" });
  if (jsEnabled(testInfo)) await expect(section).toHaveCount(0);
  else await expect(section).toBeVisible();
  await page.getByRole("button", { name: "Submit", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Thank you for registering!" })).toBeVisible();

  const privacy = await staffView(page, staff, email);
  // The privacy notice's version is the stored one, which the legal texts' journey raises (docs/decisions/071).
  await expect(privacy).toContainText(/Terms v\d+, Privacy notice v\d+, Processing notice v2/);
  await expect(privacy).toContainText("None (18 or over when registering)");
  await expect(privacy).toContainText(/Will be deleted on .*2 years after the last change/);
});

test("the applicant sees the guardian's step: awaited and to whom (masked), sent again, the address corrected, then when the consent came", async ({
  page,
}, testInfo) => {
  const tag = `${testInfo.project.name}${Date.now().toString(36)}`;
  const typo = `gardian.${tag}@example.com`;
  const right = `funmi.${tag}@example.com`;
  const reference = await registerMinor(page, `temi.step.${tag}@example.com`, typo);
  const step = page.getByRole("region", { name: "Your parent or guardian's consent" });
  await expect(step).toContainText("We are waiting for it: we e-mailed them a link to give it at g•••@example.com.");
  await expect(step).toContainText("Last sent:");
  await expect(step).not.toContainText(typo);
  const statusPath = await page.getByRole("link", { name: "Open my status page" }).getAttribute("href");

  // Sent again: a new link, and the one before opens nothing.
  await expect.poll(() => mailsTo(typo).length).toBe(1);
  const first = guardianLinkIn(mailsTo(typo)[0].text);
  await step.getByRole("button", { name: "Send the e-mail again" }).click();
  await expect(page).toHaveURL(`${statusPath}#guardian-step-title`);
  await expect(page.getByText("Sent: we have e-mailed your parent or guardian a new link.")).toBeVisible();
  await expect.poll(() => mailsTo(typo).length).toBe(2);
  expect(guardianLinkIn(mailsTo(typo)[1].text)).not.toBe(first);

  // A wrong address comes back with what was typed and why; the server decides, JavaScript or not.
  const address = step.getByLabel("Your parent or guardian's e-mail address");
  await address.fill("funmi@localhost");
  await step.getByRole("button", { name: "Correct and send" }).click();
  await expect(step.locator("#guardian-email-error")).toContainText("Enter a valid e-mail address");
  await expect(address).toHaveValue("funmi@localhost");
  await address.fill(right);
  await step.getByRole("button", { name: "Correct and send" }).click();
  // The toast of the first resend may still be up beside this one's: the newest is this send's,
  // and the masked address and the mail below prove it went.
  await expect(page.getByText("Sent: we have e-mailed your parent or guardian a new link.").last()).toBeVisible();
  await expect(step).toContainText("at f•••@example.com");

  await expect.poll(() => mailsTo(right).length).toBe(1);
  const link = guardianLinkIn(mailsTo(right)[0].text);
  await page.goto(first);
  await expect(page.getByRole("alert")).toContainText("not valid");
  await page.goto(link);
  await expect(page.getByRole("main")).toContainText(`(reference ${reference}) by Temi`);
  await page.getByRole("button", { name: "I confirm my consent" }).click();
  await expect(page.getByText(`Your consent to application ${reference} is recorded.`)).toBeVisible();

  await page.goto(statusPath!);
  await expect(step).toContainText(
    /Your parent or guardian gave their consent on \w{3}, \d{1,2} \w+ \d{4},? (at )?\d\d:\d\d/,
  );
  await expect(step.getByRole("button")).toHaveCount(0);
});

test("a guardian refuses with one click and a confirmation step; admissions are told and the applicant's page says so", async ({
  page,
  staff,
}, testInfo) => {
  const tag = `${testInfo.project.name}${Date.now().toString(36)}`;
  const email = `temi.refused.${tag}@example.com`;
  const guardianEmail = `refuses.${tag}@example.com`;
  const reference = await registerMinor(page, email, guardianEmail);
  const statusPath = await page.getByRole("link", { name: "Open my status page" }).getAttribute("href");
  await expect.poll(() => mailsTo(guardianEmail).length).toBe(1);
  const link = guardianLinkIn(mailsTo(guardianEmail)[0].text);
  expect(mailsTo(guardianEmail)[0].text).toContain("I do not consent");

  await page.goto(link);
  await page.getByRole("button", { name: "I do not consent" }).click();
  // The question first: going back changes nothing.
  await expect(page.getByRole("heading", { name: "You do not consent to this application?" })).toBeVisible();
  await page.getByRole("link", { name: "No, go back" }).click();
  await expect(page.getByRole("button", { name: "I confirm my consent" })).toBeVisible();
  await page.getByRole("button", { name: "I do not consent" }).click();
  await page.getByRole("button", { name: "Yes, I do not consent" }).click();
  await expect(page.getByRole("status")).toContainText(`that you do not consent to application ${reference}`);
  // The link opened again keeps saying so, and offers no button.
  await page.goto(link);
  await expect(page.getByRole("status")).toContainText(`that you do not consent to application ${reference}`);
  await expect(page.getByRole("main").getByRole("button")).toHaveCount(0);

  // Admissions are told, and their reply goes to the guardian.
  const told = () =>
    mailsTo("admissions@academy.local").find((m) => m.subject.startsWith(`Guardian does not consent: ${reference}`));
  await expect.poll(() => told()?.replyTo?.[0]?.address ?? "").toBe(guardianEmail);

  await page.goto(statusPath!);
  const step = page.getByRole("region", { name: "Your parent or guardian's consent" });
  await expect(step).toContainText("told us on");
  await expect(step).toContainText("that they do not consent to this application");
  await expect(step.getByRole("button")).toHaveCount(0);

  const privacy = await staffView(page, staff, email);
  await expect(privacy).toContainText("Did not consent (said so on");
});
