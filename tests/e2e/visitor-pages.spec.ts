import { expect, test } from "./fixtures";
import { withPageContentLock } from "./visitor-helpers";

test("a visitor reads the privacy policy and the terms", async ({ page }) => {
  for (const [path, title] of [
    ["/privacy", "Privacy Policy"],
    ["/terms", "Terms and Conditions"],
  ]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByText("Effective date: 1 June 2025")).toBeVisible();
    const legal = page.locator(".legal-text");
    await expect(legal.locator("a[href^='tel:']")).toBeVisible();
    await expect(legal.locator("a[href^='mailto:']")).toBeVisible();
  }
});

test("a visitor reads the about page", async ({ page }) => {
  // The team is page content another journey changes (withPageContentLock).
  await withPageContentLock(async () => {
    await page.goto("/about");
    for (const heading of [
      "About Us",
      "Salon",
      "Academy",
      "Lounge",
      "Executive Summary",
      "Our Mission",
      "Our Vision",
      "Social Responsibility",
      "Company Description",
      "Meet the Team",
    ]) {
      await expect(page.getByRole("heading", { name: heading, exact: true })).toBeVisible();
    }
    await expect(page.locator(".figures")).toContainText("8");
    await expect(page.locator(".figures")).toContainText("full-time scholarship students per year");
    // The whole team (the home page shows the first four).
    await expect(page.locator(".team-member")).toHaveCount(7);
  });
});

test("every public page has a title, description, canonical URL and Open Graph tags", async ({ page }) => {
  for (const path of ["/", "/about", "/courses", "/blog", "/privacy", "/terms", "/contact"]) {
    await page.goto(path);
    await expect(page).toHaveTitle(/Fine Line Academy/);
    await expect(page.locator("meta[name=description]")).toHaveAttribute("content", /.{40,}/);
    await expect(page.locator("link[rel=canonical]")).toHaveAttribute(
      "href",
      new RegExp(`^http://localhost:\\d+${path.replace("?", "\\?")}$`),
    );
    await expect(page.locator("meta[property='og:title']")).toHaveAttribute("content", /.+/);
    await expect(page.locator("meta[property='og:url']")).toHaveAttribute("content", /^http/);
  }
});

test("search engines get a sitemap and robots.txt", async ({ request }) => {
  // An index of files of at most 50,000 URLs (docs/decisions/027-keyset-paging-search-sitemap.md).
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()["content-type"]).toContain("application/xml");
  const index = await sitemap.text();
  expect(index).toContain("<sitemapindex");
  let xml = "";
  for (const [, loc] of index.matchAll(/<loc>([^<]+)<\/loc>/g)) {
    const file = await request.get(new URL(loc).pathname);
    expect(file.headers()["content-type"]).toContain("application/xml");
    const text = await file.text();
    expect(text).toContain("<urlset");
    xml += text;
  }
  expect(xml.match(/\/course\/[^<]+<\/loc>/g)?.length).toBe(15);
  expect(xml.match(/\/(article|job)\/[^<]+<\/loc>/g)?.length).toBe(18);
  expect(xml).toMatch(/<loc>http:\/\/localhost:\d+\/privacy<\/loc>/);
  const robots = await request.get("/robots.txt");
  expect(robots.status()).toBe(200);
  const text = await robots.text();
  expect(text).toContain("Disallow: /fla-admin");
  expect(text).toMatch(/Sitemap: http:\/\/localhost:\d+\/sitemap\.xml/);
});

test("images carry srcset, sizes and their size, and load lazily below the fold", async ({ page }) => {
  await page.goto("/courses");
  const img = page.locator(".course-card img").first();
  await expect(img).toHaveAttribute("srcset", /w_360.* 360w, .*w_540.* 540w/);
  await expect(img).toHaveAttribute("sizes", /.+/);
  await expect(img).toHaveAttribute("width", "360");
  await expect(img).toHaveAttribute("height", "225");
  await expect(img).toHaveAttribute("loading", "eager");
  await expect(page.locator(".course-card img").nth(6)).toHaveAttribute("loading", "lazy");
});

test("public pages ship no editor code", async ({ page }, testInfo) => {
  const scripts: string[] = [];
  page.on("response", async (r) => {
    if (r.request().resourceType() === "script") scripts.push(await r.text());
  });
  for (const path of ["/", "/courses", "/blog", "/about"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
  }
  if (testInfo.project.name === "js-on") expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.some((s) => s.includes("LexicalEditor") || s.includes("$getRoot"))).toBe(false);
});

test("/jobs, the address people type and share, opens the job list", async ({ page }) => {
  const response = await page.goto("/jobs");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/blog\?jobs$/);
  await expect(page).toHaveTitle(/^Job Opportunities/);
});
