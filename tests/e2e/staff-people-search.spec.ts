import { expect, jsEnabled, test } from "./fixtures";
import { registerApplicant } from "./staff-helpers";

// docs/decisions/037-references-phones-and-payment.md: a bank transfer or a call quoting the
// reference (FLA-…) or a phone number, typed any common way, finds the applicant; the reference
// is on the list and the page, whose ID image is shown in the page and downloads under a name
// that says whose it is.

test("staff find an applicant by the reference and by the phone, and see the ID in the page", async ({
  staffPage: page,
}, info) => {
  const tag = `${info.project.name.replace("-", "")}${Date.now()}`;
  const { id } = await registerApplicant(page.request, {
    firstname: "Adaeze",
    lastname: `Nwankwo${tag}`,
    email: `adaeze.${tag}@example.ng`,
    courseTitle: "Professional Hairdressing and Styling",
    emergencyFullname: "Chika Nwankwo",
  });
  const reference = `FLA-${id.slice(0, 8).toUpperCase()}`;
  const search = async (text: string) => {
    await page.goto("/admin/applicants");
    await page.getByLabel("Search applicants").fill(text);
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/q=/);
  };

  await search(reference);
  const rows = page.locator("tbody tr");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(reference);
  await expect(rows.first()).toContainText(`Adaeze Nwankwo${tag}`);

  // The phone as a caller reads it out: every applicant with that number, this one among them.
  await search("0801 234 5678");
  await expect(rows.filter({ hasText: `Adaeze Nwankwo${tag}` })).toHaveCount(1);
  await expect(rows.filter({ hasText: reference })).toHaveCount(1);

  await page.goto(`/admin/applicants/${id}`);
  await expect(page.locator(".admin-detail dt:text-is('Reference') + dd")).toHaveText(reference);
  await expect(page.locator(".admin-detail dt:text-is('Phone') + dd")).toHaveText("+2348012345678");
  const image = page.getByRole("img", { name: `ID document uploaded by Adaeze Nwankwo${tag}` });
  await expect(image).toHaveAttribute("src", /\/admin\/files\/applicants\/[a-f0-9]{24}\?view=inline$/);
  await image.scrollIntoViewIfNeeded();
  await expect.poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  const name = `${reference}-Adaeze-Nwankwo${tag}-NIN.png`;
  await expect(page.getByRole("link", { name: `Download: ${name}` })).toHaveAttribute("download", name);
  if (!jsEnabled(info)) return;
  // The spreadsheet export carries the same search (its cells: tests/unit/xlsx.test.ts).
  const xlsx = await page.request.get(`/admin/applicants.xlsx?q=${reference}`);
  expect(xlsx.status()).toBe(200);
  expect(xlsx.headers()["content-type"]).toContain("spreadsheetml");
  expect((await xlsx.body()).subarray(0, 2).toString()).toBe("PK");
});
