import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { config } from "../config";
import { newId } from "../lib/ids";

export type Mail = { to: string; subject: string; text: string; html?: string };

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
 * complete a password reset. Its links (reset tokens) are logged only outside production:
 * a production log never holds a secret (docs/security.md).
 */
export async function sendMail(mail: Mail) {
  const { MAIL_FROM, SMTP_URL, isProduction } = config();
  const info = await getTransport().sendMail({ from: MAIL_FROM, ...mail });
  if (SMTP_URL) return;
  const dir = outboxDir();
  await fs.mkdir(dir, { recursive: true });
  const file = path.join(dir, `${Date.now()}-${newId()}.json`);
  // Written whole, then renamed: a reader never sees half a message.
  await fs.writeFile(`${file}.tmp`, String(info.message));
  await fs.rename(`${file}.tmp`, file);
  const links = isProduction ? [] : (mail.text.match(/https?:\/\/\S+/g) ?? []);
  console.log(
    `[mail] "${mail.subject}" to ${mail.to} written to ${file}${links.length ? ` — ${links.join(" ")}` : ""}`,
  );
}
