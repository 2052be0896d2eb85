import { Hono } from "hono";

import { hashPassword } from "../auth/password";
import { check, type Env, fail, limitBody, readBody } from "../http";
import { newId, nowIso } from "../lib/ids";
import { saveSettings, siteSettings } from "../lib/settings";
import { forgetSetupCode, SETUP_CLAIM_ROW, setupCodeMatches, setupNeeded } from "../lib/setup";
import { spendPerIp } from "../limits";
import { apiMessages } from "../messages";
import { recordSecurityEvent } from "../security-events";
import { setupBody } from "../validation/settings";

// The first run (docs/product.md, "First run"; docs/decisions/061): while a production site has
// no staff account, the setup code makes the first Admin; afterwards these calls answer 404.
export const setup = new Hono<Env>();

setup.get("/", async (c) => {
  if (!(await setupNeeded(c.get("db")))) fail(404, apiMessages.setupDone);
  return c.json({ needed: true });
});

setup.post("/", limitBody(8 * 1024), async (c) => {
  const db = c.get("db");
  if (!(await setupNeeded(db))) fail(404, apiMessages.setupDone);
  // A guessed code costs a try; the code's 60 bits make guessing hopeless within the allowance.
  await spendPerIp("setupTriesPerIp", apiMessages.tooManySetupTries);
  const input = check(setupBody, await readBody(c));
  if (!(await setupCodeMatches(db, input.code))) fail(403, apiMessages.setupCodeWrong);
  const passwordHash = await hashPassword(input.password);
  const id = newId();
  await db.transaction().execute(async (trx) => {
    // Two setups at once: each first inserts the claim row, which the other's insert waits on
    // until this transaction ends (and removes it); then it finds the account made here.
    await trx
      .insertInto("instance_settings")
      .values({ name: SETUP_CLAIM_ROW, value: id, updated_at: nowIso() })
      .onConflict((oc) => oc.column("name").doUpdateSet({ value: id, updated_at: nowIso() }))
      .execute();
    if (await trx.selectFrom("users").select("id").limit(1).executeTakeFirst()) fail(404, apiMessages.setupDone);
    await trx
      .insertInto("users")
      .values({
        id,
        email: input.email,
        name: input.name,
        role: "admin",
        password_hash: passwordHash,
        is_demo: 0,
        created_at: nowIso(),
      })
      .execute();
    await trx.deleteFrom("instance_settings").where("name", "=", SETUP_CLAIM_ROW).execute();
  });
  await forgetSetupCode(db);
  const current = await siteSettings();
  const { contact, payments, social, dataProtection, announcement, admissions } = current;
  await saveSettings(
    db,
    {
      contact: { ...contact, academyName: input.academyName },
      payments,
      social,
      dataProtection,
      announcement,
      admissions,
    },
    id,
  );
  await recordSecurityEvent({ type: "setup.completed", actorId: id });
  return c.json({ email: input.email }, 201);
});
