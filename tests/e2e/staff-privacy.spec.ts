import { expect, test } from "./fixtures";
import { registerApplicant, toast } from "./staff-helpers";

// People's rights (docs/decisions/034-retention-and-rights.md): staff record a request, find the
// person by e-mail, export their data as a ZIP, erase them, and see the request marked done.

test("staff export and then erase a person, and see the request marked done", async ({ staffPage: page }, testInfo) => {
  const tag = `${testInfo.project.name.replace("-", "")}${Date.now().toString(36)}`;
  const email = `erase.${tag}@example.com`;
  await registerApplicant(page.request, {
    firstname: "Kemi",
    lastname: `Lawal${tag}`,
    email,
    courseTitle: "Professional Hairdressing and Styling",
    emergencyFullname: "Dayo Lawal",
  });

  await page.goto("/admin/privacy");
  const received = await page.locator("#request-received").inputValue();
  await page.getByLabel("Kind").selectOption("erasure");
  await page.getByLabel("Person (e-mail or phone)").fill(email);
  await page.getByRole("button", { name: "Record request" }).click();
  await expect(toast(page, "Request recorded")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("Delete their data");

  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Find", exact: true }).click();
  // Their application, and the academy's notice of it still in the outbox (its subject names them).
  await expect(page.getByRole("listitem").filter({ hasText: /^FLA-[0-9A-F]{8} — Kemi/ })).toContainText(
    `Kemi Lawal${tag}`,
  );
  await expect(page.getByRole("listitem").filter({ hasText: `New registration: Kemi Lawal${tag}` })).toBeVisible();
  const exportLink = page.getByRole("link", { name: "Export as ZIP" });
  const zip = await page.request.get((await exportLink.getAttribute("href"))!);
  expect(zip.status()).toBe(200);
  expect(zip.headers()["content-type"]).toBe("application/zip");
  expect((await zip.body()).subarray(0, 2).toString("latin1")).toBe("PK");

  await page.getByLabel("For request").selectOption({ label: `Delete their data: ${email} (${received})` });
  await page.getByRole("button", { name: "Erase", exact: true }).click();
  // Not without the confirmation.
  await expect(page.getByRole("alert")).toContainText("Tick the box to confirm the erasure");
  await page.goto(`/admin/privacy?email=${encodeURIComponent(email)}`);
  await page.getByLabel("For request").selectOption({ label: `Delete their data: ${email} (${received})` });
  await page.getByLabel("I understand this cannot be undone").check();
  await page.getByRole("button", { name: "Erase", exact: true }).click();
  await expect(toast(page, "Erased: 1 applications, 1 files, 0 messages")).toBeVisible();

  const done = page.getByRole("row").filter({ hasText: "erased" }).first();
  await expect(done).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: email })).toHaveCount(0);
  await page.goto(`/admin/privacy?email=${encodeURIComponent(email)}`);
  await expect(page.getByText("Nothing is held about this person.")).toBeVisible();
});
