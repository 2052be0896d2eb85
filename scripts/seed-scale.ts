// Grows a database to what a busy academy reaches over a decade (docs/decisions/027-keyset-paging-search-sitemap.md):
// by default 50,000 posts (a third jobs), 2,000 courses, 100,000 applicants and 100,000 contact
// messages, on the SQLite file or on DATABASE_URL. Rows are generated from a fixed seed, so both
// engines get the same ids, text and dates (the scale test compares their search results).
// Usage: npm run seed:scale [-- --posts 20000 --courses 500 --applicants 20000 --messages 20000]
import { pathToFileURL } from "node:url";

import { type Insertable, PostgresAdapter, sql } from "kysely";

import { COURSE_CATEGORY_SLUGS } from "@domain/offers";

import type { DB } from "../api/db/index";
import type { ApplicantsTable, ContactMessagesTable, CoursesTable, PostsTable } from "../api/db/schema";
import { postgresSearch, sqliteSearch } from "../api/lib/search";

export type ScaleSizes = { posts: number; courses: number; applicants: number; messages: number };
export const FULL_SCALE: ScaleSizes = { posts: 50_000, courses: 2_000, applicants: 100_000, messages: 100_000 };

/** A small, fast, seeded generator (mulberry32): the same rows on every run and engine. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SUBJECTS = [
  "bridal makeup",
  "braids",
  "wig making",
  "nail art",
  "skincare routine",
  "portrait photography",
  "fashion illustration",
  "pattern cutting",
  "barbering",
  "hair colouring",
  "lash extensions",
  "brand photography",
  "content calendars",
  "logo design",
  "product shoots",
  "gele tying",
  "ankara tailoring",
  "crochet braids",
  "natural hair care",
  "pedicure",
  "studio lighting",
  "video editing",
  "typography",
  "salon management",
  "client consultations",
  "sewing machines",
  "retouching",
  "dreadlocks",
  "manicure",
  "eyebrow shaping",
  "fragrance",
  "menswear",
];
const OPENERS = [
  "A beginner's guide to",
  "Ten tips for",
  "What we learned about",
  "The business of",
  "Mastering",
  "Why clients love",
  "Trends in",
  "Starting out in",
  "Pricing your",
  "Everything about",
  "Café talk: the truth about",
  "Crème de la crème of",
  "Behind the scenes of",
  "Our graduates on",
];
const PLACES = [
  "Lagos",
  "Abuja",
  "Ibadan",
  "Port Harcourt",
  "Enugu",
  "Kano",
  "Benin City",
  "Abeokuta",
  "Jos",
  "Owerri",
];
const COMPANIES = [
  "Glow Salon",
  "Lagos Spa",
  "Beauty Co",
  "Studio Ọmọ",
  "Nail Bar Ikoyi",
  "Lens House",
  "Thread & Needle",
  "Crown Braids",
  "Pixel Forge",
  "Élan Atelier",
  "Amara Looks",
  "Kettle Media",
];
const JOB_TITLES = [
  "Makeup artist",
  "Junior stylist",
  "Nail technician",
  "Studio photographer",
  "Graphic designer",
  "Tailor",
  "Salon receptionist",
  "Social media manager",
  "Barber",
  "Lash technician",
  "Video editor",
];
const WORDS = (
  "students practise every technique on real clients in our studio with tutors who work in the trade " +
  "each week ends with a review of the portfolio pieces and the business skills a graduate needs " +
  "pricing marketing hygiene consultation lighting colour theory finishing durability aftercare " +
  "booking deposits suppliers equipment safety certificates apprenticeship internship placement"
).split(" ");
const FIRST_NAMES = [
  "Amaka",
  "Tobi",
  "Ngozi",
  "Bola",
  "Chinedu",
  "Aisha",
  "Emeka",
  "Funke",
  "Ifeoma",
  "Kemi",
  "Segun",
  "Zainab",
  "Chiamaka",
  "Tunde",
  "Yetunde",
  "Obinna",
  "Halima",
  "Dayo",
  "Nkechi",
  "Femi",
  "Adaeze",
  "Zoë",
];
const SURNAMES = [
  "Okafor",
  "Adeyemi",
  "Balogun",
  "Eze",
  "Ibrahim",
  "Okonkwo",
  "Adebayo",
  "Nwosu",
  "Olawale",
  "Bello",
  "Chukwu",
  "Danjuma",
  "Ogunleye",
  "Musa",
  "Obi",
  "Ọlájídé",
];

const pick = <T>(r: () => number, list: readonly T[]) => list[Math.floor(r() * list.length)];
const sentence = (r: () => number, n: number) => Array.from({ length: n }, () => pick(r, WORDS)).join(" ");
/** Deterministic 24-hex ids, one range per table (the API's own ids are random; these only need to be unique). */
/**
 * An id of 24 hex characters, unique per table and row. Its first eight vary from row to row as a
 * real id's do (they are an application's reference, api/lib/person-search.ts): ids sharing them
 * would make every seeded applicant answer one reference search.
 */
