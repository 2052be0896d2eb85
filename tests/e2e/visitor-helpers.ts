import type { Page, TestInfo } from "@playwright/test";

import { hydrated, jsEnabled } from "./fixtures";

/** Waits until React has hydrated (JS on), so clicks reach the enhanced handlers. Static pages (no scripts) never hydrate. */
export async function ready(page: Page, info: TestInfo) {
  if (!jsEnabled(info)) return;
  if ((await page.locator("script").count()) === 0) return;
  await hydrated(page);
  await page.waitForLoadState("networkidle");
}

/** The first link on the page whose href starts with `prefix`. */
export async function firstHref(page: Page, prefix: string) {
  const href = await page.locator(`main .card a[href^='${prefix}']`).first().getAttribute("href");
  if (!href) throw new Error(`no link starting with ${prefix}`);
  return href;
}
