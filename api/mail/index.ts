import fs from "node:fs/promises";
import path from "node:path";

import nodemailer from "nodemailer";

import { config } from "../config";
import { newId } from "../lib/ids";

/** `replyTo`: where a reply goes (the sender of a contact message, the admissions inbox), docs/product.md §4. */
export type Mail = { to: string; subject: string; text: string; html?: string; replyTo?: string };

let transport: nodemailer.Transporter | undefined;
function getTransport() {
  const { SMTP_URL } = config();
  transport ??= SMTP_URL ? nodemailer.createTransport(SMTP_URL) : nodemailer.createTransport({ jsonTransport: true });
  return transport;
}

export function outboxDir() {
  return path.join(config().dataDir, "outbox");
}

/**
 * Sends through SMTP when SMTP_URL is set; otherwise nodemailer renders the message as
 * JSON and it is written to data/outbox/, so a machine without a mail server can still
 * complete a password reset. The log names the file only: never the recipient or the subject,
 * which carry people's addresses and names and whatever a visitor typed (docs/security.md).
 * Outside production the site's own links in it (reset links) are logged too, for local work;
 * a production log never holds a secret.
 */
export async function sendMail(mail: Mail) {
  const { MAIL_FROM, SMTP_URL, isProduction, PUBLIC_URL } = config();
  const info = await getTransport().sendMail({ from: MAIL_FROM, ...mail });
  if (SMTP_URL) return;
  const dir = outboxDir();
  await fs.mkdir(dir, { recursive: true });
  const file = path.join(dir, `${Date.now()}-${newId()}.json`);
  // Written whole, then renamed: a reader never sees half a message.
  await fs.writeFile(`${file}.tmp`, String(info.message));
  await fs.rename(`${file}.tmp`, file);
  const links = isProduction
    ? []
    : (mail.text.match(/https?:\/\/\S+/g) ?? []).filter((link) => link.startsWith(`${PUBLIC_URL}/`));
  // JSON-encoded: no value can start a line of its own in the log.
  console.log(`[mail] written to the outbox ${JSON.stringify({ file, ...(links.length ? { links } : {}) })}`);
}

/**
 * Logs a mail that could not be sent by what it was about (an id), with the error's code and
 * not its message: an SMTP refusal quotes the recipient's address.
 */
export function logMailFailure(what: string, about: Record<string, string>) {
  return (error: unknown) => {
    const e = error as { code?: unknown; responseCode?: unknown; name?: unknown };
    const code = e?.code ?? e?.responseCode ?? e?.name ?? "unknown";
    console.error(`[mail] ${what} failed ${JSON.stringify({ ...about, code: String(code) })}`);
  };
}
