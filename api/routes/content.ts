import { Hono } from "hono";
import type { Selectable } from "kysely";
import type { CoursesTable, PostsTable } from "../db/schema";
import { check, fail, limitBody, query, readBody, requireStaff, type Ctx, type Env } from "../http";
import { newId, nowIso } from "../lib/ids";
import { containsText } from "../lib/query";
import { plainTextOf, sanitizeRichText } from "../lib/sanitize";
import { uniqueSlug, withSlugRetry } from "../lib/slug";
import { articleInput, courseInput, courseListQuery, jobInput, postListQuery } from "../validation";

type CourseRow = Selectable<CoursesTable>;
type PostRow = Selectable<PostsTable>;

export function toCourse(row: CourseRow) {
  return {
    _id: row.id, title: row.title, slug: row.slug, tutors: row.tutors, featuredImg: row.featured_img,
    tag: row.tag, tipColor: row.tip_color, content: row.content, assetFolder: row.asset_folder,
    createdAt: row.created_at, updatedAt: row.updated_at,
  };
}

function toPostListItem(row: PostRow) {
  return {
    _id: row.id, postType: row.post_type, title: row.title, slug: row.slug, description: row.description,
    featuredImg: row.featured_img, companyCoverImg: row.company_cover_img,
    applicationDeadline: row.application_deadline ?? undefined,
    createdAt: row.created_at, updatedAt: row.updated_at,
  };
}

function toArticle(row: PostRow) {
  return {
    _id: row.id, postType: "article" as const, title: row.title, slug: row.slug, description: row.description,
    content: row.content, featuredImg: row.featured_img, assetFolder: row.asset_folder,
    createdAt: row.created_at, updatedAt: row.updated_at,
  };
}

function toJob(row: PostRow) {
  return {
    _id: row.id, postType: "job" as const, title: row.title, slug: row.slug, description: row.description,
    content: row.content, jobType: row.job_type, jobLocation: row.job_location, companyName: row.company_name,
    applicationDeadline: row.application_deadline, companyCoverImg: row.company_cover_img,
    companyLogo: row.company_logo, logoAccent: row.logo_accent, assetFolder: row.asset_folder,
    createdAt: row.created_at, updatedAt: row.updated_at,
  };
}

const COURSE_FIELDS: Record<string, keyof CourseRow> = {
  title: "title", slug: "slug", tutors: "tutors", featuredImg: "featured_img", tag: "tag",
  tipColor: "tip_color", content: "content", assetFolder: "asset_folder", createdAt: "created_at", updatedAt: "updated_at",
};

export const content = new Hono<Env>();
content.use("*", limitBody(1024 * 1024));

// ---- courses ----
content.get("/courses", async (c) => {
  const q = query(c, courseListQuery);
  let select = c.get("db").selectFrom("courses").selectAll();
  if (q.search) select = select.where((eb) => eb.or([containsText("title", q.search!), containsText("tutors", q.search!)]));
  const rows = await select.orderBy("created_at", "desc").orderBy("id", "desc").limit(q.limit).offset(q.skip).execute();
  const courses = rows.map(toCourse);
  if (!q.project?.trim()) return c.json(courses);
  const wanted = q.project.split(/[,\s]+/).filter((f) => f in COURSE_FIELDS);
  return c.json(courses.map((course) => Object.fromEntries([["_id", course._id], ...wanted.map((f) => [f, course[f as keyof typeof course]])])));
});

content.get("/courses/:id", async (c) => {
  const row = await c.get("db").selectFrom("courses").selectAll().where("id", "=", c.req.param("id")).executeTakeFirst();
  if (!row) fail(404, "Course not found");
  return c.json(toCourse(row));
});

content.post("/courses", requireStaff, async (c) => {
  const input = check(courseInput, await readBody(c));
  const db = c.get("db");
  const now = nowIso();
  const row = await withSlugRetry(() => db.transaction().execute(async (trx) => {
    const slug = await uniqueSlug(input.title, async (s) => !!(await trx.selectFrom("courses").select("id").where("slug", "=", s).executeTakeFirst()));
    const values = {
      id: newId(), title: input.title, slug, tutors: input.tutors, featured_img: input.featuredImg, tag: input.tag,
      tip_color: input.tipColor, content: sanitizeRichText(input.content), asset_folder: input.assetFolder,
      created_at: now, updated_at: now,
    };
    await trx.insertInto("courses").values(values).execute();
    await trx.deleteFrom("drafts").where("user_id", "=", c.get("user")!.id).where("post_type", "=", "course").execute();
    return values;
  }));
  return c.json(toCourse(row), 201);
});

