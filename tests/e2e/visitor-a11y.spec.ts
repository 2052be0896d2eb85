import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page, TestInfo } from "@playwright/test";

import { expect, jsEnabled, test } from "./fixtures";
import { firstHref, ready } from "./visitor-helpers";

/**
 * Axe runs inside the page, so it needs JavaScript. For the js-off project the page is
 * loaded in a JavaScript-enabled context whose own scripts are blocked: the page exactly
 * as it renders without JavaScript.
 */
async function scan(page: Page, browser: Browser, info: TestInfo, url = page.url()) {
  if (jsEnabled(info)) return (await new AxeBuilder({ page }).analyze()).violations;
  const context = await browser.newContext({
    javaScriptEnabled: true,
    storageState: await page.context().storageState(),
  });
  try {
    const bare = await context.newPage();
    await bare.route("**/build/**/*.js", (route) => route.abort());
    await bare.goto(url);
    return (await new AxeBuilder({ page: bare }).analyze()).violations;
  } finally {
    await context.close();
  }
}

const PAGES = [
  "/",
  "/about",
  "/courses",
  "/blog",
  "/blog?jobs",
  "/privacy",
  "/terms",
  "/contact",
  "/job-alerts",
  "/no-such-page",
];

for (const path of PAGES) {
  test(`the page ${path} has no accessibility violations`, async ({ page, browser }, testInfo) => {
    await page.goto(path);
    await ready(page, testInfo);
    const violations = await scan(page, browser, testInfo);
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  });
}

// One test a page: three axe scans in one test ran out of its time on a loaded machine.
for (const [list, prefix] of [
  ["/courses", "/course/"],
  ["/blog?postType=article", "/article/"],
  ["/blog?jobs", "/job/"],
]) {
  test(`the first ${prefix}… page listed on ${list} has no accessibility violations`, async ({
    page,
    browser,
  }, testInfo) => {
    await page.goto(list);
    await page.goto(await firstHref(page, prefix));
    await ready(page, testInfo);
    const violations = await scan(page, browser, testInfo);
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  });
}

test("the contact modal and the staff menu have no accessibility violations", async ({
  staffPage: page,
  browser,
}, testInfo) => {
  await page.goto("/blog");
  await ready(page, testInfo);
  expect((await scan(page, browser, testInfo)).map((v) => v.id)).toEqual([]);
  if (jsEnabled(testInfo)) {
    // The staff menu, open, then the blog's "Create" menu (the open staff menu covers it).
    await page.locator(".admin-menu summary").click();
    await expect(page.locator(".admin-menu ul")).toBeVisible();
    let results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);
    await page.locator(".admin-menu summary").click();
    await page.locator(".create-toggle summary").click();
    await expect(page.locator(".create-toggle ul")).toBeVisible();
    results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contact" }).click();
    await expect(page.getByRole("dialog").getByLabel("Full name")).toBeVisible();
    results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);
  }
});
