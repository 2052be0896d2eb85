import { Hono } from "hono";

import { checkLegal, currentLegalVersion, isLegalDoc, type LegalDocName } from "@domain/legal-texts";

import { check, type Env, fail, limitBody, query, readBody, requirePermission } from "../http";
import { legalRevisionWords, legalText, saveLegalText } from "../lib/legal-texts";
import { pageContentRevisions } from "../lib/page-content";
import { outlastProxiedPages } from "../lib/proxy-cache";
import { apiMessages } from "../messages";
import { recordSecurityEvent } from "../security-events";
import { legalTextBody } from "../validation/legal-texts";
import { restoreParams, revisionsQuery } from "../validation/settings";

// The privacy notice and the terms (docs/product.md, "Page content"; docs/decisions/071): anyone
// reads them with their versions (the legal pages, the registration's consent); an Admin
// (permission `settings`: they are the academy's commitments, as its bank details are) saves,
// reads the history and restores. A save that changes the words is the text's next consent
// version. It answers once every cached page read before it is gone, as a publish does.
export const legalTextRoutes = new Hono<Env>();
const admin = requirePermission("settings");

function docOf(name: string | undefined): LegalDocName {
  if (!name || !isLegalDoc(name)) fail(404, apiMessages.legalTextMissing);
  return name;
}

const answer = async (name: LegalDocName) => {
  const doc = await legalText(name);
  return { ...doc, version: currentLegalVersion(doc).version };
};

legalTextRoutes.get("/:doc", async (c) => c.json(await answer(docOf(c.req.param("doc")))));

legalTextRoutes.put("/:doc", admin, limitBody(512 * 1024), async (c) => {
  const name = docOf(c.req.param("doc"));
  const body = check(legalTextBody, await readBody(c));
  const { value, problems } = checkLegal(body);
  const first = Object.entries(problems)[0];
  if (first) fail(400, apiMessages.settingsInvalid(first[0], first[1]));
  const userId = c.get("user")!.id;
  const saved = await saveLegalText(c.get("db"), name, value, userId);
  if (saved.changed.length) {
    await recordSecurityEvent({
      type: "legal-text.changed",
      actorId: userId,
      reason: `${name} version ${saved.consentVersion}`,
    });
    await outlastProxiedPages();
  }
  return c.json({ changed: saved.changed, revision: saved.version, ...(await answer(name)) });
});

legalTextRoutes.get("/:doc/revisions", admin, async (c) => {
  const name = docOf(c.req.param("doc"));
  const q = query(c, revisionsQuery);
  return c.json({ revisions: await pageContentRevisions(c.get("db"), q.before, name) });
});

legalTextRoutes.post("/:doc/revisions/:version/restore", admin, async (c) => {
  const name = docOf(c.req.param("doc"));
  const { version } = check(restoreParams, { version: c.req.param("version") });
  const db = c.get("db");
  const words = await legalRevisionWords(db, name, version);
  if (!words) fail(404, apiMessages.pageContentRevisionMissing);
  const userId = c.get("user")!.id;
  const saved = await saveLegalText(db, name, words, userId, version);
  if (saved.changed.length) {
    await recordSecurityEvent({
      type: "legal-text.restored",
      actorId: userId,
      reason: `${name} revision ${version} as version ${saved.consentVersion}`,
    });
    await outlastProxiedPages();
  }
  return c.json({ changed: saved.changed, revision: saved.version, ...(await answer(name)) });
});
