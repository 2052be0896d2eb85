import type { Page, TestInfo } from "@playwright/test";

export const jsOn = (info: TestInfo) => info.project.use.javaScriptEnabled !== false;

/** Waits until React has hydrated (JS on), so clicks reach the enhanced handlers. */
export async function ready(page: Page, info: TestInfo) {
  if (!jsOn(info)) return;
  await page.waitForFunction(() => (window as unknown as { __remixContext?: unknown }).__remixContext !== undefined);
  await page.waitForLoadState("networkidle");
}

/** The first link on the page whose href starts with `prefix`. */
export async function firstHref(page: Page, prefix: string) {
  const href = await page.locator(`main .card a[href^='${prefix}']`).first().getAttribute("href");
  if (!href) throw new Error(`no link starting with ${prefix}`);
  return href;
}
