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

// An axe scan of a whole page takes seconds of a busy machine's CPU, and a staff page's sign-in (a
// memory-hard hash) more: each scan is a test of its own, with three times the usual time.
test.describe.configure({ timeout: 90_000 });

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

// A staff member's view of the blog, then each of its menus and the contact form opened from it: one
// scan a test, so each has its own time on a loaded machine. The menus are <details>, which open
// without script too; without script "Contact" is a page of its own rather than a modal.
test("the blog as staff see it has no accessibility violations", async ({ staffPage: page, browser }, testInfo) => {
  await page.goto("/blog");
  await ready(page, testInfo);
  expect((await scan(page, browser, testInfo)).map((v) => v.id)).toEqual([]);
});

const opened: { name: string; open: (page: Page, js: boolean) => Promise<void> }[] = [
  {
    name: "the staff menu",
    open: async (page) => {
      await page.locator(".admin-menu summary").click();
      await expect(page.locator(".admin-menu ul")).toBeVisible();
    },
  },
  {
    name: "the blog's Create menu",
    open: async (page) => {
      await page.locator(".create-toggle summary").click();
      await expect(page.locator(".create-toggle ul")).toBeVisible();
    },
  },
  {
    name: "the contact form",
    open: async (page, js) => {
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contact" }).click();
      await expect((js ? page.getByRole("dialog") : page).getByLabel("Full name")).toBeVisible();
    },
  },
];
for (const { name, open } of opened) {
  test(`${name}, opened from the blog, has no accessibility violations`, async ({
    staffPage: page,
    browser,
  }, testInfo) => {
    const js = jsEnabled(testInfo);
    // Axe needs script: without it, the page in a context whose own scripts are blocked (as scan() does).
    const context = js
      ? null
      : await browser.newContext({ javaScriptEnabled: true, storageState: await page.context().storageState() });
    try {
      const target = context ? await context.newPage() : page;
      if (context) await target.route("**/build/**/*.js", (route) => route.abort());
      await target.goto(new URL("/blog", testInfo.project.use.baseURL).href);
      if (!context) await ready(target, testInfo);
      await open(target, js);
      expect((await new AxeBuilder({ page: target }).analyze()).violations.map((v) => v.id)).toEqual([]);
    } finally {
      await context?.close();
    }
  });
}
