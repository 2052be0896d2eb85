import crypto from "node:crypto";
import { promisify } from "node:util";

import { COMMON_PASSWORDS } from "./common-passwords";

const rawScrypt = promisify(crypto.scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

// scrypt runs on libuv's thread pool (4 threads), which also reads files (images, pages);
// a burst of logins or resets must not take all of it. At most this many hashes at once;
// the rest wait their turn.
export const MAX_CONCURRENT_HASHES = 2;
let running = 0;
let peak = 0;
const waiting: (() => void)[] = [];

async function scrypt(password: string, salt: Buffer, keylen: number, options: crypto.ScryptOptions) {
  if (running >= MAX_CONCURRENT_HASHES) await new Promise<void>((resume) => waiting.push(resume));
  else running++;
  peak = Math.max(peak, running);
  try {
    return await rawScrypt(password, salt, keylen, options);
  } finally {
    // The slot passes straight to the next waiter, so `running` never dips below the bound
    // while work is queued.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/** The most hashes that ran at once since the last call (the security tests read it). */
export function takeHashingPeak() {
  const seen = peak;
  peak = running;
  return seen;
}

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

let common: Set<string> | undefined;

/**
 * Whether a password is one of the 10,000 most common, seen through the decorations the rules
 * above push people to add: case, digits and symbols at either end, and the usual letter
 * swaps. "Password1!" is "password"; so is "P@ssw0rd2025".
 */
export function isCommonPassword(password: string) {
  common ??= new Set(COMMON_PASSWORDS.split("\n"));
  const lower = password.toLowerCase();
  const bare = lower.replace(/^[0-9!@#$%^&*]+|[0-9!@#$%^&*]+$/g, "");
  const unswapped = (s: string) =>
    s
      .replace(/@/g, "a")
      .replace(/0/g, "o")
      .replace(/[1!]/g, "i")
      .replace(/3/g, "e")
      .replace(/\$/g, "s")
      .replace(/5/g, "s")
      .replace(/7/g, "t");
  const candidates = [
    lower,
    bare,
    lower.replace(/^[!@#$%^&*]+|[!@#$%^&*]+$/g, ""),
    unswapped(lower),
    unswapped(lower).replace(/^[0-9!@#$%^&*]+|[0-9!@#$%^&*]+$/g, ""),
    unswapped(bare),
  ];
  const lFor1 = unswapped(bare).replace(/i/g, "l");
  candidates.push(lFor1);
  return candidates.some((c) => c.length >= 4 && common!.has(c));
}
