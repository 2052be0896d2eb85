import fs from "node:fs";
import path from "node:path";

import type { ApiConfig } from "../config";

// Settings a production server refuses to start with (docs/deploy.md, "Settings checked at start"):
// each would lose data or leak it without anyone noticing. Each is answered with one line naming
// the setting and what to do; a demo or a test run on http://localhost says so with a flag.

/** The first problem with these settings for a production server, or undefined. */
export function productionStartProblem(c: ApiConfig): string | undefined {
  if (!c.isProduction) return undefined;
  if (!c.SMTP_URL && c.MAIL_TO_FILES !== "1")
    return (
      "SMTP_URL is not set: no mail would be sent (password resets, applicants' confirmations). " +
      "Set SMTP_URL, or MAIL_TO_FILES=1 to write mail to $DATA_DIR/outbox knowingly."
    );
  if (!writable(c.dataDir))
    return `DATA_DIR (${c.dataDir}) is not a folder this process can write: uploads, the outbox and the SQLite file live there.`;
  if (!c.PUBLIC_URL.startsWith("https://") && c.ALLOW_HTTP_PUBLIC_URL !== "1")
    return (
      `PUBLIC_URL (${c.PUBLIC_URL}) is not https: links in mail would send tokens in clear. ` +
      "Set PUBLIC_URL=https://…, or ALLOW_HTTP_PUBLIC_URL=1 for a site tried on this machine."
    );
  const local = localMailSetting(c);
  if (local && c.ALLOW_LOCAL_MAIL_ADDRESSES !== "1")
    return (
      `${local} is a .local address: mail would come from, or go to, an address no one receives. ` +
      "Set it to the academy's real address, or ALLOW_LOCAL_MAIL_ADDRESSES=1 for a site tried on this machine."
    );
  return undefined;
}

/** The first mail setting holding a `.local` address (MAIL_FROM's default is one), as "NAME (address)". */
export function localMailSetting(c: ApiConfig): string | undefined {
  const addresses: [string, string | undefined][] = [
    ["MAIL_FROM", c.mailFromAddress],
    ["ACADEMY_INBOX", c.ACADEMY_INBOX],
    ["ADMISSIONS_INBOX", c.ADMISSIONS_INBOX],
  ];
  const found = addresses.find(([, address]) => address && isLocalAddress(address));
  return found ? `${found[0]} (${found[1]})` : undefined;
}

/** An address at a `.local` domain: reserved for a local network, never delivered on the Internet. */
export const isLocalAddress = (address: string) => /\.local$/i.test(address.trim());

/** A write and its removal, as the readiness check does (api/routes/health.ts). */
function writable(dir: string) {
  const probe = path.join(dir, `.start-${process.pid}`);
  try {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(probe, "ok");
    fs.rmSync(probe);
    return true;
  } catch {
    return false;
  }
}
