import type { Page } from "@playwright/test";

import { LOCAL_COPY_KEY } from "~/features/registration/saved-form";

import { expect, hydrated, jsEnabled, test } from "./fixtures";
import { field, fillFirstHalf, fillSecondHalf } from "./registration-helpers";
import { pngBytes } from "./staff-helpers";

// The phone's own copy of the typed fields (docs/decisions/036-save-for-later-and-camera-photos.md):
// with JavaScript the form keeps what is typed in the browser's storage and, after a reload or a
// dropped connection, offers it back; the thank-you screen forgets it. Without JavaScript the
// phone keeps nothing (the server's "Save and continue later" is the way), which is what the
// journeys check in that project before they stop, as the offline worker's journeys do.

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** The copy as the browser stores it (`[name, value]` pairs), or null when there is none. */
async function localCopy(page: Page) {
  const stored = await page.evaluate((key) => localStorage.getItem(key), LOCAL_COPY_KEY);
  return stored === null ? null : (JSON.parse(stored) as [string, string][]);
}

/**
 * Waits until the copy holds `entries` (the last field typed among them): it is written a moment
 * after the typing stops, and a reload before then would lose the last change, which is not what
 * these journeys test.
 */
async function copyHolds(page: Page, entries: [string, string][]) {
  await expect.poll(() => localCopy(page)).toEqual(expect.arrayContaining(entries));
}

const offer = (page: Page) =>
  page.getByRole("status").filter({ hasText: "This phone kept what you typed before the page was reloaded." });

/**
 * The form is live and offers nothing: a letter typed is kept (so the form's code runs, and the
 * offer, shown as that code first renders, would be there by now), yet there is no offer.
 */
async function nothingOffered(page: Page) {
  await field(page, "city").fill("Yaba");
  await copyHolds(page, [["city", "Yaba"]]);
  await expect(offer(page)).toHaveCount(0);
}

/** Without JavaScript: typed, nothing is kept on the phone, and a reload offers nothing. */
async function keptNothingWithoutJs(page: Page) {
  await field(page, "firstname").fill("Ngozi");
  expect(await localCopy(page)).toBeNull();
  await page.reload();
  await expect(page.getByRole("button", { name: "Save and continue later" })).toBeVisible();
  await expect(offer(page)).toHaveCount(0);
}

/** Every field `fillFirstHalf` and `fillSecondHalf` type, as they typed it. */
async function expectEveryValueBack(page: Page, tag: string) {
  await expect(field(page, "firstname")).toHaveValue("Ngozi");
  await expect(field(page, "lastname")).toHaveValue(`Okoro-${tag}`);
  await expect(page.getByRole("radio", { name: "Female", exact: true })).toBeChecked();
  await expect(field(page, "dob")).toHaveValue("2003-05-20");
  await expect(field(page, "email")).toHaveValue(`ngozi.${tag}@example.com`);
  await expect(field(page, "phone")).toHaveValue("08031234567");
  await expect(field(page, "street")).toHaveValue("7 Bode Thomas Street");
  await expect(field(page, "city")).toHaveValue("Surulere");
  await expect(field(page, "state")).toHaveValue("lagos");
  await expect(field(page, "courseId").locator("option:checked")).toHaveText("Professional Hairdressing and Styling");
  // Listed once the course is chosen (docs/decisions/038): put back after its course, not lost.
  await expect(field(page, "courseType")).toHaveValue("Full Course");
  await expect(page.getByRole("checkbox", { name: "NIN", exact: true })).toBeChecked();
  await expect(page.getByRole("radio", { name: "Yes", exact: true })).toBeChecked();
  await expect(field(page, "highestEducation")).toHaveValue("none");
  await expect(field(page, "emergencyFullname")).toHaveValue("Emeka Okoro");
  await expect(field(page, "emergencyRelationship")).toHaveValue("Father");
  await expect(field(page, "emergencyPhone")).toHaveValue("08059876543");
  await expect(page.getByRole("checkbox", { name: /Terms and Conditions/ })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: /Privacy Policy/ })).toBeChecked();
}

test("what was typed is kept on the phone and offered back after a reload; restored, every value is back", async ({
  page,
}, testInfo) => {
  const tag = `${testInfo.project.name}-copy-${Date.now().toString(36)}`;
  await page.goto("/registration-form");
  if (!jsEnabled(testInfo)) return keptNothingWithoutJs(page);
  await fillFirstHalf(page, tag);
  await fillSecondHalf(page);
  await copyHolds(page, [["regPrivacy", "on"]]);

  await page.reload();
  await expect(offer(page)).toBeVisible();
  // Nothing is put back before the visitor asks (nor by the browser itself on a reload).
  await expect(field(page, "lastname")).toHaveValue("");
  await expect(page.getByRole("radio", { name: "Female", exact: true })).not.toBeChecked();
  await offer(page).getByRole("button", { name: "Restore what I typed" }).click();
  await expect(offer(page)).toHaveCount(0);
  await expectEveryValueBack(page, tag);
});

test("the last thing typed just before a reload is kept too", async ({ page }, testInfo) => {
  const tag = `${testInfo.project.name}-last-${Date.now().toString(36)}`;
  await page.goto("/registration-form");
  if (!jsEnabled(testInfo)) return keptNothingWithoutJs(page);
  await fillFirstHalf(page, tag);
  await copyHolds(page, [["state", "lagos"]]);
  // Reloaded at once, before the copy's usual moment after the typing stops: the page's hiding writes it.
  await field(page, "city").fill("Ikeja");
  await page.reload();
  await expect(offer(page)).toBeVisible();
  await offer(page).getByRole("button", { name: "Restore what I typed" }).click();
  await expect(field(page, "city")).toHaveValue("Ikeja");
});

