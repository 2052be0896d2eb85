import type { Page } from "@playwright/test";

import { expect, jsEnabled, test } from "./fixtures";

// docs/decisions/038-course-types-per-course.md: staff tick the course types a course offers in
// the course editor; on a 390 × 844 phone the registration form lists only those (chosen when
// there is one); without JavaScript the server refuses another type on the field and the form
// comes back as typed, now listing only the course's types.

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const field = (page: Page, name: string) => page.locator(`#registration-${name}`);
const typeOptions = (page: Page) =>
  field(page, "courseType")
    .locator("option")
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));

test("a course offers only the course types staff chose, on the form and from the server", async ({
  staffPage: page,
}, info) => {
  const js = jsEnabled(info);
  const title = `Hair Styling Diploma ${info.project.name} ${Date.now()}`;
  const created = await page.request.post("/api/courses", { data: { title, tutors: "Ada Obi" } });
  expect(created.status()).toBe(201);
  const course = (await created.json()) as { _id: string; slug: string; courseTypes: string[] };
  expect(course.courseTypes).toHaveLength(4);

  // Staff keep only the full course (with and without accommodation) in the editor.
  await page.goto(`/edit/course/${course._id}`);
  if (js) await expect(page.locator('[contenteditable="true"]')).toBeVisible();
  const types = page.getByRole("group", { name: "Course types offered" });
  await expect(types.getByRole("checkbox")).toHaveCount(4);
  await types.getByRole("checkbox", { name: "Crash Course", exact: true }).uncheck();
  // People read "Accommodation"; the value stays SPEC's "Accomodation" (decision 067).
  await types.getByRole("checkbox", { name: "Crash Course with Accommodation", exact: true }).uncheck();
  await page.getByRole("button", { name: "Publish" }).click();
  await page.waitForURL(new RegExp(`/course/${course._id}/`));
  await expect(page.locator(".course-facts")).toContainText("Full Course, Full Course with Accommodation");

  // Enrol from the course's page: only its types are offered.
  await page.goto(`/registration-form?courseid=${course._id}&courseslug=${course.slug}`);
  expect(await typeOptions(page)).toEqual(["", "Full Course", "Full Course with Accomodation"]);

  if (js) {
    // A course with one type has it chosen; another course lists its own.
    await page.request.patch(`/api/courses/${course._id}`, {
      data: { title, tutors: "Ada Obi", courseTypes: ["Full Course"] },
    });
    await page.reload();
    await expect(field(page, "courseType")).toHaveValue("Full Course");
    expect(await typeOptions(page)).toEqual(["Full Course"]);
    // The demo's three-year course is offered as a full course only (docs/decisions/038-course-types-per-course.md).
    await field(page, "courseId").selectOption({ label: "Professional Hairdressing and Styling" });
    await expect.poll(() => typeOptions(page)).toEqual(["", "Full Course", "Full Course with Accomodation"]);
    await field(page, "courseId").selectOption(course._id);
    await expect(field(page, "courseType")).toHaveValue("Full Course");
    return;
  }

  // Without JavaScript, before a course is chosen, every type is listed; the server decides.
  await page.goto("/registration-form");
  expect(await typeOptions(page)).toHaveLength(5);
  await field(page, "firstname").fill("Adaeze");
  await field(page, "lastname").fill("Nwankwo");
  await page.getByRole("radio", { name: "Female", exact: true }).check();
  await field(page, "dob").fill("2003-05-01");
  await field(page, "email").fill(`adaeze.${Date.now()}@example.com`);
  await field(page, "phone").fill("0803 123 4567");
  await field(page, "street").fill("4 Ojuelegba Road");
  await field(page, "city").fill("Surulere");
  await field(page, "state").selectOption("lagos");
  await field(page, "courseId").selectOption(course._id);
  await field(page, "courseType").selectOption("Crash Course");
  await page.getByRole("checkbox", { name: "NIN", exact: true }).check();
  const png = Buffer.alloc(2048, 0);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(png);
  await field(page, "idCardFiles").setInputFiles([{ name: "nin.png", mimeType: "image/png", buffer: png }]);
  await page.getByRole("radio", { name: "Yes", exact: true }).check();
  await field(page, "highestEducation").selectOption("none");
  await field(page, "emergencyFullname").fill("Chika Nwankwo");
  await field(page, "emergencyRelationship").selectOption("Mother");
  await field(page, "emergencyPhone").fill("08021234567");
  await page.getByRole("checkbox", { name: /Terms and Conditions/ }).check();
  await page.getByRole("checkbox", { name: /Privacy Policy/ }).check();
  await page.getByRole("button", { name: "Submit" }).click();

  const refusal = `${title} is not offered as the course type you chose. Kindly select one of: Full Course, Full Course with Accommodation.`;
  await expect(page.locator("#registration-errors")).toContainText(refusal);
  await expect(field(page, "firstname")).toHaveValue("Adaeze");
  await expect(field(page, "phone")).toHaveValue("0803 123 4567");
  await expect(field(page, "courseId")).toHaveValue(course._id);
  expect(await typeOptions(page)).toEqual(["", "Full Course", "Full Course with Accomodation"]);
  const words = await field(page, "courseType")
    .locator("option")
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).textContent));
  expect(words.slice(1)).toEqual(["Full Course", "Full Course with Accommodation"]);
});
