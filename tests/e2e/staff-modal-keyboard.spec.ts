import { expect, jsEnabled, test } from "./fixtures";
import { expectFocusCycle } from "./keyboard-helpers";
import { endSessionsOf, toast } from "./staff-helpers";

// The modal signs in with the password alone: an Editor's, who writes content (decision 031);
// an account with two-factor on is sent to the login page instead (decision 032).
test.use({ staffRole: "editor" });

test("the Session Expired modal keeps the keyboard inside, gives focus back on Escape and Close, and is completed by keyboard alone", async ({
  staffPage: page,
  staff,
}, testInfo) => {
  const jsOff = !jsEnabled(testInfo);
  const title = `Keyboard article ${testInfo.project.name} ${Date.now()}`;
  await page.goto("/article/new");
  if (!jsOff) await expect(page.locator('[contenteditable="true"]')).toBeVisible();
  await page.getByRole("textbox", { name: "Title", exact: true }).fill(title);
  if (jsOff) await page.getByRole("textbox", { name: "Content", exact: true }).fill("Typed by keyboard.");
  else {
    await page.getByRole("textbox", { name: "Content", exact: true }).click();
    await page.keyboard.type("Typed by keyboard.");
  }
  await endSessionsOf(staff.id);

  const publishButton = page.getByRole("button", { name: "Publish" });
  const modal = page.getByRole("dialog", { name: "Session Expired" });
  const email = modal.getByRole("textbox", { name: "Email" });
  const publishByKeyboard = async () => {
    await publishButton.focus();
    await page.keyboard.press("Enter");
    await expect(modal).toBeVisible();
    await expect(email).toBeFocused();
  };

  await publishByKeyboard();
  if (!jsOff) {
    // Email, Password, Close, Login, and round again: Tab never reaches the editor behind.
    await expectFocusCycle(page, ["input Email", "input Password", "button Close", "button Login"]);
    await page.keyboard.press("Escape");
    await expect(modal).toBeHidden();
    await expect(publishButton).toBeFocused();

    await publishByKeyboard();
    await modal.getByRole("button", { name: "Close" }).focus();
    await page.keyboard.press("Enter");
    await expect(modal).toBeHidden();
    await expect(publishButton).toBeFocused();
    await publishByKeyboard();
  }

  // Credentials typed, Tab to the password, Enter: signed in again and the article publishes.
  await page.keyboard.type(staff.email);
  await page.keyboard.press("Tab");
  await expect(modal.getByRole("textbox", { name: "Password" })).toBeFocused();
  await page.keyboard.type(staff.password);
  await page.keyboard.press("Enter");
  if (jsOff) {
    await expect(page.getByText("Welcome Back")).toBeVisible();
    await expect(modal).toHaveCount(0);
    await publishButton.focus();
    await page.keyboard.press("Enter");
  } else {
    // Both notices show (the replayed publish's toast joins the re-login's, as in staff-editors).
    await expect(toast(page, "Welcome Back")).toBeVisible();
    await expect(toast(page, "New Article Created")).toBeVisible();
  }
  await page.waitForURL(/\/article\/[a-z0-9]+\/keyboard-article/);
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
});
