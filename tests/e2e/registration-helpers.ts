import type { Page } from "@playwright/test";

// The registration form as the journeys fill it in (docs/decisions/035 and 036), shared by the
// journeys that save, submit or restore it.

/** A field of the registration form, by its name (the form's ids are `registration-<name>`). */
export const field = (page: Page, name: string) => page.locator(`#registration-${name}`);

/** The applicant's own details: names, gender, birth date, contact and address. */
export async function fillFirstHalf(page: Page, tag: string) {
  await field(page, "firstname").fill("Ngozi");
  await field(page, "lastname").fill(`Okoro-${tag}`);
  await page.getByRole("radio", { name: "Female", exact: true }).check();
  await field(page, "dob").fill("2003-05-20");
  await field(page, "email").fill(`ngozi.${tag}@example.com`);
  await field(page, "phone").fill("08031234567");
  await field(page, "street").fill("7 Bode Thomas Street");
  await field(page, "city").fill("Surulere");
  await field(page, "state").selectOption("lagos");
}

/** The rest, files aside: course and type, ID kind, consent, education, emergency contact, terms. */
export async function fillSecondHalf(page: Page) {
  // A demo course no journey changes: another journey adds courses that offer fewer course types.
  await field(page, "courseId").selectOption({ label: "Professional Hairdressing and Styling" });
  await field(page, "courseType").selectOption("Full Course");
  await page.getByRole("checkbox", { name: "NIN", exact: true }).check();
  await page.getByRole("radio", { name: "Yes", exact: true }).check();
  await field(page, "highestEducation").selectOption("none");
  await field(page, "emergencyFullname").fill("Emeka Okoro");
  await field(page, "emergencyRelationship").selectOption("Father");
  await field(page, "emergencyPhone").fill("08059876543");
  await page.getByRole("checkbox", { name: /Terms and Conditions/ }).check();
  await page.getByRole("checkbox", { name: /Privacy Policy/ }).check();
}
