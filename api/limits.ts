import {
  type RateLimiterAbstract,
  RateLimiterPostgres,
  RateLimiterRes,
  RateLimiterSQLite,
} from "rate-limiter-flexible";

import { clientIpKey } from "./client-ip";
import { config } from "./config";
import { getDb, rawDriver } from "./db";
import { hashSecret } from "./lib/ids";
import { countRateLimitRefusal } from "./lib/metrics";
import { apiMessages } from "./messages";
import { recordSecurityEvent } from "./security-events";

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
  /**
   * Wrong passwords for one account from anywhere (guessing from many addresses) before tries from
   * devices and addresses that never signed in to it are slowed down: never refused for long,
   * or anyone who knows a staff e-mail could lock its owner out (ACCOUNT_SLOWDOWN).
   */
  loginFailsPerAccount: { points: 20, duration: DAY },
  resetRequestsPerIp: { points: 5, duration: HOUR },
  /** Per e-mail address asked for, known or not: no flooding a staff inbox, no enumeration. */
  resetRequestsPerAddress: { points: 3, duration: HOUR },
  resetTriesPerIp: { points: 20, duration: HOUR },
  /**
   * Wrong two-factor codes (or recovery codes) for one account, then a pause: six digits are a
   * million guesses, and five wrong a quarter of an hour keep an attacker who has the password
   * far from them (docs/decisions/032-two-factor-sign-in.md).
   */
  codeFailsPerAccount: { points: 5, duration: 15 * MINUTE, blockDuration: 15 * MINUTE },
  codeFailsPerIp: { points: 30, duration: HOUR, blockDuration: HOUR },
  /** Tries to accept an invitation (a wrong or used link costs one). */
  invitationTriesPerIp: { points: 20, duration: HOUR },
  /** Tries of the first run's setup code (docs/decisions/061). */
  setupTriesPerIp: { points: 10, duration: HOUR },
  // One public IPv4 address may carry a carrier's thousands of subscribers, a cyber café or the
  // academy's open-day Wi-Fi: the per-address allowances are for a crowd, and what ties a
  // flood to one person is their e-mail address and phone number (docs/security.md).
  contactPerIp: { points: 100, duration: HOUR },
  contactPerEmail: { points: 5, duration: HOUR },
  registrationsPerIp: { points: 100, duration: HOUR },
  /** A parent may register several children with one e-mail address or phone. */
  registrationsPerEmail: { points: 5, duration: DAY },
  registrationsPerPhone: { points: 5, duration: DAY },
  /** Upload calls (up to 3 files each) from one address: a registration makes one or two. */
  uploadsPerIp: { points: 300, duration: HOUR },
  /**
   * Confirmation e-mails to one recipient address: a registration names any address, so it
   * must not make the academy mail someone over and over. Beyond it the registration is still
   * stored, only not confirmed again (docs/security.md).
   */
  confirmationsPerRecipient: { points: 3, duration: DAY },
  // After the form (docs/decisions/035, 036): "send me my link again" is counted per address
  // asked for (known or not, as reset requests are) and per client address; saving a form to
  // finish later per client address, and its link mailed a few times a day per recipient.
  linkRequestsPerAddress: { points: 3, duration: HOUR },
  linkRequestsPerIp: { points: 30, duration: HOUR },
  savesPerIp: { points: 60, duration: HOUR },
  savedLinksPerRecipient: { points: 3, duration: DAY },
  /** Tries to confirm a withdrawal (the reference or the date of birth), per status link. */
  withdrawalChecksPerLink: { points: 10, duration: HOUR },
  /** The guardian's link sent again (or to a corrected address) from a status page, per status link (decision 065). */
  guardianMailsPerLink: { points: 5, duration: DAY },
  /** Receipts sent from status pages, per client address. */
  proofsPerIp: { points: 30, duration: HOUR },
  // Job alerts: a crowd behind one carrier address may all subscribe; one address gets at most
  // three confirmation mails a day, whoever asks (docs/security.md).
  jobAlertsPerIp: { points: 60, duration: HOUR },
  jobAlertMailsPerRecipient: { points: 3, duration: DAY },
  /**
   * Certificate checks (and signed credentials) per client address: an employer checks a few; a
   * guesser needs billions. A minute's allowance, refilled the next minute, never a long block,
   * so a crowd behind one carrier address waits at most a minute (docs/decisions/058).
   */
  certificateLookupsPerIp: { points: 10, duration: MINUTE },
  /**
   * Online payments started and checked from status pages, per client address: each one calls
   * Paystack (docs/decisions/062-the-server-decides-money-arrived.md).
   */
  paymentStartsPerIp: { points: 30, duration: HOUR },
  paymentChecksPerIp: { points: 120, duration: HOUR },
  /**
   * Receipts drawn as PDFs from status pages, per client address: each costs a few milliseconds
   * of work; a crowd behind one carrier address downloads a few each, a flood is stopped within
   * the minute and waits at most a minute.
   */
  receiptsPerIp: { points: 30, duration: MINUTE },
  /**
   * Messages to an intake, per staff member (docs/decisions/080-message-an-intake.md): a few an
   * hour is a busy day; and the mails they queue, a day's worth of a few full intakes, so one
   * account (or someone holding its session) cannot flood the outbox.
   */
  intakeMessagesPerStaff: { points: 10, duration: HOUR },
  intakeMailsPerStaff: { points: 5000, duration: DAY },
} satisfies Record<string, Spec>;
export type LimitName = keyof typeof LIMITS;