const idOf = (table: number, i: number) => {
  const mixed = (Math.imul(i + 1, 0x9e3779b1) ^ Math.imul(table, 0x85ebca6b)) >>> 0;
  return `${mixed.toString(16).padStart(8, "0")}${table.toString(16).padStart(4, "0")}${i.toString(16).padStart(12, "0")}`;
};
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Newest first over ten years; every 40th row shares its neighbour's time, so id must break ties. */
const DECADE_MS = 10 * 365 * 24 * 60 * 60 * 1000;
const FIXED_NOW = Date.parse("2026-11-01T00:00:00.000Z");
function stampOf(i: number, count: number) {
  const j = i % 40 === 1 ? i - 1 : i;
  return new Date(FIXED_NOW - DECADE_MS + Math.floor((j * DECADE_MS) / Math.max(count, 1))).toISOString();
}

function postRow(i: number, count: number): Insertable<PostsTable> {
  const r = random(1_000_003 + i);
  const job = i % 3 === 2;
  const subject = pick(r, SUBJECTS);
  const place = pick(r, PLACES);
  const title = job ? `${pick(r, JOB_TITLES)} (${subject}) in ${place} #${i}` : `${pick(r, OPENERS)} ${subject} #${i}`;
  const text = `${capitalise(subject)} in ${place}: ${sentence(r, 40)}.`;
  const at = stampOf(i, count);
  return {
    id: idOf(1, i),
    post_type: job ? "job" : "article",
    title,
    slug: `${title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")}`,
    description: text.slice(0, 160),
    content: `<p>${text}</p><p>${sentence(r, 30)}.</p>`,
    featured_img: "",
    company_cover_img: "",
    company_logo: "",
    logo_accent: "",
    company_name: job ? pick(r, COMPANIES) : "",
    job_type: job ? pick(r, ["Full-time", "Part-time", "Contract"]) : "",
    job_location: job ? place : "",
    application_deadline: job ? "2030-01-31" : null,
    asset_folder: "",
    created_at: at,
    updated_at: at,
    how_to_apply: null,
    salary_min: null,
    salary_max: null,
    job_address: null,
    trashed_at: null,
    trashed_by: null,
    publish_at: null,
  };
}

function courseRow(i: number, count: number): Insertable<CoursesTable> {
  const r = random(2_000_003 + i);
  const subject = pick(r, SUBJECTS);
  const title = `${capitalise(subject)} ${pick(r, ["Foundations", "Masterclass", "Diploma", "Intensive", "Weekend"])} ${i}`;
  const at = stampOf(i, count);
  return {
    id: idOf(2, i),
    title,
    slug: title.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
    tutors: `${pick(r, FIRST_NAMES)} ${pick(r, SURNAMES)}`,
    featured_img: "",
    tag: "",
    tip_color: "",
    content: `<p>${capitalise(subject)}: ${sentence(r, 50)}.</p>`,
    asset_folder: "",
    created_at: at,
    updated_at: at,
    category: pick(r, COURSE_CATEGORY_SLUGS),
    fee: 50_000 + Math.floor(r() * 20) * 10_000,
    duration: "3 months",
    level: null,
    next_start: null,
    trashed_at: null,
    trashed_by: null,
    publish_at: null,
  };
}

