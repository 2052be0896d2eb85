import { expect, test } from "./fixtures";

// The staff lists page by key (docs/decisions/029-every-list-by-key-and-fast-exports.md): Older
// and Newer are links naming the row beside the page, with or without JavaScript; an old
// `?page=N` link still works.
test("staff page through the messages inbox by key, older and newer, and an old page link still works", async ({
  staffPage: page,
}, testInfo) => {
  const { getDb } = await import("../../api/db/index");
  const { newId } = await import("../../api/lib/ids");
  const db = await getDb();
  const tag = `Pager${testInfo.project.name.replace("-", "")}${Date.now()}`;
  // 45 messages newer than any other (a far-future date), so they fill the first pages: "#1" is the newest.
  const rows = Array.from({ length: 45 }, (_, i) => ({
    id: newId(),
    fullname: `${tag} #${45 - i}`,
    email: "pager@example.ng",
    phone: "+2348012345678",
    issue: 1,
    message: "Paging",
    created_at: new Date(Date.UTC(2099, 0, 1) + i * 1000).toISOString(),
    read_at: null,
    read_by: null,
  }));
  await db.insertInto("contact_messages").values(rows).execute();
  try {
    const names = page.locator("tbody tr td[data-label='Name']");
    const pager = page.getByRole("navigation", { name: "Pages" });

    await page.goto("/admin/messages");
    await expect(names).toHaveCount(20);
    await expect(names.first()).toHaveText(`${tag} #1`);
    await expect(pager).toContainText("Page 1");
    await expect(pager.getByRole("link", { name: /Newer/ })).toHaveCount(0);

    await pager.getByRole("link", { name: /Older/ }).click();
    await expect(page).toHaveURL(/\/admin\/messages\?after=2099-[^&]+&page=2$/);
    await expect(names.first()).toHaveText(`${tag} #21`);
    await expect(names.nth(19)).toHaveText(`${tag} #40`);
    await expect(pager).toContainText("Page 2");

    await pager.getByRole("link", { name: /Older/ }).click();
    await expect(page).toHaveURL(/\?after=2099-[^&]+&page=3$/);
    await expect(names.first()).toHaveText(`${tag} #41`);
    await expect(names.nth(4)).toHaveText(`${tag} #45`);
    await expect(pager).toContainText("Page 3");

    // Newer reads the page just above the first row shown.
    await pager.getByRole("link", { name: /Newer/ }).click();
    await expect(page).toHaveURL(/\?before=2099-[^&]+&page=2$/);
    await expect(names.first()).toHaveText(`${tag} #21`);
    await expect(names).toHaveCount(20);
    await pager.getByRole("link", { name: /Newer/ }).click();
    await expect(page).toHaveURL(/\/admin\/messages\??$/);
    await expect(names.first()).toHaveText(`${tag} #1`);

    // A bookmark from before paging by key: the page by position.
    await page.goto("/admin/messages?page=2");
    await expect(names.first()).toHaveText(`${tag} #21`);
    await expect(pager).toContainText("Page 2");
    await expect(pager.getByRole("link", { name: /Older/ })).toHaveAttribute("href", /after=2099-[^&]+&page=3$/);
  } finally {
    await db
      .deleteFrom("contact_messages")
      .where(
        "id",
        "in",
        rows.map((r) => r.id),
      )
      .execute();
  }
});
