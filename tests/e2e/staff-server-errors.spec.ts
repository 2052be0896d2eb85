import { expect, jsEnabled, test } from "./fixtures";

// Server errors staff can see (docs/decisions/056-metrics-and-errors-staff-see.md): a real fault
// on the server (a saved draft the database holds unreadable) answers the API's call with a 500;
// the Admin finds it at /admin/errors under the request's own id, and the Admins are mailed once
// through the outbox, however often it happens that day. Each mode breaks its own page (js-on the
// course editor, js-off the article editor), so the two runs' kinds are their own.
test("a server error shows on /admin/errors with its request id, and the Admins' mail is queued once", async ({
  staffPage: page,
  staff,
}, info) => {
  const type = jsEnabled(info) ? "course" : "article";
  const kind = `SyntaxError on /${type}/new`;
  const { getDb } = await import("../../api/db/index");
  const db = await getDb();
  // Another run of this journey today would have been this kind's news already.
  await db.deleteFrom("server_error_kinds").where("kind", "=", kind).execute();
  const breakDraft = () =>
    db
      .insertInto("drafts")
      .values({ user_id: staff.id, post_type: type, data: "{not json", updated_at: new Date().toISOString() })
      .execute();
  const mendDraft = () =>
    db.deleteFrom("drafts").where("user_id", "=", staff.id).where("post_type", "=", type).execute();

  await breakDraft();
  let requestId = "";
  try {
    const response = await page.goto(`/${type}/new`);
    requestId = (await response!.headerValue("x-request-id")) ?? "";
    // The editor still opens; it says the saved draft could not be read.
    await expect(page.getByText("Error trying to check for any saved data from server")).toBeVisible();
  } finally {
    await mendDraft();
  }
  expect(requestId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);

  await page.goto("/admin/errors");
  await expect(page.getByRole("heading", { level: 1, name: "Server errors" })).toBeVisible();
  const row = page.getByTestId("server-error").filter({ hasText: requestId });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`/${type}/new`);
  await expect(row).toContainText("SyntaxError");
  await expect(page.getByTestId("error-day").filter({ hasText: kind })).toContainText("1");

  const mailsToMe = () =>
    db
      .selectFrom("mail_outbox")
      .select("id")
      .where("recipient", "=", staff.email)
      .where("subject", "=", `New server error on the website: ${kind}`)
      .execute();
  await expect.poll(async () => (await mailsToMe()).length).toBe(1);

  // The same fault again that day: counted, not mailed again.
  await breakDraft();
  try {
    await page.goto(`/${type}/new`);
  } finally {
    await mendDraft();
  }
  await page.goto("/admin/errors");
  await expect(page.getByTestId("error-day").filter({ hasText: kind })).toContainText("2");
  expect(await mailsToMe()).toHaveLength(1);
});
