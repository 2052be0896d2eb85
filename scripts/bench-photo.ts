// How long the registration form takes to send with a phone's ID photo over a slow line
// (`npm run bench -- --photo`; alone: `PHOTO_BASE=http://localhost:PORT npx tsx scripts/bench-photo.ts`
// against a running production build). The line is 400 kbit/s both ways with 400 ms latency, the
// phone 390 × 844, the photo a 4 MB camera JPEG (docs/decisions/072-photos-shrunk-from-the-first-pick.md).
// JavaScript on: the photo is picked 1 s after the page was asked for (before its scripts have
// come), the other fields typed from 10 s after the page was asked for, then Submit pressed. Lite: the
// same without scripts. Timed from the press of Submit to the thank-you screen, and (JavaScript on)
// to the first share of the upload shown on the form's progress bar
// (docs/decisions/082-upload-progress-through-remix.md).
import crypto from "node:crypto";

import sharp from "sharp";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const LINE = { offline: false, latency: 400, downloadThroughput: 50_000, uploadThroughput: 50_000 };

/** A camera-like JPEG of about 4 MB (noise compresses as badly as a real photo of a card). */
async function cameraPhoto() {
  const [width, height] = [2600, 1950];
  return sharp(crypto.randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

export type PhotoTiming = {
  mode: "JS on, photo at 1 s" | "Lite";
  seconds: number;
  sentBytes: number;
  photoBytes: number;
  /** Seconds from Submit until the progress bar first showed a share sent; null: never (Lite, or none shown). */
  progressSeconds: number | null;
};

async function once(base: string, lite: boolean, photo: Buffer): Promise<PhotoTiming> {
  const { chromium } = await import("@playwright/test");
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu"] });
  try {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      serviceWorkers: "block",
    });
    if (lite) await context.addCookies([{ name: "academy_lite", value: "on", url: base }]);
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", LINE);
    const asked = Date.now();
    await tab.goto(`${base}/registration-form`, { waitUntil: "commit", timeout: 120_000 });
    const field = (name: string) => tab.locator(`#registration-${name}`);
    await field("idCardFiles").waitFor({ state: "attached", timeout: 60_000 });
    await tab.waitForTimeout(Math.max(0, asked + 1000 - Date.now()));
    await field("idCardFiles").setInputFiles([{ name: "IMG_20261127.jpg", mimeType: "image/jpeg", buffer: photo }]);
    // The rest is typed once the page had its time to come (a course type chosen while the form's
    // code arrives is listed afresh for its course, decision 038, which is not what is timed here).
    await tab.waitForTimeout(Math.max(0, asked + 10_000 - Date.now()));
    const tag = `${lite ? "lite" : "js"}-${Date.now().toString(36)}`;
    await field("firstname").fill("Aisha");
    await field("lastname").fill(`Bello-${tag}`);
    await tab.getByRole("radio", { name: "Female", exact: true }).check();
    await field("dob").fill("2004-03-09");
    await field("email").fill(`aisha.${tag}@example.com`);
    await field("phone").fill("08031234567");
    await field("street").fill("12 Herbert Macaulay Way");
    await field("city").fill("Yaba");
    await field("state").selectOption("lagos");
    await field("courseId").selectOption({ label: "Professional Hairdressing and Styling" });
    await field("courseType").selectOption("Full Course");
    await tab.getByRole("checkbox", { name: "NIN", exact: true }).check();
    await tab.getByRole("radio", { name: "Yes", exact: true }).check();
    await field("highestEducation").selectOption("none");
    await field("emergencyFullname").fill("Musa Bello");
    await field("emergencyRelationship").selectOption("Father");
    await field("emergencyPhone").fill("08059876543");
    await tab.getByRole("checkbox", { name: /Terms and Conditions/ }).check();
    await tab.getByRole("checkbox", { name: /Privacy Policy/ }).check();
    // What the picker holds as Submit is pressed: the photo as it will go (shrunk or not).
    const sentBytes = await field("idCardFiles").evaluate((i: HTMLInputElement) => i.files?.[0]?.size ?? 0);
    const pressed = Date.now();
    await tab.getByRole("button", { name: "Submit", exact: true }).click({ noWaitAfter: true });
    const progressShown = tab
      .waitForFunction(
        () => {
          const bar = document.querySelector("progress[value]");
          return bar instanceof HTMLProgressElement && bar.value > 0;
        },
        undefined,
        { polling: 100, timeout: Number(process.env.PHOTO_TIMEOUT ?? 300_000) },
      )
      .then(
        () => (Date.now() - pressed) / 1000,
        () => null,
      );
    await tab
      .getByRole("heading", { name: "Thank you for registering!" })
      .waitFor({ state: "visible", timeout: Number(process.env.PHOTO_TIMEOUT ?? 300_000) })
      .catch(async (error: unknown) => {
        // What the phone shows instead, to see why (a refused field, a page that never came).
        await tab.screenshot({ path: ".cache/bench-photo-failed.png", fullPage: true }).catch(() => undefined);
        throw error;
      });
    const seconds = (Date.now() - pressed) / 1000;
    return {
      mode: lite ? "Lite" : "JS on, photo at 1 s",
      seconds,
      sentBytes,
      photoBytes: photo.length,
      progressSeconds: await Promise.race([progressShown, Promise.resolve(null)]),
    };
  } finally {
    await browser.close();
  }
}

/** Both timings, printed; the figures are reported, not checked (a slow machine would fail them). */
export async function runPhotoTiming(base: string) {
  const photo = await cameraPhoto();
  const out: PhotoTiming[] = [];
  for (const lite of [false, true]) {
    const t = await once(base, lite, photo);
    out.push(t);
    console.log(
      `  photo ${t.mode}: submitted in ${t.seconds.toFixed(1)} s, photo sent as ${(t.sentBytes / 1048576).toFixed(2)} MB (picked ${(t.photoBytes / 1048576).toFixed(2)} MB) over 400 kbit/s, ${t.progressSeconds === null ? "no upload progress shown" : `upload progress shown from ${t.progressSeconds.toFixed(1)} s`}`,
    );
  }
  return out;
}

if (process.env.PHOTO_BASE) await runPhotoTiming(process.env.PHOTO_BASE);
