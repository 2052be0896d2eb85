import fs from "node:fs";
import path from "node:path";

import { dataDir, expect, test } from "./fixtures";

// The mail queue's staff page (docs/decisions/043-durable-mail-queue.md): a mail the mail server
// refused is listed with its recipient, subject, tries and last error, and "Send again now"
// sends it (here to the outbox folder), with or without JavaScript.
test("a given-up mail is listed with its error and sent again from the staff page", async ({ staffPage: page }) => {
  const { getDb } = await import("../../api/db/index");
  const { newId } = await import("../../api/lib/ids");
  const db = await getDb();
  const id = newId();
  const to = `refused.${id.slice(0, 8)}@example.com`;
  const subject = `Your application ${id.slice(0, 6)}`;
  const longAgo = new Date(Date.now() - 60 * 60 * 1000).toISOString();
  await db
    .insertInto("mail_outbox")
    .values({
      id,
      recipient: to,
      subject,
      body_text: "Hello",
      status: "failed",
      tries: 12,
      next_attempt_at: longAgo,
      last_error: "550: No such mailbox here",
      created_at: longAgo,
    })
    .execute();

  await page.goto("/admin/mail");
  await expect(page.getByRole("heading", { level: 1, name: "Mail not sent yet" })).toBeVisible();
  const row = page.getByTestId("queued-mail").filter({ hasText: to });
  await expect(row).toContainText(subject);
  await expect(row).toContainText("Given up");
  await expect(row).toContainText("12");
  await expect(row).toContainText("550: No such mailbox here");

  await row.getByRole("button", { name: `Send "${subject}" to ${to} again now` }).click();
  await expect(page.getByRole("status").filter({ hasText: "queued again" })).toBeVisible();
  const outbox = path.join(dataDir(), "outbox");
  await expect
    .poll(() => (fs.existsSync(outbox) ? fs.readdirSync(outbox) : []).some((f) => f.endsWith(`-${id}.json`)))
    .toBe(true);
  await page.reload();
  await expect(page.getByTestId("queued-mail").filter({ hasText: to })).toHaveCount(0);
});
