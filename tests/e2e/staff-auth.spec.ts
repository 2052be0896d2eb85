import { expect, jsEnabled, test } from "./fixtures";
import { loginThroughForm, resetLinkFor, screenshots, toast } from "./staff-helpers";

test("staff member signs in from an editor link and lands back on that editor", async ({ page, staff }, testInfo) => {
  await page.goto("/article/new");
  await expect(page).toHaveURL(/\/fla-admin\?redirectTo=%2Farticle%2Fnew$/);
  await expect(toast(page, "Your Session has expired. Login Again")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Staff Login" })).toBeVisible();
  if (testInfo.project.name === "js-on") await screenshots(page, "login");

  await loginThroughForm(page, staff.email, staff.password);
  await expect(page).toHaveURL(/\/article\/new$/);
  await expect(toast(page, "Successfully Logged In, Welcome")).toBeVisible();

  // Already signed in: the login page sends you to your desk.
  await page.goto("/fla-admin");
  await expect(page).toHaveURL(/\/admin\/desk$/);
});

test("a login never redirects to another site", async ({ page, staff }) => {
  await page.goto("/fla-admin?redirectTo=//evil.example/steal");
  await loginThroughForm(page, staff.email, staff.password);
  await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/admin\/desk$/);
});

test("a wrong password shows the server's reason and keeps the email", async ({ page, staff }, testInfo) => {
  await page.goto("/fla-admin");
  await loginThroughForm(page, staff.email, "not-the-password");
  await expect(page.getByRole("alert").getByText("Incorrect email or password")).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue(staff.email);
  // The server never sends a password back into the page.
  if (!jsEnabled(testInfo)) await expect(page.getByRole("textbox", { name: "Password", exact: true })).toHaveValue("");
  await expect(page).toHaveURL(/\/fla-admin/);

  // Empty fields are refused before anything is sent (in the browser, or by the server without JS).
  await page.getByLabel("Email").fill("");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByText("Kindly input your email")).toBeVisible();
  if (!jsEnabled(testInfo)) await expect(page.getByText("Kindly input your password")).toBeVisible();
});

test("logout is a POST: a GET changes nothing, the POST ends the session", async ({ staffPage: page }) => {
  await page.goto("/logout");
  await page.goto("/job/new");
  await expect(page).toHaveURL(/\/job\/new$/);

  const response = await page.request.post("/logout", { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers()["set-cookie"]).toContain("academy_toast=");
  await page.goto("/");
  await expect(toast(page, "You have been logged out")).toBeVisible();
  await page.goto("/job/new");
  await expect(page).toHaveURL(/\/fla-admin\?redirectTo=/);
});

test("forgot password: token by e-mail, new password, login with it; the token works once", async ({
  page,
  staff,
}, testInfo) => {
  await page.goto("/fla-admin");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();
  await page.getByLabel("Email").fill(staff.email);
  await page.getByRole("button", { name: "Send Token" }).click();
  await expect(toast(page, "A reset token has been sent to your email")).toBeVisible();

  const link = await resetLinkFor(staff.email);
  await page.goto(link);
  // The token leaves the address bar (and the access log) at once: it rides an HttpOnly cookie.
  await expect(page).toHaveURL(/\/password-reset$/);
  expect(page.url()).not.toContain("token");
  const submit = page.getByRole("button", { name: "Reset Password" });
  const password = page.getByLabel("Password", { exact: true });
  const confirm = page.getByLabel("Confirm password");
  const newPassword = "Fresh#Start2026";

  if (!jsEnabled(testInfo)) {
    // Without JavaScript the server checks the rules and says which failed.
    await password.fill("weakpass");
    await confirm.fill("weakpass");
    await submit.click();
    await expect(page.getByText("Your password does not meet every rule below")).toBeVisible();
    await expect(page.locator('[data-rule="upper"]')).toHaveAttribute("data-state", "invalid");
    await expect(page.locator('[data-rule="digit"]')).toHaveAttribute("data-state", "invalid");
    await expect(page.locator('[data-rule="length"]')).toHaveAttribute("data-state", "valid");
  } else {
    await expect(submit).toBeDisabled();
    await password.fill("weakpass");
    await expect(page.locator('[data-rule="upper"]')).toHaveAttribute("data-state", "invalid");
    await expect(page.locator('[data-rule="length"]')).toHaveAttribute("data-state", "valid");
    await password.fill(newPassword);
    await confirm.fill("Fresh#Start202");
    await expect(page.locator('[data-rule="match"]')).toHaveAttribute("data-state", "invalid");
    await expect(submit).toBeDisabled();
    await screenshots(page, "password-reset");
  }
  await password.fill(newPassword);
  await confirm.fill(newPassword);
  if (jsEnabled(testInfo)) await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page).toHaveURL(/\/fla-admin$/);
  await expect(toast(page, "Password reset successful. Login with your new password")).toBeVisible();

  await loginThroughForm(page, staff.email, staff.password);
  await expect(page.getByText("Incorrect email or password")).toBeVisible();
  await loginThroughForm(page, staff.email, newPassword);
  await expect(toast(page, "Successfully Logged In, Welcome")).toBeVisible();
  // With no page to return to, staff land on their desk (docs/product.md §8).
  await expect(page).toHaveURL(/\/admin\/desk$/);

  // The same link a second time is refused.
  await page.goto(link);
  await page.getByLabel("Password", { exact: true }).fill("Another#Pass2027");
  await page.getByLabel("Confirm password").fill("Another#Pass2027");
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByText("The reset link is invalid or has expired")).toBeVisible();
});
