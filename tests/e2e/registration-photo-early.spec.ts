import crypto from "node:crypto";

import type { Page } from "@playwright/test";
import sharp from "sharp";

import { expect, hydrated, jsEnabled, test } from "./fixtures";
import { field, fillFirstHalf, fillSecondHalf } from "./registration-helpers";
import { pngBytes } from "./staff-helpers";

// A phone photo is shrunk from the moment it is picked, before the form's code has come
// (docs/decisions/072-photos-shrunk-from-the-first-pick.md): on a slow line the form's code comes
// seconds after the first tap, and a photo picked meanwhile went up at full size. Where nothing can
// shrink it (JavaScript off, Lite) the form says before sending what a camera photo costs and how
// to send a smaller one.

// No offline worker: it would fetch the form's code past the route that keeps it from coming.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, serviceWorkers: "block" });

const MAX = 3_145_728;
const NOTE = /A photo straight from a phone camera is often 3 to 5 MB/;

/** A camera-like JPEG of 3000 × 2000 (noise compresses badly, like a real photo): over 3 MB. */
async function cameraJpeg() {
  const [width, height] = [3000, 2000];
  return sharp(crypto.randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
}

const noShrinkNote = (page: Page) => page.locator(".file-upload:has(#registration-idCardFiles) .no-shrink-note");

test("a photo picked before the form's code has come is shrunk, and a submit meanwhile waits for it; without JavaScript the form says what a camera photo costs", async ({
  page,
  context,
}, testInfo) => {
  const tag = `${testInfo.project.name}-early-${Date.now().toString(36)}`;
  if (!jsEnabled(testInfo)) {
    await page.goto("/registration-form");
    await expect(noShrinkNote(page)).toBeVisible();
    await expect(noShrinkNote(page)).toHaveText(NOTE);
    await expect(noShrinkNote(page)).toContainText("one to two minutes");
    return;
  }
  // The form's code never comes (a slow line, seconds after the tap): the page's own scripts run.
  const early = await context.newPage();
  await early.route(/\/build\/_shared\/registration-form-[A-Z0-9]+\.js$/, (route) => route.abort());
  await early.goto("/registration-form");
  await early.waitForFunction(() => document.documentElement.hasAttribute("data-photos-shrink"));
  // Here a photo can be shrunk: the note for pages where it cannot is gone.
  await expect(noShrinkNote(early)).toBeHidden();
  await fillFirstHalf(early, tag);
  await fillSecondHalf(early);
  const photo = await cameraJpeg();
  expect(photo.length).toBeGreaterThan(MAX);
  const posted = early.waitForRequest((r) => r.method() === "POST" && r.url().includes("/registration-form"));
  await field(early, "idCardFiles").setInputFiles([{ name: "IMG_0107.jpg", mimeType: "image/jpeg", buffer: photo }]);
  // Sent at once, while the photo is still being shrunk: the submit waits, then sends the small copy.
  await early.getByRole("button", { name: "Submit", exact: true }).click();
  const body = (await posted).postDataBuffer();
  expect(body?.length ?? Infinity).toBeLessThan(MAX);
  await expect(early.getByRole("heading", { name: "Thank you for registering!" })).toBeVisible();
  await early.close();
});

test("in Lite, nothing can shrink a photo: the form says what a camera photo costs and how to send a smaller one", async ({
  page,
  context,
}, testInfo) => {
  await context.addCookies([{ name: "academy_lite", value: "on", url: testInfo.project.use.baseURL! }]);
  await page.goto("/registration-form");
  await expect(page.locator("script[src], script[type=module]")).toHaveCount(0);
  await expect(noShrinkNote(page)).toBeVisible();
  await expect(noShrinkNote(page)).toHaveText(NOTE);
  await expect(noShrinkNote(page)).toContainText("a screenshot of the photo");
});

test("the course and type chosen while the form's code is still coming are kept when it comes, and the form is sent", async ({
  context,
}, testInfo) => {
  const tag = `${testInfo.project.name}-late-${Date.now().toString(36)}`;
  const page = await context.newPage();
  // The form's code is held back until every field is filled, as on a slow line (without
  // JavaScript the same form is filled and sent as it is).
  let release!: () => void;
  const arrived = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/build\/_shared\/registration-form-[A-Z0-9]+\.js$/, async (route) => {
    await arrived;
    await route.continue();
  });
  await page.goto("/registration-form");
  await fillFirstHalf(page, tag);
  await fillSecondHalf(page);
  release();
  if (jsEnabled(testInfo)) await hydrated(page);
  await expect(field(page, "courseType")).toHaveValue("Full Course");
  await field(page, "idCardFiles").setInputFiles([
    { name: "nin.png", mimeType: "image/png", buffer: await pngBytes() },
  ]);
  await page.getByRole("button", { name: "Submit", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Thank you for registering!" })).toBeVisible();
  await page.close();
});
