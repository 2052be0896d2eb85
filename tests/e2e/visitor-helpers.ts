import fs from "node:fs";
import path from "node:path";

import type { Page, TestInfo } from "@playwright/test";

import { dataDir, hydrated, jsEnabled } from "./fixtures";

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

/**
 * The page content (FAQs, team, testimonials) is the site's, not a session's: the journey that
 * changes it (staff-page-content.spec.ts) holds this lock from its save to its restore, and the
 * visitor journeys that count those items take it too, so none reads another's unsaved change.
 */
export async function withPageContentLock<T>(run: () => Promise<T>): Promise<T> {
  const lock = path.join(dataDir(), "page-content-journey.lock");
  for (let i = 0; ; i++) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch {
      if (i > 900) throw new Error("another page content journey never ended");
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  try {
    return await run();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}
