import crypto from "node:crypto";
import { promisify } from "node:util";

const scrypt = promisify(crypto.scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

// scrypt is memory-hard and built into Node (no native add-on to compile). N=2^16, r=8
// uses 64 MiB a hash. Parameters are stored with the hash so they can be raised later.
const N = 2 ** 16;
const r = 8;
const p = 1;
const KEYLEN = 32;

export async function hashPassword(password: string) {
  const salt = crypto.randomBytes(16);
  const key = await scrypt(password, salt, KEYLEN, { N, r, p, maxmem: 256 * N * r });
  return `scrypt$${N}$${r}$${p}$${salt.toString("base64")}$${key.toString("base64")}`;
}

export async function verifyPassword(password: string, stored: string) {
  const [scheme, n, rr, pp, salt, key] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !key) return false;
  const expected = Buffer.from(key, "base64");
  const actual = await scrypt(password, Buffer.from(salt, "base64"), expected.length, {
    N: Number(n),
    r: Number(rr),
    p: Number(pp),
    maxmem: 256 * Number(n) * Number(rr),
  });
  return crypto.timingSafeEqual(expected, actual);
}

// A hash of a random password, verified against when the e-mail is unknown, so a wrong
// e-mail costs the same time as a wrong password (no account enumeration by timing).
let decoy: Promise<string> | undefined;
export function decoyHash() {
  decoy ??= hashPassword(crypto.randomBytes(16).toString("hex"));
  return decoy;
}

export const PASSWORD_RULES = [
  { test: (s: string) => s.length >= 8, message: "Password must be at least 8 characters long" },
  { test: (s: string) => /[A-Z]/.test(s), message: "Password must contain an uppercase letter" },
  { test: (s: string) => /[a-z]/.test(s), message: "Password must contain a lowercase letter" },
  { test: (s: string) => /[0-9]/.test(s), message: "Password must contain a digit" },
  { test: (s: string) => /[!@#$%^&*]/.test(s), message: "Password must contain one of ! @ # $ % ^ & *" },
];
