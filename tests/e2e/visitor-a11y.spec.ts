import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./fixtures";
import { firstHref, jsOn, ready } from "./visitor-helpers";

const PAGES = ["/", "/about", "/courses", "/blog", "/blog?jobs", "/privacy", "/terms", "/contact", "/no-such-page"];

for (const path of PAGES) {
  test(`the page ${path} has no accessibility violations`, async ({ page }, testInfo) => {
    await page.goto(path);
    await ready(page, testInfo);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  });
}

test("the detail pages have no accessibility violations", async ({ page }, testInfo) => {
  for (const [list, prefix] of [["/courses", "/course/"], ["/blog?postType=article", "/article/"], ["/blog?jobs", "/job/"]]) {
    await page.goto(list);
    await page.goto(await firstHref(page, prefix));
    await ready(page, testInfo);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${prefix} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  }
});

test("the contact modal and the staff menu have no accessibility violations", async ({ staffPage: page }, testInfo) => {
  await page.goto("/blog");
  await ready(page, testInfo);
  await page.locator(".admin-menu summary").click();
  await page.locator(".create-toggle summary").click();
  let results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
  if (jsOn(testInfo)) {
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contact" }).click();
    await expect(page.getByRole("dialog").getByLabel("Full name")).toBeVisible();
    results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);
  }
});
