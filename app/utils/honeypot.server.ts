import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

import { Honeypot } from "remix-utils/honeypot/server";

import { env } from "~/env.server";

/**
 * The key that seals the honeypot's timestamp. Production must set HONEYPOT_SECRET (env.server
 * refuses to start without it); elsewhere one is generated once and kept in DATA_DIR (mode 0600),
 * so a form opened before a restart still checks after it.
 */
function honeypotSecret() {
  if (env.HONEYPOT_SECRET) return env.HONEYPOT_SECRET;
  const file = path.resolve(env.DATA_DIR, "honeypot-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  try {
    fs.writeFileSync(file, crypto.randomBytes(32).toString("hex"), { mode: 0o600, flag: "wx" });
  } catch (error) {
    // Another process wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return fs.readFileSync(file, "utf8").trim();
}

const NAME_FIELD = "name__confirm";
const VALID_FROM_FIELD = "from__confirm";
/** The honeypot's two fields, which every public form sends besides its own. */
export const HONEYPOT_FIELDS = [NAME_FIELD, VALID_FROM_FIELD] as const;

class SealedHoneypot extends Honeypot {
  /** The timestamp sealed in a form, or "" when another key sealed it. */
  openTimestamp(value: string) {
    try {
      return this.decrypt(value);
    } catch {
      return ""; // not valid UTF-8 once decrypted: another key
    }
  }
}

// A hidden field bots fill in and people never see, on every public form.
export const honeypot = new SealedHoneypot({
  nameFieldName: NAME_FIELD,
  validFromFieldName: VALID_FROM_FIELD,
  encryptionSeed: honeypotSecret(),
});

export type HoneypotVerdict = "human" | "bot" | "resend";

/**
 * "bot": the hidden field was filled in — answer as if all went well, store nothing.
 * "resend": the anti-spam fields are missing or their token cannot be read (a page from before
 * a key change, a hand-made post) — never pretend: the form comes back, everything kept, asking
 * to send again. "human": go on.
 */
export function honeypotVerdict(formData: FormData): HoneypotVerdict {
  const name = formData.get(NAME_FIELD);
  if (typeof name === "string" && name !== "") return "bot";
  const validFrom = formData.get(VALID_FROM_FIELD);
  if (name === null || typeof validFrom !== "string" || validFrom === "") return "resend";
  const time = Number(honeypot.openTimestamp(validFrom) || NaN);
  if (!Number.isSafeInteger(time) || time <= 0 || time > Date.now() + 60_000) return "resend";
  return "human";
}
