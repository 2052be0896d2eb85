import type { Page } from "@playwright/test";

import { expect, jsEnabled, test } from "./fixtures";
import { signInThroughApi } from "./staff-helpers";
import { ready } from "./visitor-helpers";

// Reading offline (docs/decisions/042-offline-reading.md): the service worker keeps the public
// pages a visitor opened and shows them without a connection, never keeps a staff page, tells a
// visitor a form sent offline was not sent, and is replaced whole by a new deployment's worker.
// On the staff server: the journeys sign in. Without JavaScript there is no worker at all.

/** Waits until this tab is controlled by the worker (it claims the tab that installed it). */
async function controlled(page: Page) {
  await page.waitForFunction(() => !!navigator.serviceWorker?.controller, undefined, { timeout: 15_000 });
}

/** Whether the worker has kept the page at `path` (any of its stores). */
const kept = (page: Page, path: string) =>
  page.evaluate(async (p) => !!(await caches.match(new URL(p, location.origin).href)), path);

test("a page opened before is read offline with a notice; others get the offline page; staff pages are never kept", async ({
  page,
  context,
  staff,
}, testInfo) => {
  await page.goto("/blog");
  if (!jsEnabled(testInfo)) {
    // Without JavaScript nothing registers a worker: the site is exactly the JavaScript-off one.
    await page.waitForTimeout(500);
    expect(context.serviceWorkers()).toHaveLength(0);
    return;
  }
  await ready(page, testInfo);
  await controlled(page);
  await expect.poll(() => kept(page, "/blog")).toBe(true);
  // A page reached by a client-side navigation is kept too.
  const article = page.locator("main .card a[href^='/article/']").first();
  const articlePath = (await article.getAttribute("href"))!;
  const title = (await article.textContent())!.trim();
  await article.click();
  await expect(page).toHaveURL(articlePath);
  await expect.poll(() => kept(page, articlePath)).toBe(true);
  expect(await kept(page, "/registration-form")).toBe(true);

  // A staff page is answered to a session: fetched from the network, never kept.
  await signInThroughApi(page, staff);
  await page.goto("/admin/messages");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.waitForTimeout(500);
  expect(await kept(page, "/admin/messages")).toBe(false);

  await context.setOffline(true);
  await page.goto(articlePath);
  await expect(page.getByRole("status")).toContainText("You are offline; this page was saved at");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  // Never opened: the offline page, with the academy's phone number.
  await page.goto("/about");
  await expect(page.getByRole("heading", { name: "You are offline", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "+234 803 000 0000" }).first()).toBeVisible();
  await page.goto("/admin/messages");
  await expect(page.getByRole("heading", { name: "You are offline", level: 1 })).toBeVisible();
  await context.setOffline(false);
});

test("a form sent while offline is not lost: the visitor is told it was not sent", async ({
  page,
  context,
}, testInfo) => {
  await page.goto("/contact");
  if (!jsEnabled(testInfo)) return expect(context.serviceWorkers()).toHaveLength(0);
  await ready(page, testInfo);
  const form = page.locator("main form").first();
  await form.getByLabel("Full name").fill("Ada Offline");
  await context.setOffline(true);
  await form.getByRole("button", { name: /send/i }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Your form was not sent" })).toBeVisible();
  await expect(form.getByLabel("Full name")).toHaveValue("Ada Offline");
  await context.setOffline(false);
});

test("a new deployment's worker takes over and its stores replace the old ones", async ({
  page,
  context,
}, testInfo) => {
  await page.goto("/courses");
  if (!jsEnabled(testInfo)) return expect(context.serviceWorkers()).toHaveLength(0);
  await ready(page, testInfo);
  await controlled(page);
  await expect.poll(() => kept(page, "/courses")).toBe(true);
  const before = await page.evaluate(() => caches.keys());
  expect(before.length).toBeGreaterThan(0);
  // What a deployment changes: the build version the page registers the worker with.
  await page.evaluate(() => navigator.serviceWorker.register("/sw.js?v=e2e-next-deploy", { scope: "/" }));
  await page.waitForFunction(() => navigator.serviceWorker.controller?.scriptURL.endsWith("v=e2e-next-deploy"));
  // Only the new deployment's stores are left, the offline page among them.
  await expect
    .poll(() => page.evaluate(() => caches.keys()))
    .toEqual(expect.arrayContaining([expect.stringMatching(/^academy-pages-e2e-next-deploy$/)]));
  await expect
    .poll(async () => (await page.evaluate(() => caches.keys())).filter((name) => !name.endsWith("e2e-next-deploy")))
    .toEqual([]);
  expect(await kept(page, "/offline")).toBe(true);
});