/** The longest login pause that back-off reaches. */
export const MAX_LOGIN_BLOCK_S = DAY;
/**
 * Past loginFailsPerAccount, each wrong password pauses the account for unknown devices: 1 s,
 * then twice as long each time, at most 5 minutes. A paused try is answered 429 at once (no
 * hash, nothing held), so the pause costs the server nothing.
 */
export const ACCOUNT_SLOWDOWN = { firstPauseS: 1, maxPauseS: 5 * MINUTE };
/** How long a device or address that signed in to an account is let past its slow-down. */
export const KNOWN_SIGN_IN_S = 90 * DAY;

// Internal counters whose numbers are not allowances: never scaled by RATE_LIMIT_FACTOR.
const strikes: Spec = { points: 1000, duration: DAY };
const pauses: Spec = { points: 1, duration: 1 };
const known: Spec = { points: 1000, duration: KNOWN_SIGN_IN_S };
// The certificate check's allowance is not scaled either: it is per minute, so a crowd waits a
// minute at most, and its number is the one docs/security.md promises (10 a minute, the 11th refused).
const UNSCALED = new Set(["loginStrikes", "loginPausePerAccount", "knownSignIns", "certificateLookupsPerIp"]);

const TABLE = "rate_limits";
const limiters = new Map<string, Promise<RateLimiterAbstract>>();

function limiter(name: string, spec: Spec) {
  let made = limiters.get(name);
  if (!made) {
    made = getDb().then((): RateLimiterAbstract => {
      const driver = rawDriver();
      const points = UNSCALED.has(name)
        ? spec.points
        : Math.max(1, Math.round(spec.points * config().RATE_LIMIT_FACTOR));
      const options = {
        tableName: TABLE,
        keyPrefix: name,
        points,
        duration: spec.duration,
        blockDuration: spec.blockDuration ?? 0,
        // Made by the migrations (api/db/migrations.ts, 0020), never by a limiter on first use.
        tableCreated: true,
      };
      return driver.kind === "postgres"
        ? new RateLimiterPostgres({ ...options, storeClient: driver.pool })
        : new RateLimiterSQLite({ ...options, storeClient: driver.sqlite, storeType: "better-sqlite3" });
    });
    made.catch(() => limiters.delete(name));
    limiters.set(name, made);
  }
  return made;
}

const get = (name: LimitName) => limiter(name, LIMITS[name]);

function refuse(seconds: number, message: (s: number) => string, limiter: string): never {
  countRateLimitRefusal(limiter);
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
  return spendEach([{ name, key }], message, points);
}

/**
 * Counts one call against several limits, in order; the first one over its allowance answers 429
 * and the ones already counted are given back. So put the person's own keys (e-mail, phone)
 * before the address: one person over their allowance does not use up the crowd's behind their address.
 */
