import { Hono } from "hono";
import { check, limitBody, query, readBody, requireStaff, type Env } from "../http";
import { newId, nowIso } from "../lib/ids";
import { newestFirst } from "../lib/query";
import { contactInput, listQuery } from "../validation";
import { spendPerIp } from "../limits";
import { apiMessages } from "../messages";
import { config } from "../config";
import { sendMail } from "../mail";

export const contact = new Hono<Env>();
contact.use("*", limitBody(32 * 1024));

contact.post("/", async (c) => {
  const input = check(contactInput, await readBody(c));
  await spendPerIp("contactPerIp", apiMessages.tooManyMessages);
  const row = { id: newId(), ...input, created_at: nowIso() };
  await c.get("db").insertInto("contact_messages").values(row).execute();
  // Staff hear of a new message as they do of a registration (issue 15); a mail failure is logged, the message is kept.
  sendMail({
    to: config().ACADEMY_INBOX,
    subject: `New contact message from ${input.fullname}`,
    text: `${input.fullname} <${input.email}> wrote:\n\n${input.message}\n\nRead and answer it at ${config().PUBLIC_URL}/admin/messages`,
  }).catch((error) => console.error("[mail] contact notice failed", error));
  return c.json({ _id: row.id, message: "Message sent" }, 201);
});

// Staff read the messages visitors sent, newest first.
contact.get("/", requireStaff, async (c) => {
  const q = query(c, listQuery(20));
  const rows = await newestFirst(c.get("db"), "contact_messages", q, ["fullname", "email", "message"]);
  return c.json(rows.map(({ id, created_at, ...rest }) => ({ _id: id, ...rest, createdAt: created_at })));
});
