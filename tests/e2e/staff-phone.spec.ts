import { expect, jsEnabled, test } from "./fixtures";

// docs/decisions/018-registration-for-phones.md: staff on a 390 × 844 phone. The editors and inboxes keep a side margin and never
// scroll sideways (/article/new and /job/new were 394 px wide).
test.use({ viewport: { width: 390, height: 844 } });

async function widthOf(page: import("@playwright/test").Page) {
  return page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
}

test("no staff page scrolls sideways at 390 px, and the editors keep a side margin", async ({
  staffPage: page,
}, testInfo) => {
  await page.goto("/courses");
  const courseHref = (await page.locator(".course-card a").first().getAttribute("href")) ?? "";
  const courseId = courseHref.split("/")[2];
  for (const path of [
    "/article/new",
    "/job/new",
    "/course/new",
    `/edit/course/${courseId}`,
    "/admin/messages",
    "/admin/applicants",
  ]) {
    await page.goto(path);
    // With JavaScript the rich-text editor and its toolbar arrive after the page: measure with them.
    if (jsEnabled(testInfo) && !path.startsWith("/admin")) await expect(page.locator(".rt-toolbar")).toBeVisible();
    const { scrollWidth, innerWidth } = await widthOf(page);
    expect(scrollWidth, path).toBeLessThanOrEqual(innerWidth);
    const box = await page.locator("main h1").first().boundingBox();
    expect(box?.x ?? 0, `${path}: heading's left margin`).toBeGreaterThanOrEqual(12);
  }
});

test("a staff member publishes a job with a way to apply, and its page's Apply button opens it", async ({
  staffPage: page,
}) => {
  await page.goto("/job/new");
  await page.getByLabel("Job Title").fill("Receptionist");
  await page.getByLabel("Job type").selectOption("Full-time");
  await page.getByLabel("Job location").selectOption("Onsite");
  await page.getByLabel("Company Name").fill("Glow Salon");
  await page.getByLabel("Application deadline").fill("2031-06-30");
  await page.getByLabel("How to apply").fill("not a way to apply");
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByText("Enter how to apply: an e-mail address or a web address")).toBeVisible();
  await expect(page.getByLabel("Company Name")).toHaveValue("Glow Salon");

  await page.getByLabel("How to apply").fill("https://glowsalon.ng/apply");
  await page.getByLabel("Salary from (₦ a month)").fill("60,000");
  await page.getByLabel("Address or area").fill("Yaba");
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page).toHaveURL(/\/job\/[a-f0-9]{24}\/receptionist/);
  await expect(page.getByRole("link", { name: "Apply" })).toHaveAttribute("href", "https://glowsalon.ng/apply");
  await expect(page.locator(".job-facts")).toContainText("From ₦60,000 a month");
  await expect(page.locator(".job-facts")).toContainText("Yaba");
});
