import { Hono } from "hono";
import { check, limitBody, query, readBody, requireStaff, type Env } from "../http";
import { newId, nowIso } from "../lib/ids";
import { containsText } from "../lib/query";
import { contactInput, listQuery } from "../validation";

export const contact = new Hono<Env>();
contact.use("*", limitBody(32 * 1024));

contact.post("/", async (c) => {
  const input = check(contactInput, await readBody(c));
  const row = { id: newId(), ...input, created_at: nowIso() };
  await c.get("db").insertInto("contact_messages").values(row).execute();
  return c.json({ _id: row.id, message: "Message sent" }, 201);
});

// Staff read the messages visitors sent, newest first.
contact.get("/", requireStaff, async (c) => {
  const q = query(c, listQuery(20));
  let select = c.get("db").selectFrom("contact_messages").selectAll();
  if (q.search) {
    select = select.where((eb) => eb.or([containsText("fullname", q.search!), containsText("email", q.search!), containsText("message", q.search!)]));
  }
  const rows = await select.orderBy("created_at", "desc").orderBy("id", "desc").limit(q.limit).offset(q.skip).execute();
  return c.json(rows.map(({ id, created_at, ...rest }) => ({ _id: id, ...rest, createdAt: created_at })));
});
