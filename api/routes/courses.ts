import { Hono } from "hono";
import { sql, type SqlBool } from "kysely";

import { offeredCourseTypes } from "@domain/choices";

import { check, checkVisible, type Env, fail, limitBody, query, readBody, requirePermission } from "../http";
import { COURSE_FIELDS, toCourse } from "../lib/course-json";
import { courseValues } from "../lib/course-values";
import { newId, nowIso } from "../lib/ids";
import { newestFirst } from "../lib/query";
import { keepRevision, lockItem } from "../lib/revisions";
import { plainTextOf } from "../lib/sanitize";
import { freeSlug, withSlugRetry } from "../lib/slug";
import { isPublicAt, visibilityOf } from "../lib/visibility";
import { apiMessages } from "../messages";
import { courseInput, courseListQuery } from "../validation";

/** Rich text and its image references: the largest body a course editor sends. */
const COURSE_BODY_LIMIT = 1024 * 1024;

export const courses = new Hono<Env>();

courses.get("/courses", async (c) => {
  const q = query(c, courseListQuery);
  const inCategory = q.category ? sql<SqlBool>`category = ${q.category}` : undefined;
  const visible = isPublicAt(nowIso());
  const rows = await newestFirst(
    c.get("db"),
    "courses",
    q,
    inCategory ? sql<SqlBool>`${visible} and ${inCategory}` : visible,
    { categoryWords: !q.category },
  );
  const list = rows.map(toCourse);
  if (!q.project?.trim()) return c.json(list);
  const wanted = q.project.split(/[,\s]+/).filter((f) => f in COURSE_FIELDS || f === "courseTypes");
  return c.json(
    list.map((course) =>
      Object.fromEntries([["_id", course._id], ...wanted.map((f) => [f, course[f as keyof typeof course]])]),
    ),
  );
});

courses.get("/courses/:id", async (c) => {
  const row = await c
    .get("db")
    .selectFrom("courses")
    .selectAll()
    .where("id", "=", c.req.param("id"))
    .executeTakeFirst();
  if (!row) fail(404, apiMessages.courseNotFound);
  await checkVisible(c, visibilityOf(row, nowIso()), "Course");
  // The page's meta description; articles and jobs store theirs, courses derive it here.
  return c.json({ ...toCourse(row), description: plainTextOf(row.content) });
});

courses.post("/courses", limitBody(COURSE_BODY_LIMIT), requirePermission("content"), async (c) => {
  const input = check(courseInput, await readBody(c));
  const db = c.get("db");
  const now = nowIso();
  const row = await withSlugRetry(() =>
    db.transaction().execute(async (trx) => {
      const slug = await freeSlug(trx, "courses", input.title);
      const values = {
        id: newId(),
        ...courseValues(input),
        slug,
        asset_folder: input.assetFolder,
        created_at: now,
        updated_at: now,
        created_by: c.get("user")!.id,
        updated_by: c.get("user")!.id,
        trashed_at: null,
        trashed_by: null,
        publish_at: input.publishAt ?? null,
        // A course created without naming its types (the original API) offers all four.
        course_types: JSON.stringify(offeredCourseTypes(input.courseTypes)),
      };
      await trx.insertInto("courses").values(values).execute();
      await trx
        .deleteFrom("drafts")
        .where("user_id", "=", c.get("user")!.id)
        .where("post_type", "=", "course")
        .execute();
      return values;
    }),
  );
  return c.json(toCourse(row), 201);
});

courses.patch("/courses/:id", limitBody(COURSE_BODY_LIMIT), requirePermission("content"), async (c) => {
  const input = check(courseInput, await readBody(c));
  const db = c.get("db");
  const row = await withSlugRetry(() =>
    db.transaction().execute(async (trx) => {
      await lockItem(trx, "course", c.req.param("id"));
      const existing = await trx
        .selectFrom("courses")
        .selectAll()
        .where("id", "=", c.req.param("id"))
        .where("trashed_at", "is", null)
        .executeTakeFirst();
      if (!existing) return undefined;
      await keepRevision(trx, "course", existing, c.get("user")!.id);
      const slug =
        existing.title === input.title ? existing.slug : await freeSlug(trx, "courses", input.title, existing.id);
      const values = {
        ...courseValues(input),
        slug,
        asset_folder: input.assetFolder || existing.asset_folder,
        updated_at: nowIso(),
        updated_by: c.get("user")!.id,
        publish_at: input.publishAt === undefined ? existing.publish_at : input.publishAt,
      };
      await trx.updateTable("courses").set(values).where("id", "=", existing.id).execute();
      return { ...existing, ...values };
    }),
  );
  if (!row) fail(404, apiMessages.courseNotFound);
  return c.json(toCourse(row));
});
