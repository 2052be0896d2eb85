import { Hono } from "hono";
import { type Selectable, sql, type SqlBool } from "kysely";

import { contactMessagesExport, type ExportMessage } from "@domain/staff-exports";

import { clientIpKey } from "../client-ip";
import { config } from "../config";
import type { DB } from "../db";
import type { ContactMessagesTable } from "../db/schema";
import { check, type Ctx, type Env, fail, limitBody, logExport, query, readBody, requirePermission } from "../http";
import { boundedCount } from "../lib/bounded-count";
import { csvResponse, csvStream } from "../lib/csv-export";
import { newId, nowIso } from "../lib/ids";
import { exportPage, exportPageSize, newestFirst } from "../lib/query";
import { staffByIds } from "../lib/revisions";
import { matchesSearch } from "../lib/search";
import { siteSettings } from "../lib/settings";
import { personKey, spendEach } from "../limits";
import { queueNotice } from "../mail";
import { contactNoticeMail } from "../mail/templates";
import { apiMessages } from "../messages";
import {
  contactCsvQuery,
  contactExportQuery,
  contactInput,
  contactListQuery,
  contactReadAllInput,
  contactReadInput,
} from "../validation";

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
  // Read before the transaction: on SQLite's one connection a read inside it would wait for it.
  const academy = await siteSettings();
  // Staff hear of a new message as they do of a registration (docs/product.md §4): the notice is
  // queued with the message, so a mail server that is down delays it and loses nothing.
  await c
    .get("db")
    .transaction()
    .execute(async (trx) => {
      await trx.insertInto("contact_messages").values(row).execute();
      // Reply-To the sender, with their phone and matter: staff answer from the notice itself.
      await queueNotice(trx, academy, {
        ...contactNoticeMail({ ...input, link: `${config().PUBLIC_URL}/admin/messages` }),
      });
    });
  return c.json({ _id: row.id, message: "Message sent" }, 201);
});

type MessageRow = Selectable<ContactMessagesTable> & { search_folded?: unknown; search_words?: unknown };

/** Messages as the API answers them, with who read each. */
async function messagesOf(db: DB, rows: MessageRow[]) {
  const who = await staffByIds(
    db,
    rows.map((r) => r.read_by),
  );
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- PostgreSQL's search document and words are not part of the answer
  return ({ id, created_at, read_at, read_by, search_folded, search_words, ...rest }: MessageRow) => ({
    _id: id,
    ...rest,
    createdAt: created_at,
    readAt: read_at,
    readBy: who(read_by),
  });
}

// Staff read the messages visitors sent, newest first; `unread=true` keeps only the new ones.
const listMessages = async (c: Ctx) => {
  const q = query(c, contactListQuery);
  const db = c.get("db");
  const rows = await newestFirst(db, "contact_messages", q, q.unread ? sql<SqlBool>`read_at is null` : undefined);
  return c.json(rows.map(await messagesOf(db, rows)));
};
contact.get("/", requirePermission("messages"), listMessages);

/** The CSV export's pages, by key, each naming where the next starts (docs/decisions/029-every-list-by-key-and-fast-exports.md). */
contact.get("/export", requirePermission("exports"), logExport("messages"), async (c) => {
  const q = query(c, contactExportQuery);
  const db = c.get("db");
  const size = exportPageSize(db);
  const rows = await newestFirst(
    db,
    "contact_messages",
    { ...q, limit: size },
    q.unread ? sql<SqlBool>`read_at is null` : undefined,
    { allMatches: true },
  );
  return c.json(exportPage(rows, q, size, await messagesOf(db, rows)));
});

/** The columns the CSV file reads, in the order its rows are shaped. */
const CSV_COLUMNS = [
  "id",
  "fullname",
  "email",
  "phone",
  "issue",
  "message",
  "created_at",
  "read_at",
  "read_by",
] as const;

/**
 * The messages as a CSV file, written by the API whole and streamed (docs/decisions/048-exports-written-by-the-api.md):
 * the same permission, log line, rows and search as the pages above; the web tier passes the file on.
 */
contact.get("/export.csv", requirePermission("exports"), logExport("messages"), (c) => {
  const q = query(c, contactCsvQuery);
  const stream = csvStream(c.get("db"), {
    table: "contact_messages",
    columns: CSV_COLUMNS,
    where: q.unread ? sql<SqlBool>`read_at is null` : undefined,
    search: q.search,
    header: contactMessagesExport.header,
    cells: contactMessagesExport.cells,
    shaper: async (db, rows) => {
      const who = await staffByIds(
        db,
        rows.map((r) => r[8] as string | null),
      );
      return ([id, fullname, email, phone, issue, message, createdAt, readAt, readBy]): ExportMessage => ({
        _id: id as string,
        fullname: fullname as string,
        email: email as string,
        phone: phone as string,
        issue: Number(issue),
        message: message as string,
        createdAt: createdAt as string,
        readAt: readAt as string | null,
        readBy: who(readBy as string | null),
      });
    },
  });
  return csvResponse(stream);
});

/** How many messages no staff member has marked read yet, up to a bound ("999+"): the inbox's "new" count. */
contact.get("/unread", requirePermission("messages"), async (c) => {
  // Stops at a bound (index contact_unread_list): the badge is on every staff page.
  const db = c.get("db");
  const { n, more } = await boundedCount(db, db.selectFrom("contact_messages").where("read_at", "is", null));
  return c.json({ unread: n, more });
});

/** Marks the new messages read: all, or those up to `until` and matching `search` as the list does. */
contact.post("/read", limitBody(4 * 1024), requirePermission("messages"), async (c) => {
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

contact.patch("/:id", limitBody(4 * 1024), requirePermission("messages"), async (c) => {
  const { read } = check(contactReadInput, await readBody(c));
  const changes = read ? { read_at: nowIso(), read_by: c.get("user")!.id } : { read_at: null, read_by: null };
  const result = await c
    .get("db")
    .updateTable("contact_messages")
    .set(changes)
    .where("id", "=", c.req.param("id"))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) fail(404, apiMessages.messageNotFound);
  return c.json({ _id: c.req.param("id"), readAt: changes.read_at });
});