function applicantRow(i: number, count: number): Insertable<ApplicantsTable> {
  const r = random(3_000_003 + i);
  const first = pick(r, FIRST_NAMES);
  const last = pick(r, SURNAMES);
  const plain = `${first}.${last}`.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
  return {
    id: idOf(3, i),
    firstname: first,
    lastname: last,
    gender: pick(r, ["female", "male"]),
    dob: "2000-01-01",
    email: `${plain}${i}@example.com`,
    phone: `+234 80${String(i).padStart(8, "0")}`,
    street: `${1 + (i % 200)} Allen Avenue`,
    city: pick(r, PLACES),
    state: "lagos",
    postal_code: "100001",
    course_title: `${capitalise(pick(r, SUBJECTS))} Diploma`,
    course_type: "physical",
    id_cards: "[]",
    parent_consent: "no",
    school_name: "Community High School",
    graduation_year: 2018,
    highest_education: "secondary",
    emergency_fullname: `${pick(r, FIRST_NAMES)} ${last}`,
    emergency_relationship: "parent",
    emergency_phone: "+234 8000000000",
    reg_terms: 1,
    reg_privacy: 1,
    created_at: stampOf(i, count),
  };
}

function messageRow(i: number, count: number): Insertable<ContactMessagesTable> {
  const r = random(4_000_003 + i);
  const first = pick(r, FIRST_NAMES);
  const last = pick(r, SURNAMES);
  return {
    id: idOf(4, i),
    fullname: `${first} ${last}`,
    email: `${first}.${last}${i}@example.org`.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase(),
    phone: `+234 70${String(i).padStart(8, "0")}`,
    issue: 1 + (i % 4),
    message: `About ${pick(r, SUBJECTS)}: ${sentence(r, 25)}.`,
    created_at: stampOf(i, count),
    read_at: null,
    read_by: null,
  };
}

type Table = "posts" | "courses" | "applicants" | "contact_messages";
/** Rows per INSERT on SQLite: under its 32,766 variables at 30 columns. */
const BATCH = 500;
/** Rows per INSERT on PostgreSQL: one array per column (unnest), so the size is not bound by parameters. */
const PG_BATCH = 5_000;

async function grow(db: DB, table: Table, target: number, make: (i: number, count: number) => object) {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .executeTakeFirstOrThrow();
  const have = Number(row.n);
  if (have >= target) return 0;
  if (db.getExecutor().adapter instanceof PostgresAdapter) await growPostgres(db, table, have, target, make);
  else await growSqlite(db, table, have, target, make);
  return target - have;
}

/**
 * SQLite, in one transaction: 500 rows per statement, with the table's own indexes and its
 * search trigger dropped first and put back after from their stored SQL text, the FTS words of
 * the new rows written by one statement (the trigger's own expression, api/lib/search.ts), each
 * index built once by a sort rather than grown row by row.
 */
async function growSqlite(
  db: DB,
  table: Table,
  have: number,
  target: number,
  make: (i: number, count: number) => object,
) {
  const search = sqliteSearch(table);
  await db.transaction().execute(async (trx) => {
    // Indexes a constraint owns (the primary key) have no SQL text and stay.
    const { rows: saved } = await sql<{ type: string; name: string; sql: string }>`select type, name, sql
      from sqlite_master where tbl_name = ${table} and sql is not null
        and (type = 'index' or (type = 'trigger' and name = ${search.insertTrigger}))`.execute(trx);
    for (const item of saved) await sql`${sql.raw(`drop ${item.type}`)} ${sql.ref(item.name)}`.execute(trx);
    const { rows: last } = await sql<{ n: number | null }>`select max(rowid) as n from ${sql.table(table)}`.execute(
      trx,
    );
    for (let from = have; from < target; from += BATCH) {
      const rows = [];
      for (let i = from; i < Math.min(from + BATCH, target); i++) rows.push(make(i, target));
      await trx
        .insertInto(table)
        .values(rows as never)
        .execute();
    }
    await sql`insert into ${sql.table(`${table}_fts`)}(rowid, words)
      select rowid, ${sql.raw(search.words)} from ${sql.table(table)} where rowid > ${last[0]?.n ?? 0}`.execute(trx);
    for (const item of saved) await sql.raw(item.sql).execute(trx);
  });
}

/**
 * PostgreSQL, in one transaction (its DDL is transactional: a failed run leaves the table as it
 * was): 5,000 rows per statement as one array per column (`insert … select … from unnest(…)`),
 * each row's folded search document computed in that statement rather than by the per-row
 * trigger (by the definition the migration uses, api/lib/search.ts), and every index the table
 * has (the GIN search index, the lists' indexes) dropped first and built once at the end from
 * PostgreSQL's own text of its definition: a bulk build is far cheaper than 100,000 single updates
 * of a dozen indexes. Indexes that back a constraint (the primary key, unique ones) stay.
 */
