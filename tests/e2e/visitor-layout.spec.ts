import { expect, jsEnabled, test } from "./fixtures";
import { ready } from "./visitor-helpers";

test("a visitor sees the top bar, the navigation and the footer on every shared page", async ({ page }) => {
  await page.goto("/about");
  await expect(page.getByText("Welcome to")).toBeVisible();
  await expect(page.locator(".topbar a[href^='tel:']")).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Main" });
  for (const name of ["Home", "About", "Courses", "Blog", "FAQs", "Contact"]) {
    await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
  }
  await expect(nav.getByRole("link", { name: "FAQs" })).toHaveAttribute("href", "/#FAQs");
  await expect(nav.getByText("Admin")).toHaveCount(0);
  const footer = page.locator("footer");
  await expect(footer.getByRole("link", { name: "Job Opportunities" })).toHaveAttribute("href", "/blog?jobs");
  await expect(footer.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");
  await expect(footer.getByRole("link", { name: "Terms and Conditions" })).toHaveAttribute("href", "/terms");
  await expect(footer.getByRole("link", { name: "Contact Us" })).toBeVisible();
  for (const network of ["Facebook", "Instagram", "LinkedIn", "X"]) {
    await expect(footer.getByRole("link", { name: new RegExp(`on ${network}$`) })).toBeVisible();
  }
  await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
  await expect(footer).toContainText("at your own risk");
});

test("a visitor follows the navigation from page to page", async ({ page }, testInfo) => {
  await page.goto("/");
  await ready(page, testInfo);
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("link", { name: "Courses" }).click();
  await expect(page).toHaveURL(/\/courses$/);
  await expect(page.getByRole("heading", { level: 1, name: "Our Courses" })).toBeVisible();
  await nav.getByRole("link", { name: "Blog" }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await nav.getByRole("link", { name: "About" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "About Us" })).toBeVisible();
  await nav.getByRole("link", { name: "FAQs" }).click();
  await expect(page).toHaveURL(/\/#FAQs$/);
  await expect(page.getByRole("heading", { name: "Frequently Asked Questions" })).toBeInViewport();
});

test("every route change scrolls to the top", async ({ page }, testInfo) => {
  await page.goto("/about");
  await ready(page, testInfo);
  await page.locator("footer").getByRole("link", { name: "Privacy Policy" }).scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  await page.locator("footer").getByRole("link", { name: "Privacy Policy" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test("an unknown path shows the 404 page with status 404, outside the shared layout", async ({ page }) => {
  const response = await page.goto("/no-such-page/anywhere");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404 - Page Not Found" })).toBeVisible();
  await expect(page.getByText("Sorry, the page you are looking for does not exist.")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
  await expect(page.locator("footer")).toHaveCount(0);
  await page.getByRole("link", { name: "Go to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
});

test("the header and footer are hidden on the staff login page", async ({ page }) => {
  await page.goto("/fla-admin");
  await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
  await expect(page.locator("footer.site-footer")).toHaveCount(0);
  await page.goto("/password-reset?token=x");
  await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
});

test("a signed-in staff member gets the Admin menu, usable with or without JavaScript", async ({
  staffPage: page,
}, testInfo) => {
  await page.goto("/courses");
  await ready(page, testInfo);
  const menu = page.locator(".admin-menu");
  await menu.getByText("Admin").click();
  for (const [name, href] of [
    ["Create Course", "/course/new"],
    ["Create Article", "/article/new"],
    ["Create Job", "/job/new"],
    ["Messages", "/admin/messages"],
    ["Applicants", "/admin/applicants"],
  ]) {
    await expect(menu.getByRole("link", { name })).toHaveAttribute("href", href);
  }
  const logout = menu.getByRole("button", { name: "Logout" });
  await expect(logout).toBeVisible();
  // Logout is a POST form, never a link.
  await expect(menu.locator("form[method='post'][action='/logout']")).toHaveCount(1);
  await expect(page.getByRole("link", { name: "Create Course" }).last()).toHaveAttribute("href", "/course/new");
});

test("the Admin menu closes as a menu does: a press outside it or Escape (by its summary without JavaScript)", async ({
  staffPage: page,
}, testInfo) => {
  await page.goto("/courses");
  await ready(page, testInfo);
  const menu = page.locator(".admin-menu");
  const summary = menu.locator("summary");
  const items = menu.getByRole("link", { name: "Create Course" });
  await summary.click();
  await expect(items).toBeVisible();
  if (!jsEnabled(testInfo)) {
    await summary.click();
    await expect(items).toBeHidden();
    return;
  }
  await page.getByRole("heading", { level: 1 }).click();
  await expect(items).toBeHidden();
  await summary.click();
  await expect(items).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(items).toBeHidden();
  await expect(summary).toBeFocused();
  // A press inside it leaves it open.
  await summary.click();
  await menu.locator("ul").click({ position: { x: 2, y: 2 } });
  await expect(items).toBeVisible();
});
