import { Hono } from "hono";
import { sql, type SqlBool } from "kysely";

import { clientIpKey } from "../client-ip";
import { config } from "../config";
import { check, type Env, fail, limitBody, query, readBody, requireStaff } from "../http";
import { newId, nowIso } from "../lib/ids";
import { newestFirst } from "../lib/query";
import { staffByIds } from "../lib/revisions";
import { matchesSearch } from "../lib/search";
import { personKey, spendEach } from "../limits";
import { logMailFailure, sendMail } from "../mail";
import { apiMessages } from "../messages";
import { contactInput, contactListQuery, contactReadAllInput, contactReadInput } from "../validation";

export const contact = new Hono<Env>();
contact.use("*", limitBody(32 * 1024));

contact.post("/", async (c) => {
  const input = check(contactInput, await readBody(c));
  // The sender's own allowance first: one person sending too much does not use up the address's,
  // which a whole crowd may share (docs/security.md).
  await spendEach(
    [
      { name: "contactPerEmail", key: personKey.email(input.email) },
      { name: "contactPerIp", key: clientIpKey() },
    ],
    apiMessages.tooManyMessages,
  );
  // phone_key: a person's messages are found by their phone however it was written (docs/decisions/034-retention-and-rights.md).
  const row = { id: newId(), ...input, created_at: nowIso(), phone_key: personKey.phone(input.phone) };
  await c.get("db").insertInto("contact_messages").values(row).execute();
  // Staff hear of a new message as they do of a registration (docs/product.md §4); a mail failure is logged, the message is kept.
  sendMail({
    to: config().ACADEMY_INBOX,
    subject: `New contact message from ${input.fullname}`,
    text: `${input.fullname} <${input.email}> wrote:\n\n${input.message}\n\nRead and answer it at ${config().PUBLIC_URL}/admin/messages`,
  }).catch(logMailFailure("contact notice", { message: row.id }));
  return c.json({ _id: row.id, message: "Message sent" }, 201);
});

// Staff read the messages visitors sent, newest first; `unread=true` keeps only the new ones.
contact.get("/", requireStaff, async (c) => {
  const q = query(c, contactListQuery);
  const db = c.get("db");
  const rows = await newestFirst(db, "contact_messages", q, q.unread ? sql<SqlBool>`read_at is null` : undefined);
  const who = await staffByIds(
    db,
    rows.map((r) => r.read_by),
  );
  return c.json(
    rows.map(({ id, created_at, read_at, read_by, ...rest }) => ({
      _id: id,
      ...rest,
      createdAt: created_at,
      readAt: read_at,
      readBy: who(read_by),
    })),
  );
});

/** How many messages no staff member has marked read yet: the inbox's "new" count. */
contact.get("/unread", requireStaff, async (c) => {
  const row = await c
    .get("db")
    .selectFrom("contact_messages")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where("read_at", "is", null)
    .executeTakeFirstOrThrow();
  return c.json({ unread: Number(row.n) });
});

/** Marks the new messages read: all, or those up to `until` and matching `search` as the list does. */
contact.post("/read", limitBody(4 * 1024), requireStaff, async (c) => {
  const { until, search } = check(contactReadAllInput, await readBody(c));
  let update = c
    .get("db")
    .updateTable("contact_messages")
    .set({ read_at: nowIso(), read_by: c.get("user")!.id })
    .where("read_at", "is", null);
  if (until) update = update.where("created_at", "<=", new Date(until).toISOString());
  if (search) update = update.where(matchesSearch(c.get("db"), "contact_messages", search));
  const result = await update.executeTakeFirst();
  return c.json({ marked: Number(result.numUpdatedRows) });
});

contact.patch("/:id", limitBody(4 * 1024), requireStaff, async (c) => {
  const { read } = check(contactReadInput, await readBody(c));
  const changes = read ? { read_at: nowIso(), read_by: c.get("user")!.id } : { read_at: null, read_by: null };
  const result = await c
    .get("db")
    .updateTable("contact_messages")
    .set(changes)
    .where("id", "=", c.req.param("id"))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) fail(404, "Message not found");
  return c.json({ _id: c.req.param("id"), readAt: changes.read_at });
});
