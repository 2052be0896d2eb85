import crypto from "node:crypto";

/** An opaque 24-hex id, the shape the academy's old API used for `_id`. */
export function newId() {
  return crypto.randomBytes(12).toString("hex");
}

/** A secret for a cookie or an e-mailed link: 32 random bytes, URL-safe. */
export function newSecret() {
  return crypto.randomBytes(32).toString("base64url");
}

/** Secrets are stored only as their SHA-256, so a leaked table grants nothing. */
export function hashSecret(secret: string) {
  return crypto.createHash("sha256").update(secret).digest("hex");
}

export function nowIso() {
  return new Date().toISOString();
}
