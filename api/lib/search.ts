import { type Expression, type Kysely, PostgresAdapter, type RawBuilder, sql, type SqlBool } from "kysely";

import { COURSE_CATEGORIES } from "@domain/offers";

import type { Database } from "../db/schema";
import { personMatch } from "./person-search";

// The database as the migrations hand it over too: typed from the schema, not from api/db/index.ts,
// which runs the migrations that import this module.
type DB = Kysely<Database>;

// Search through an index, the same on SQLite and PostgreSQL (docs/decisions/027-keyset-paging-search-sitemap.md).
// Both engines fold text with one character table (case, accents, typographic punctuation) and
// cut it into words at ASCII punctuation and spaces; SQLite keeps the words in an FTS5 table,
// PostgreSQL in a GIN index over the same words cast to tsvector (no parser, no dictionary, so
// nothing depends on the server's locale). A search matches rows where every word of the query
// begins a word of the row; a query of several words or with punctuation must also appear as
// typed (folded) in the row, as before the index ("lagos spa", "100%"). Rows whose title holds
// the query come first, then newest first.

/** Each character on the left is read as the one on the right; everything else is kept as is. */
const FOLD_PAIRS: [string, string][] = (() => {
  const pairs: [string, string][] = [];
  for (let c = 65; c <= 90; c++) pairs.push([String.fromCharCode(c), String.fromCharCode(c + 32)]);
  const ranges = [
    [0xc0, 0x24f],
    [0x1e00, 0x1eff],
  ];
  for (const [from, to] of ranges)
    for (let c = from; c <= to; c++) {
      const ch = String.fromCharCode(c);
      const plain = ch.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
      if (/^[a-z]$/.test(plain) && plain !== ch) pairs.push([ch, plain]);
    }
  for (const [from, plain] of [
    ["øØ", "o"],
    ["đĐ", "d"],
    ["łŁ", "l"],
    ["ħĦ", "h"],
    ["‘’ʼ", "'"],
    ["“”", '"'],
    ["–—", "-"],
    ["\u00a0\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u202f\u205f\u3000", " "],
  ])
    for (const ch of from) pairs.push([ch, plain]);
  return pairs;
})();
const FOLD_MAP = new Map(FOLD_PAIRS);

/** Lower case without accents, by the table both engines share. */
export function fold(text: string) {
  let out = "";
  for (const ch of text) out += FOLD_MAP.get(ch) ?? ch;
  return out;
}

/** ASCII punctuation and control characters end a word; longer words than this are left out of the index. */
// eslint-disable-next-line no-control-regex -- control characters end a word, as on PostgreSQL
const SEPARATORS = /[\x00-\x2f\x3a-\x40\x5b-\x60\x7b-\x7f]+/g;
const SEPARATORS_PG = "[\\x01-\\x2f\\x3a-\\x40\\x5b-\\x60\\x7b-\\x7f]+";
const MAX_WORD = 60;

/** The words of a text, folded, one space between them: what the index holds. */
export function wordsOf(text: string) {
  return fold(text)
    .replace(SEPARATORS, " ")
    .split(" ")
    .filter((w) => w && w.length <= MAX_WORD)
    .join(" ");
}

/** Rich text's tags are not words (course content); both engines drop them the same way. */
export function stripTags(html: string) {
  return html.replace(/<[^>]*>/g, " ");
}

type Searchable = "posts" | "courses" | "applicants" | "contact_messages";

/**
 * What each table is searched by, as one SQL text expression per table (fields separated by a
 * line break, so a typed phrase never spans two fields). The title comes first: its hits rank first.
 */
const DOCUMENTS: Record<Searchable, { title: string; rest: string }> = {
  posts: { title: "title", rest: "description || char(10) || company_name || char(10) || job_location" },
  courses: {
    title: "title",
    rest: "tutors || char(10) || coalesce(category, '') || char(10) || academy_strip_tags(content)",
  },
  applicants: {
    title: "firstname || ' ' || lastname",
    rest: "email || char(10) || phone || char(10) || academy_digits(phone) || char(10) || course_title",
  },
  contact_messages: {
    title: "fullname",
    rest: "email || char(10) || phone || char(10) || academy_digits(phone) || char(10) || message",
  },
};

/** The columns each document reads: a write to any other (trash, read, status) leaves the index alone. */
const COLUMNS: Record<Searchable, string[]> = {
  posts: ["title", "description", "company_name", "job_location"],
  courses: ["title", "tutors", "category", "content"],
  applicants: ["firstname", "lastname", "email", "phone", "course_title"],
  contact_messages: ["fullname", "email", "phone", "message"],
};
const ofNewRow = (expression: string) =>
  expression.replace(new RegExp(`\\b(${[...new Set(Object.values(COLUMNS).flat())].join("|")})\\b`, "g"), "new.$1");