content.patch("/courses/:id", requireStaff, async (c) => {
  const input = check(courseInput, await readBody(c));
  const db = c.get("db");
  const row = await withSlugRetry(() => db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom("courses").selectAll().where("id", "=", c.req.param("id")).executeTakeFirst();
    if (!existing) return undefined;
    const slug = existing.title === input.title ? existing.slug
      : await uniqueSlug(input.title, async (s) => !!(await trx.selectFrom("courses").select("id").where("slug", "=", s).where("id", "!=", existing.id).executeTakeFirst()));
    const values = {
      title: input.title, slug, tutors: input.tutors, featured_img: input.featuredImg, tag: input.tag,
      tip_color: input.tipColor, content: sanitizeRichText(input.content), asset_folder: input.assetFolder || existing.asset_folder,
      updated_at: nowIso(),
    };
    await trx.updateTable("courses").set(values).where("id", "=", existing.id).execute();
    return { ...existing, ...values };
  }));
  if (!row) fail(404, "Course not found");
  return c.json(toCourse(row));
});

// ---- posts: articles and jobs ----
content.get("/post", async (c) => {
  const q = query(c, postListQuery);
  let select = c.get("db").selectFrom("posts").selectAll();
  if (q.postType) select = select.where("post_type", "=", q.postType);
  if (q.search) select = select.where((eb) => eb.or([containsText("title", q.search!), containsText("company_name", q.search!)]));
  const rows = await select.orderBy("created_at", "desc").orderBy("id", "desc").limit(q.limit).offset(q.skip).execute();
  return c.json(rows.map(toPostListItem));
});

async function findPost(c: Ctx, type: "article" | "job") {
  return c.get("db").selectFrom("posts").selectAll().where("id", "=", c.req.param("id")!).where("post_type", "=", type).executeTakeFirst();
}

content.get("/articles/:id", async (c) => {
  const row = await findPost(c, "article");
  if (!row) fail(404, "Article not found");
  return c.json(toArticle(row));
});

content.get("/jobs/:id", async (c) => {
  const row = await findPost(c, "job");
  if (!row) fail(404, "Job not found");
  return c.json(toJob(row));
});

type PostValues = Omit<PostRow, "id" | "post_type" | "slug" | "created_at" | "updated_at">;

function articleValues(input: ReturnType<typeof articleInput.parse>): PostValues {
  const html = sanitizeRichText(input.content);
  return {
    title: input.title, content: html, description: plainTextOf(html), featured_img: input.featuredImg,
    company_cover_img: "", company_logo: "", logo_accent: "", company_name: "", job_type: "", job_location: "",
    application_deadline: null, asset_folder: input.assetFolder,
  };
}

function jobValues(input: ReturnType<typeof jobInput.parse>): PostValues {
  const html = sanitizeRichText(input.content);
  return {
    title: input.title, content: html, description: plainTextOf(html), featured_img: "",
    company_cover_img: input.companyCoverImg, company_logo: input.companyLogo, logo_accent: input.logoAccent,
    company_name: input.companyName, job_type: input.jobType, job_location: input.jobLocation,
    application_deadline: input.applicationDeadline, asset_folder: input.assetFolder,
  };
}

async function createPost(c: Ctx, type: "article" | "job", values: PostValues) {
  const now = nowIso();
  return withSlugRetry(() => c.get("db").transaction().execute(async (trx) => {
    const slug = await uniqueSlug(values.title, async (s) => !!(await trx.selectFrom("posts").select("id").where("slug", "=", s).executeTakeFirst()));
    const row: PostRow = { ...values, id: newId(), post_type: type, slug, created_at: now, updated_at: now };
    await trx.insertInto("posts").values(row).execute();
    await trx.deleteFrom("drafts").where("user_id", "=", c.get("user")!.id).where("post_type", "=", type).execute();
    return row;
  }));
}

async function updatePost(c: Ctx, type: "article" | "job", values: PostValues) {
  return withSlugRetry(() => c.get("db").transaction().execute(async (trx) => {
    const existing = await trx.selectFrom("posts").selectAll().where("id", "=", c.req.param("id")!).where("post_type", "=", type).executeTakeFirst();
    if (!existing) return undefined;
    const slug = existing.title === values.title ? existing.slug
      : await uniqueSlug(values.title, async (s) => !!(await trx.selectFrom("posts").select("id").where("slug", "=", s).where("id", "!=", existing.id).executeTakeFirst()));
    const changes = { ...values, asset_folder: values.asset_folder || existing.asset_folder, slug, updated_at: nowIso() };
    await trx.updateTable("posts").set(changes).where("id", "=", existing.id).execute();
    return { ...existing, ...changes };
  }));
}

content.post("/articles", requireStaff, async (c) => {
  const row = await createPost(c, "article", articleValues(check(articleInput, await readBody(c))));
  return c.json(toArticle(row), 201);
});

content.patch("/articles/:id", requireStaff, async (c) => {
  const row = await updatePost(c, "article", articleValues(check(articleInput, await readBody(c))));
  if (!row) fail(404, "Article not found");
  return c.json(toArticle(row));
});

content.post("/jobs", requireStaff, async (c) => {
  const row = await createPost(c, "job", jobValues(check(jobInput, await readBody(c))));
  return c.json(toJob(row), 201);
});

content.patch("/jobs/:id", requireStaff, async (c) => {
  const row = await updatePost(c, "job", jobValues(check(jobInput, await readBody(c))));
  if (!row) fail(404, "Job not found");
  return c.json(toJob(row));
});
