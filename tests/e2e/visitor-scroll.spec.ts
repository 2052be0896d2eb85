import type { Page } from "@playwright/test";

import { expect, test } from "./fixtures";
import { ready } from "./visitor-helpers";

// docs/product.md §2: every route change scrolls to the top — including the pages that ship no
// script (privacy, terms), reached from a hydrated page by client navigation.

async function scrollToFooter(page: Page) {
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
}

async function expectAtTop(page: Page) {
  // Give a late scroll (restoration, layout) time to land before reading the position.
  await page.waitForLoadState("networkidle");
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
}

for (const { name, path, heading } of [
  { name: "Privacy Policy", path: /\/privacy$/, heading: "Privacy Policy" },
  { name: "Terms and Conditions", path: /\/terms$/, heading: "Terms and Conditions" },
]) {
  test(`a visitor scrolled down the home page opens "${name}" at its top`, async ({ page }, testInfo) => {
    await page.goto("/");
    await ready(page, testInfo);
    await scrollToFooter(page);
    await page.locator("footer").getByRole("link", { name }).click();
    await expect(page).toHaveURL(path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expectAtTop(page);
  });
}

test("a visitor scrolled down the courses page opens the job opportunities at their top", async ({
  page,
}, testInfo) => {
  await page.goto("/courses");
  await ready(page, testInfo);
  await scrollToFooter(page);
  await page.locator("footer").getByRole("link", { name: "Job Opportunities" }).click();
  await expect(page).toHaveURL(/\/blog\?jobs$/);
  await expectAtTop(page);
});

test("a visitor moving on from a page without script lands at the top of the next", async ({ page }, testInfo) => {
  await page.goto("/");
  await ready(page, testInfo);
  await scrollToFooter(page);
  await page.locator("footer").getByRole("link", { name: "Privacy Policy" }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await scrollToFooter(page);
  await page.locator("footer").getByRole("link", { name: "Terms and Conditions" }).click();
  await expect(page).toHaveURL(/\/terms$/);
  await expectAtTop(page);
});
