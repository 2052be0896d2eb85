import type { Page } from "@playwright/test";

import { expect, jsEnabled, test } from "./fixtures";
import { ready } from "./visitor-helpers";

// docs/product.md §2: every route change scrolls to the top — including the pages that ship no
// script (privacy, terms), reached from a hydrated page by client navigation.

async function scrollToFooter(page: Page) {
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
}

/**
 * The new page starts at its top: read as soon as it shows (a scroll that glided there would
 * still be on its way down the old page's height), then again once everything has loaded, so a
 * late restoration would be seen too.
 */
async function expectAtTop(page: Page) {
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
}

/**
 * The scroll positions seen over the next `ms` after `act`: one a frame from inside the page when
 * it runs script, else read from outside as fast as the browser answers. The page must stay the
 * same document.
 */
async function positionsDuring(page: Page, act: () => Promise<void>, ms = 1500) {
  const seen: number[] = [];
  await page.evaluate(() => {
    const inPage: number[] = [];
    (window as unknown as { __positions: number[] }).__positions = inPage;
    const frame = () => {
      inPage.push(Math.round(window.scrollY));
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
  await act();
  const end = Date.now() + ms;
  while (Date.now() < end) seen.push(await page.evaluate(() => Math.round(window.scrollY)));
  const inPage = await page.evaluate(() => (window as unknown as { __positions?: number[] }).__positions ?? []);
  return inPage.length > seen.length ? inPage : seen;
}

const faqsLink = (page: Page) => page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "FAQs" });

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
  await expect(page.getByRole("heading", { level: 1, name: "Blog" })).toBeVisible();
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

test("a visitor opening the FAQs from the top of the home page gets there; without script, gliding (an in-page anchor)", async ({
  page,
  browser,
}, testInfo) => {
  if (jsEnabled(testInfo)) {
    await page.goto("/");
    await ready(page, testInfo);
    const positions = await positionsDuring(page, () => faqsLink(page).click());
    await expect(page).toHaveURL(/\/#FAQs$/);
    expect(positions.at(-1)).toBeGreaterThan(300);
    return;
  }
  // Followed as a fragment (no script), the browser marks the FAQs as the target and glides there.
  // Judged by where the page was over time, frame by frame from inside it (a page with its own
  // scripts blocked, so exactly the page without script): it started at the top, passed at least
  // one place on the way, and arrived. How many frames a glide shows depends on how fast the machine
  // paints, so no count is asked beyond "not a jump".
  const context = await browser.newContext({ javaScriptEnabled: true, baseURL: testInfo.project.use.baseURL });
  try {
    const bare = await context.newPage();
    await bare.route("**/build/**/*.js", (route) => route.abort());
    await bare.goto("/");
    const positions = await positionsDuring(bare, () => faqsLink(bare).click());
    await expect(bare).toHaveURL(/\/#FAQs$/);
    const end = positions.at(-1)!;
    expect(positions[0]).toBe(0);
    expect(end).toBeGreaterThan(300);
    expect(positions.some((y) => y > 0 && y < end)).toBe(true);
  } finally {
    await context.close();
  }
});

test("a route change from far down a page shows the new page at its top from its first frame", async ({
  page,
}, testInfo) => {
  await page.goto("/");
  await ready(page, testInfo);
  await scrollToFooter(page);
  const footerLink = page.locator("footer").getByRole("link", { name: "Privacy Policy" });
  if (!jsEnabled(testInfo)) {
    // Without script every link loads a new document, which starts at its top.
    await footerLink.click();
    await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
    return expectAtTop(page);
  }
  const positions = await positionsDuring(page, () => footerLink.click());
  await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
  const top = positions.indexOf(0);
  expect(top).toBeGreaterThan(-1);
  // Once at the top, it stays there: no frame of a glide (or of a later jump) after it.
  expect(positions.slice(top).filter((y) => y !== 0)).toEqual([]);
  // And the frames before it are the old page's place, never a position on the way.
  const before = new Set(positions.slice(0, top));
  expect(before.size).toBeLessThanOrEqual(1);
});
