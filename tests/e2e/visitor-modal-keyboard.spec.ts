import { expect, jsEnabled, test } from "./fixtures";
import { expectFocusCycle } from "./keyboard-helpers";
import { ready } from "./visitor-helpers";

test("the contact modal keeps the keyboard inside and gives focus back to its link on Escape and Close", async ({
  page,
}, testInfo) => {
  await page.goto("/courses");
  await ready(page, testInfo);
  const link = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contact" });
  await link.focus();
  await page.keyboard.press("Enter");
  if (!jsEnabled(testInfo)) {
    // Without JavaScript the link is a plain link to the contact page, reached by keyboard.
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole("textbox", { name: "Full name" })).toBeVisible();
    return;
  }
  const dialog = page.getByRole("dialog", { name: "Contact Us" });
  // The fields wait (disabled) for the form's anti-bot token, which arrives a moment later.
  await expect(dialog.getByLabel("Full name")).toBeEnabled();
  await expectFocusCycle(
    page,
    await dialog.evaluate((d) =>
      [...d.querySelectorAll<HTMLElement>("a[href], button, input:not([type=hidden]), select, textarea")]
        .filter(
          (el) => el.tabIndex >= 0 && !el.closest("[aria-hidden=true]") && (el as HTMLInputElement).disabled !== true,
        )
        .map(
          (el) =>
            `${el.tagName.toLowerCase()} ${(el.getAttribute("aria-label") ?? (el as HTMLInputElement).labels?.[0]?.textContent ?? el.textContent ?? "").trim()}`,
        ),
    ),
  );

  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(link).toBeFocused();

  await page.keyboard.press("Enter");
  await expect(dialog.getByLabel("Full name")).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).focus();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(link).toBeFocused();
});
