import { expect, jsEnabled, test } from "./fixtures";
import { ready } from "./visitor-helpers";

// The e2e server is seeded with 15 courses, 11 articles and 7 jobs.

test("a visitor loads more courses", async ({ page }, testInfo) => {
  await page.goto("/courses");
  await ready(page, testInfo);
  await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText("Courses");
  await expect(page.getByText("A registration form fee of ₦20,000 applies before course payment.")).toBeVisible();
  const cards = page.locator(".course-card");
  await expect(cards).toHaveCount(12);
  const firstTitle = await cards.first().locator("h3").innerText();
  const loadMore = page.getByRole("link", { name: "Load More" });
  if (jsEnabled(testInfo)) {
    await loadMore.click();
    await expect(cards).toHaveCount(15);
    // Appended in place: same address, the first card is still the same.
    await expect(page).toHaveURL(/\/courses$/);
    await expect(cards.first().locator("h3")).toHaveText(firstTitle);
  } else {
    // Without JavaScript the link names the last card's key: that page alone, read by key
    // (docs/decisions/029-every-list-by-key-and-fast-exports.md), numbered on from 13.
    const twelfth = await cards.nth(11).locator("h3").innerText();
    await expect(loadMore).toHaveAttribute("href", /^\/courses\?page=2&after=\d{4}-[\d-]+T[\w%.]+Z_\w+#item-13$/);
    await loadMore.click();
    await expect(page).toHaveURL(/\/courses\?page=2&after=[^#]+#item-13$/);
    await expect(cards).toHaveCount(3);
    await expect(cards.first()).toHaveAttribute("id", "item-13");
    await expect(page.locator(".course-card h3", { hasText: twelfth })).toHaveCount(0);
    await page.getByRole("link", { name: "Back to the newest" }).click();
    await expect(page).toHaveURL(/\/courses$/);
    await expect(cards).toHaveCount(12);
    await expect(cards.first().locator("h3")).toHaveText(firstTitle);
    await page.goto("/courses?page=2");
    await expect(cards).toHaveCount(15);
  }
  await expect(page.getByText("No more Posts!!!")).toBeVisible();
  await expect(page.getByRole("link", { name: "Load More" })).toHaveCount(0);
});

test("a visitor searches courses, and a search starts again from the first page", async ({ page }, testInfo) => {
  await page.goto("/courses?page=2");
  await ready(page, testInfo);
  await expect(page.locator(".course-card")).toHaveCount(15);
  const search = page.getByRole("searchbox", { name: "Search Courses" });
  await expect(search).toHaveAttribute("placeholder", "Search Courses");
  await search.fill("photography");
  await search.press("Enter");
  // The form also sends the category select ("All categories" is empty) (docs/decisions/019-course-and-job-offers.md).
  await expect(page).toHaveURL(/\/courses\?category=&search=photography$/);
  await expect(page.locator(".course-card")).toHaveCount(2);
  await expect(page.locator(".course-card").first()).toContainText(/Photography/);
  await expect(page.getByText("No more Posts!!!")).toBeVisible();

  await search.fill("underwater basket weaving");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("No Courses Found")).toBeVisible();
  await expect(page.locator(".course-card")).toHaveCount(0);
  await expect(page.getByText("A registration form fee")).toHaveCount(0);
});

test("a course list that cannot load says so, and the page still renders", async ({ page }) => {
  // The API refuses searches longer than 100 characters: a failed list call.
  const response = await page.goto(`/courses?search=${"a".repeat(101)}`);
  expect(response?.status()).toBe(200);
  await expect(page.locator(".list-error")).toHaveText("Something went wrong. It might be network-related");
  await expect(page.locator(".toast[data-persistent]")).toContainText(
    "Something went wrong. It might be network-related",
  );
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
});

test("a visitor loads more posts", async ({ page }, testInfo) => {
  await page.goto("/blog");
  await ready(page, testInfo);
  const cards = page.locator(".post-card");
  await expect(cards).toHaveCount(12);
  await page.getByRole("link", { name: "Load More" }).click();
  // With JavaScript the next page is appended; without, the link shows the page after the last card's key.
  await expect(cards).toHaveCount(jsEnabled(testInfo) ? 18 : 6);
  await expect(page).toHaveURL(jsEnabled(testInfo) ? /\/blog$/ : /\/blog\?page=2&after=[^#]+#item-13$/);
  await expect(page.locator("#item-13")).toBeVisible();
  await expect(page.getByText("No more Posts!!!")).toBeVisible();
  // Cards show the updated time as relative time.
  await expect(cards.first()).toContainText(/Updated (Just now|\d+ mins ago|\d+ hours ago|\w{3}, \d{2} \w+ \d{4})/);
});

test("a visitor filters the blog to jobs", async ({ page }, testInfo) => {
  await page.goto("/blog");
  await ready(page, testInfo);
  const filter = page.getByRole("combobox", { name: "Filter posts" });
  await expect(filter).toHaveValue("");
  await expect(filter.locator("option")).toHaveText(["Filter", "Jobs", "Articles"]);
  await filter.selectOption("job");
  if (!jsEnabled(testInfo)) await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/postType=job/);
  await expect(page.locator(".post-card")).toHaveCount(7);
  await expect(page.locator(".post-article")).toHaveCount(0);
  await expect(page.locator(".post-job").first()).toContainText("Deadline:");
  await filter.selectOption("article");
  if (!jsEnabled(testInfo)) await page.getByRole("button", { name: "Search" }).click();
  await expect(page.locator(".post-card")).toHaveCount(11);
  await expect(page.locator(".post-job")).toHaveCount(0);
});

test("a job seeker compares jobs on their cards and narrows them by type and place", async ({ page }, testInfo) => {
  await page.goto("/blog?jobs");
  await ready(page, testInfo);
  const glow = page.locator(".post-job", { hasText: "Glow Hair Lounge" });
  await expect(glow.locator(".job-card-facts")).toContainText("Full-time · Onsite · Admiralty Way, Lekki Phase 1");
  await expect(glow.locator(".job-card-facts")).toContainText("₦80,000 – ₦120,000 a month");
  const type = page.getByRole("combobox", { name: "Job type" });
  const place = page.getByRole("combobox", { name: "Job location" });
  await type.selectOption("Full-time");
  if (!jsEnabled(testInfo)) await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/jobType=Full-time/);
  await expect(page.locator(".post-card")).toHaveCount(3);
  await place.selectOption("Onsite");
  if (!jsEnabled(testInfo)) await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/jobLocation=Onsite/);
  await expect(page.locator(".post-card")).toHaveCount(2);
  await expect(page.locator(".post-card .job-card-facts dd", { hasText: "Full-time · Onsite" })).toHaveCount(2);
  // The filters are kept in the page's address: a shared link shows the same jobs.
  await page.goto("/blog?postType=job&jobType=Internship");
  await expect(page.locator(".post-card")).toHaveCount(1);
  await expect(page.getByRole("combobox", { name: "Job type" })).toHaveValue("Internship");
});

test("the Job Opportunities link preselects the Jobs filter", async ({ page }) => {
  await page.goto("/blog?jobs");
  await expect(page.getByRole("combobox", { name: "Filter posts" })).toHaveValue("job");
  await expect(page.locator(".post-card")).toHaveCount(7);
  await expect(page.locator(".post-job")).toHaveCount(7);
});

test("a visitor searches posts and sees when nothing matches", async ({ page }, testInfo) => {
  await page.goto("/blog");
  await ready(page, testInfo);
  const search = page.getByRole("searchbox", { name: "Search Posts" });
  await search.fill("skincare myths");
  await search.press("Enter");
  await expect(page).toHaveURL(/search=skincare\+myths/);
  await expect(page.locator(".post-card")).toHaveCount(1);
  await search.fill("zzzz no such post");
  await search.press("Enter");
  await expect(page.getByText("No Posts Found")).toBeVisible();
});

test("staff see the create controls on the lists", async ({ staffPage: page }, testInfo) => {
  await page.goto("/courses");
  await ready(page, testInfo);
  await expect(page.locator("a.fab")).toHaveAttribute("href", "/course/new");
  await page.goto("/blog");
  await ready(page, testInfo);
  const toggle = page.locator("details.create-toggle");
  await toggle.getByText("Create").click();
  await expect(toggle.getByRole("link", { name: "Article" })).toHaveAttribute("href", "/article/new");
  await expect(toggle.getByRole("link", { name: "Job" })).toHaveAttribute("href", "/job/new");
});

test("visitors do not see the create controls", async ({ page }) => {
  await page.goto("/courses");
  await expect(page.locator("a.fab")).toHaveCount(0);
  await page.goto("/blog");
  await expect(page.locator("details.create-toggle")).toHaveCount(0);
});
