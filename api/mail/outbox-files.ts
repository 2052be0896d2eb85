import fs from "node:fs/promises";
import path from "node:path";

import type { DB } from "../db";
import { outboxDir } from "./transport";

// The outbox folder (DATA_DIR/outbox/, written when SMTP_URL is unset: api/mail/transport.ts)
// holds each mail whole: recipient, names, links. Its files follow their rows (docs/security.md):
// a person's erasure removes them, and housekeeping sweeps them with the outbox's retention.

const DAY_MS = 24 * 60 * 60 * 1000;
/** As the outbox's rows: sent mails a week, mails given up a month (api/housekeeping.ts). */
export const OUTBOX_FILE_DAYS = { withoutRow: 7, longest: 30 };

/** The file a mail is written to: its queue time and id. */
export const outboxFileName = (mail: { id: string; created_at: string }) =>
  `${new Date(mail.created_at).getTime()}-${mail.id}.json`;

/** Removes the files of these mails (erased with their rows); a file never written is no error. */
export async function removeOutboxFiles(mails: { id: string; created_at: string }[]) {
  for (const mail of mails) await fs.rm(path.join(outboxDir(), outboxFileName(mail)), { force: true });
}

/**
 * Removes the folder's files past the outbox's retention: any older than the longest (30 days),
 * and those older than a week whose mail's row is gone. Reads the folder as a stream.
 */
export async function sweepOutboxFiles(db: DB, now = Date.now()) {
  let dir;
  try {
    dir = await fs.opendir(outboxDir());
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  for await (const entry of dir) {
    const match = /^(\d{10,16})-([a-f0-9]{1,64})\.json(\.tmp)?$/.exec(entry.name);
    if (!entry.isFile() || !match) continue;
    const age = now - Number(match[1]);
    if (age < OUTBOX_FILE_DAYS.withoutRow * DAY_MS) continue;
    const expired =
      age > OUTBOX_FILE_DAYS.longest * DAY_MS ||
      !(await db.selectFrom("mail_outbox").select("id").where("id", "=", match[2]).executeTakeFirst());
    if (expired) await fs.rm(path.join(outboxDir(), entry.name), { force: true });
  }
}
