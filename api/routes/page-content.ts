import { Hono } from "hono";

import { checkBlock, PAGE_BLOCKS, type PageContent } from "@domain/page-content";

import { check, type Env, fail, limitBody, query, readBody, requirePermission } from "../http";
import { pageContent, pageContentRevision, pageContentRevisions, savePageContent } from "../lib/page-content";
import { outlastProxiedPages } from "../lib/proxy-cache";
import { apiMessages } from "../messages";
import { recordSecurityEvent } from "../security-events";
import { pageContentBody } from "../validation/page-content";
import { restoreParams, revisionsQuery } from "../validation/settings";

// The home page's content blocks (docs/product.md, "Page content"; docs/decisions/070): anyone
// reads them (the home and about pages show them); an Editor or an Admin (permission `content`)
// saves, reads the history and restores; Admissions may not. A save answers once every cached
// page read before it is gone (api/lib/proxy-cache.ts), as a publish does.
export const pageContentRoutes = new Hono<Env>();
const editor = requirePermission("content");

pageContentRoutes.get("/", async (c) => {
  const { value, version } = await pageContent();
  return c.json({ version, ...value });
});

pageContentRoutes.put("/", editor, limitBody(256 * 1024), async (c) => {
  const body = check(pageContentBody, await readBody(c));
  const blocks: Partial<PageContent> = {};
  for (const block of PAGE_BLOCKS) {
    const items = body[block];
    if (!items) continue;
    const { value, problems } = checkBlock(block, items);
    const first = Object.entries(problems)[0];
    if (first) fail(400, apiMessages.settingsInvalid(first[0], first[1]));
    Object.assign(blocks, { [block]: value });
  }
  const userId = c.get("user")!.id;
  const saved = await savePageContent(c.get("db"), blocks, userId);
  if (saved.changed.length) {
    await recordSecurityEvent({ type: "page-content.changed", actorId: userId, reason: saved.changed.join(",") });
    await outlastProxiedPages();
  }
  const { value, version } = await pageContent();
  return c.json({ changed: saved.changed, version, content: value });
});

pageContentRoutes.get("/revisions", editor, async (c) => {
  const q = query(c, revisionsQuery);
  return c.json({ revisions: await pageContentRevisions(c.get("db"), q.before) });
});

pageContentRoutes.post("/revisions/:version/restore", editor, async (c) => {
  const { version } = check(restoreParams, c.req.param());
  const db = c.get("db");
  const value = await pageContentRevision(db, version);
  if (!value) fail(404, apiMessages.pageContentRevisionMissing);
  const userId = c.get("user")!.id;
  const saved = await savePageContent(db, value, userId, version);
  if (saved.changed.length) {
    await recordSecurityEvent({ type: "page-content.restored", actorId: userId, reason: `version ${version}` });
    await outlastProxiedPages();
  }
  const current = await pageContent();
  return c.json({ changed: saved.changed, version: current.version, content: current.value });
});
