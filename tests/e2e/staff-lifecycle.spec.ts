import { expect, test } from "./fixtures";
import { registerApplicant, screenshots, toast } from "./staff-helpers";

// docs/product.md §4 (docs/decisions/017-revisions-and-audit.md), JavaScript on and off: restore an earlier version of an
// article; move an applicant through the statuses with a note.

test("staff restore an earlier version of an article from its history", async ({ staffPage: page }, testInfo) => {
  const tag = `${testInfo.project.name.replace("-", "")}${Date.now()}`;
  const created = await page.request.post("/api/articles", {
    data: { title: `Original ${tag}`, content: "<p>The words first published.</p>" },
  });
  expect(created.status()).toBe(201);
  const { _id: id } = (await created.json()) as { _id: string };
  const edited = await page.request.patch(`/api/articles/${id}`, {
    data: { title: `Edited ${tag}`, content: "<p>A mistaken overwrite.</p>" },
  });
  expect(edited.status()).toBe(200);

  // The editor shows who created and last changed the item, and links to its history.
  await page.goto(`/edit/article/${id}`);
  await expect(page.getByText(`Last changed by Staff ${testInfo.project.name}`)).toBeVisible();
  await expect(page.getByRole("link", { name: "History" })).toHaveAttribute("href", `/admin/article/${id}/history`);

  // The staff reader of the article sees who made it and the way to its history.
  await page.goto(`/article/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: `Edited ${tag}` })).toBeVisible();
  await expect(page.getByText(`Created by Staff ${testInfo.project.name}`)).toBeVisible();
  await page.getByRole("link", { name: "History" }).click();

  await expect(page.getByRole("heading", { name: `History of “Edited ${tag}”` })).toBeVisible();
  const first = page.getByRole("row").filter({ hasText: `Original ${tag}` });
  await expect(first).toContainText(`Staff ${testInfo.project.name}`);
  await first.getByRole("link", { name: "View: Version 1" }).click();

  await expect(page.getByRole("heading", { name: `Version 1 of “Original ${tag}”` })).toBeVisible();
  await expect(page.getByText("The words first published.")).toBeVisible();
  // Every field, and what differs from the current version (docs/product.md §4).
  const fields = page.locator(".revision-fields");
  await expect(fields.locator("dt", { hasText: "Title" })).toContainText("Changed");
  await expect(fields.locator("dd[data-changed]")).toContainText(`Now: Edited ${tag}`);
  await expect(fields.locator("dt", { hasText: "Publish at" })).not.toContainText("Changed");
  await expect(page.getByText("The content differs from the current version.")).toBeVisible();
  await page.getByRole("button", { name: "Restore this version" }).click();

  await expect(toast(page, "Version 1 restored")).toBeVisible();
  await expect(page.getByRole("heading", { name: `History of “Original ${tag}”` })).toBeVisible();
  // Both versions are kept: the edit that the restore replaced is now version 2.
  await expect(page.getByRole("row").filter({ hasText: `Edited ${tag}` })).toContainText("2");
  await expect(page.getByRole("row").filter({ hasText: `Original ${tag}` })).toContainText("1");
  if (testInfo.project.name === "js-on") await screenshots(page, "history");

  // A visitor (no session) reads the restored version.
  const visitor = await page
    .context()
    .browser()!
    .newContext({ javaScriptEnabled: testInfo.project.use.javaScriptEnabled });
  const anon = await visitor.newPage();
  await anon.goto(new URL(`/article/${id}`, testInfo.project.use.baseURL).toString());
  await expect(anon.getByRole("heading", { level: 1, name: `Original ${tag}` })).toBeVisible();
  await expect(anon.getByText("The words first published.")).toBeVisible();
  await expect(anon.getByRole("link", { name: "History" })).toHaveCount(0);
  await expect(anon.getByText("Created by")).toHaveCount(0);
  // The history itself is for staff: a visitor is sent to the login page.
  await anon.goto(new URL(`/admin/article/${id}/history`, testInfo.project.use.baseURL).toString());
  await expect(anon).toHaveURL(/\/fla-admin\?redirectTo=/);
  await visitor.close();
});

test("staff move an applicant through the statuses with a note", async ({ staffPage: page }, testInfo) => {
  const tag = `${testInfo.project.name.replace("-", "")}${Date.now()}`;
  const { id } = await registerApplicant(page.request, {
    firstname: "Tolu",
    lastname: `Adeyemi${tag}`,
    email: `tolu.${tag}@example.ng`,
    courseTitle: "Professional Hairdressing and Styling", // a published demo course (the API takes no other)
    emergencyFullname: "Ngozi Adeyemi",
  });
  const name = `Tolu Adeyemi${tag}`;

  await page.goto("/admin/applicants");
  await expect(page.getByRole("row").filter({ hasText: name })).toContainText("Received");
  await page.getByRole("link", { name: `View: ${name}` }).click();
  await expect(page.getByRole("heading", { name })).toBeVisible();

  for (const status of ["Contacted", "Paid"]) {
    await page.getByLabel("Status", { exact: true }).selectOption({ label: status });
    await page.getByRole("button", { name: "Save status" }).click();
    await expect(toast(page, `Status changed to ${status}`)).toBeVisible();
    await expect(page.getByLabel("Status", { exact: true })).toHaveValue(status.toLowerCase());
  }
  await expect(page.getByText(`Changed by Staff ${testInfo.project.name}`)).toBeVisible();

  // An empty note is refused and nothing is added.
  await page.getByLabel("Add a note").fill("   ");
  await page.getByLabel("Add a note").evaluate((el) => el.removeAttribute("required"));
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByText("Write a note")).toBeVisible();

  await page.getByLabel("Add a note").fill(`Paid by transfer, receipt ${tag}`);
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(toast(page, "Note added")).toBeVisible();
  const note = page.locator(".pipeline-notes li").filter({ hasText: `Paid by transfer, receipt ${tag}` });
  await expect(note).toContainText(`Staff ${testInfo.project.name}`);

  await page.getByLabel("Status", { exact: true }).selectOption({ label: "Enrolled" });
  await page.getByRole("button", { name: "Save status" }).click();
  await expect(toast(page, "Status changed to Enrolled")).toBeVisible();
  if (testInfo.project.name === "js-on") await screenshots(page, "applicant-pipeline");

  // The list filters by status and course, and counts per status.
  await page.goto("/admin/applicants");
  await page.getByLabel("Status", { exact: true }).selectOption({ label: "Enrolled" });
  await page.getByLabel("Search applicants").fill(tag);
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/status=enrolled/);
  await expect(page.getByRole("row").filter({ hasText: name })).toContainText("Enrolled");
  const counts = page.getByRole("navigation", { name: "Applicants by status" });
  await expect(counts.getByRole("link", { name: "Enrolled: 1" })).toHaveAttribute("aria-current", "page");
  await expect(counts.getByRole("link", { name: "Received: 0" })).toBeVisible();
  if (testInfo.project.name === "js-on") await screenshots(page, "applicants-filtered");
  await counts.getByRole("link", { name: "Received: 0" }).click();
  await expect(page.getByText("No applicants found")).toBeVisible();

  const csv = await (await page.request.get(`/admin/applicants.csv?q=${tag}&status=enrolled`)).text();
  expect(csv).toContain(",Status,Latest note");
  expect(csv).toContain(`Enrolled,Paid by transfer, receipt ${tag}`.split(",")[0]);
  expect(csv).toContain(`"Paid by transfer, receipt ${tag} (Staff ${testInfo.project.name}`);
  expect(id).toMatch(/^[a-f0-9]{24}$/);
});