const documentOf = (table: Searchable, pg: boolean) => {
  const d = DOCUMENTS[table];
  const text = `${d.title} || char(10) || ${d.rest}`;
  return pg ? text.replace(/char\(10\)/g, "E'\\n'") : text;
};

const isPostgres = (db: { getExecutor(): { adapter: unknown } }) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * PostgreSQL: a row's folded document, as SQL over its column names (what the trigger stores in
 * search_folded; the stored words follow from it). A bulk load (scripts/seed-scale.ts) computes it
 * in its INSERT with the trigger off, and builds the GIN index once at the end.
 */
export const postgresSearch = (table: Searchable) => ({
  folded: `academy_fold(${documentOf(table, true)})`,
  trigger: `${table}_search_fold`,
});

/**
 * PostgreSQL: each row's words as a stored tsvector, computed from search_folded when the row is
 * written (a generated column: it follows the trigger that sets search_folded), and the GIN index
 * over it. Before migration 0038 the index held the expression and a search computed
 * `academy_split(search_folded)::tsvector` again for every row it checked (three regular
 * expressions, ≈ 30 µs a row), and the planner had no statistics of the words: a list walked
 * newest first could not afford to check rows, so a common word read every match
 * (docs/decisions/084-stored-search-words-and-bounded-pipeline-counts.md).
 */
export async function storeSearchWords(db: DB | import("kysely").Kysely<unknown>) {
  if (!isPostgres(db)) return;
  for (const table of Object.keys(DOCUMENTS) as Searchable[]) {
    await sql
      .raw(
        `alter table ${table} add column search_words tsvector
           generated always as (academy_split(search_folded)::tsvector) stored`,
      )
      .execute(db);
    await sql.raw(`drop index ${table}_search`).execute(db);
    await sql.raw(`create index ${table}_search on ${table} using gin (search_words)`).execute(db);
  }
}

/**
 * SQLite: a row's words, as SQL over its column names (what the FTS table holds), and the name of
 * the trigger that adds them on insert. A bulk load (scripts/seed-scale.ts) drops that trigger and
 * fills the FTS table once from these same definitions.
 */
export const sqliteSearch = (table: Searchable) => ({
  words: `academy_words(${documentOf(table, false)})`,
  insertTrigger: `${table}_fts_insert`,
});

/**
 * PostgreSQL's academy_fold: the fold table as translate() calls. translate() compares each
 * character of the text with its whole table (some 700 characters), so only ASCII A–Z goes
 * through the text that way; the other characters the text holds are found first (a regular
 * expression), each folded alone through the whole table, and the text translated by those few.
 * The result is the table's, character for character. IMMUTABLE: the result depends on the
 * argument only, so an index may hold it.
 */
export function foldFunctionSql() {
  const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;
  const from = FOLD_PAIRS.map(([a]) => a).join("");
  const to = FOLD_PAIRS.map(([, b]) => b).join("");
  const upper = "'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz'";
  return `create or replace function academy_fold(t text) returns text language sql immutable parallel safe
    as $$ select case when t ~ '^[\x01-\x7f]*$' then translate(t, ${upper})
      else (select translate(translate(t, ${upper}), coalesce(string_agg(c, ''), ''),
                    coalesce(string_agg(translate(c, ${lit(from)}, ${lit(to)}), ''), ''))
            from (select distinct m[1] as c from regexp_matches(t, '[^\x01-\x7f]', 'g') as m) as present)
      end $$`;
}