export async function spendEach(
  charges: { name: LimitName; key: string }[],
  message: (s: number) => string,
  points = 1,
) {
  const counted: { limiter: RateLimiterAbstract; key: string }[] = [];
  for (const { name, key } of charges) {
    const limiter = await get(name);
    try {
      await limiter.consume(key, points);
      counted.push({ limiter, key });
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      await Promise.all(counted.map((c) => c.limiter.reward(c.key, points)));
      refuse(error.msBeforeNext / 1000, message, name);
    }
  }
}

type MailLimit = "confirmationsPerRecipient" | "savedLinksPerRecipient" | "jobAlertMailsPerRecipient";

/** Counts one mail to a recipient; false when that address has had its share for now. */
export async function mayMail(name: MailLimit, address: string) {
  try {
    await (await get(name)).consume(address.trim().toLowerCase());
    return true;
  } catch (error) {
    if (error instanceof RateLimiterRes) {
      countRateLimitRefusal(name);
      return false;
    }
    throw error;
  }
}

/** Gives back a mail `mayMail` counted when the change it was for was not stored (nothing was sent). */
export async function giveBackMail(name: MailLimit, address: string) {
  await (await get(name)).reward(address.trim().toLowerCase());
}

/** Counts one call per client address (an IPv6 client per /64: clientKey). */
export const spendPerIp = (name: LimitName, message: (s: number) => string) => spend(name, clientIpKey(), message);

export { personKey } from "./lib/person-key";

// Login: only failures count, so staff who log in often are never slowed; an address+account
// pair that keeps failing is paused for 15 minutes, then 30, 60… up to a day. The account as a
// whole is only ever slowed down (ACCOUNT_SLOWDOWN), and not at all for a device or address
// that signed in to it before (docs/decisions/013-client-address-and-limits.md).
const pairKey = (email: string) => `${email}|${clientIpKey()}`;
const knownAddressKey = (email: string) => `${email}|a:${clientIpKey()}`;
const knownDeviceKey = (email: string, deviceToken: string) => `${email}|d:${hashSecret(deviceToken)}`;

/** A sign-in from here that must not be slowed by others' guesses: this device or address signed in before. */
async function knownSignIn(email: string, deviceToken: string | undefined) {
  const store = await limiter("knownSignIns", known);
  const [address, device] = await Promise.all([
    store.get(knownAddressKey(email)),
    deviceToken ? store.get(knownDeviceKey(email, deviceToken)) : null,
  ]);
  return !!address || !!device;
}

export async function checkLoginAllowed(email: string, deviceToken?: string) {
  const [pair, ip, pause] = await Promise.all([
    get("loginFailsPerAccountAndIp"),
    get("loginFailsPerIp"),
    limiter("loginPausePerAccount", pauses),
  ]);
  const [pairState, ipState, pauseState] = await Promise.all([
    pair.get(pairKey(email)),
    ip.get(clientIpKey()),
    pause.get(email),
  ]);
  // At the allowance already: the failures used it up, so this try is not answered.
  const waits = [
    pairState && pairState.consumedPoints >= pair.points ? pairState.msBeforeNext / 1000 : 0,
    ipState && ipState.consumedPoints >= ip.points ? ipState.msBeforeNext / 1000 : 0,
  ];
  const longest = Math.max(...waits);
  if (longest > 0)
    refuse(longest, apiMessages.tooManyLogins, waits[0] > 0 ? "loginFailsPerAccountAndIp" : "loginFailsPerIp");
  if (pauseState && pauseState.msBeforeNext > 0 && !(await knownSignIn(email, deviceToken)))
    refuse(pauseState.msBeforeNext / 1000, apiMessages.loginSlowedDown, "loginPausePerAccount");
}

