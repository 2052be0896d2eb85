import { Hono } from "hono";
import { type Selectable, sql, type SqlBool } from "kysely";

import { lagosDate } from "@domain/schedule";

import type { PostsTable } from "../db/schema";
import { check, checkVisible, type Ctx, type Env, fail, limitBody, query, readBody, requirePermission } from "../http";
import { newId, nowIso } from "../lib/ids";
import { toArticle, toJob, toPostListItem } from "../lib/post-json";
import { articleValues, jobValues, type PostValues } from "../lib/post-values";
import { newestFirst } from "../lib/query";
import { keepRevision, lockItem } from "../lib/revisions";
import { freeSlug, withSlugRetry } from "../lib/slug";
import { isPublicAt, visibilityOf } from "../lib/visibility";
import { apiMessages } from "../messages";
import { articleInput, jobInput, postListQuery } from "../validation";

// Articles and job postings share one table (posts.post_type) and one list.
type PostRow = Selectable<PostsTable>;

/** Rich text and its image references: the largest body an article or job editor sends. */
const POST_BODY_LIMIT = 1024 * 1024;

export const posts = new Hono<Env>();

/**
 * Jobs still taking applications (and, unless only jobs are asked for, every article), or jobs past
 * their deadline (docs/product.md §7). Open jobs alone are read through the deadline index
 * (migration 0016): few are open at a time, so they are found by deadline and then sorted. "Closed"
 * is written so that index cannot answer it: most jobs are closed, and the list index, in date
 * order, reaches a page of them at once.
 */
function deadlineFilter(deadline: "open" | "closed", jobsOnly: boolean, today: string) {
  if (deadline === "closed")
    return sql<SqlBool>`(post_type = 'job' and coalesce(application_deadline, '9999') < ${today})`;
  if (jobsOnly) return sql<SqlBool>`application_deadline >= ${today}`;
  return sql<SqlBool>`(post_type <> 'job' or application_deadline is null or application_deadline >= ${today})`;
}

posts.get("/post", async (c) => {
  const q = query(c, postListQuery);
  const conditions = [isPublicAt(nowIso())];
  if (q.postType) conditions.unshift(sql<SqlBool>`post_type = ${q.postType}`);
  if (q.deadline) conditions.push(deadlineFilter(q.deadline, q.postType === "job", lagosDate()));
  // A job seeker's filters (docs/product.md §2, Blog): only jobs have a type and a place.
  if (q.jobType) conditions.push(sql<SqlBool>`post_type = 'job' and job_type = ${q.jobType}`);
  if (q.jobLocation) conditions.push(sql<SqlBool>`post_type = 'job' and job_location = ${q.jobLocation}`);
  const rows = await newestFirst(c.get("db"), "posts", q, sql<SqlBool>`${sql.join(conditions, sql` and `)}`);
  return c.json(rows.map(toPostListItem));
});

async function findPost(c: Ctx, type: "article" | "job") {
  return c
    .get("db")
    .selectFrom("posts")
    .selectAll()
    .where("id", "=", c.req.param("id")!)
    .where("post_type", "=", type)
    .executeTakeFirst();
}

posts.get("/articles/:id", async (c) => {
  const row = await findPost(c, "article");
  if (!row) fail(404, apiMessages.articleNotFound);
  await checkVisible(c, visibilityOf(row, nowIso()), "Article");
  return c.json(toArticle(row));
});

posts.get("/jobs/:id", async (c) => {
  const row = await findPost(c, "job");
  if (!row) fail(404, apiMessages.jobNotFound);
  await checkVisible(c, visibilityOf(row, nowIso()), "Job");
  return c.json(toJob(row));
});

async function createPost(c: Ctx, type: "article" | "job", values: PostValues) {
  const now = nowIso();
  return withSlugRetry(() =>
    c
      .get("db")
      .transaction()
      .execute(async (trx) => {
        const slug = await freeSlug(trx, "posts", values.title);
        const by = c.get("user")!.id;
        const row: PostRow = {
          ...values,
          id: newId(),
          post_type: type,
          slug,
          created_at: now,
          updated_at: now,
          created_by: by,
          updated_by: by,
          trashed_at: null,
          trashed_by: null,
          publish_at: values.publish_at ?? null,
        };
        await trx.insertInto("posts").values(row).execute();
        await trx.deleteFrom("drafts").where("user_id", "=", c.get("user")!.id).where("post_type", "=", type).execute();
        return row;
      }),
  );
}

async function updatePost(c: Ctx, type: "article" | "job", values: PostValues) {
  return withSlugRetry(() =>
    c
      .get("db")
      .transaction()
      .execute(async (trx) => {
        await lockItem(trx, type, c.req.param("id")!);
        const existing = await trx
          .selectFrom("posts")
          .selectAll()
          .where("id", "=", c.req.param("id")!)
          .where("post_type", "=", type)
          .where("trashed_at", "is", null)
          .executeTakeFirst();
        if (!existing) return undefined;
        await keepRevision(trx, type, existing, c.get("user")!.id);
        const slug =
          existing.title === values.title ? existing.slug : await freeSlug(trx, "posts", values.title, existing.id);
        const changes = {
          ...values,
          asset_folder: values.asset_folder || existing.asset_folder,
          slug,
          updated_at: nowIso(),
          updated_by: c.get("user")!.id,
          publish_at: values.publish_at === undefined ? existing.publish_at : values.publish_at,
        };
        await trx.updateTable("posts").set(changes).where("id", "=", existing.id).execute();
        return { ...existing, ...changes };
      }),
  );
}

posts.post("/articles", limitBody(POST_BODY_LIMIT), requirePermission("content"), async (c) => {
  const row = await createPost(c, "article", articleValues(check(articleInput, await readBody(c))));
  return c.json(toArticle(row), 201);
});

posts.patch("/articles/:id", limitBody(POST_BODY_LIMIT), requirePermission("content"), async (c) => {
  const row = await updatePost(c, "article", articleValues(check(articleInput, await readBody(c))));
  if (!row) fail(404, apiMessages.articleNotFound);
  return c.json(toArticle(row));
});

posts.post("/jobs", limitBody(POST_BODY_LIMIT), requirePermission("content"), async (c) => {
  const row = await createPost(c, "job", jobValues(check(jobInput, await readBody(c))));
  return c.json(toJob(row), 201);
});

posts.patch("/jobs/:id", limitBody(POST_BODY_LIMIT), requirePermission("content"), async (c) => {
  const row = await updatePost(c, "job", jobValues(check(jobInput, await readBody(c))));
  if (!row) fail(404, apiMessages.jobNotFound);
  return c.json(toJob(row));
});