async function growPostgres(
  db: DB,
  table: Table,
  have: number,
  target: number,
  make: (i: number, count: number) => object,
) {
  const search = postgresSearch(table);
  const types = new Map(
    (
      await sql<{ name: string; type: string }>`select attname as name, format_type(atttypid, atttypmod) as type
        from pg_attribute where attrelid = ${table}::regclass and attnum > 0 and not attisdropped`.execute(db)
    ).rows.map((r) => [r.name, r.type]),
  );
  const columns = Object.keys(make(have, target));
  // Every index of the table that no constraint owns (the lists', the search's), as PostgreSQL
  // itself writes its definition: dropped before the load and built again from that text after.
  const indexes = (
    await sql<{
      name: string;
      definition: string;
    }>`select c.relname as name, pg_get_indexdef(i.indexrelid) as definition
      from pg_index i join pg_class c on c.oid = i.indexrelid
      where i.indrelid = ${table}::regclass
        and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)`.execute(db)
  ).rows;
  await db.transaction().execute(async (trx) => {
    await sql.raw(`set local maintenance_work_mem = '256MB'`).execute(trx);
    for (const index of indexes) await sql`drop index ${sql.ref(index.name)}`.execute(trx);
    await sql.raw(`alter table ${table} disable trigger ${search.trigger}`).execute(trx);
    for (let from = have; from < target; from += PG_BATCH) {
      const rows: Record<string, unknown>[] = [];
      for (let i = from; i < Math.min(from + PG_BATCH, target); i++)
        rows.push(make(i, target) as Record<string, unknown>);
      const arrays = columns.map((c) => sql`${rows.map((r) => r[c] ?? null)}::${sql.raw(`${types.get(c)}[]`)}`);
      await sql`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))}, search_folded)
        select u.*, ${sql.raw(search.folded)} from unnest(${sql.join(arrays)}) as u(${sql.join(columns.map((c) => sql.ref(c)))})`.execute(
        trx,
      );
    }
    await sql.raw(`alter table ${table} enable trigger ${search.trigger}`).execute(trx);
    for (const index of indexes) await sql.raw(index.definition).execute(trx);
  });
  // The planner's statistics of the grown table (the words' counts among them, which decide whether
  // a search walks the list newest first or reads its matches: docs/decisions/084): autovacuum
  // would gather them a minute later, while the first requests ran on guesses for an empty table.
  await sql.raw(`analyze ${table}`).execute(db);
}

/** Adds rows until each table holds at least the given number (an existing database grows; nothing is removed). */
export async function seedScale(db: DB, sizes: ScaleSizes) {
  const tables = [
    () => grow(db, "posts", sizes.posts, postRow),
    () => grow(db, "courses", sizes.courses, courseRow),
    () => grow(db, "applicants", sizes.applicants, applicantRow),
    () => grow(db, "contact_messages", sizes.messages, messageRow),
  ];
  // PostgreSQL loads the four tables at once, one connection each, so its work (folding, index
  // builds) runs on every core; SQLite has one writer.
  const [posts, courses, applicants, messages] =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? await Promise.all(tables.map((grow) => grow()))
      : await tables.reduce<Promise<number[]>>(
          async (done, grow) => [...(await done), await grow()],
          Promise.resolve([]),
        );
  return { posts, courses, applicants, messages };
}

function sizesFromArgs(argv: string[]): ScaleSizes {
  const sizes = { ...FULL_SCALE };
  for (const key of Object.keys(sizes) as (keyof ScaleSizes)[]) {
    const at = argv.indexOf(`--${key}`);
    if (at < 0) continue;
    const n = Number(argv[at + 1]);
    if (!Number.isInteger(n) || n < 0) throw new Error(`--${key} needs a whole number`);
    sizes[key] = n;
  }
  return sizes;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { getDb, closeDb } = await import("../api/db/index");
  const sizes = sizesFromArgs(process.argv.slice(2));
  const started = performance.now();
  const added = await seedScale(await getDb(), sizes);
  await closeDb();
  console.log(`added ${JSON.stringify(added)} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
