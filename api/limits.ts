import {
  RateLimiterPostgres,
  RateLimiterRes,
  RateLimiterSQLite,
  type RateLimiterAbstract,
} from "rate-limiter-flexible";
import { clientIp } from "./client-ip";
import { config } from "./config";
import { getDb, rawDriver } from "./db";
import { apiMessages } from "./messages";

// Rate limits, kept in the database itself (table rate_limits) so they hold across restarts
// and across several instances sharing one PostgreSQL. Numbers: docs/security.md.
const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

type Spec = { points: number; duration: number; blockDuration?: number };
export const LIMITS = {
  /** Wrong passwords for one account from one address, before a pause that doubles each time. */
  loginFailsPerAccountAndIp: { points: 10, duration: 15 * MINUTE, blockDuration: 15 * MINUTE },
  /** Wrong passwords from one address, whatever the account (guessing many accounts). */
  loginFailsPerIp: { points: 50, duration: DAY, blockDuration: DAY },
  /** Wrong passwords for one account from anywhere (guessing from many addresses). */
  loginFailsPerAccount: { points: 100, duration: DAY, blockDuration: HOUR },
  resetRequestsPerIp: { points: 5, duration: HOUR },
  /** Per e-mail address asked for, known or not: no flooding a staff inbox, no enumeration. */
  resetRequestsPerAddress: { points: 3, duration: HOUR },
  resetTriesPerIp: { points: 20, duration: HOUR },
  contactPerIp: { points: 10, duration: HOUR },
  registrationsPerIp: { points: 10, duration: HOUR },
  /**
   * Confirmation e-mails to one recipient address: a registration names any address, so it
   * must not make the academy mail someone over and over. Beyond it the registration is still
   * stored, only not confirmed again (docs/security.md).
   */
  confirmationsPerRecipient: { points: 3, duration: DAY },
  /** Upload calls (up to 3 files each) from one address. */
  uploadsPerIp: { points: 30, duration: HOUR },
} satisfies Record<string, Spec>;
export type LimitName = keyof typeof LIMITS;

/** The longest login pause that back-off reaches. */
export const MAX_LOGIN_BLOCK_S = DAY;
const strikes: Spec = { points: 1000, duration: DAY };

const TABLE = "rate_limits";
const limiters = new Map<string, Promise<RateLimiterAbstract>>();

function limiter(name: string, spec: Spec) {
  let made = limiters.get(name);
  if (!made) {
    made = getDb().then(
      () =>
        new Promise<RateLimiterAbstract>((resolve, reject) => {
          const driver = rawDriver();
          const points =
            name === "loginStrikes" ? spec.points : Math.max(1, Math.round(spec.points * config().RATE_LIMIT_FACTOR));
          const options = {
            tableName: TABLE,
            keyPrefix: name,
            points,
            duration: spec.duration,
            blockDuration: spec.blockDuration ?? 0,
          };
          const ready = (error?: unknown) => (error ? reject(error) : resolve(limiter));
          const limiter: RateLimiterAbstract =
            driver.kind === "postgres"
              ? new RateLimiterPostgres({ ...options, storeClient: driver.pool }, ready)
              : new RateLimiterSQLite({ ...options, storeClient: driver.sqlite, storeType: "better-sqlite3" }, ready);
        }),
    );
    made.catch(() => limiters.delete(name));
    limiters.set(name, made);
  }
  return made;
}

const get = (name: LimitName) => limiter(name, LIMITS[name]);

function refuse(seconds: number, message: (s: number) => string): never {
  const retryAfter = Math.max(1, Math.ceil(seconds));
  throw new LimitedError(retryAfter, message(retryAfter));
}

/** A call over its limit; answered 429 with Retry-After by api/index.ts. */
export class LimitedError extends Error {
  constructor(
    public retryAfter: number,
    message: string,
  ) {
    super(message);
  }
}

/** Counts one call against a limit; over it, answers 429 with the message. */
export async function spend(name: LimitName, key: string, message: (s: number) => string, points = 1) {
  try {
    await (await get(name)).consume(key, points);
  } catch (error) {
    if (error instanceof RateLimiterRes) refuse(error.msBeforeNext / 1000, message);
    throw error;
  }
}

/** Counts one mail to a recipient; false when that address has had its share for now. */
export async function mayMail(name: "confirmationsPerRecipient", address: string) {
  try {
    await (await get(name)).consume(address.trim().toLowerCase());
    return true;
  } catch (error) {
    if (error instanceof RateLimiterRes) return false;
    throw error;
  }
}

/** Counts one call per client address. */
export const spendPerIp = (name: LimitName, message: (s: number) => string) => spend(name, clientIp(), message);

// Login: only failures count, so staff who log in often are never slowed; an address+account
// pair that keeps failing is paused for 15 minutes, then 30, 60… up to a day.
const pairKey = (email: string) => `${email}|${clientIp()}`;

export async function checkLoginAllowed(email: string) {
  const [pair, ip, account] = await Promise.all([
    get("loginFailsPerAccountAndIp"),
    get("loginFailsPerIp"),
    get("loginFailsPerAccount"),
  ]);
  const states = await Promise.all([pair.get(pairKey(email)), ip.get(clientIp()), account.get(email)]);
  const allowed = [pair.points, ip.points, account.points];
  // At the allowance already: the failures used it up, so this try is not answered.
  const waits = states.map((s, i) => (s && s.consumedPoints >= allowed[i] ? s.msBeforeNext / 1000 : 0));
  const longest = Math.max(...waits);
  if (longest > 0) refuse(longest, apiMessages.tooManyLogins);
}

export async function recordLoginFailure(email: string) {
  const [pair, ip, account, strike] = await Promise.all([
    get("loginFailsPerAccountAndIp"),
    get("loginFailsPerIp"),
    get("loginFailsPerAccount"),
    limiter("loginStrikes", strikes),
  ]);
  await Promise.all([
    ip.penalty(clientIp()),
    account.penalty(email),
    (async () => {
      const res = await pair.penalty(pairKey(email));
      if (res.consumedPoints === pair.points) {
        // Crossed the line just now: pause this pair, longer each time it happens today.
        const count = (await strike.penalty(pairKey(email))).consumedPoints;
        await pair.block(
          pairKey(email),
          Math.min(LIMITS.loginFailsPerAccountAndIp.blockDuration * 2 ** (count - 1), MAX_LOGIN_BLOCK_S),
        );
      }
    })(),
  ]);
}

export async function recordLoginSuccess(email: string) {
  await (await get("loginFailsPerAccountAndIp")).delete(pairKey(email));
}

/** Removes every counter (tests, and an operator lifting a block by hand: scripts). */
export async function clearLimits() {
  const driver = rawDriver();
  try {
    if (driver.kind === "postgres") await driver.pool.query(`delete from ${TABLE}`);
    else driver.sqlite.prepare(`delete from ${TABLE}`).run();
  } catch {
    // no table yet: nothing to clear
  }
}
