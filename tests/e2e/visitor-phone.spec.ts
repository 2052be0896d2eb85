import { expect, test } from "./fixtures";

// docs/decisions/019-course-and-job-offers.md on a 390 × 844 phone: courses by category with fee, duration and start date; jobs
// one can apply to; and no public page wider than the screen. The demo content is seeded.
test.use({ viewport: { width: 390, height: 844 } });

test("a visitor opens a home category and sees only that category's courses", async ({ page }) => {
  await page.goto("/");
  await page
    .locator(".category-grid")
    .getByRole("link", { name: /Hairdressing & Styling/ })
    .click();
  await expect(page).toHaveURL(/\/courses\?category=hairdressing-styling$/);
  await expect(page.getByRole("heading", { name: "Hairdressing & Styling" })).toBeVisible();
  // The demo has three hairdressing courses, none of which says "hair" in every title.
  await expect(page.locator(".course-card h3")).toHaveText([
    "Barbering and Men's Grooming",
    "Wig Making and Revamping",
    "Professional Hairdressing and Styling",
  ]);
  await expect(page.getByLabel("Course category")).toHaveValue("hairdressing-styling");

  // The filter combines with a search, by the form (a link-only page without JavaScript).
  await page.getByRole("searchbox", { name: "Search Courses" }).fill("wig");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/category=hairdressing-styling&search=wig$/);
  await expect(page.locator(".course-card h3")).toHaveText(["Wig Making and Revamping"]);
});

test("a course page shows its fee, duration, level and next start date, and says so to search engines", async ({
  page,
}) => {
  await page.goto("/courses?category=photography&search=studio");
  await page.getByRole("link", { name: "Studio and Portrait Photography" }).click();
  const facts = page.locator(".course-facts");
  await expect(facts).toContainText("Photography");
  await expect(facts).toContainText("₦420,000");
  await expect(facts).toContainText("1 year");
  await expect(facts).toContainText("NVQ Level 2");
  await expect(facts.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}$/);
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').last().textContent()) ?? "{}");
  expect(ld.offers).toMatchObject({ "@type": "Offer", price: 420000, priceCurrency: "NGN" });
  expect(ld.hasCourseInstance).toMatchObject({
    "@type": "CourseInstance",
    courseMode: "Onsite",
    startDate: await facts.locator("time").getAttribute("datetime"),
  });
});

test("a course card shows the fee and duration", async ({ page }) => {
  await page.goto("/courses?category=graphics-design");
  await expect(
    page.locator(".course-card").filter({ hasText: "Brand Identity Design" }).locator(".course-offer"),
  ).toHaveText("₦220,000 · 3 months");
});

test("a visitor applies to an open job: the Apply button opens the job's e-mail or link", async ({ page }) => {
  await page.goto("/blog?postType=job&search=hairstylist");
  await page.getByRole("link", { name: "Salon Hairstylist" }).click();
  // The mailto names the job; the address is also given in words, for a laptop with no mail program.
  await expect(page.getByRole("link", { name: "Apply" })).toHaveAttribute(
    "href",
    "mailto:jobs@glowhairlounge.ng?subject=Application%3A%20Salon%20Hairstylist",
  );
  await expect(page.locator(".job-apply-how")).toContainText("Apply by e-mail to jobs@glowhairlounge.ng");
  await expect(page.locator(".job-facts")).toContainText("₦80,000 – ₦120,000 a month");
  await expect(page.locator(".job-facts")).toContainText("Admiralty Way, Lekki Phase 1");
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').last().textContent()) ?? "{}");
  expect(ld.baseSalary).toMatchObject({
    "@type": "MonetaryAmount",
    currency: "NGN",
    value: { minValue: 80000, maxValue: 120000, unitText: "MONTH" },
  });
  expect(ld.jobLocation.address.streetAddress).toBe("Admiralty Way, Lekki Phase 1");
  expect(ld.directApply).toBe(true);

  await page.goto("/blog?postType=job&search=makeup");
  await page.getByRole("link", { name: "Makeup Artist (Weekends)" }).click();
  await expect(page.getByRole("link", { name: "Apply" })).toHaveAttribute("href", "https://bridalbliss.ng/careers");
  await expect(page.locator(".job-apply-how")).toContainText("Apply online at bridalbliss.ng/careers");
});

test("a closed job's card says Closed and comes after the open jobs; home's Recent Posts leaves it out", async ({
  page,
}) => {
  await page.goto("/blog?jobs");
  const cards = page.locator(".post-card");
  await expect(cards).toHaveCount(7);
  // Open jobs first, newest first; the one past its deadline last, marked on its card.
  await expect(cards.last().getByRole("heading")).toHaveText("Junior Graphic Designer");
  await expect(cards.last()).toContainText("Closed");
  await expect(page.locator(".job-closed-badge")).toHaveCount(1);
  await page.goto("/");
  await expect(page.locator(".post-card").first()).toBeVisible();
  await expect(page.getByText("Junior Graphic Designer")).toHaveCount(0);
});

test("a job past its deadline shows Applications closed and no Apply button", async ({ page }) => {
  await page.goto("/blog?postType=job&search=graphic");
  await page.getByRole("link", { name: "Junior Graphic Designer" }).click();
  await expect(page.getByText("Applications closed")).toBeVisible();
  await expect(page.getByRole("link", { name: "Apply" })).toHaveCount(0);
});

test("no public page scrolls sideways at 390 px", async ({ page }) => {
  const paths = [
    "/",
    "/courses",
    "/courses?category=fashion-design",
    "/blog",
    "/blog?postType=job",
    "/about",
    "/contact",
    "/registration-form",
    "/privacy",
    "/terms",
    "/fla-admin",
  ];
  await page.goto("/courses");
  paths.push(new URL((await page.locator(".course-card a").first().getAttribute("href")) ?? "/", "http://x").pathname);
  await page.goto("/blog?postType=job");
  paths.push(new URL((await page.locator(".post-card a").first().getAttribute("href")) ?? "/", "http://x").pathname);
  for (const path of paths) {
    await page.goto(path);
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect(scrollWidth, path).toBeLessThanOrEqual(innerWidth);
  }
});

test("a course search reads content and category: 'braiding' finds the hairdressing courses; nothing found offers the categories", async ({
  page,
}) => {
  await page.goto("/courses");
  await page.getByRole("searchbox", { name: "Search Courses" }).fill("braiding");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/search=braiding$/);
  await expect(page.locator(".course-card h3")).toHaveText([
    "Barbering and Men's Grooming",
    "Wig Making and Revamping",
    "Professional Hairdressing and Styling",
  ]);
  await page.getByRole("searchbox", { name: "Search Courses" }).fill("knitting");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("No Courses Found")).toBeVisible();
  const elsewhere = page.getByRole("navigation", { name: "Browse a category instead:" });
  await expect(elsewhere.getByRole("link")).toHaveCount(7);
  await elsewhere.getByRole("link", { name: "Hairdressing & Styling" }).click();
  await expect(page).toHaveURL(/\/courses\?category=hairdressing-styling$/);
  await expect(page.locator(".course-card")).toHaveCount(3);
});