/** A wrong password (or no such account: `accountId` undefined) from this client. */
export async function recordLoginFailure(email: string, accountId?: string) {
  const [pair, ip, account, strike, pause] = await Promise.all([
    get("loginFailsPerAccountAndIp"),
    get("loginFailsPerIp"),
    get("loginFailsPerAccount"),
    limiter("loginStrikes", strikes),
    limiter("loginPausePerAccount", pauses),
  ]);
  await Promise.all([
    (async () => {
      const res = await ip.penalty(clientIpKey());
      if (res.consumedPoints === ip.points)
        recordSecurityEvent({ type: "login.locked", subjectId: accountId, reason: "address" });
    })(),
    (async () => {
      const failures = (await account.penalty(email)).consumedPoints;
      if (failures < account.points) return;
      const beyond = failures - account.points;
      const seconds = Math.min(ACCOUNT_SLOWDOWN.firstPauseS * 2 ** Math.min(beyond, 30), ACCOUNT_SLOWDOWN.maxPauseS);
      await pause.block(email, seconds);
      if (beyond === 0) recordSecurityEvent({ type: "login.slowed", subjectId: accountId, reason: "account" });
    })(),
    (async () => {
      const res = await pair.penalty(pairKey(email));
      if (res.consumedPoints === pair.points) {
        // Crossed the line just now: pause this pair, longer each time it happens today.
        const count = (await strike.penalty(pairKey(email))).consumedPoints;
        await pair.block(
          pairKey(email),
          Math.min(LIMITS.loginFailsPerAccountAndIp.blockDuration * 2 ** (count - 1), MAX_LOGIN_BLOCK_S),
        );
        recordSecurityEvent({ type: "login.locked", subjectId: accountId, reason: "account+address" });
      }
    })(),
  ]);
}

/** Remembers this device (its token) and address as having signed in to the account. */
async function rememberSignIn(email: string, deviceToken: string | undefined) {
  const store = await limiter("knownSignIns", known);
  await Promise.all([
    store.set(knownAddressKey(email), 1, KNOWN_SIGN_IN_S),
    deviceToken ? store.set(knownDeviceKey(email, deviceToken), 1, KNOWN_SIGN_IN_S) : undefined,
  ]);
}

/** A correct password: this pair's failures are forgotten, this device and address are known from now on. */
export async function recordLoginSuccess(email: string, deviceToken: string) {
  await Promise.all([
    (await get("loginFailsPerAccountAndIp")).delete(pairKey(email)),
    rememberSignIn(email, deviceToken),
  ]);
}

/**
 * A successful password reset proves the mailbox: the account's failures and pause are cleared
 * (the owner is not held by an attacker's guesses), and the address it was done from is known.
 */
export async function clearAccountFailures(email: string) {
  const [pair, account, pause] = await Promise.all([
    get("loginFailsPerAccountAndIp"),
    get("loginFailsPerAccount"),
    limiter("loginPausePerAccount", pauses),
  ]);
  await Promise.all([
    pair.delete(pairKey(email)),
    account.delete(email),
    pause.delete(email),
    rememberSignIn(email, undefined),
  ]);
}

/** Refuses a two-factor code while this account or address has had too many wrong ones. */
export async function checkCodeAllowed(userId: string) {
  const [account, ip] = await Promise.all([get("codeFailsPerAccount"), get("codeFailsPerIp")]);
  const [a, i] = await Promise.all([account.get(userId), ip.get(clientIpKey())]);
  const waits = [
    a && a.consumedPoints >= account.points ? a.msBeforeNext / 1000 : 0,
    i && i.consumedPoints >= ip.points ? i.msBeforeNext / 1000 : 0,
  ];
  const longest = Math.max(...waits);
  if (longest > 0) refuse(longest, apiMessages.tooManyCodes, waits[0] > 0 ? "codeFailsPerAccount" : "codeFailsPerIp");
}

/** A wrong (or replayed) two-factor or recovery code for this account from this address. */
export async function recordCodeFailure(userId: string) {
  const [account, ip] = await Promise.all([get("codeFailsPerAccount"), get("codeFailsPerIp")]);
  const [a] = await Promise.all([account.penalty(userId), ip.penalty(clientIpKey())]);
  if (a.consumedPoints === account.points) {
    await account.block(userId, LIMITS.codeFailsPerAccount.blockDuration);
    await recordSecurityEvent({ type: "login.locked", subjectId: userId, reason: "two-factor codes" });
  }
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
