import { expect, test } from "./fixtures";
import { firstHref } from "./visitor-helpers";

// Full-page pictures of every visitor page, desktop and phone, for a person to look at.
const VIEWPORTS = { desktop: { width: 1280, height: 800 }, mobile: { width: 375, height: 740 } };

test("screenshots of every visitor page", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await page.goto("/courses");
  const course = await firstHref(page, "/course/");
  await page.goto("/blog?jobs");
  const job = await firstHref(page, "/job/");
  await page.goto("/blog?postType=article");
  const article = await firstHref(page, "/article/");
  const pages = { home: "/", about: "/about", courses: "/courses", blog: "/blog", course, article, job, privacy: "/privacy", terms: "/terms", contact: "/contact", notfound: "/nope" };
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    for (const [name, path] of Object.entries(pages)) {
      await page.goto(path);
      // Bring lazy images in before the picture.
      await page.evaluate(() => document.querySelectorAll("img[loading=lazy]").forEach((i) => i.setAttribute("loading", "eager")));
      await page.waitForLoadState("networkidle");
      const file = `/tmp/visitor-shots/${testInfo.project.name}-${size}-${name}.png`;
      await page.screenshot({ path: file, fullPage: true });
      expect(await page.locator("h1").count()).toBeGreaterThan(0);
    }
  }
});
