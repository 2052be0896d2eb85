import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page, TestInfo } from "@playwright/test";

import { dayFromToday } from "../fixtures/intake";
import { expect, hydrated, jsEnabled, test } from "./fixtures";
import { htmlErrors, serverHtml } from "./html-checker";
import { makeCourse, makeIntake } from "./intake-helpers";
import { registerApplicant, toast } from "./staff-helpers";

// docs/decisions/068-intakes-and-seats.md: staff add two intakes to a course through its form, one
// with a single seat; admitting one applicant fills it, and certificates are worked per intake. What
// a visitor then sees (the full one's waiting list, applying to the other, position 1) is part of the
// admissions round's journey (registration-to-enrolment.spec.ts).

async function addIntake(
  page: Page,
  intake: { start: string; kind: string; schedule: string; campus: string; seats: string; fee: string },
) {
  const form = page.locator("form.intake-form");
  await form.getByLabel("Start date").fill(intake.start);
  await form.getByLabel("Or duration").fill("6 months");
  await form.getByLabel("Classes on").selectOption({ label: intake.kind });
  await form.getByLabel("Days and times").fill(intake.schedule);
  await form.getByLabel("Campus").fill(intake.campus);
  await form.getByLabel("Seats").fill(intake.seats);
  await form.getByLabel("Fee (₦)").fill(intake.fee);
  await form.getByLabel("Registration opens").fill(dayFromToday(-1));
  await form.getByLabel("Registration closes").fill(dayFromToday(20));
  await form.getByRole("button", { name: "Save intake" }).click();
  // The toast of an intake added just before may still be showing beside this one's.
  await expect(toast(page, "Intake added.").last()).toBeVisible();
}

test("staff add intakes through the form, one fills up when an applicant is admitted, and certificates go per intake", async ({
  staffPage,
}, info) => {
  // Two staff forms, a registration and several pages: more than one page's 30 seconds on a busy machine.
  test.setTimeout(90_000);
  const tag = `${info.project.name}-${Date.now().toString(36)}`;
  const title = `Bridal Hair ${tag}`;
  const course = await makeCourse(staffPage.request, title);

  // Staff add a one-seat weekend intake at Ikeja and a weekday one at Lekki.
  await staffPage.goto(`/course/${course._id}/${course.slug}`);
  await staffPage.getByRole("link", { name: "Intakes and seats" }).click();
  await expect(staffPage.getByRole("heading", { name: `Intakes of ${title}` })).toBeVisible();
  if (jsEnabled(info)) await hydrated(staffPage);
  await addIntake(staffPage, {
    start: dayFromToday(30),
    kind: "Weekends",
    schedule: "Saturdays 9am–3pm",
    campus: "Ikeja",
    seats: "1",
    fee: "650000",
  });
  await addIntake(staffPage, {
    start: dayFromToday(45),
    kind: "Weekdays",
    schedule: "Mon, Wed, Fri 9am–1pm",
    campus: "Lekki",
    seats: "10",
    fee: "450000",
  });
  const rows = staffPage.locator(".intake-table tbody tr");
  await expect(rows).toHaveCount(2);
  const ikeja = (await rows.filter({ hasText: "Ikeja" }).getAttribute("data-intake"))!;
  const lekki = (await rows.filter({ hasText: "Lekki" }).getAttribute("data-intake"))!;

  // A form with a mistake comes back with what was typed and the field's message.
  const form = staffPage.locator("form.intake-form");
  await form.getByLabel("Campus").fill("Yaba");
  await form.getByRole("button", { name: "Save intake" }).click();
  await expect(form.getByText("Enter the start date")).toBeVisible();
  await expect(form.getByLabel("Campus")).toHaveValue("Yaba");

  // One applicant of the Ikeja intake is admitted: its one seat is taken.
  const first = await registerApplicant(staffPage.request, {
    firstname: "Zainab",
    lastname: "Bello",
    email: `first.${tag}@example.com`,
    emergencyFullname: "Musa Bello",
    courseId: course._id,
    intakeId: ikeja,
  });
  await staffPage.goto(`/admin/applicants/${first.id}`);
  await staffPage.locator("#pipeline-status").selectOption("enrolled");
  await staffPage.getByRole("button", { name: "Save status" }).click();
  // Fees are owed: staff confirm first (docs/decisions/093).
  await staffPage.getByRole("button", { name: "Yes, change the status to Enrolled" }).click();
  await expect(toast(staffPage, "Status changed to Enrolled")).toBeVisible();
  await staffPage.goto(`/admin/courses/${course._id}/intakes`);
  await expect(rows.filter({ hasText: "Ikeja" })).toContainText("1 / 1");

  // Certificates are completed and issued per intake: the enrolled student is in the Ikeja
  // intake's list, and the Lekki intake has none yet.
  await staffPage.goto(`/admin/certificates?${new URLSearchParams({ course: title })}`);
  await staffPage.getByLabel("Intake").selectOption(ikeja);
  await staffPage.getByRole("button", { name: "Show students" }).click();
  await expect(staffPage).toHaveURL(new RegExp(`intake=${ikeja}`));
  await expect(staffPage.getByTestId("graduate")).toHaveCount(1);
  await expect(staffPage.getByTestId("graduate")).toContainText(`first.${tag}@example.com`);
  await staffPage.getByLabel("Intake").selectOption(lekki);
  await staffPage.getByRole("button", { name: "Show students" }).click();
  await expect(staffPage.getByText("No enrolled students for this course.")).toBeVisible();
});

