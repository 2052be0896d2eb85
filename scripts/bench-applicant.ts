// A real application for the bench to weigh the pages an applicant reaches: the registration form
// sent as a browser without JavaScript sends it (the journeys' way of filling it in,
// tests/e2e/registration-helpers.ts), its thank-you screen as the server answered it (the screen
// shows once, so its HTML is kept here), and the path of its private status page, which the
// thank-you screen links to (docs/decisions/087-every-public-page-within-the-homes-budget.md).
import sharp from "sharp";

import { field, fillFirstHalf, fillSecondHalf } from "../tests/e2e/registration-helpers";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** A small ID photo: what is weighed is the pages, not the upload. */
const idPhoto = () =>
  sharp({ create: { width: 320, height: 200, channels: 3, background: { r: 200, g: 180, b: 160 } } })
    .jpeg()
    .toBuffer();

export async function registerApplicant(base: string) {
  const { chromium } = await import("@playwright/test");
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu"] });
  try {
    const context = await browser.newContext({ javaScriptEnabled: false, serviceWorkers: "block" });
    const tab = await context.newPage();
    await tab.goto(`${base}/registration-form`);
    await fillFirstHalf(tab, `bench-${Date.now().toString(36)}`);
    await fillSecondHalf(tab);
    await field(tab, "idCardFiles").setInputFiles([
      { name: "id-card.jpg", mimeType: "image/jpeg", buffer: await idPhoto() },
    ]);
    const answered = tab.waitForResponse((r) => new URL(r.url()).pathname === "/registration-form/received", {
      timeout: 60_000,
    });
    await tab.getByRole("button", { name: "Submit", exact: true }).click();
    const thankYouHtml = await (await answered).text();
    const statusPath = thankYouHtml.match(/href="(\/application\/[A-Za-z0-9_-]+)"/)?.[1];
    if (!statusPath) throw new Error("the thank-you screen links to no status page");
    return { thankYouHtml, statusPath };
  } finally {
    await browser.close();
  }
}
