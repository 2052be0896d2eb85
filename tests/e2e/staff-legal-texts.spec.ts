import AxeBuilder from "@axe-core/playwright";

import { expect, jsEnabled, test } from "./fixtures";
import { htmlErrors, serverHtml } from "./html-checker";
import { signInThroughApi, toast } from "./staff-helpers";
import { withPageContentLock } from "./visitor-helpers";

// The privacy notice and the terms in the browser, JavaScript on and off (docs/product.md,
// "Privacy notice and terms"; docs/decisions/071): an Admin adds a section to the privacy notice
// with the form's own buttons; a save missing the text keeps what was typed; the saved change is
// the next version, on /privacy at once with the earlier version listed; restoring the revision
// before takes the section away as yet another version; an Editor cannot open the page or call the API.

const versionOf = async (text: string) => Number(/Current version: (\d+)/.exec(text)![1]);

test("an Admin adds a section to the privacy notice: a new version on /privacy; a restore takes it away", async ({
  staffPage: page,
  staff,
}, testInfo) => {
  test.setTimeout(120_000);
  const tag = `${testInfo.project.name}-${Date.now().toString(36)}`;
  const heading = `Photographs in class ${tag}`;
  // The legal texts, like the page content, are one row the two browser projects share.
  await withPageContentLock(async () => {
    await page.goto("/admin/legal/privacy");
    await expect(page.getByRole("heading", { name: "Edit: Privacy Policy", level: 1 })).toBeVisible();
    const version = await versionOf(await page.locator("main").innerText());
    const history = page.getByRole("region", { name: "History" });
    const currentRow = history.getByRole("row").filter({ hasText: "Current" });
    const before = (await currentRow.count()) ? Number(await currentRow.locator("td").first().innerText()) : 0;
    const count = await page.locator("#block-sections > ol > li").count();
    const n = count + 1;

    // A section added at the end: nothing saved until Save.
    await page.getByRole("button", { name: "Add a section" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Not saved yet" })).toBeVisible();
    await page.locator(`#legal-section${count}heading`).fill(heading);
    // Saved without its text: the field's message, everything typed kept, nothing saved.
    await page.getByRole("button", { name: "Save and publish" }).first().click();
    await expect(page.locator(`#legal-section${count}text-error`)).toHaveText("Please fill this in");
    await expect(page.locator(`#legal-section${count}text`)).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator(`#legal-section${count}heading`)).toHaveValue(heading);
    await expect(page.getByRole("alert").filter({ hasText: "Nothing was saved" })).toBeVisible();

    // Filled, moved up one place, saved: the next version.
    await page
      .locator(`#legal-section${count}text`)
      .fill("We photograph some classes.\n\nTell your tutor to leave you out.");
    await page.getByRole("button", { name: `Move up: Section ${n}` }).click();
    await expect(page.locator(`#legal-section${count - 1}heading`)).toHaveValue(heading);
    await page.getByRole("button", { name: "Save and publish" }).last().click();
    await expect(toast(page, `Saved: version ${version + 1} is published.`)).toBeVisible();
    await expect(page.getByText(`Current version: ${version + 1}`)).toBeVisible();

    // A visitor reads it at once, as two paragraphs, under the new version; the earlier one is listed.
    await page.context().clearCookies();
    await page.goto("/privacy");
    await expect(page.getByText(`Version ${version + 1}. Effective date:`)).toBeVisible();
    await expect(page.locator(".legal-earlier")).toContainText(`Version ${version} — Effective date:`);
    const section = page.locator("section").filter({ has: page.getByRole("heading", { level: 2, name: heading }) });
    await expect(section.locator("p")).toHaveText(["We photograph some classes.", "Tell your tutor to leave you out."]);
    const headings = await page.locator(".legal-text h2").allInnerTexts();
    expect(headings.indexOf(heading)).toBe(count - 1);

    // The Admin restores the revision before: the section is gone, under yet another version.
    await signInThroughApi(page, staff);
    await page.goto("/admin/legal/privacy");
    await page.getByRole("button", { name: `Restore version ${before}` }).click();
    await expect(toast(page, "brought back as the newest version")).toBeVisible();
    await page.context().clearCookies();
    await page.goto("/privacy");
    await expect(page.getByText(`Version ${version + 2}. Effective date:`)).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: heading })).toHaveCount(0);
  });
});

test.describe("an Editor", () => {
  test.use({ staffRole: "editor" });

  test("cannot open the privacy notice's page: 403 from the page and from the API", async ({ staffPage: page }) => {
    const res = await page.goto("/admin/legal/privacy");
    expect(res?.status()).toBe(403);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your account cannot open this page");
    const api = await page.request.put("/api/legal/privacy", { data: { intro: "x", sections: [] } });
    expect(api.status()).toBe(403);
    expect((await page.request.get("/api/legal/terms/revisions")).status()).toBe(403);
    expect((await page.request.post("/api/legal/privacy/revisions/0/restore")).status()).toBe(403);
  });
});

test("the terms' page, with a refused value marked, passes the Nu HTML Checker and axe", async ({
  staffPage: page,
}, testInfo) => {
  test.setTimeout(60_000);
  const errors = await htmlErrors({ legal: await serverHtml(page.request, "/admin/legal/terms") });
  expect(errors, errors.join("\n")).toEqual([]);
  // Axe runs in the page: with JavaScript only (the js-off page is the same server HTML, checked above).
  if (!jsEnabled(testInfo)) return;
  await page.goto("/admin/legal/terms");
  await page.locator("#legal-intro").fill("");
  await page.getByRole("button", { name: "Save and publish" }).first().click();
  await expect(page.locator("#legal-intro-error")).toBeVisible();
  const violations = (await new AxeBuilder({ page }).analyze()).violations;
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
});
