import { expect, jsEnabled, test } from "./fixtures";
import { ready, withPageContentLock } from "./visitor-helpers";

test("a visitor reads the home page's ten sections in order", async ({ page }, testInfo) => {
  // The FAQs and team are page content another journey changes (withPageContentLock).
  await withPageContentLock(async () => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    const headings = await page.locator("main h2").allInnerTexts();
    const order = [
      "Personalized Guidance",
      "Comprehensive Courses",
      "Course Categories",
      "Why Choose Us",
      "Trending Courses",
      "What Our Students Say",
      "A day at the academy",
      "Recent Posts",
      "Meet the Team",
      "Frequently Asked Questions",
    ];
    const positions = order.map((h) => headings.indexOf(h));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);

    // Without JavaScript every slide is readable; with it, slides other than the current one
    // leave the accessibility tree once the carousel hydrates, but stay in the page.
    for (const slide of [
      "Personalized Guidance",
      "Collaborative Learning",
      "Hands-on Experience",
      "Empowering Future Professionals",
    ]) {
      await expect(page.getByRole("heading", { name: slide, includeHidden: jsEnabled(testInfo) })).toHaveCount(1);
    }
    // Every slide has both buttons (with JavaScript only the current slide's are visible).
    await expect(page.locator(".hero a[href='/registration-form']", { hasText: "Enroll Now" })).toHaveCount(4);
    await expect(page.locator(".hero a[href='/about']", { hasText: "Learn More" })).toHaveCount(4);
    for (const f of ["Comprehensive Courses", "Expert Instructors", "Interactive Learning Tools"]) {
      await expect(page.getByRole("heading", { name: f })).toBeVisible();
    }
    for (const c of [
      "Skincare & Cosmetics",
      "Content Creation",
      "Fashion Design",
      "Hairdressing & Styling",
      "Photography",
      "Graphics Design",
    ]) {
      await expect(page.locator(".category-grid").getByText(c, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole("link", { name: "All Courses" })).toHaveAttribute("href", "/courses");
    await expect(page.getByRole("link", { name: "Job Postings" })).toHaveAttribute("href", "/blog?jobs");
    await expect(page.locator(".trending .course-card")).toHaveCount(3);
    await expect(page.getByRole("link", { name: "Browse More" })).toHaveAttribute("href", "/courses");
    await expect(page.locator(".quote")).toHaveCount(3);
    await expect(page.locator(".recent-posts .post-card")).toHaveCount(4);
    await expect(page.getByRole("link", { name: "See More" })).toHaveAttribute("href", "/blog");
    await expect(page.locator(".team-member")).toHaveCount(4);
    await expect(page.locator("#FAQs details")).toHaveCount(11);
  });
});

test("a visitor opens several FAQ answers at once", async ({ page }) => {
  await page.goto("/#FAQs");
  const faqs = page.locator("#FAQs details");
  await faqs.nth(0).locator("summary").click();
  await faqs.nth(1).locator("summary").click();
  await expect(faqs.nth(0)).toHaveAttribute("open", "");
  await expect(faqs.nth(1)).toHaveAttribute("open", "");
  await expect(
    page.getByText("Crash courses run for 3 months. Full courses run for 1 to 3 years, in 3 sessions a year."),
  ).toBeVisible();
  await expect(page.getByText(/NVQ .*Level 1 to 3/).first()).toBeVisible();
});

