import { expect, test } from "./fixtures";
import { loginThroughForm, totpCode } from "./staff-helpers";

// Staff land on their desk after signing in (docs/decisions/032-two-factor-sign-in.md, its amendment):
// Admissions on the admissions desk (decision 076), not on a two-factor page. Two-factor sign-in stays required
// for Admin and Admissions (decision 032): until it is set up, such a member starts at its set-up
// and reads a reminder banner on the staff pages they may open.

test.describe("an Admissions member with two-factor sign-in", () => {
  test.use({ staffRole: "admissions" });

  test("lands on the admissions desk after the code, and on it again from /fla-admin and /admin; no reminder", async ({
    page,
    staff,
  }) => {
    await page.goto("/fla-admin");
    await loginThroughForm(page, staff.email, staff.password);
    await expect(page).toHaveURL(/\/admin\/desk$/);
    await expect(page.getByRole("heading", { name: "Admissions desk", level: 1 })).toBeVisible();
    await expect(page.locator(".two-factor-banner")).toHaveCount(0);
    await page.goto("/fla-admin");
    await expect(page).toHaveURL(/\/admin\/desk$/);
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/admin\/desk$/);
  });
});

test("an Admissions member without two-factor sign-in starts at its set-up, reads the reminder on the pages they may open, and it goes once set up", async ({
  page,
}, testInfo) => {
  const tag = `${testInfo.project.name}-${Date.now()}`;
  const { getDb } = await import("../../api/db/index");
  const { hashPassword } = await import("../../api/auth/password");
  const { newId } = await import("../../api/lib/ids");
  const member = { email: `landing-${tag}@academy.test`, password: "Admit#Pass2026" };
  await (
    await getDb()
  )
    .insertInto("users")
    .values({
      id: newId(),
      email: member.email,
      name: `Ama ${tag}`,
      password_hash: await hashPassword(member.password),
      is_demo: 0,
      role: "admissions",
      created_at: new Date().toISOString(),
    })
    .execute();

  await page.goto("/fla-admin");
  await loginThroughForm(page, member.email, member.password);
  // Required by decision 032: the applicants stay shut until it is on.
  await expect(page).toHaveURL(/\/admin\/account$/);
  await expect(page.locator(".two-factor-banner")).toHaveCount(0);
  await page.goto("/admin/insights");
  const banner = page.locator(".two-factor-banner");
  await expect(banner).toContainText("Your role requires two-factor sign-in");
  await banner.getByRole("link", { name: "Set up two-factor sign-in" }).click();
  await expect(page).toHaveURL(/\/admin\/account$/);

  await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  const secret = (await page.getByTestId("totp-secret").innerText()).replace(/\s+/g, "");
  await page.getByLabel("Code").fill(await totpCode(secret));
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByRole("heading", { name: "Your recovery codes" })).toBeVisible();

  // Set up: the desk opens, and no page reminds them any more.
  await page.goto("/fla-admin");
  await expect(page).toHaveURL(/\/admin\/desk$/);
  await expect(page.locator(".two-factor-banner")).toHaveCount(0);
  await page.goto("/admin/insights");
  await expect(page.locator(".two-factor-banner")).toHaveCount(0);
});
