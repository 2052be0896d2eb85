import crypto from "node:crypto";

import { config } from "../config";
import type { DB } from "../db";
import { getDb } from "../db";
import { hashSecret, nowIso } from "./ids";

// The first run of a production site (docs/product.md, "First run"; docs/decisions/061): while
// no staff account exists, /fla-admin/setup makes the first Admin. Whoever finds the site first
// must not be able to: it asks for a setup code that only the operator can read, printed once to
// the server's log when it starts (or SETUP_TOKEN from the environment, for a cluster or a
// platform whose logs are awkward to read). Only the code's hash is kept, in instance_settings,
// so any instance behind nginx accepts the newest code printed by any of them.

const CODE_ROW = "setup_code";
/** Written and removed inside the transaction that makes the first account: two setups at once make one. */
export const SETUP_CLAIM_ROW = "setup_done";

/** Whether the site still needs its first account: production, and no staff account at all. */
export async function setupNeeded(db: DB) {
  if (!config().isProduction) return false;
  return !(await db.selectFrom("users").select("id").limit(1).executeTakeFirst());
}

const newCode = () => {
  const raw = crypto.randomBytes(10).toString("base64url").replace(/[-_]/g, "").slice(0, 12).toUpperCase();
  return `${raw.slice(0, 4)}-${raw.slice(4, 8)}-${raw.slice(8, 12)}`;
};

/** The form a typed code is compared in: upper case, no spaces or dashes. */
const normalise = (code: string) => code.replace(/[\s-]/g, "").toUpperCase();

/**
 * At an instance's start: with no staff account in production, a fresh code is printed (once) and
 * its hash stored; with SETUP_TOKEN set, nothing is printed and that token is the code.
 */
export async function announceSetupCode(print: (line: string) => void = (line) => console.log(line)) {
  const db = await getDb();
  if (!(await setupNeeded(db))) return;
  if (config().SETUP_TOKEN) {
    print("[setup] No staff account yet: open /fla-admin/setup and enter SETUP_TOKEN as the setup code.");
    return;
  }
  const code = newCode();
  const row = { name: CODE_ROW, value: hashSecret(normalise(code)), updated_at: nowIso() };
  await db
    .insertInto("instance_settings")
    .values(row)
    .onConflict((oc) => oc.column("name").doUpdateSet({ value: row.value, updated_at: row.updated_at }))
    .execute();
  print(`[setup] No staff account yet: open /fla-admin/setup and enter the setup code ${code} (printed once).`);
}

/** Whether a typed code is the one printed last (or SETUP_TOKEN), compared in constant time. */
export async function setupCodeMatches(db: DB, typed: string) {
  const token = config().SETUP_TOKEN;
  const expected = token
    ? hashSecret(normalise(token))
    : (await db.selectFrom("instance_settings").select("value").where("name", "=", CODE_ROW).executeTakeFirst())?.value;
  if (!expected) return false;
  const given = Buffer.from(hashSecret(normalise(typed)));
  const wanted = Buffer.from(expected);
  return given.length === wanted.length && crypto.timingSafeEqual(given, wanted);
}

/** After the first account: the code is of no more use. */
export async function forgetSetupCode(db: DB) {
  await db.deleteFrom("instance_settings").where("name", "=", CODE_ROW).execute();
}
