import type { Insertable } from "kysely";

import { hashPassword } from "@api/auth/password";
import type { DB } from "@api/db/index";
import { typesFromWhatItSays } from "@api/db/people-migrations";
import type { CoursesTable, PostsTable } from "@api/db/schema";
import { newId } from "@api/lib/ids";
import { articleValues, jobValues } from "@api/lib/post-values";
import { sanitizeRichText } from "@api/lib/sanitize";
import { slugify } from "@api/lib/slug";
import { imageStore } from "@api/storage/images";
import { COURSE_CATEGORIES } from "@domain/offers";

import { articles, CATEGORY_COLOURS, courses, jobs } from "./content";
import { coverImage, logoImage } from "./images";

// Documented in the README; the login call and the session check refuse them unless DEMO=1.
// One account per role (docs/decisions/031-staff-roles.md); the first, the demo login, is an
// Admin. Demo accounts need no two-factor sign-in (docs/decisions/032-two-factor-sign-in.md):
// their password is public, so a second factor printed beside it would guard nothing.
export const DEMO_STAFF = { email: "demo@academy.local", password: "Demo#Academy2025", name: "Demo Staff" };
export const DEMO_TEAM = [
  { ...DEMO_STAFF, role: "admin" },
  { email: "admissions@academy.local", password: DEMO_STAFF.password, name: "Demo Admissions", role: "admissions" },
  { email: "editor@academy.local", password: DEMO_STAFF.password, name: "Demo Editor", role: "editor" },
] as const;

const HOUR = 60 * 60 * 1000;
const html = (paragraphs: string[]) => sanitizeRichText(paragraphs.map((p) => `<p>${p}</p>`).join(""));

export async function seedDemo(db: DB) {
  for (const member of DEMO_TEAM) {
    const staff = await db.selectFrom("users").select("id").where("email", "=", member.email).executeTakeFirst();
    if (staff) continue;
    await db
      .insertInto("users")
      .values({
        id: newId(),
        email: member.email,
        name: member.name,
        role: member.role,
        password_hash: await hashPassword(member.password),
        is_demo: 1,
        created_at: new Date().toISOString(),
      })
      .execute();
  }
  const existing = await db.selectFrom("courses").select(db.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  if (Number(existing.n) > 0) return "already present";

  const store = imageStore();
  const start = Date.now();
  // Spread over the past weeks, oldest first, so "newest first" and relative times look real.
  let step = courses.length + articles.length + jobs.length;
  const stamp = () => new Date(start - step-- * 7 * HOUR).toISOString();

  const courseRows: Insertable<CoursesTable>[] = [];
  for (const [i, c] of courses.entries()) {
    const [light, dark] = CATEGORY_COLOURS[c.category];
    const folder = `course/demo${i}`;
    const image = await store.upload(await coverImage(light, dark, i + 1), folder);
    const at = stamp();
    courseRows.push({
      id: newId(),
      title: c.title,
      slug: slugify(c.title),
      tutors: c.tutors,
      featured_img: image.public_id,
      tag: c.tag,
      tip_color: c.tipColor,
      content: html([`<strong>${c.category}</strong>`, ...c.body]),
      asset_folder: folder,
      created_at: at,
      updated_at: at,
      category: COURSE_CATEGORIES.find((k) => k.name === c.category)!.slug,
      fee: c.fee,
      duration: c.duration,
      level: c.level ?? null,
      next_start: new Date(start + c.startInDays * 24 * HOUR).toISOString().slice(0, 10),
      // What each course offers, by the rule existing courses got it by
      // (docs/decisions/038-course-types-per-course.md): a three-year course is no crash course.
      course_types: JSON.stringify(typesFromWhatItSays(c.title, c.duration)),
    });
  }

  const postRows: Insertable<PostsTable>[] = [];
  for (const [i, a] of articles.entries()) {
    const folder = `article/demo${i}`;
    const image = await store.upload(await coverImage("#f3e6ee", "#8a1c5c", i + 20), folder);
    const content = html(a.body);
    const at = stamp();
    postRows.push({
      ...articleValues({ title: a.title, content, featuredImg: image.public_id, assetFolder: folder, publishAt: null }),
      id: newId(),
      post_type: "article",
      slug: slugify(a.title),
      created_at: at,
      updated_at: at,
      publish_at: null,
    });
  }
  for (const [i, j] of jobs.entries()) {
    const folder = `job/demo${i}`;
    const cover = await store.upload(await coverImage("#e8eef7", j.logoAccent, i + 40), folder);
    const logo = await store.upload(await logoImage(j.logoAccent, i), folder);
    const content = html(j.body);
    const at = stamp();
    postRows.push({
      ...jobValues({
        title: j.title,
        content,
        jobType: j.jobType,
        jobLocation: j.jobLocation,
        companyName: j.companyName,
        applicationDeadline: new Date(start + j.deadlineInDays * 24 * HOUR).toISOString().slice(0, 10),
        companyCoverImg: cover.public_id,
        companyLogo: logo.public_id,
        logoAccent: j.logoAccent,
        assetFolder: folder,
        publishAt: null,
        howToApply: j.howToApply,
        salaryMin: j.salaryMin ?? null,
        salaryMax: j.salaryMax ?? null,
        jobAddress: j.jobLocation === "Remote" ? null : (j.address ?? null),
      }),
      id: newId(),
      post_type: "job",
      slug: slugify(j.title),
      created_at: at,
      updated_at: at,
      publish_at: null,
    });
  }

  // All or nothing: a failure midway leaves no half-seeded lists.
  await db.transaction().execute(async (trx) => {
    await trx.insertInto("courses").values(courseRows).execute();
    await trx.insertInto("posts").values(postRows).execute();
  });
  return `${courseRows.length} courses, ${articles.length} articles, ${jobs.length} jobs`;
}
