import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page, TestInfo } from "@playwright/test";

import { lagosDate } from "@domain/schedule";

import { expect, jsEnabled, test } from "./fixtures";
import { htmlErrors, serverHtml } from "./html-checker";
import { makeCourse, makeIntake } from "./intake-helpers";
import { registerApplicant, toast } from "./staff-helpers";

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
    (
      await page.request.patch(`/api/applicants/${first.id}/status`, {
        data: { status: "enrolled", confirmOwed: true },
      })
    ).status(),
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
  // On a phone the rows stack as cards: each cell names its column ("Seats left: 0"), not a bare number.
  await page.setViewportSize({ width: 360, height: 800 });
  await expect(row.getByRole("cell").nth(3)).toHaveAttribute("data-label", "Seats taken");
  await expect(row.getByRole("cell").nth(4)).toHaveAttribute("data-label", "Seats left");
  await expect(row.getByRole("cell").nth(5)).toHaveAttribute("data-label", "Waiting list");
  expect(
    await row
      .getByRole("cell")
      .nth(4)
      .evaluate((td) => getComputedStyle(td, "::before").content),
  ).toBe('"Seats left: "');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: `/tmp/desk-360-${info.project.name}.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
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

/** A 16-year-old's application with a guardian still to answer, and a form saved for later: the desk's two lists. */
async function guardianAndSavedForm(page: Page, tag: string) {
  const { courseId, intakeId } = await fullIntake(page, tag);
  const [y, m, d] = lagosDate().split("-").map(Number);
  const minor = await registerApplicant(
    page.request,
    {
      firstname: `Tolu${tag.replace(/[^a-z0-9]/gi, "")}`,
      lastname: "Bello",
      email: `desk.minor.${tag}@example.com`,
      emergencyFullname: "Musa Bello",
      courseId,
      intakeId,
    },
    {
      dob: new Date(Date.UTC(y - 16, m - 1, d)).toISOString().slice(0, 10),
      guardianName: "Funmi Adeyemi",
      guardianRelationship: "Mother",
      guardianPhone: "+2348023334444",
      guardianEmail: `guardian.${tag}@example.com`,
      guardianConsent: "on",
    },
  );
  const saved = await page.request.post("/api/applicant/saved", {
    data: {
      fields: { firstname: `Saver${tag.replace(/[^a-z0-9]/gi, "")}`, lastname: "Okoro", courseId, intakeId },
      files: [],
    },
  });
  expect(saved.status(), await saved.text()).toBe(201);
  return {
    applicantId: minor.id,
    saver: `Saver${tag.replace(/[^a-z0-9]/gi, "")} Okoro`,
    course: `Desk Braiding ${tag}`,
  };
}

/** Follows a desk list's "Next page" until `row` shows (the lists are oldest first, a page at a time). */
async function pageTo(page: Page, row: ReturnType<Page["locator"]>) {
  for (let n = 0; n < 40 && (await row.count()) === 0; n++) {
    const next = page.getByRole("link", { name: /Next page/ });
    if ((await next.count()) === 0) break;
    await next.click();
    await expect(page.getByRole("link", { name: /First page/ })).toBeVisible();
  }
  await expect(row).toBeVisible();
}

test("staff go from the desk's counts to the guardians to chase and the saved forms, and send a guardian's link again", async ({
  staffPage: page,
}, info) => {
  test.setTimeout(120_000);
  const tag = `${info.project.name}-lists-${Date.now().toString(36)}`;
  const { applicantId, saver, course } = await guardianAndSavedForm(page, tag);

  await page.goto("/admin/desk");
  const pending = Number(await page.locator('[data-work="guardiansPending"] .desk-count').innerText());
  expect(pending).toBeGreaterThanOrEqual(1);
  await page.getByRole("link", { name: "Open the guardians to chase" }).click();
  await expect(page).toHaveURL(/\/admin\/desk\/guardians$/);
  await expect(page.getByRole("heading", { name: "Guardian consents pending", level: 1 })).toBeVisible();
  const row = page.locator(`tr[data-applicant="${applicantId}"]`);
  await pageTo(page, row);
  await expect(row).toContainText(course);
  await expect(row).toContainText("Funmi Adeyemi (Mother)");
  // The address masked, as the applicant's own page shows it.
  await expect(row).toContainText("g•••@example.com");
  await expect(row).not.toContainText(`guardian.${tag}@`);
  await expect(row.locator("[data-label='Link last sent']")).toContainText("with the application");
  await page.screenshot({ path: `/tmp/desk-guardians-${info.project.name}.png`, fullPage: true });
  await row.getByRole("button", { name: /^Send the link again/ }).click();
  await expect(toast(page, "The guardian's link was sent again to g•••@example.com.")).toBeVisible();
  await pageTo(page, row);
  await expect(row.locator("[data-label='Link last sent']")).toContainText("sent again");

  await page.goto("/admin/desk");
  await page.getByRole("link", { name: "Open the saved forms" }).click();
  await expect(page).toHaveURL(/\/admin\/desk\/saved-forms$/);
  await expect(page.getByRole("heading", { name: "Saved forms not sent yet", level: 1 })).toBeVisible();
  const form = page.locator("tr", { hasText: saver });
  await pageTo(page, form);
  await expect(form).toContainText(course);
  await expect(form).toContainText("Not sent yet");
  await page.screenshot({ path: `/tmp/desk-saved-forms-${info.project.name}.png`, fullPage: true });
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

test("the desk, a class list and the desk's two lists pass the HTML checker and have no accessibility violations", async ({
  staffPage: page,
  browser,
}, info) => {
  test.setTimeout(90_000);
  const { intakeId } = await fullIntake(page, `${info.project.name}-check-${Date.now().toString(36)}`);
  await guardianAndSavedForm(page, `${info.project.name}-check2-${Date.now().toString(36)}`);
  const roster = `/admin/intakes/${intakeId}/roster`;
  const lists = ["/admin/desk/guardians", "/admin/desk/saved-forms"];
  if (jsEnabled(info)) {
    const errors = await htmlErrors({
      desk: await serverHtml(page.request, "/admin/desk"),
      roster: await serverHtml(page.request, roster),
      guardians: await serverHtml(page.request, lists[0]),
      savedForms: await serverHtml(page.request, lists[1]),
    });
    expect(errors, errors.join("\n")).toEqual([]);
  }
  expect([
    ...(await violations(page, browser, info, "/admin/desk")),
    ...(await violations(page, browser, info, roster)),
    ...(await violations(page, browser, info, lists[0])),
    ...(await violations(page, browser, info, lists[1])),
  ]).toEqual([]);
});
