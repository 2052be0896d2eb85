import fs from "node:fs";
import path from "node:path";

import AxeBuilder from "@axe-core/playwright";

import { dataDir, expect, jsEnabled, test } from "./fixtures";
import { htmlErrors, serverHtml } from "./html-checker";
import { field, fillFirstHalf, fillSecondHalf } from "./registration-helpers";
import { pngBytes, signInThroughApi, toast } from "./staff-helpers";

// The academy's settings in the browser, JavaScript on and off (docs/product.md, "Settings";
// docs/decisions/060): an Admin changes the bank account and it is on the registration form,
// the thank-you screen, the status page and the next confirmation mail; a bad value keeps what
// was typed; the previous version is restored; an Editor cannot open them (page and API).

/**
 * The two projects share one server, and the settings are the site's, not a session's: each run
 * holds this lock from its save to its restore, so one never reads the account the other saved.
 */
async function withSettingsLock<T>(run: () => Promise<T>): Promise<T> {
  const lock = path.join(dataDir(), "settings-journey.lock");
  for (let i = 0; ; i++) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch {
      if (i > 600) throw new Error("the other project's settings journey never ended");
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  try {
    return await run();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

const outboxMails = () => {
  const dir = path.join(dataDir(), "outbox");
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")) as { to: unknown; text: string });
};

test("an Admin changes the bank account: form, thank-you, status page and mail show it; a restore brings the old one back", async ({
  staffPage: page,
  staff,
}, testInfo) => {
  test.setTimeout(90_000);
  const jsOn = testInfo.project.name === "js-on";
  const account = jsOn ? "0690000041" : "0690000042";
  const tag = `${testInfo.project.name}-${Date.now().toString(36)}`;
  await withSettingsLock(async () => {
    await page.goto("/admin/settings");
    await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
    const before = await page.locator("#settings-accountNumber").inputValue();

    // A 9-digit account: the field's message, what was typed kept, nothing saved.
    await page.locator("#settings-accountNumber").fill("069000004");
    await page.locator("#settings-bankName").fill(`Access Bank ${tag}`);
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByText("An account number (NUBAN) has exactly 10 digits")).toBeVisible();
    await expect(page.locator("#settings-accountNumber")).toHaveValue("069000004");
    await expect(page.locator("#settings-bankName")).toHaveValue(`Access Bank ${tag}`);
    await expect(page.locator("#settings-accountNumber")).toHaveAttribute("aria-invalid", "true");
    // The label names the field for assistive technology.
    await expect(page.getByRole("textbox", { name: /Account number \(NUBAN\)/ })).toHaveValue("069000004");

    await page.locator("#settings-accountNumber").fill(account);
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(toast(page, "Settings saved.")).toBeVisible();
    await expect(page.locator("#settings-accountNumber")).toHaveValue(account);
    const history = page.getByRole("region", { name: "History" });
    // In the page's own words, not the stored field's name.
    await expect(history.getByRole("row").nth(1)).toContainText("Account number");
    await expect(history.getByRole("row").nth(1)).not.toContainText("payments.accountNumber");

    // A visitor: the registration form, the thank-you screen, the status page and the mail.
    await page.context().clearCookies();
    await page.goto("/registration-form");
    await expect(page.locator(".bank-details")).toContainText(account);
    await expect(page.locator(".bank-details")).toContainText(`Access Bank ${tag}`);
    await fillFirstHalf(page, tag);
    await fillSecondHalf(page);
    await field(page, "idCardFiles").setInputFiles([
      { name: "nin-card.png", mimeType: "image/png", buffer: await pngBytes("#447711") },
    ]);
    await page.getByRole("button", { name: "Submit", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Thank you for registering!" })).toBeVisible();
    await expect(page.locator(".bank-details")).toContainText(account);
    const email = `ngozi.${tag}@example.com`;
    await expect.poll(() => outboxMails().filter((m) => JSON.stringify(m.to).includes(email)).length).toBe(1);
    const mail = outboxMails().find((m) => JSON.stringify(m.to).includes(email))!;
    expect(mail.text).toContain(`Account Number: ${account}`);
    await page
      .getByRole("link", { name: /status page/i })
      .first()
      .click();
    await expect(page.locator(".bank-details")).toContainText(account);

    // The Admin restores the version before the change.
    await signInThroughApi(page, staff);
    await page.goto("/admin/settings");
    const previous = page.getByRole("region", { name: "History" }).getByRole("row").nth(2);
    await previous.getByRole("button", { name: /^Restore/ }).click();
    await expect(toast(page, "brought back as the newest version")).toBeVisible();
    await expect(page.locator("#settings-accountNumber")).toHaveValue(before);
    await page.context().clearCookies();
    await page.goto("/registration-form");
    await expect(page.getByText(account)).toHaveCount(0);
  });
});

test.describe("an Editor", () => {
  test.use({ staffRole: "editor" });

  test("cannot open the settings: 403 from the page and from the API", async ({ staffPage: page }) => {
    const res = await page.goto("/admin/settings");
    expect(res?.status()).toBe(403);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your account cannot open this page");
    await expect(page.getByRole("alert").filter({ hasText: "This page is for" })).toContainText(
      "This page is for Admin accounts. Yours is an Editor account",
    );
    const api = await page.request.put("/api/settings", { data: { contact: {} } });
    expect(api.status()).toBe(403);
    expect((await page.request.get("/api/settings/revisions")).status()).toBe(403);
  });
});

test("the settings page, with a refused value marked, passes the Nu HTML Checker and axe", async ({
  staffPage: page,
}, testInfo) => {
  test.setTimeout(60_000);
  const errors = await htmlErrors({ settings: await serverHtml(page.request, "/admin/settings") });
  expect(errors, errors.join("\n")).toEqual([]);
  // Axe runs in the page: with JavaScript only (the js-off page is the same server HTML, checked above).
  if (!jsEnabled(testInfo)) return;
  await page.goto("/admin/settings");
  await page.locator("#settings-whatsapp").fill("+234 12");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.locator("#settings-whatsapp-error")).toBeVisible();
  const violations = (await new AxeBuilder({ page }).analyze()).violations;
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
});
