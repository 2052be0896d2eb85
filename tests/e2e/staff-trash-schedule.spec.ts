import type { Browser, Page } from "@playwright/test";

import { isoToLagosLocal } from "../../domain/schedule";
import { expect, jsEnabled, test } from "./fixtures";
import { toast } from "./staff-helpers";

// docs/product.md §4, docs/decisions/016-trash-and-scheduling.md: the trash and scheduled publishing, JavaScript on and off.

/** A visitor: a fresh browser context without the staff cookie, JavaScript as in this project. */
async function visitorPage(browser: Browser, baseURL: string | undefined, jsOff: boolean) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: !jsOff });
  return context.newPage();
}

/** Every file the sitemap index names, together. */
async function sitemap(page: Page) {
  const index = await page.request.get("/sitemap.xml");
  expect(index.status()).toBe(200);
  let all = "";
  for (const [, loc] of (await index.text()).matchAll(/<loc>([^<]+)<\/loc>/g)) {
    const file = await page.request.get(new URL(loc).pathname);
    expect(file.status()).toBe(200);
    all += await file.text();
  }
  return all;
}

test("staff move a job to the trash and restore it; visitors get 410 meanwhile", async ({
  staffPage: page,
  browser,
  baseURL,
}, info) => {
  const jsOff = !jsEnabled(info);
  const title = `Trash Receptionist ${info.project.name} ${Date.now()}`;
  const res = await page.request.post("/api/jobs", {
    data: {
      title,
      content: "<p>Front desk.</p>",
      jobType: "Full-time",
      jobLocation: "Onsite",
      companyName: "Glow Salon Ltd",
      applicationDeadline: "2031-03-31",
      howToApply: "jobs@academy.test",
    },
  });
  expect(res.status()).toBe(201);
  const job = (await res.json()) as { _id: string; slug: string };
  const jobUrl = `/job/${job._id}/${job.slug}`;

  await page.goto(jobUrl);
  const trigger = page.getByRole("link", { name: "Move to trash" });
  await trigger.click();
  if (jsOff) {
    await expect(page).toHaveURL(new RegExp(`/admin/job/${job._id}/trash$`));
    await expect(page.getByRole("heading", { name: "Move this job to the trash?" })).toBeVisible();
    await page.getByRole("button", { name: "Move to trash" }).click();
  } else {
    const dialog = page.getByRole("dialog", { name: "Move this job to the trash?" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(title)).toBeVisible();
    // Focus is kept inside the modal; Escape closes it and focus returns to the trigger.
    await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest("dialog"))).toBe(true);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
    await trigger.click();
    await dialog.getByRole("button", { name: "Move to trash" }).click();
  }
  await expect(page).toHaveURL(/\/admin\/trash$/);
  if (!jsOff) await expect(toast(page, `"${title}" was moved to the trash`)).toBeVisible();
  const row = page.getByTestId("trash-row").filter({ hasText: title });
  await expect(row).toContainText(`Staff ${info.project.name}`);
  await expect(row).toContainText("(Lagos time)");
  // On a phone the table's header is hidden: each date carries its own label.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(row.locator('td[data-label="Moved to the trash"]')).toBeVisible();
  expect(
    await row
      .locator('td[data-label="Deleted for good on"]')
      .evaluate((td) => getComputedStyle(td, "::before").content),
  ).toBe('"Deleted for good on: "');
  await page.setViewportSize({ width: 1280, height: 800 });

  const visitor = await visitorPage(browser, baseURL, jsOff);
  const gone = await visitor.goto(jobUrl);
  expect(gone?.status()).toBe(410);
  await expect(visitor.getByRole("heading", { name: "410 - Page Removed" })).toBeVisible();
  await visitor.goto(`/blog?search=${encodeURIComponent(title)}`);
  await expect(visitor.getByText(title)).toHaveCount(0);
  expect(await sitemap(visitor)).not.toContain(job._id);
  // The trash is for staff only.
  await visitor.goto("/admin/trash");
  await expect(visitor).toHaveURL(/\/fla-admin\?redirectTo=%2Fadmin%2Ftrash$/);
  await visitor.goto(`/admin/job/${job._id}/trash`);
  await expect(visitor).toHaveURL(/\/fla-admin\?redirectTo=/);

  await row.getByRole("button", { name: `Restore: ${title}` }).click();
  await expect(page.getByTestId("trash-row").filter({ hasText: title })).toHaveCount(0);
  if (!jsOff) await expect(toast(page, `"${title}" was restored`)).toBeVisible();

  const back = await visitor.goto(jobUrl);
  expect(back?.status()).toBe(200);
  await expect(visitor.getByRole("heading", { level: 1, name: title })).toBeVisible();
  expect(await sitemap(visitor)).toContain(job._id);
  await visitor.context().close();
});

