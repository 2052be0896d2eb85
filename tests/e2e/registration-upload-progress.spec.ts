import crypto from "node:crypto";

import type { Page, Request } from "@playwright/test";
import sharp from "sharp";

import { expect, hydrated, jsEnabled, test } from "./fixtures";
import { field, fillFirstHalf, fillSecondHalf } from "./registration-helpers";

// While a picked file goes up, the form shows how much of it is sent (JavaScript on): Remix's fetch
// reports no upload progress, so the submission goes by XMLHttpRequest and Remix reads its answer
// as its own (docs/decisions/082-upload-progress-through-remix.md). Without JavaScript the browser
// posts the form itself, as before. The line is slowed (Chromium's network emulation) so that the
// upload takes seconds, as on the phone's.

// Filling the form, then seconds of upload on a shared machine.
test.describe.configure({ timeout: 90_000 });
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, serviceWorkers: "block" });

/** A noisy PNG of about 600 KB: not shrunk in the browser (a PNG under 3 MB), slow to send on the line below. */
async function scanPng() {
  const [width, height] = [460, 440];
  return sharp(crypto.randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** 800 kbit/s up: the picked file takes several seconds to go. */
async function slowUpload(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 50,
    downloadThroughput: 1_000_000,
    uploadThroughput: 100_000,
  });
}

const isFormPost = (r: Request) => r.method() === "POST" && new URL(r.url()).pathname.startsWith("/registration-form");
const sending = (page: Page) => page.getByRole("status").filter({ hasText: /Sending your photo… \d+%/ });

/** Records, in the page, every share the progress bar shows from now on; read with `sharesShown`. */
async function watchProgressBar(page: Page) {
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { shares: number[] }).shares = seen;
    new MutationObserver(() => {
      const bar = document.querySelector("progress[value]");
      if (bar instanceof HTMLProgressElement) seen.push(bar.value);
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["value"] });
  });
}
const sharesShown = (page: Page) => page.evaluate(() => (window as unknown as { shares: number[] }).shares);

test("a photo going up shows how much is sent, and the registration completes on the thank-you screen; without JavaScript the form posts as before", async ({
  page,
}, testInfo) => {
  const tag = `${testInfo.project.name}-progress-${Date.now().toString(36)}`;
  await page.goto("/registration-form");
  if (jsEnabled(testInfo)) await hydrated(page);
  await fillFirstHalf(page, tag);
  await fillSecondHalf(page);
  const scan = await scanPng();
  expect(scan.length).toBeGreaterThan(500_000);
  await field(page, "idCardFiles").setInputFiles([{ name: "nin-card.png", mimeType: "image/png", buffer: scan }]);
  await slowUpload(page);
  if (jsEnabled(testInfo)) await watchProgressBar(page);
  const posted = page.waitForRequest(isFormPost);
  await page.getByRole("button", { name: "Submit", exact: true }).click();
  if (!jsEnabled(testInfo)) {
    // The browser's own form post: a page, no script's request, no progress of ours.
    expect((await posted).resourceType()).toBe("document");
    await expect(page.getByRole("heading", { name: "Thank you for registering!" })).toBeVisible({ timeout: 30_000 });
    return;
  }
  expect((await posted).resourceType()).toBe("xhr");
  await expect(sending(page)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Thank you for registering!" })).toBeVisible({ timeout: 30_000 });
  // Seen part way, not only empty or full: the bar followed the upload.
  expect((await sharesShown(page)).some((s) => s > 0 && s < 100)).toBe(true);
  // The action's redirect followed as Remix follows it: the screen names the new reference.
  await expect(page.getByText(/^FLA-[0-9A-F]{8}$/).first()).toBeVisible();
});

test("refused after the upload, the form comes back with the error by its field and every value typed", async ({
  page,
}, testInfo) => {
  const tag = `${testInfo.project.name}-progress-refused-${Date.now().toString(36)}`;
  await page.goto("/registration-form");
  if (jsEnabled(testInfo)) await hydrated(page);
  await fillFirstHalf(page, tag);
  await fillSecondHalf(page);
  // Named and typed as a PDF, but text: only the server, reading its content, refuses it.
  await field(page, "idCardFiles").setInputFiles([
    { name: "notes.pdf", mimeType: "application/pdf", buffer: Buffer.from("not a PDF\n".repeat(50_000)) },
  ]);
  await slowUpload(page);
  const posted = page.waitForRequest(isFormPost);
  await page.getByRole("button", { name: "Submit", exact: true }).click();
  expect((await posted).resourceType()).toBe(jsEnabled(testInfo) ? "xhr" : "document");
  if (jsEnabled(testInfo)) await expect(sending(page)).toBeVisible();
  await expect(page.locator("#registration-idCardFiles-error")).toHaveText(
    "notes.pdf: only .pdf, .png, .jpg and .webp files are accepted",
    { timeout: 30_000 },
  );
  await expect(field(page, "lastname")).toHaveValue(`Okoro-${tag}`);
  await expect(field(page, "email")).toHaveValue(`ngozi.${tag}@example.com`);
  await expect(field(page, "courseType")).toHaveValue("Full Course");
  await expect(page.getByRole("checkbox", { name: /Privacy Policy/ })).toBeChecked();
  await expect(page.getByRole("progressbar")).toHaveCount(0);
});