/** Axe inside the page; without JavaScript, the page as it renders with its scripts blocked. */
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
    return (await new AxeBuilder({ page: bare }).analyze()).violations.map((v) => `${url} ${v.id}`);
  } finally {
    await context.close();
  }
}

test("the intake pages pass the HTML checker and have no accessibility violations", async ({
  staffPage: page,
  browser,
}, info) => {
  // Five pages through the HTML checker (Java) and axe.
  test.setTimeout(120_000);
  const tag = `${info.project.name}-check-${Date.now().toString(36)}`;
  // Two course types: a course with one has it chosen on the form without a placeholder (decision 038),
  // which the checker reads as a required select without one — a matter of that decision, not of intakes.
  const course = await makeCourse(page.request, `Nail Art ${tag}`, ["Full Course", "Crash Course"]);
  const intakeIds = [
    await makeIntake(page.request, course._id, { seats: 1 }),
    await makeIntake(page.request, course._id, { campus: "Lekki", seats: 4 }),
  ];
  const who = { firstname: "Zainab", lastname: "Bello", emergencyFullname: "Musa Bello", courseId: course._id };
  const first = await registerApplicant(page.request, {
    ...who,
    email: `first.${tag}@example.com`,
    intakeId: intakeIds[0],
  });
  expect(
    (
      await page.request.patch(`/api/applicants/${first.id}/status`, {
        data: { status: "enrolled", confirmOwed: true },
      })
    ).status(),
  ).toBe(200);
  const late = await registerApplicant(page.request, {
    ...who,
    email: `late.${tag}@example.com`,
    intakeId: intakeIds[0],
  });
  const urls = {
    "intakes-staff": `/admin/courses/${course._id}/intakes`,
    "intakes-edit": `/admin/courses/${course._id}/intakes?edit=${intakeIds[1]}`,
    "course-with-intakes": `/course/${course._id}/${course.slug}`,
    "registration-with-intake": `/registration-form?intake=${intakeIds[1]}`,
    "status-waiting": `/application/${late.statusToken}`,
  };
  if (jsEnabled(info)) {
    const pages: Record<string, string> = {};
    for (const [name, url] of Object.entries(urls)) pages[name] = await serverHtml(page.request, url);
    expect(pages["status-waiting"]).toContain("On the waiting list — position 1");
    const errors = await htmlErrors(pages);
    expect(errors, errors.join("\n")).toEqual([]);
  }
  const found: string[] = [];
  for (const url of Object.values(urls)) found.push(...(await violations(page, browser, info, url)));
  expect(found).toEqual([]);
});