test("a course scheduled an hour ahead is hidden from visitors, shown to staff, and public at its time", async ({
  staffPage: page,
  browser,
  baseURL,
}, info) => {
  test.setTimeout(60_000);
  const jsOff = !jsEnabled(info);
  const title = `Scheduled Nail Art ${info.project.name} ${Date.now()}`;
  const inAnHour = isoToLagosLocal(new Date(Date.now() + 60 * 60 * 1000).toISOString());

  await page.goto("/course/new");
  if (!jsOff) await expect(page.locator('[contenteditable="true"]')).toBeVisible();
  await page.getByRole("textbox", { name: "Title", exact: true }).fill(title);
  await page.getByRole("textbox", { name: "Tutors" }).fill("Ada Obi");
  await page.getByLabel("Publish at (Lagos time)").fill(inAnHour);
  // A time to come makes the button "Schedule" as it is typed (with JavaScript; without, the page
  // cannot change until it is sent) and the toast "Scheduled for …" (docs/product.md §4).
  await page.getByRole("button", { name: jsOff ? "Publish" : "Schedule", exact: true }).click();
  await page.waitForURL(/\/course\/[a-z0-9]+\/[a-z0-9-]+$/i);
  await expect(toast(page, "Scheduled for")).toBeVisible();
  const [, , id, slug] = new URL(page.url()).pathname.split("/");
  const courseUrl = `/course/${id}/${slug}`;
  // Staff see the page and when it goes public.
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole("note")).toContainText(/Scheduled for .+ \(Lagos time\)/);

  const visitor = await visitorPage(browser, baseURL, jsOff);
  expect((await visitor.goto(courseUrl))?.status()).toBe(404);
  await visitor.goto(`/courses?search=${encodeURIComponent(title)}`);
  await expect(visitor.getByText(title)).toHaveCount(0);
  expect(await sitemap(visitor)).not.toContain(id);

  await page.goto("/admin/scheduled");
  await expect(page.getByTestId("scheduled-row").filter({ hasText: title })).toContainText("Scheduled for");
  await page.goto(`/edit/course/${id}`);
  await expect(page.getByLabel("Publish at (Lagos time)")).toHaveValue(inAnHour);
  await expect(page.getByRole("button", { name: "Schedule", exact: true })).toBeVisible();

  // Its time comes (moved into the past in the database, no one acting on the site).
  const { getDb } = await import("../../api/db/index");
  await (
    await getDb()
  )
    .updateTable("courses")
    .set({ publish_at: new Date(Date.now() - 1000).toISOString() })
    .where("id", "=", id)
    .execute();
  expect((await visitor.goto(courseUrl))?.status()).toBe(200);
  // The list the server kept from before shows it once the schedule watch has looked again
  // (at most every 15 s for a change it was not told about; at once at a time it knew).
  await expect
    .poll(
      async () => {
        await visitor.goto(`/courses?search=${encodeURIComponent(title)}`);
        return visitor.getByText(title).count();
      },
      { timeout: 25_000, intervals: [1000] },
    )
    .toBeGreaterThan(0);
  expect(await sitemap(visitor)).toContain(id);
  await visitor.context().close();
});

test("a scheduled article's header says when it goes public, not 'Published'", async ({ staffPage: page }) => {
  const publishAt = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString();
  const res = await page.request.post("/api/articles", {
    data: { title: `Scheduled header ${Date.now()}`, content: "<p>Soon.</p>", publishAt },
  });
  expect(res.status()).toBe(201);
  const { _id, slug } = await res.json();
  await page.goto(`/article/${_id}/${slug}`);
  const banner = page.locator(".page-banner");
  await expect(banner).toContainText(/Scheduled for .+ \(Lagos time\)/);
  await expect(banner).not.toContainText("Published");
});

test("staff move an article to the trash from its editor, then delete it for good behind a confirmation", async ({
  staffPage: page,
  browser,
  baseURL,
}, info) => {
  const jsOff = !jsEnabled(info);
  const title = `Trash From Editor ${info.project.name} ${Date.now()}`;
  const res = await page.request.post("/api/articles", { data: { title, content: "<p>Soon gone.</p>" } });
  expect(res.status()).toBe(201);
  const article = (await res.json()) as { _id: string; slug: string };

  await page.goto(`/edit/article/${article._id}`);
  await page.getByRole("link", { name: "Move to trash" }).click();
  if (jsOff) await page.getByRole("button", { name: "Move to trash" }).click();
  else
    await page
      .getByRole("dialog", { name: "Move this article to the trash?" })
      .getByRole("button", { name: "Move to trash" })
      .click();
  await expect(page).toHaveURL(/\/admin\/trash$/);

  const row = page.getByTestId("trash-row").filter({ hasText: title });
  await row.getByRole("link", { name: "Delete for good" }).click();
  if (jsOff) {
    await expect(page.getByRole("heading", { name: "Delete this article for good?" })).toBeVisible();
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/admin\/trash$/);
    await row.getByRole("link", { name: "Delete for good" }).click();
    await page.getByRole("button", { name: "Delete for good" }).click();
  } else {
    const dialog = page.getByRole("dialog", { name: "Delete this article for good?" });
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("trash-row").filter({ hasText: title })).toHaveCount(1);
    await row.getByRole("link", { name: "Delete for good" }).click();
    await dialog.getByRole("button", { name: "Delete for good" }).click();
    await expect(toast(page, `"${title}" was deleted for good`)).toBeVisible();
  }
  await expect(page.getByTestId("trash-row").filter({ hasText: title })).toHaveCount(0);

  const visitor = await visitorPage(browser, baseURL, jsOff);
  expect((await visitor.goto(`/article/${article._id}/${article.slug}`))?.status()).toBe(404);
  await visitor.context().close();
});