/** The SQL functions and index structures; run by migration 0008 (and nothing else). */
export async function createSearchIndexes(db: DB | import("kysely").Kysely<unknown>) {
  const pg = isPostgres(db);
  if (pg) {
    await sql.raw(foldFunctionSql()).execute(db);
    // Words of text already folded: ASCII punctuation and spaces end a word; overlong words are left out.
    await sql
      .raw(
        `create or replace function academy_split(t text) returns text language sql immutable parallel safe
         as $$ select trim(regexp_replace(regexp_replace(' ' || regexp_replace(t, '${SEPARATORS_PG}', ' ', 'g') || ' ',
           ' [^ ]{${MAX_WORD + 1},}(?= )', ' ', 'g'), ' +', ' ', 'g')) $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create or replace function academy_strip_tags(t text) returns text language sql immutable parallel safe
         as $$ select regexp_replace(t, '<[^>]*>', ' ', 'g') $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create or replace function academy_digits(t text) returns text language sql immutable parallel safe
         as $$ select regexp_replace(t, '[^0-9]', '', 'g') $$`,
      )
      .execute(db);
    // Each row keeps its document folded (search_folded), set by a trigger on every write of a
    // searched column: translate() with the whole table is slow, so it runs once per write, not
    // once per row and query; the GIN index and the phrase and title checks read the column.
    for (const table of Object.keys(DOCUMENTS) as Searchable[]) {
      await sql.raw(`alter table ${table} add column search_folded text`).execute(db);
      await sql
        .raw(
          `create or replace function ${table}_search_fold() returns trigger language plpgsql as $$
           begin new.search_folded := academy_fold(${ofNewRow(documentOf(table, true))}); return new; end $$`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger ${table}_search_fold before insert or update of ${COLUMNS[table].join(", ")} on ${table}
           for each row execute function ${table}_search_fold()`,
        )
        .execute(db);
      await sql.raw(`update ${table} set search_folded = ${postgresSearch(table).folded}`).execute(db);
      // The index as this migration made it; 0038 replaces it with one on the stored words (`storeSearchWords`).
      await sql
        .raw(`create index ${table}_search on ${table} using gin ((academy_split(search_folded)::tsvector))`)
        .execute(db);
    }
    return;
  }
  for (const table of Object.keys(DOCUMENTS) as Searchable[]) {
    const { words } = sqliteSearch(table);
    // Its own copy of the words, keyed by the row's rowid; triggers keep it current on every write.
    await sql.raw(`create virtual table ${table}_fts using fts5(words, tokenize = 'ascii')`).execute(db);
    await sql.raw(`insert into ${table}_fts(rowid, words) select rowid, ${words} from ${table}`).execute(db);
    await sql
      .raw(
        `create trigger ${table}_fts_insert after insert on ${table} begin
           insert into ${table}_fts(rowid, words) values (new.rowid, ${ofNewRow(words)});
         end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_fts_delete after delete on ${table} begin
           delete from ${table}_fts where rowid = old.rowid;
         end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_fts_update after update of ${COLUMNS[table].join(", ")} on ${table} begin
           delete from ${table}_fts where rowid = old.rowid;
           insert into ${table}_fts(rowid, words) values (new.rowid, ${ofNewRow(words)});
         end`,
      )
      .execute(db);
  }
}

/** The SQLite side of the shared functions, registered on every connection before first use. */
export function registerSqliteSearch(sqlite: import("better-sqlite3").Database) {
  const opts = { deterministic: true };
  const text = (v: unknown) => (v === null || v === undefined ? "" : String(v));
  sqlite.function("academy_fold", opts, (t: unknown) => fold(text(t)));
  sqlite.function("academy_words", opts, (t: unknown) => wordsOf(text(t)));
  sqlite.function("academy_strip_tags", opts, (t: unknown) => stripTags(text(t)));
  sqlite.function("academy_digits", opts, (t: unknown) => text(t).replace(/[^0-9]/g, ""));
}

export type SearchQuery = { words: string[]; phrase: string | null; folded: string };

/** The query as the index reads it; `phrase` is set when the words alone do not say it all. */
export function searchQuery(search: string): SearchQuery {
  const folded = fold(search.trim()).replace(/\s+/g, " ");
  const words = wordsOf(folded).split(" ").filter(Boolean);
  const phrase = words.length === 1 && words[0] === folded ? null : folded;
  return { words, phrase, folded };
}

/**
 * The condition "matches the search" on a table, through its index. A query with no word at all
 * (only punctuation) matches nothing: it could only be answered by reading every row.
 */
export function matchesSearch(
  db: DB,
  table: Searchable,
  search: string,
  byCategory = true,
  /** SQLite: the word index as a filter on rows read in another order (see `manyMatchOnSqlite`). */
  asFilter = false,
): Expression<SqlBool> {
  // A reference or a phone number: one indexed condition of its own (api/lib/person-search.ts).
  const person = personMatch(table, search);
  if (person) return person;
  const q = searchQuery(search);
  if (q.words.length === 0) return sql<SqlBool>`1 = 0`;
  const own = matchesOwnWords(db, table, q, asFilter);
  // A course is also found by its category's name and words (domain/offers.ts), through the
  // category list's index: "braiding" finds every hairdressing course. Within one category
  // (`byCategory` false) that would find all of it, so only the courses' own words count there.
  const categories = table === "courses" && byCategory ? categoriesMatching(q) : [];
  return categories.length
    ? sql<SqlBool>`(${own} or category in (${sql.join(categories.map((c) => sql`${c}`))}))`
    : own;
}

/** The categories whose name or words hold every word of the query (each beginning a word), and its phrase. */
export function categoriesMatching(q: SearchQuery): string[] {
  return COURSE_CATEGORIES.filter((c) => {
    const text = wordsOf(`${c.name} ${c.about}`);
    const words = text.split(" ");
    const phraseOk = !q.phrase || fold(`${c.name} ${c.about}`).includes(q.phrase) || text.includes(q.phrase);
    return phraseOk && q.words.every((w) => words.some((word) => word.startsWith(w)));
  }).map((c) => c.slug);
}

/** The FTS5 query of a search's words: each begins a word of the row. */
const ftsMatch = (q: SearchQuery) => q.words.map((w) => `"${w}"*`).join(" AND ");

/** Past this many matches, a word is common enough that reading rows by key finds the newest matches sooner. */
const MANY_MATCHES = 4000;

/**
 * SQLite: whether the search's words match more than MANY_MATCHES rows, counted in the word index
 * alone (its own lists of row numbers, no row read), at most that many counted. SQLite's planner
 * has no counts of words: told nothing, it reads every match and sorts them, which for a word in
 * half the rows reads half the table. For such a word a list reads its index newest first and
 * keeps the matching rows instead (docs/decisions/073-flat-on-postgresql-too.md). PostgreSQL's
 * planner knows the words' frequencies (its statistics of the GIN index's expression) and chooses
 * itself: false there.
 */
export async function manyMatchOnSqlite(db: DB, table: Searchable, search: string) {
  if (isPostgres(db) || personMatch(table, search)) return false;
  const q = searchQuery(search);
  if (q.words.length === 0) return false;
  const fts = sql.table(`${table}_fts`);
  const { rows } = await sql<{
    n: number;
  }>`select count(*) as n from (select rowid from ${fts} where ${fts} match ${ftsMatch(q)} limit ${MANY_MATCHES + 1})`.execute(
    db,
  );
  return Number(rows[0]?.n ?? 0) > MANY_MATCHES;
}

function matchesOwnWords(db: DB, table: Searchable, q: SearchQuery, asFilter = false): Expression<SqlBool> {
  const pg = isPostgres(db);
  const doc = sql.raw(documentOf(table, pg));
  let indexed: RawBuilder<SqlBool>;
  if (pg) {
    const tsquery = q.words.map((w) => `'${w}':*`).join(" & ");
    indexed = sql<SqlBool>`(search_words @@ ${tsquery}::tsquery)`;
  } else {
    // `+rowid` keeps the planner from reading rows by the matches' row numbers: the rows come in
    // the list index's order and the matches are a set they are checked against.
    const rowid = sql.raw(asFilter ? "+rowid" : "rowid");
    indexed = sql<SqlBool>`(${rowid} in (select rowid from ${sql.table(`${table}_fts`)} where ${sql.table(`${table}_fts`)} match ${ftsMatch(q)}))`;
  }
  if (!q.phrase) return indexed;
  const position = pg ? sql`strpos(search_folded, ${q.phrase})` : sql`instr(academy_fold(${doc}), ${q.phrase})`;
  return sql<SqlBool>`(${indexed} and ${position} > 0)`;
}

/**
 * The columns `titleRank` reads: a search's candidates (api/lib/query.ts) carry them, so the rank
 * is computed over the candidates alone.
 */
export function titleColumns(db: DB, table: Searchable): string[] {
  if (isPostgres(db)) return ["search_folded"];
  return table === "applicants" ? ["firstname", "lastname"] : table === "contact_messages" ? ["fullname"] : ["title"];
}

/**
 * SQLite: a text folded, without calling into JavaScript when it is ASCII (as many characters as
 * bytes): there the fold table only lowers A–Z, which SQLite's lower() does alike. A call per row
 * was most of a common word's search (docs/decisions/073-flat-on-postgresql-too.md).
 */
const foldedOnSqlite = (text: RawBuilder<unknown>) =>
  sql`(case when length(${text}) = length(cast(${text} as blob)) then lower(${text}) else academy_fold(${text}) end)`;

/** 0 when the title holds the query (folded), 1 otherwise: the first sort key of a search. */
export function titleRank(db: DB, table: Searchable, search: string) {
  const q = searchQuery(search);
  const pg = isPostgres(db);
  const title = sql.raw(DOCUMENTS[table].title);
  // On PostgreSQL the title is the folded document's first line.
  return pg
    ? sql<number>`(case when strpos(split_part(search_folded, E'\n', 1), ${q.folded}) > 0 then 0 else 1 end)`
    : sql<number>`(case when instr(${foldedOnSqlite(title)}, ${q.folded}) > 0 then 0 else 1 end)`;
}