test("a visitor browses the carousel by button, keyboard and swipe; it pauses on hover", async ({ page }, testInfo) => {
  if (jsEnabled(testInfo)) await page.clock.install();
  await page.goto("/");
  await ready(page, testInfo);
  const hero = page.locator(".hero");
  if (!jsEnabled(testInfo)) {
    // Without JavaScript every slide is readable in a scrolling row.
    for (const slide of ["Personalized Guidance", "Empowering Future Professionals"]) {
      await hero.getByRole("heading", { name: slide }).scrollIntoViewIfNeeded();
      await expect(hero.getByRole("heading", { name: slide })).toBeVisible();
    }
    await expect(hero.getByRole("button", { name: "Next slide" })).toHaveCount(0);
    return;
  }
  const active = hero.locator(".carousel-slide[data-active]");
  await hero.hover();
  await expect(active.getByRole("heading")).toHaveText("Personalized Guidance");
  await hero.getByRole("button", { name: "Next slide" }).click();
  await expect(active.getByRole("heading")).toHaveText("Collaborative Learning");
  // Paused while hovered: no change after more than one interval.
  await page.clock.runFor(5600);
  await expect(active.getByRole("heading")).toHaveText("Collaborative Learning");
  await page.keyboard.press("ArrowRight");
  await expect(active.getByRole("heading")).toHaveText("Hands-on Experience");
  await page.keyboard.press("ArrowLeft");
  await expect(active.getByRole("heading")).toHaveText("Collaborative Learning");
  // A 30 px swipe is ignored; a 60 px swipe to the left advances.
  const box = (await hero.locator(".carousel-track").boundingBox())!;
  const y = box.y + box.height / 3;
  await page.mouse.move(box.x + 400, y);
  await page.mouse.down();
  await page.mouse.move(box.x + 370, y);
  await page.mouse.up();
  await expect(active.getByRole("heading")).toHaveText("Collaborative Learning");
  await page.mouse.move(box.x + 400, y);
  await page.mouse.down();
  await page.mouse.move(box.x + 340, y);
  await page.mouse.up();
  await expect(active.getByRole("heading")).toHaveText("Hands-on Experience");
  await hero.getByRole("button", { name: "Go to slide 4" }).click();
  await expect(active.getByRole("heading")).toHaveText("Empowering Future Professionals");
});

test("the carousel advances on its own every 5 seconds", async ({ page }, testInfo) => {
  if (jsEnabled(testInfo)) await page.clock.install();
  await page.goto("/");
  await ready(page, testInfo);
  const hero = page.locator(".hero");
  if (!jsEnabled(testInfo)) {
    await expect(hero.locator(".carousel-slide")).toHaveCount(4);
    return;
  }
  await page.mouse.move(5, 700);
  const heading = hero.locator(".carousel-slide[data-active]").getByRole("heading");
  await expect(heading).toHaveText("Personalized Guidance");
  await page.clock.runFor(5000);
  await expect(heading).toHaveText("Collaborative Learning");
  await page.clock.runFor(5000);
  await expect(heading).toHaveText("Hands-on Experience");
});

test("the video loads nothing from the video host until the visitor asks", async ({ page }, testInfo) => {
  const thirdParty: string[] = [];
  page.on("request", (r) => {
    const host = new URL(r.url()).hostname;
    if (host !== "localhost") thirdParty.push(r.url());
  });
  await page.route(/youtube/, (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<p>video</p>" }),
  );
  await page.goto("/");
  await ready(page, testInfo);
  await page.locator(".video").scrollIntoViewIfNeeded();
  // Nothing on the page could fetch from the video host, and nothing did.
  await expect(page.locator("iframe, img[src*='youtube'], script[src*='youtube'], link[href*='youtube']")).toHaveCount(
    0,
  );
  expect(thirdParty).toEqual([]);
  const facade = page.getByRole("link", { name: /Play video/ });
  await expect(facade).toBeVisible();
  if (jsEnabled(testInfo)) {
    await facade.click();
    const frame = page.locator(".video iframe");
    await expect(frame).toHaveAttribute("src", /^https:\/\/www\.youtube-nocookie\.com\/embed\//);
  } else {
    await expect(facade).toHaveAttribute("href", /^https:\/\/www\.youtube\.com\/watch\?v=/);
  }
});

test("a visitor goes from a home card to the course page", async ({ page }, testInfo) => {
  await page.goto("/");
  await ready(page, testInfo);
  const card = page.locator(".trending .course-card").first();
  const title = (await card.locator("h3").innerText()).trim();
  await card.getByRole("link").click();
  await expect(page).toHaveURL(/\/course\/[^/]+\/[^/]+$/);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
});