test("'Start again' forgets the phone's copy: the form stays empty and the next reload offers nothing", async ({
  page,
}, testInfo) => {
  const tag = `${testInfo.project.name}-again-${Date.now().toString(36)}`;
  await page.goto("/registration-form");
  if (!jsEnabled(testInfo)) return keptNothingWithoutJs(page);
  await fillFirstHalf(page, tag);
  await copyHolds(page, [["state", "lagos"]]);

  await page.reload();
  await expect(offer(page)).toBeVisible();
  await offer(page).getByRole("button", { name: "Start again" }).click();
  await expect(offer(page)).toHaveCount(0);
  await expect(field(page, "lastname")).toHaveValue("");
  expect(await localCopy(page)).toBeNull();

  await page.reload();
  expect(await localCopy(page)).toBeNull();
  await nothingOffered(page);
  await expect(field(page, "lastname")).toHaveValue("");
});

test("once the form is sent the phone's copy is forgotten: the next visit offers nothing", async ({
  page,
}, testInfo) => {
  const tag = `${testInfo.project.name}-sent-${Date.now().toString(36)}`;
  await page.goto("/registration-form");
  if (!jsEnabled(testInfo)) return keptNothingWithoutJs(page);
  await fillFirstHalf(page, tag);
  await fillSecondHalf(page);
  await field(page, "idCardFiles").setInputFiles([
    { name: "nin-card.png", mimeType: "image/png", buffer: await pngBytes("#228855") },
  ]);
  await copyHolds(page, [["regPrivacy", "on"]]);
  await page.getByRole("button", { name: "Submit", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Thank you for registering!" })).toBeVisible();
  await expect.poll(() => localCopy(page)).toBeNull();

  await page.goto("/registration-form");
  await nothingOffered(page);
  await expect(field(page, "lastname")).toHaveValue("");
});

test("typed after the connection dropped, the answers are still kept; the tab opened again offers them back", async ({
  page,
  context,
}, testInfo) => {
  const tag = `${testInfo.project.name}-offline-${Date.now().toString(36)}`;
  await page.goto("/registration-form");
  if (!jsEnabled(testInfo)) return keptNothingWithoutJs(page);
  await fillFirstHalf(page, tag);
  await context.setOffline(true);
  try {
    // The copy is written as the visitor types, whatever the connection: no submit, no reload.
    await fillSecondHalf(page);
    await copyHolds(page, [
      ["lastname", `Okoro-${tag}`],
      ["courseType", "Full Course"],
      ["parentConsent", "Yes"],
      ["emergencyPhone", "08059876543"],
      ["regPrivacy", "on"],
    ]);
  } finally {
    await context.setOffline(false);
  }
  // The phone's browser drops the tab and opens it again once the connection is back: a new page,
  // the same site's storage.
  await page.close();
  const again = await context.newPage();
  await again.goto("/registration-form");
  await hydrated(again);
  await expect(offer(again)).toBeVisible();
  await offer(again).getByRole("button", { name: "Restore what I typed" }).click();
  await expectEveryValueBack(again, tag);
});

test("reloaded while offline, the form read from the phone still offers what was typed back; restored, every value is back, and what is typed then is kept again", async ({
  page,
  context,
}, testInfo) => {
  const tag = `${testInfo.project.name}-reload-offline-${Date.now().toString(36)}`;
  await page.goto("/registration-form");
  if (!jsEnabled(testInfo)) return keptNothingWithoutJs(page);
  // The offline worker keeps the form (docs/decisions/042-offline-reading.md) once it controls the tab.
  await page.waitForFunction(() => !!navigator.serviceWorker?.controller, undefined, { timeout: 15_000 });
  await expect
    .poll(() => page.evaluate(async () => !!(await caches.match(new URL("/registration-form", location.origin).href))))
    .toBe(true);
  await fillFirstHalf(page, tag);
  await fillSecondHalf(page);
  await copyHolds(page, [["regPrivacy", "on"]]);
  await context.setOffline(true);
  try {
    await page.reload();
    // The kept page, without the form's code: the worker's own script makes the offer.
    await expect(page.getByRole("status").filter({ hasText: "You are offline" })).toBeVisible();
    await expect(offer(page)).toBeVisible();
    await expect(field(page, "lastname")).toHaveValue("");
    await offer(page).getByRole("button", { name: "Restore what I typed" }).click();
    await expect(offer(page)).toHaveCount(0);
    await expectEveryValueBack(page, tag);
    // Typed after the restore, still offline: kept again, and the next reload offers it with the rest.
    await field(page, "city").fill("Ikeja");
    await field(page, "emergencyFullname").fill("Chidi Okoro");
    await copyHolds(page, [
      ["city", "Ikeja"],
      ["emergencyFullname", "Chidi Okoro"],
      ["lastname", `Okoro-${tag}`],
      ["regPrivacy", "on"],
    ]);
    await page.reload();
    await offer(page).getByRole("button", { name: "Restore what I typed" }).click();
    await expect(field(page, "city")).toHaveValue("Ikeja");
    await expect(field(page, "emergencyFullname")).toHaveValue("Chidi Okoro");
    await expect(field(page, "courseType")).toHaveValue("Full Course");
    await expect(field(page, "lastname")).toHaveValue(`Okoro-${tag}`);
    // "Start again" offline forgets the copy as it does online.
    await page.reload();
    await offer(page).getByRole("button", { name: "Start again" }).click();
    await expect(offer(page)).toHaveCount(0);
    expect(await localCopy(page)).toBeNull();
    await page.reload();
    await expect(page.getByRole("status").filter({ hasText: "You are offline" })).toBeVisible();
    await expect(offer(page)).toHaveCount(0);
  } finally {
    await context.setOffline(false);
  }
});
