import { Hono } from "hono";

import { check, type Env, fail, limitBody, readBody, requirePermission } from "../http";
import { nowIso } from "../lib/ids";
import { sanitizeRichText } from "../lib/sanitize";
import { apiMessages } from "../messages";
import { draftInput, draftType } from "../validation";

export const drafts = new Hono<Env>();
drafts.use("*", requirePermission("content"), limitBody(1024 * 1024));

drafts.get("/:type", async (c) => {
  const type = draftType.safeParse(c.req.param("type"));
  if (!type.success) fail(404, apiMessages.unknownDraftType);
  const row = await c
    .get("db")
    .selectFrom("drafts")
    .select(["data", "updated_at"])
    .where("user_id", "=", c.get("user")!.id)
    .where("post_type", "=", type.data)
    .executeTakeFirst();
  if (!row) return c.body(null, 204);
  // When it was last saved, so the editor can say which draft it restored (docs/product.md §2, Editors).
  c.header("X-Draft-Saved-At", row.updated_at);
  return c.json(JSON.parse(row.data));
});

/** Throws the staff member's own draft of this type away: 204, whether there was one or not. */
drafts.delete("/:type", async (c) => {
  const type = draftType.safeParse(c.req.param("type"));
  if (!type.success) fail(404, apiMessages.unknownDraftType);
  await c
    .get("db")
    .deleteFrom("drafts")
    .where("user_id", "=", c.get("user")!.id)
    .where("post_type", "=", type.data)
    .execute();
  return c.body(null, 204);
});

drafts.post("/", async (c) => {
  const draft = check(draftInput, await readBody(c));
  if (typeof draft.content === "string") draft.content = sanitizeRichText(draft.content);
  const values = {
    user_id: c.get("user")!.id,
    post_type: draft.postType,
    data: JSON.stringify(draft),
    updated_at: nowIso(),
  };
  await c
    .get("db")
    .insertInto("drafts")
    .values(values)
    .onConflict((oc) =>
      oc.columns(["user_id", "post_type"]).doUpdateSet({ data: values.data, updated_at: values.updated_at }),
    )
    .execute();
  return c.json(draft);
});
