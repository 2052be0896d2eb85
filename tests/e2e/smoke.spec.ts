import { expect, test } from "./fixtures";

test("a visitor opens the home page and sees trending courses", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "Trending Courses" })).toBeVisible();
  await expect(page.locator("a[href^='/course/']").first()).toBeVisible();
});
