import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page, TestInfo } from "@playwright/test";

import { expect, jsEnabled, test } from "./fixtures";
import { htmlErrors, serverHtml } from "./html-checker";
import { makeCourse, makeIntake } from "./intake-helpers";
import { registerApplicant } from "./staff-helpers";

// docs/decisions/076-the-admissions-desk.md: the desk shows the day's work with links to the
// lists, and each open intake's seats taken and left and its waiting list.

/** A course with a one-seat intake, its seat taken and one applicant waiting. */
async function fullIntake(page: Page, tag: string) {
  const course = await makeCourse(page.request, `Desk Braiding ${tag}`, ["Full Course", "Crash Course"]);
  const intakeId = await makeIntake(page.request, course._id, { campus: `Desk campus ${tag}`, seats: 1 });
  const who = {
    firstname: "Zainab",
    lastname: "Bello",
    emergencyFullname: "Musa Bello",
    courseId: course._id,
    intakeId,
  };
  const first = await registerApplicant(page.request, { ...who, email: `desk.first.${tag}@example.com` });
  expect(
    (await page.request.patch(`/api/applicants/${first.id}/status`, { data: { status: "enrolled" } })).status(),
  ).toBe(200);
  await registerApplicant(page.request, { ...who, email: `desk.late.${tag}@example.com` });
  return { courseId: course._id, intakeId };
}

test("staff open the admissions desk: counts with links to the lists, and an intake's seats and waiting list", async ({
  staffPage: page,
}, info) => {
  test.setTimeout(90_000);
  const tag = `${info.project.name}-${Date.now().toString(36)}`;
  const { courseId, intakeId } = await fullIntake(page, tag);
  await page.goto("/admin/desk");
  await expect(page.getByRole("heading", { name: "Admissions desk", level: 1 })).toBeVisible();
  const newCount = Number(await page.locator('[data-work="newApplications"] .desk-count').innerText());
  expect(newCount).toBeGreaterThanOrEqual(1);
  const row = page.locator(`tr[data-intake="${intakeId}"]`);
  await expect(row.getByRole("cell")).toHaveText([
    `Desk Braiding ${tag}`,
    /\d/,
    `Desk campus ${tag}`,
    "1 / 1",
    "0",
    "1",
    "Intakes · Class list · Message",
  ]);
  await row.getByRole("link", { name: "Class list" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/intakes/${intakeId}/roster$`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`Class list: Desk Braiding ${tag}`);
  const listed = page.locator(".roster-table tbody tr");
  await expect(listed).toHaveCount(2);
  await expect(listed.nth(0)).toContainText("Seat");
  await expect(listed.nth(1)).toContainText("Waiting list");
  // On paper only the list: the frame and the download link are hidden.
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("link", { name: "Download CSV" })).toBeHidden();
  await expect(listed.nth(0)).toBeVisible();
  await page.emulateMedia({ media: "screen" });
  const csv = await page.request.get(`/admin/intakes/${intakeId}/roster.csv`);
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-type"]).toContain("text/csv");
  const lines = (await csv.text()).trim().split("\r\n");
  expect(lines[0]).toBe(
    "Reference,Name,Phone,E-mail,Status,Place,Payment,Transfer reference,Guardian,Guardian's phone,Consent",
  );
  expect(lines.slice(1).map((l) => l.split(",")[5])).toEqual(["Seat", "Waiting list"]);
  await page.goto("/admin/desk");
  await page.locator(`tr[data-intake="${intakeId}"]`).getByRole("link", { name: "Intakes" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/courses/${courseId}/intakes$`));
  await page.goto("/admin/desk");
  await page.getByRole("link", { name: "Open the new applications" }).click();
  await expect(page).toHaveURL(/\/admin\/applicants\?status=new$/);
  await expect(page.getByRole("heading", { name: "Applicants", level: 1 })).toBeVisible();
});

test.describe("an Admissions member", () => {
  test.use({ staffRole: "admissions" });
  test("finds the desk in the menu", async ({ staffPage: page }) => {
    await page.goto("/admin/applicants");
    const menu = page.locator("details.admin-menu");
    await menu.locator("summary").click();
    await menu.getByRole("link", { name: "Desk", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/desk$/);
    await expect(page.getByRole("heading", { name: "Today's work" })).toBeVisible();
  });
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

test("the desk and a class list pass the HTML checker and has no accessibility violations", async ({
  staffPage: page,
  browser,
}, info) => {
  test.setTimeout(90_000);
  const { intakeId } = await fullIntake(page, `${info.project.name}-check-${Date.now().toString(36)}`);
  const roster = `/admin/intakes/${intakeId}/roster`;
  if (jsEnabled(info)) {
    const errors = await htmlErrors({
      desk: await serverHtml(page.request, "/admin/desk"),
      roster: await serverHtml(page.request, roster),
    });
    expect(errors, errors.join("\n")).toEqual([]);
  }
  expect([
    ...(await violations(page, browser, info, "/admin/desk")),
    ...(await violations(page, browser, info, roster)),
  ]).toEqual([]);
});
