import fs from "node:fs/promises";
import path from "node:path";

import nodemailer from "nodemailer";

import { config } from "../config";
import { siteSettings } from "../lib/settings";

/** A file a mail carries (a certificate's PDF). */
export type MailAttachment = { filename: string; contentType: string; content: Buffer };

/** `replyTo`: where a reply goes (the sender of a contact message, the admissions inbox), docs/product.md §4. */
export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  listUnsubscribe?: string;
  attachments?: MailAttachment[];
};

export function outboxDir() {
  return path.join(config().dataDir, "outbox");
}

let transport: nodemailer.Transporter | undefined;
function getTransport() {
  const { SMTP_URL, MAIL_LEASE_SECONDS } = config();
  // Every wait of an attempt ends well before the worker's hold on the mail does: a slow server
  // must not let a second worker take the mail over while the first is still sending it.
  const timeout = Math.floor((MAIL_LEASE_SECONDS * 1000) / 4);
  transport ??= SMTP_URL
    ? nodemailer.createTransport({
        url: SMTP_URL,
        connectionTimeout: timeout,
        greetingTimeout: timeout,
        socketTimeout: timeout,
      } as nodemailer.TransportOptions)
    : nodemailer.createTransport({ jsonTransport: true });
  return transport;
}

/**
 * Hands one queued mail to the transport: SMTP when SMTP_URL is set; otherwise nodemailer renders
 * it as JSON into data/outbox/, so a machine without a mail server can still complete a password
 * reset. The file is named by the mail's queue time and id: a mail sent again after a crash
 * replaces its own file. The Message-ID carries the id, so a receiver can tell a repeat too.
 * The log names the file only: never the recipient or the subject, which carry people's addresses
 * and names and whatever a visitor typed (docs/security.md). Outside production the site's own
 * links in it (reset links) are logged too, for local work; a production log never holds a secret.
 */
export async function deliverMail(mail: Mail & { id: string; createdAt: string }) {
  const { mailFromAddress, SMTP_URL, isProduction, PUBLIC_URL } = config();
  const { id, createdAt, listUnsubscribe, ...message } = mail;
  const domain = new URL(PUBLIC_URL).hostname || "academy.local";
  // A list's mail (job alerts) can be left with one click from the mail app itself (RFC 8058).
  const list = listUnsubscribe
    ? { list: { unsubscribe: listUnsubscribe }, headers: { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } }
    : {};
  // The sender's name is the academy's, as Settings say now; the address is the operator's
  // MAIL_FROM, the one its mail server may send as (docs/decisions/095-mail-identity-from-settings.md).
  const from = { name: (await siteSettings()).contact.academyName, address: mailFromAddress };
  const info = await getTransport().sendMail({ from, ...message, ...list, messageId: `<${id}@${domain}>` });
  if (SMTP_URL) return;
  const dir = outboxDir();
  await fs.mkdir(dir, { recursive: true });
  const file = path.join(dir, `${new Date(createdAt).getTime()}-${id}.json`);
  // Written whole, then renamed: a reader never sees half a message.
  await fs.writeFile(`${file}.tmp`, String(info.message));
  await fs.rename(`${file}.tmp`, file);
  const links = isProduction
    ? []
    : (mail.text.match(/https?:\/\/\S+/g) ?? []).filter((link) => link.startsWith(`${PUBLIC_URL}/`));
  // JSON-encoded: no value can start a line of its own in the log.
  console.log(`[mail] written to the outbox ${JSON.stringify({ file, ...(links.length ? { links } : {}) })}`);
}
