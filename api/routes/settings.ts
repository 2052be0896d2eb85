import { Hono } from "hono";

import { checkSettings } from "@domain/settings-rules";

import { check, type Env, fail, limitBody, query, readBody, requirePermission } from "../http";
import { outlastProxiedPages } from "../lib/proxy-cache";
import {
  launchChecklist,
  mailIdentity,
  saveSettings,
  settingsRevision,
  settingsRevisions,
  siteSettings,
} from "../lib/settings";
import { apiMessages } from "../messages";
import { recordSecurityEvent } from "../security-events";
import { restoreParams, revisionsQuery, settingsBody } from "../validation/settings";

// The academy's settings (docs/product.md, "Settings"): anyone reads them (every page shows
// them); only an Admin saves, reads the history and restores (docs/decisions/031, 060). A save
// answers once every cached page read before it is gone (api/lib/proxy-cache.ts).
export const settings = new Hono<Env>();
const admin = requirePermission("settings");

settings.get("/", async (c) => c.json(await siteSettings()));

settings.put("/", admin, limitBody(32 * 1024), async (c) => {
  const body = check(settingsBody, await readBody(c));
  const stored = await siteSettings();
  const admissions = body.admissions ?? stored.admissions;
  const payments = { ...body.payments, refundPolicy: body.payments.refundPolicy ?? stored.payments.refundPolicy };
  const { value, problems } = checkSettings({ ...body, payments, admissions });
  const first = Object.entries(problems)[0];
  if (first) fail(400, apiMessages.settingsInvalid(first[0], first[1]));
  const saved = await saveSettings(c.get("db"), value, c.get("user")!.id);
  if (saved.changed.length) {
    await recordSecurityEvent({
      type: "settings.changed",
      actorId: c.get("user")!.id,
      reason: saved.changed.join(","),
    });
    await outlastProxiedPages();
  }
  return c.json({ version: saved.version, changed: saved.changed, settings: await siteSettings() });
});

settings.get("/revisions", admin, async (c) => {
  const q = query(c, revisionsQuery);
  return c.json({ revisions: await settingsRevisions(c.get("db"), q.before) });
});

settings.post("/revisions/:version/restore", admin, async (c) => {
  const { version } = check(restoreParams, c.req.param());
  const db = c.get("db");
  const value = await settingsRevision(db, version);
  if (!value) fail(404, apiMessages.settingsRevisionMissing);
  const saved = await saveSettings(db, value, c.get("user")!.id, version);
  if (saved.changed.length) {
    await recordSecurityEvent({ type: "settings.restored", actorId: c.get("user")!.id, reason: `version ${version}` });
    await outlastProxiedPages();
  }
  return c.json({ version: saved.version, changed: saved.changed, settings: await siteSettings() });
});

/** The launch checklist for Admins' landing page: what is still to do (empty: nothing). */
settings.get("/checklist", admin, async (c) =>
  c.json({ items: await launchChecklist(c.get("db")), mail: await mailIdentity() }),
);
