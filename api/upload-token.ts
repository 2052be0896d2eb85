import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

import { config } from "./config";

// The registration page's upload token (docs/security.md, docs/decisions/006): the page's loader
// asks the API for one, the form carries it, and `POST /api/applicant/files` takes files only
// with a token this API signed that has not expired. A script must load the form first, and a
// token is good for hours, not forever. It names no address: a phone behind a carrier's NAT may
// reach the site from another address between loading the form and sending it.

/** How long a token issued with the page stays good: a form filled in slowly, or left open over lunch. */
export const UPLOAD_TOKEN_HOURS = 6;
const VERSION = "u1";

let key: Buffer | undefined;
/**
 * HMAC key: derived from HONEYPOT_SECRET (the same on every instance); without it (development,
 * a single instance) one generated once and kept in DATA_DIR, mode 0600, as the honeypot's is.
 */
function tokenKey() {
  if (key) return key;
  const { HONEYPOT_SECRET, dataDir } = config();
  let secret = HONEYPOT_SECRET;
  if (!secret) {
    const file = path.join(dataDir, "upload-token-secret");
    fs.mkdirSync(dataDir, { recursive: true });
    try {
      fs.writeFileSync(file, crypto.randomBytes(32).toString("hex"), { mode: 0o600, flag: "wx" });
    } catch (error) {
      // Another process wrote it first: use theirs.
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    secret = fs.readFileSync(file, "utf8").trim();
  }
  key = crypto.createHmac("sha256", secret).update("academy applicant upload token").digest();
  return key;
}

const mac = (body: string) => crypto.createHmac("sha256", tokenKey()).update(body).digest("base64url");

export function issueUploadToken(now = Date.now()) {
  const expires = Math.floor(now / 1000) + UPLOAD_TOKEN_HOURS * 3600;
  const body = `${VERSION}.${expires}.${crypto.randomBytes(9).toString("base64url")}`;
  return { token: `${body}.${mac(body)}`, expiresAt: new Date(expires * 1000).toISOString() };
}

/** Whether `token` is one this API signed and its time has not passed. */
export function uploadTokenValid(token: string | null | undefined, now = Date.now()) {
  if (!token || token.length > 120) return false;
  const parts = token.split(".");
  if (parts.length !== 4 || parts[0] !== VERSION || !/^\d{1,12}$/.test(parts[1])) return false;
  const expected = Buffer.from(mac(parts.slice(0, 3).join(".")));
  const given = Buffer.from(parts[3]);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return false;
  return Number(parts[1]) * 1000 > now;
}
