import type { Migration, MigrationProvider } from "kysely";
import { type Kysely, PostgresAdapter, sql } from "kysely";

import { createSearchIndexes, foldFunctionSql, storeSearchWords } from "../lib/search";
import { rawDriver } from "./driver";
import { courseTypesFromDuration, phonesToE164, savedFormKeysFromFields } from "./people-migrations";

// Versioned migrations, applied in name order at start. Only portable SQL: the same
// statements run on SQLite and PostgreSQL. Never edit a shipped migration; add a new one.
const migrations: Record<string, Migration> = {
  "0001_initial": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("users")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("email", "text", (c) => c.notNull().unique())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("password_hash", "text", (c) => c.notNull())
        .addColumn("is_demo", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("sessions")
        .addColumn("id_hash", "text", (c) => c.primaryKey())
        .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("persistent", "integer", (c) => c.notNull())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("sessions_user").on("sessions").column("user_id").execute();

      await db.schema
        .createTable("password_resets")
        .addColumn("token_hash", "text", (c) => c.primaryKey())
        .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("expires_at", "text", (c) => c.notNull())
        .addColumn("used_at", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("courses")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("title", "text", (c) => c.notNull())
        .addColumn("slug", "text", (c) => c.notNull().unique())
        .addColumn("tutors", "text", (c) => c.notNull())
        .addColumn("featured_img", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("tag", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("tip_color", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("content", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("asset_folder", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("courses_created").on("courses").column("created_at").execute();

      await db.schema
        .createTable("posts")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("post_type", "text", (c) => c.notNull().check(sqlIn("post_type", ["article", "job"])))
        .addColumn("title", "text", (c) => c.notNull())
        .addColumn("slug", "text", (c) => c.notNull().unique())
        .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("content", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("featured_img", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("company_cover_img", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("company_logo", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("logo_accent", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("company_name", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("job_type", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("job_location", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("application_deadline", "text")
        .addColumn("asset_folder", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("posts_type_created").on("posts").columns(["post_type", "created_at"]).execute();
      await db.schema.createIndex("posts_created").on("posts").column("created_at").execute();

      await db.schema
        .createTable("drafts")
        .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("post_type", "text", (c) => c.notNull().check(sqlIn("post_type", ["article", "job", "course"])))
        .addColumn("data", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("drafts_pk", ["user_id", "post_type"])
        .execute();

      await db.schema
        .createTable("contact_messages")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("fullname", "text", (c) => c.notNull())
        .addColumn("email", "text", (c) => c.notNull())
        .addColumn("phone", "text", (c) => c.notNull())
        .addColumn("issue", "integer", (c) => c.notNull())
        .addColumn("message", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("contact_created").on("contact_messages").column("created_at").execute();

      await db.schema
        .createTable("applicants")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("firstname", "text", (c) => c.notNull())
        .addColumn("lastname", "text", (c) => c.notNull())
        .addColumn("gender", "text", (c) => c.notNull())
        .addColumn("dob", "text", (c) => c.notNull())
        .addColumn("email", "text", (c) => c.notNull())
        .addColumn("phone", "text", (c) => c.notNull())
        .addColumn("street", "text", (c) => c.notNull())
        .addColumn("city", "text", (c) => c.notNull())
        .addColumn("state", "text", (c) => c.notNull())
        .addColumn("postal_code", "text", (c) => c.notNull())
        .addColumn("course_title", "text", (c) => c.notNull())
        .addColumn("course_type", "text", (c) => c.notNull())
        .addColumn("id_cards", "text", (c) => c.notNull())
        .addColumn("parent_consent", "text", (c) => c.notNull())
        .addColumn("school_name", "text", (c) => c.notNull())
        .addColumn("graduation_year", "integer", (c) => c.notNull())
        .addColumn("highest_education", "text", (c) => c.notNull())
        .addColumn("emergency_fullname", "text", (c) => c.notNull())
        .addColumn("emergency_relationship", "text", (c) => c.notNull())
        .addColumn("emergency_phone", "text", (c) => c.notNull())
        .addColumn("reg_terms", "integer", (c) => c.notNull())
        .addColumn("reg_privacy", "integer", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("applicants_created").on("applicants").column("created_at").execute();

      await db.schema
        .createTable("private_files")
        .addColumn("public_id", "text", (c) => c.primaryKey())
        .addColumn("applicant_id", "text", (c) => c.references("applicants.id").onDelete("cascade"))
        .addColumn("file_group", "text", (c) => c.notNull())
        .addColumn("original_name", "text", (c) => c.notNull())
        .addColumn("content_type", "text", (c) => c.notNull())
        .addColumn("size", "integer", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("private_files_applicant").on("private_files").column("applicant_id").execute();
    },
  },
  // docs/decisions/017-revisions-and-audit.md: revisions, who created and last changed each item, last sign-in,
  // the applicant pipeline. Added columns are nullable or defaulted, so existing rows stay valid;
  // one column per ALTER, as SQLite adds only one at a time. No foreign key to users for the
  // "who" columns: removing a staff account must not remove or block the content they wrote.
  "0002_lifeb_revisions_and_pipeline": {
    async up(db: Kysely<unknown>) {
      for (const table of ["courses", "posts"]) {
        await db.schema.alterTable(table).addColumn("created_by", "text").execute();
        await db.schema.alterTable(table).addColumn("updated_by", "text").execute();
      }
      await db.schema.alterTable("users").addColumn("last_login_at", "text").execute();

      await db.schema
        .createTable("revisions")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("item_type", "text", (c) => c.notNull().check(sqlIn("item_type", ["course", "article", "job"])))
        .addColumn("item_id", "text", (c) => c.notNull())
        .addColumn("version", "integer", (c) => c.notNull())
        .addColumn("title", "text", (c) => c.notNull())
        .addColumn("data", "text", (c) => c.notNull())
        .addColumn("made_by", "text")
        .addColumn("made_at", "text", (c) => c.notNull())
        .addColumn("replaced_by", "text")
        .addColumn("replaced_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("revisions_item_version")
        .unique()
        .on("revisions")
        .columns(["item_type", "item_id", "version"])
        .execute();

      await db.schema
        .alterTable("applicants")
        .addColumn("status", "text", (c) =>
          c
            .notNull()
            .defaultTo("new")
            .check(sqlIn("status", ["new", "contacted", "paid", "enrolled", "declined"])),
        )
        .execute();
      await db.schema.alterTable("applicants").addColumn("status_changed_by", "text").execute();
      await db.schema.alterTable("applicants").addColumn("status_changed_at", "text").execute();
      await db.schema.createIndex("applicants_status").on("applicants").column("status").execute();

      await db.schema
        .createTable("applicant_notes")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("applicant_id", "text", (c) => c.notNull().references("applicants.id").onDelete("cascade"))
        .addColumn("author_id", "text")
        .addColumn("body", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("applicant_notes_applicant")
        .on("applicant_notes")
        .columns(["applicant_id", "created_at"])
        .execute();
    },
  },
  // docs/decisions/016-trash-and-scheduling.md: the trash (who moved an item there and when) and scheduled
  // publishing (not public before publish_at). Nullable columns: existing rows stay public.
  // One column per ALTER, as SQLite adds only one at a time.
  "0003_lifea_trash_and_schedule": {
    async up(db: Kysely<unknown>) {
      for (const table of ["courses", "posts"]) {
        await db.schema.alterTable(table).addColumn("trashed_at", "text").execute();
        await db.schema.alterTable(table).addColumn("trashed_by", "text").execute();
        await db.schema.alterTable(table).addColumn("publish_at", "text").execute();
        await db.schema.createIndex(`${table}_trashed`).on(table).column("trashed_at").execute();
      }
    },
  },
  // docs/decisions/019-course-and-job-offers.md: what a course and a job offer. Nullable: items published
  // before keep working, and show only what they have.
  "0004_peoplecontent_offers": {
    async up(db: Kysely<unknown>) {
      for (const [column, type] of [
        ["category", "text"],
        ["fee", "integer"],
        ["duration", "text"],
        ["level", "text"],
        ["next_start", "text"],
      ] as const) {
        await db.schema.alterTable("courses").addColumn(column, type).execute();
      }
      await db.schema
        .createIndex("courses_category_created")
        .on("courses")
        .columns(["category", "created_at"])
        .execute();
      for (const [column, type] of [
        ["how_to_apply", "text"],
        ["salary_min", "integer"],
        ["salary_max", "integer"],
        ["job_address", "text"],
      ] as const) {
        await db.schema.alterTable("posts").addColumn(column, type).execute();
      }
    },
  },
  // Several instances on one PostgreSQL: originals shared in the database, and the settings they
  // must agree on (docs/deploy.md). The binary column is the one type that differs by database.
  "0005_scaleout_files_and_instance_settings": {
    async up(db: Kysely<unknown>) {
      const binary = db.getExecutor().adapter instanceof PostgresAdapter ? sql`bytea` : sql`blob`;
      await db.schema
        .createTable("files")
        .addColumn("key", "text", (c) => c.primaryKey())
        .addColumn("content", binary, (c) => c.notNull())
        .addColumn("size", "integer", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("instance_settings")
        .addColumn("name", "text", (c) => c.primaryKey())
        .addColumn("value", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
    },
  },
  // docs/product.md §4: read and unread in the staff inbox. Shared by the team (one academy inbox): a
  // message one staff member has read is read for all. Null means new.
  "0006_contact_read": {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("contact_messages").addColumn("read_at", "text").execute();
      await db.schema.alterTable("contact_messages").addColumn("read_by", "text").execute();
    },
  },
  // Originals streamed in and out (docs/deploy.md): each file's bytes as fixed-size chunks in
  // `file_chunks`, so neither a download nor a write holds a whole file in one value; `files`
  // keeps one row per file (key, size, created_at). Existing contents are cut into chunks by the
  // database itself (substr and length count bytes of a blob/bytea on both), one chunk number at
  // a time, never read into this process; then the old column goes, so both databases end in
  // the same shape (SQLite drops a column since 3.35).
  "0007_stream_file_chunks": {
    async up(db: Kysely<unknown>) {
      const binary = db.getExecutor().adapter instanceof PostgresAdapter ? sql`bytea` : sql`blob`;
      await db.schema
        .createTable("file_chunks")
        .addColumn("key", "text", (c) => c.notNull().references("files.key").onDelete("cascade"))
        .addColumn("seq", "integer", (c) => c.notNull())
        .addColumn("content", binary, (c) => c.notNull())
        .addPrimaryKeyConstraint("file_chunks_pk", ["key", "seq"])
        .execute();
      // The chunk size of api/storage/originals.ts when this was written; readers go by seq and
      // the row's size, not by a fixed size, so a later change of FILE_CHUNK_BYTES needs no move.
      const size = 256 * 1024;
      for (let seq = 0; ; seq++) {
        const moved = await sql`
          insert into file_chunks (key, seq, content)
          select key, ${sql.lit(seq)}, substr(content, ${sql.lit(seq * size + 1)}, ${sql.lit(size)})
          from files where length(content) > ${sql.lit(seq * size)}`.execute(db);
        if (!Number(moved.numAffectedRows ?? 0)) break;
      }
      await db.schema.alterTable("files").dropColumn("content").execute();
    },
  },
  // A registration through the original API names its course by title (docs/product.md §7): the
  // lookup of a published course by exact title uses an index, not a scan of every course.
  "0008_course_title_index": {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex("courses_title").on("courses").column("title").execute();
    },
  },
  // Each address's share of the space for files waiting for their form (docs/security.md): the
  // uploader's key (api/client-ip.ts clientKey), kept only while the file is unclaimed.
  "0009_unclaimed_files_by_client": {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("private_files").addColumn("client_key", "text").execute();
      await db.schema.createIndex("private_files_client").on("private_files").column("client_key").execute();
    },
  },
  // Lists page by key (sort date, then id) and search through an index, so a deep page or a
  // search costs what the first page costs (docs/decisions/027-keyset-paging-search-sitemap.md).
  // Each list's index carries the columns its filter reads, so a page's ids come from the index
  // alone; the search structures differ by engine (FTS5 tables kept by triggers on SQLite, GIN
  // expression indexes on PostgreSQL) over the same folded words (api/lib/search.ts).
  "0010_keyset_and_search": {
    async up(db: Kysely<unknown>) {
      const lists: [string, string, string[]][] = [
        ["posts_list", "posts", ["created_at", "id", "post_type", "trashed_at", "publish_at"]],
        ["posts_type_list", "posts", ["post_type", "created_at", "id", "trashed_at", "publish_at"]],
        ["posts_sitemap", "posts", ["id", "trashed_at", "publish_at", "post_type", "slug", "updated_at"]],
        ["courses_sitemap", "courses", ["id", "trashed_at", "publish_at", "slug", "updated_at"]],
        ["courses_list", "courses", ["created_at", "id", "trashed_at", "publish_at"]],
        ["courses_category_list", "courses", ["category", "created_at", "id", "trashed_at", "publish_at"]],
        ["applicants_list", "applicants", ["created_at", "id"]],
        ["applicants_status_list", "applicants", ["status", "created_at", "id"]],
        ["applicants_course_list", "applicants", ["course_title", "created_at", "id"]],
        ["contact_list", "contact_messages", ["created_at", "id"]],
        ["contact_unread_list", "contact_messages", ["read_at", "created_at", "id"]],
      ];
      for (const [name, table, columns] of lists)
        await db.schema.createIndex(name).on(table).columns(columns).execute();
      await createSearchIndexes(db);
    },
  },
  // The trash and the schedule page by key, (trashed_at, id) and (publish_at, id), like every
  // other list; and PostgreSQL's academy_fold reads a text with accents in one pass over the
  // characters it holds rather than one per character of the fold table (the same result, so no
  // stored document changes) (docs/decisions/029-every-list-by-key-and-fast-exports.md).
  "0011_scale_keys_and_faster_fold": {
    async up(db: Kysely<unknown>) {
      for (const table of ["courses", "posts"]) {
        await db.schema.createIndex(`${table}_trash_list`).on(table).columns(["trashed_at", "id"]).execute();
        await db.schema.createIndex(`${table}_schedule_list`).on(table).columns(["publish_at", "id"]).execute();
      }
      if (db.getExecutor().adapter instanceof PostgresAdapter) await sql.raw(foldFunctionSql()).execute(db);
    },
  },
  // Staff roles, invitations, two-factor sign-in and the security log (docs/decisions/031-staff-roles.md,
  // 032-two-factor-sign-in.md). Accounts made before roles could do everything: they become Admins.
  // A session opened by a password alone, for an account with two-factor on, waits for its code
  // (pending_second_factor = 1) and opens nothing else. The log has no foreign keys: it outlives
  // the accounts it names, and it is only ever appended to (and purged after a year).
  "0012_staff_roles_two_factor_log": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable("users")
        .addColumn("role", "text", (c) => c.notNull().defaultTo("admin"))
        .execute();
      await db.schema.alterTable("users").addColumn("deactivated_at", "text").execute();
      await db.schema.alterTable("users").addColumn("totp_secret", "text").execute();
      await db.schema.alterTable("users").addColumn("totp_pending_secret", "text").execute();
      await db.schema.alterTable("users").addColumn("totp_enabled_at", "text").execute();
      await db.schema.alterTable("users").addColumn("totp_last_step", "integer").execute();
      await db.schema
        .alterTable("sessions")
        .addColumn("pending_second_factor", "integer", (c) => c.notNull().defaultTo(0))
        .execute();

      await db.schema
        .createTable("recovery_codes")
        .addColumn("code_hash", "text", (c) => c.primaryKey())
        .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("used_at", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("recovery_codes_user").on("recovery_codes").column("user_id").execute();

      await db.schema
        .createTable("staff_invitations")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("email", "text", (c) => c.notNull())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("role", "text", (c) => c.notNull())
        .addColumn("token_hash", "text", (c) => c.notNull().unique())
        .addColumn("invited_by", "text")
        .addColumn("expires_at", "text", (c) => c.notNull())
        .addColumn("accepted_at", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("staff_invitations_email").on("staff_invitations").column("email").execute();

      await db.schema
        .createTable("security_log")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("at", "text", (c) => c.notNull())
        .addColumn("event", "text", (c) => c.notNull())
        .addColumn("actor_id", "text")
        .addColumn("subject_id", "text")
        .addColumn("reason", "text")
        .addColumn("ip", "text")
        .addColumn("user_agent", "text")
        .execute();
      for (const [name, columns] of [
        ["security_log_at", ["at", "id"]],
        ["security_log_actor", ["actor_id", "at", "id"]],
        ["security_log_subject", ["subject_id", "at", "id"]],
        ["security_log_event", ["event", "at", "id"]],
      ] as const)
        await db.schema
          .createIndex(name)
          .on("security_log")
          .columns([...columns])
          .execute();
    },
  },
  // Data protection by design (docs/decisions/033-consent-versions-and-minors.md,
  // 034-retention-and-rights.md): the consent versions a registration accepted; the guardian of
  // an applicant under 18 and their confirmation (the link's token kept as a hash only); when an
  // applicant last changed, when its files were deleted and when it was anonymised (the retention
  // schedule reads them); the mails sent about an applicant (so a person's data can be found and
  // erased); the register of people's requests; and the daily jobs' runs, one row per job and day,
  // whose primary key lets exactly one instance run each day's job.
  "0013_privacy_consent_guardian_retention": {
    async up(db: Kysely<unknown>) {
      for (const [column, type] of [
        ["consents", "text"],
        ["consented_at", "text"],
        ["guardian_name", "text"],
        ["guardian_relationship", "text"],
        ["guardian_phone", "text"],
        ["guardian_email", "text"],
        ["guardian_token_hash", "text"],
        ["guardian_confirmed_at", "text"],
        ["updated_at", "text"],
        ["files_deleted_at", "text"],
        ["anonymised_at", "text"],
      ] as const) {
        await db.schema.alterTable("applicants").addColumn(column, type).execute();
      }
      // Rows from before count as changed when they were made or last moved in the pipeline.
      await sql`update applicants set updated_at = coalesce(status_changed_at, created_at)`.execute(db);
      await db.schema.createIndex("applicants_updated").on("applicants").columns(["updated_at", "id"]).execute();
      await db.schema.createIndex("applicants_guardian_token").on("applicants").column("guardian_token_hash").execute();
      // A person is found by e-mail however it is cased, and by phone however it is written
      // (phone_key: the national form api/limits.ts personKey.phone gives, filled here by SQL).
      for (const table of ["applicants", "contact_messages"]) {
        await db.schema.alterTable(table).addColumn("phone_key", "text").execute();
        await sql`update ${sql.table(table)} set phone_key = ${phoneKeySql(sql`academy_digits(phone)`)}`.execute(db);
        await db.schema.createIndex(`${table}_phone_key`).on(table).column("phone_key").execute();
        await db.schema
          .createIndex(`${table}_email_lower`)
          .on(table)
          .expression(sql`lower(email)`)
          .execute();
      }

      await db.schema
        .createTable("applicant_mails")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("applicant_id", "text", (c) => c.notNull().references("applicants.id").onDelete("cascade"))
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("recipient", "text", (c) => c.notNull())
        .addColumn("subject", "text", (c) => c.notNull())
        .addColumn("sent_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("applicant_mails_applicant").on("applicant_mails").column("applicant_id").execute();

      await db.schema
        .createTable("privacy_requests")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("subject", "text", (c) => c.notNull())
        .addColumn("received_on", "text", (c) => c.notNull())
        .addColumn("due_on", "text", (c) => c.notNull())
        .addColumn("done_at", "text")
        .addColumn("created_by", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("privacy_requests_due")
        .on("privacy_requests")
        .columns(["done_at", "due_on"])
        .execute();

      await db.schema
        .createTable("job_runs")
        .addColumn("job", "text", (c) => c.notNull())
        .addColumn("run_on", "text", (c) => c.notNull())
        .addColumn("started_at", "text", (c) => c.notNull())
        .addColumn("finished_at", "text")
        .addColumn("summary", "text")
        .addPrimaryKeyConstraint("job_runs_pk", ["job", "run_on"])
        .execute();
    },
  },
  // After the form (docs/decisions/035 and 036): the form's one-time token, proof of payment,
  // the applicant's private links, forms saved to finish later, and the "withdrawn" status.
  "0014_journey": {
    async up(db: Kysely<unknown>) {
      const applicant = db.schema.alterTable("applicants");
      for (const column of [
        "submission_key",
        "payment_proof",
        "payment_proof_file",
        "payment_transfer_ref",
        "payment_proof_at",
        "payment_rejected_reason",
      ])
        await applicant.addColumn(column, "text").execute();
      // Unique: of two posts of one form racing, the second's insert fails and it answers the first's applicant.
      await db.schema.createIndex("applicants_submission").unique().on("applicants").column("submission_key").execute();
      // "Send me my link again" finds an address's applications, and "proof waiting" filters, by index.
      await db.schema.createIndex("applicants_email").on("applicants").column("email").execute();
      await db.schema
        .createIndex("applicants_proof_list")
        .on("applicants")
        .columns(["payment_proof", "created_at", "id"])
        .execute();
      await db.schema
        .createTable("application_links")
        .addColumn("token_hash", "text", (c) => c.primaryKey())
        .addColumn("applicant_id", "text", (c) => c.notNull().references("applicants.id").onDelete("cascade"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("application_links_applicant")
        .on("application_links")
        .column("applicant_id")
        .execute();
      await db.schema
        .createTable("saved_forms")
        .addColumn("token_hash", "text", (c) => c.primaryKey())
        .addColumn("fields", "text", (c) => c.notNull())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("saved_forms_expiry").on("saved_forms").column("expires_at").execute();
      await db.schema.alterTable("private_files").addColumn("saved_form", "text").execute();
      await db.schema.createIndex("private_files_saved").on("private_files").column("saved_form").execute();

      // The status list gains "withdrawn".
      await widenStatusCheck(
        db,
        "0014_journey",
        ["new", "contacted", "paid", "enrolled", "declined", "withdrawn"],
        ["'declined')", "'declined', 'withdrawn')"],
      );
    },
  },
  // docs/decisions/037-references-phones-and-payment.md: phone numbers are kept in one form,
  // E.164, so a number typed any way finds its applicant or message through an index; rows
  // written before are rewritten where the shared rule reads them (api/db/people-migrations.ts).
  "0015_peoplea_phones_e164": {
    async up(db: Kysely<unknown>) {
      await phonesToE164(db);
      // A search by phone is an equality on the column, newest first (api/lib/person-search.ts).
      await db.schema.createIndex("applicants_phone").on("applicants").columns(["phone", "created_at", "id"]).execute();
      await db.schema
        .createIndex("contact_phone")
        .on("contact_messages")
        .columns(["phone", "created_at", "id"])
        .execute();
    },
  },
  // docs/decisions/038-course-types-per-course.md: each course names the course types it offers
  // (a JSON array of domain/choices.ts COURSE_TYPES), existing courses from what they say
  // (api/db/people-migrations.ts).
  "0015_peoplea_course_types": {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("courses").addColumn("course_types", "text").execute();
      await courseTypesFromDuration(db);
    },
  },
  // The jobs still taking applications, found by deadline rather than by reading every closed
  // job in date order (docs/product.md §7, `deadline=open`); it carries what the list's filter reads.
  "0016_peopleb_job_deadline": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex("posts_open_jobs")
        .on("posts")
        .columns(["post_type", "application_deadline", "created_at", "id", "trashed_at", "publish_at"])
        .execute();
    },
  },
  // The durable mail queue (docs/decisions/043-durable-mail-queue.md): every mail is a row written
  // in the transaction of the change that causes it; a worker claims due rows, sends and marks them.
  "0018_ops_mail_outbox": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("mail_outbox")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("recipient", "text", (c) => c.notNull())
        .addColumn("subject", "text", (c) => c.notNull())
        .addColumn("body_text", "text", (c) => c.notNull())
        .addColumn("body_html", "text")
        // Where a reply goes: the sender of a notice, the admissions inbox (docs/product.md §4).
        .addColumn("reply_to", "text")
        .addColumn("status", "text", (c) => c.notNull().check(sqlIn("status", ["queued", "sent", "failed", "expired"])))
        .addColumn("tries", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("next_attempt_at", "text", (c) => c.notNull())
        .addColumn("claimed_until", "text")
        .addColumn("claim_id", "text")
        .addColumn("last_error", "text")
        .addColumn("expires_at", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("sent_at", "text")
        .execute();
      // The worker's "what is due" and the staff page's and the sweep's lists, by status.
      await db.schema.createIndex("mail_outbox_due").on("mail_outbox").columns(["status", "next_attempt_at"]).execute();
      await db.schema.createIndex("mail_outbox_list").on("mail_outbox").columns(["status", "created_at"]).execute();
    },
  },
  // What is held about a person includes their forms saved to finish later and the mails still in
  // the outbox (docs/decisions/034-retention-and-rights.md): both are found through indexes, so
  // finding a person costs the same however many rows the tables hold. A saved form is keyed by
  // the e-mail and phone typed in it (api/lib/person-key.ts savedFormKeys: lower-cased, E.164),
  // forms saved before from their fields (api/db/people-migrations.ts); a mail by its recipient
  // and its Reply-To (the academy's notice of a registration or message answers the person),
  // however cased.
  "0019_rights_saved_forms_and_outbox": {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("saved_forms").addColumn("email", "text").execute();
      await db.schema.alterTable("saved_forms").addColumn("phone_key", "text").execute();
      await savedFormKeysFromFields(db);
      await db.schema.createIndex("saved_forms_email").on("saved_forms").column("email").execute();
      await db.schema.createIndex("saved_forms_phone_key").on("saved_forms").column("phone_key").execute();
      for (const column of ["recipient", "reply_to"])
        await db.schema
          .createIndex(`mail_outbox_${column}_lower`)
          .on("mail_outbox")
          .expression(sql`lower(${sql.ref(column)})`)
          .execute();
    },
  },
  // The rate limits' counters (api/limits.ts), in the shape rate-limiter-flexible reads. Each
  // limiter used to create the table itself on first use, and on an empty PostgreSQL database two
  // limiters creating it at the same moment collided ("type … already exists"): the first sign-in
  // of a new site could answer 500. A table the library made before this stays as it is.
  "0020_rate_limits_table": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("rate_limits")
        .ifNotExists()
        .addColumn("key", "text", (c) => c.primaryKey())
        .addColumn("points", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("expire", "bigint")
        .execute();
    },
  },
  // The server errors Admins see at /admin/errors (docs/decisions/056-metrics-and-errors-staff-see.md):
  // the last ones (no personal data: the kind, the route pattern, a masked message, the request id),
  // a count per day and kind, and per kind when it was last seen and last mailed about.
  "0025_ops_error_kinds": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("server_errors")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("at", "text", (c) => c.notNull())
        .addColumn("request_id", "text")
        .addColumn("route", "text", (c) => c.notNull())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("message", "text", (c) => c.notNull())
        .execute();
      // Newest first, by key; the sweep removes by age through the same index.
      await db.schema.createIndex("server_errors_at").on("server_errors").columns(["at", "id"]).execute();
      await db.schema
        .createTable("server_error_days")
        .addColumn("day", "text", (c) => c.notNull())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("count", "integer", (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint("server_error_days_pk", ["day", "kind"])
        .execute();
      await db.schema
        .createTable("server_error_kinds")
        .addColumn("kind", "text", (c) => c.primaryKey())
        .addColumn("first_seen_at", "text", (c) => c.notNull())
        .addColumn("last_seen_day", "text", (c) => c.notNull())
        .addColumn("last_mailed_day", "text")
        .execute();
    },
  },
  // docs/security.md, "Applicant uploads": a file waiting for its form is counted against its
  // uploader's /56 and /48 as well as the /64 (a home or an office is handed a /56 or a /48, and
  // each /64 in it is a new address), and it is bound to the upload token that carried it (kept as
  // its hash): a registration or a saved form claims only files its own form uploaded.
  "0026_hardening_upload_networks": {
    async up(db: Kysely<unknown>) {
      for (const column of ["client_net56", "client_net48", "upload_token"])
        await db.schema.alterTable("private_files").addColumn(column, "text").execute();
      for (const column of ["client_net56", "client_net48", "upload_token"])
        await db.schema.createIndex(`private_files_${column}`).on("private_files").column(column).execute();
    },
  },
  // Payments (docs/decisions/062-the-server-decides-money-arrived.md): one row per attempt to pay,
  // online (Paystack) or by transfer, keyed by our own unguessable reference. The reference is
  // unique, so the callback and the webhook racing, or an event delivered twice, can mark it paid
  // only once (a conditional update in one transaction). `purpose` names what is paid for: the
  // registration fee today; course fees and instalments are values to come (docs/product.md §4).
  "0022_payments": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("payments")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("reference", "text", (c) => c.notNull().unique())
        .addColumn("applicant_id", "text", (c) => c.notNull())
        .addColumn("purpose", "text", (c) =>
          c.notNull().check(sqlIn("purpose", ["registration_fee", "course_fee", "instalment"])),
        )
        .addColumn("method", "text", (c) => c.notNull().check(sqlIn("method", ["paystack", "transfer"])))
        .addColumn("amount", "integer", (c) => c.notNull())
        .addColumn("currency", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) =>
          c.notNull().check(sqlIn("status", ["pending", "paid", "failed", "abandoned", "refunded"])),
        )
        .addColumn("channel", "text")
        .addColumn("provider_id", "text")
        .addColumn("transfer_reference", "text")
        .addColumn("paid_at", "text")
        .addColumn("refund_due", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("refunded_amount", "integer")
        .addColumn("refunded_at", "text")
        .addColumn("refunded_by", "text")
        .addColumn("refund_note", "text")
        .addColumn("problem", "text")
        .addColumn("raw_event", "text")
        .addColumn("raw_event_at", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      // The staff list newest first, whole or by state (keyset on created_at, id); an applicant's
      // history; the day totals by paid time; the retention sweep of raw events.
      await db.schema.createIndex("payments_created").on("payments").columns(["created_at", "id"]).execute();
      await db.schema
        .createIndex("payments_status_created")
        .on("payments")
        .columns(["status", "created_at", "id"])
        .execute();
      await db.schema
        .createIndex("payments_applicant")
        .on("payments")
        .columns(["applicant_id", "created_at"])
        .execute();
      await db.schema.createIndex("payments_paid_at").on("payments").column("paid_at").execute();
      await db.schema.createIndex("payments_raw_event_at").on("payments").column("raw_event_at").execute();
      // Transfers staff confirmed before this table existed join the one history.
      await sql`insert into payments (id, reference, applicant_id, purpose, method, amount, currency, status,
          channel, transfer_reference, paid_at, created_at, updated_at)
        select id, 'TRF-' || id, id, 'registration_fee', 'transfer', 2000000, 'NGN', 'paid', 'bank_transfer',
          payment_transfer_ref, coalesce(status_changed_at, created_at), coalesce(payment_proof_at, created_at),
          coalesce(status_changed_at, created_at)
        from applicants where payment_proof = 'confirmed'`.execute(db);
    },
  },
  // The academy's settings and page blocks edited by staff (docs/decisions/060): one JSON value per
  // name ("site": contact, payments, social links, data protection, announcement), and every save
  // as a revision (who, when, which fields), newest first by (name, version) for the history page.
  "0021_settings": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("site_settings")
        .addColumn("name", "text", (c) => c.primaryKey())
        .addColumn("value", "text", (c) => c.notNull())
        .addColumn("version", "integer", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .addColumn("updated_by", "text")
        .execute();
      await db.schema
        .createTable("settings_revisions")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("version", "integer", (c) => c.notNull())
        .addColumn("value", "text", (c) => c.notNull())
        .addColumn("changed", "text", (c) => c.notNull())
        .addColumn("made_by", "text")
        .addColumn("made_at", "text", (c) => c.notNull())
        .addColumn("restored_from", "integer")
        .execute();
      await db.schema
        .createIndex("settings_revisions_name_version")
        .unique()
        .on("settings_revisions")
        .columns(["name", "version"])
        .execute();
    },
  },
  // Certificates (docs/decisions/058-certificates-and-their-public-check.md): an enrolled
  // applicant marked completed, the certificates issued on it (a number that names nothing
  // else; revoked ones stay so the check page can say so), files a queued mail carries (the
  // certificate's PDF; api/mail/index.ts), and the credential keys' public halves
  // (docs/decisions/059-credential-signing-key.md): the private key is never in the database.
  "0023_certificates": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("completions")
        .addColumn("applicant_id", "text", (c) => c.primaryKey())
        .addColumn("completed_on", "text", (c) => c.notNull())
        .addColumn("grade", "text")
        // Intakes (cohorts) come later: a completion already has the column to name one.
        .addColumn("intake_id", "text")
        .addColumn("completed_by", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("certificates")
        .addColumn("number", "text", (c) => c.primaryKey())
        .addColumn("applicant_id", "text", (c) => c.notNull())
        .addColumn("holder_name", "text", (c) => c.notNull())
        .addColumn("course_title", "text", (c) => c.notNull())
        .addColumn("intake_id", "text")
        .addColumn("completed_on", "text", (c) => c.notNull())
        .addColumn("grade", "text")
        .addColumn("issued_at", "text", (c) => c.notNull())
        .addColumn("issued_by", "text")
        .addColumn("issued_by_name", "text", (c) => c.notNull())
        .addColumn("revoked_at", "text")
        .addColumn("revoked_reason", "text")
        .addColumn("revoked_by", "text")
        .execute();
      await db.schema.createIndex("certificates_applicant").on("certificates").column("applicant_id").execute();
      // The staff page lists a course's enrolled applicants by key (docs/decisions/029).
      await db.schema
        .createIndex("applicants_course_status")
        .on("applicants")
        .columns(["course_title", "status", "created_at", "id"])
        .execute();
      // One certificate in force per graduate: a second is issued only once the first is revoked.
      await sql`create unique index certificates_in_force on certificates (applicant_id) where revoked_at is null`.execute(
        db,
      );
      await db.schema
        .createTable("mail_attachments")
        .addColumn("mail_id", "text", (c) => c.notNull())
        .addColumn("seq", "integer", (c) => c.notNull())
        .addColumn("filename", "text", (c) => c.notNull())
        .addColumn("content_type", "text", (c) => c.notNull())
        // Base64 text: the same column on both databases, and a certificate's PDF is small.
        .addColumn("content_base64", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("mail_attachments_pk", ["mail_id", "seq"])
        .execute();
      await db.schema
        .createTable("credential_keys")
        .addColumn("kid", "text", (c) => c.primaryKey())
        .addColumn("public_jwk", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("retired_at", "text")
        .execute();
    },
  },
  // Visit counts (docs/decisions/064-cookie-free-visit-counts.md): one row per day, dimension and
  // value, added to by every instance's flush (an upsert that adds). The staff page reads one
  // dimension over a range of days through the second index; the funnel reads a course's
  // applications by week through the third.
  "0024_insights": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("insight_counts")
        .addColumn("day", "text", (c) => c.notNull())
        .addColumn("dimension", "text", (c) => c.notNull())
        .addColumn("value", "text", (c) => c.notNull())
        .addColumn("count", "integer", (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint("insight_counts_pk", ["day", "dimension", "value"])
        .execute();
      await db.schema
        .createIndex("insight_counts_by_dimension")
        .on("insight_counts")
        .columns(["dimension", "day", "value"])
        .execute();
      await db.schema
        .createIndex("applicants_course_created")
        .on("applicants")
        .columns(["course_title", "created_at"])
        .execute();
    },
  },
  // A job seeker filters jobs by type or by place (docs/product.md §2, Blog), newest first and by
  // key like every list (docs/decisions/027): each filter gets an index in the list's order, so a
  // rare type does not read every other job to fill a page.
  "0028_jobs_filters": {
    async up(db: Kysely<unknown>) {
      for (const column of ["job_type", "job_location"])
        await db.schema
          .createIndex(`posts_${column}`)
          .on("posts")
          .columns(["post_type", column, "created_at", "id"])
          .execute();
    },
  },
  // Job alerts (docs/product.md §2, Blog): a job seeker's address, confirmed by a mailed link
  // (double opt-in) and held only while they want the weekly mail. The confirmation secret is kept
  // as its hash; the unsubscribe secret in clear, since every weekly mail carries it and all it can
  // do is end that one alert (docs/decisions/066-job-alerts.md). A mail may carry a one-click
  // unsubscribe address (RFC 8058), sent as its List-Unsubscribe header.
  "0029_job_alerts": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("job_alerts")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("email", "text", (c) => c.notNull())
        .addColumn("email_key", "text", (c) => c.notNull().unique())
        .addColumn("confirm_hash", "text")
        .addColumn("unsubscribe_token", "text", (c) => c.notNull().unique())
        .addColumn("confirmed_at", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("job_alerts_confirm").on("job_alerts").column("confirm_hash").execute();
      await db.schema
        .createIndex("job_alerts_pending")
        .on("job_alerts")
        .columns(["confirmed_at", "created_at"])
        .execute();
      await db.schema.alterTable("mail_outbox").addColumn("list_unsubscribe", "text").execute();
    },
  },
  // The guardian's step, seen and steered by the applicant and answerable both ways by the guardian
  // (docs/decisions/065-the-guardians-step-both-ways.md): when the guardian said "I do not consent",
  // and when the guardian's current link was sent (a link sent again works its own 30 days; null:
  // the one sent with the registration, dated by it).
  "0030_people_round_four": {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("applicants").addColumn("guardian_refused_at", "text").execute();
      await db.schema.alterTable("applicants").addColumn("guardian_link_at", "text").execute();
    },
  },
  // Intakes (docs/decisions/068-intakes-and-seats.md): a course's cohorts, each with its dates,
  // schedule, campus, fee (kobo) and seats. `seats_taken` moves only by a conditional update
  // (`seats_taken < seats`), and the table's own check refuses more, so no race oversells. An
  // application may name one intake; `intake_seat` says it holds a seat there, `waitlisted_at`
  // that it joined the intake's waiting list (first come first served, by that time and id).
  "0031_intakes": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("intakes")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("course_id", "text", (c) => c.notNull().references("courses.id").onDelete("cascade"))
        .addColumn("start_date", "text", (c) => c.notNull())
        .addColumn("end_date", "text")
        .addColumn("duration", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("schedule_kind", "text", (c) =>
          c.notNull().check(sqlIn("schedule_kind", ["weekday", "weekend", "both"])),
        )
        .addColumn("schedule", "text", (c) => c.notNull())
        .addColumn("campus", "text", (c) => c.notNull())
        .addColumn("seats", "integer", (c) => c.notNull())
        .addColumn("seats_taken", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("opens_on", "text", (c) => c.notNull())
        .addColumn("closes_on", "text", (c) => c.notNull())
        .addColumn("course_types", "text", (c) => c.notNull())
        .addColumn("fee_kobo", "integer", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull().check(sqlIn("status", ["open", "closed", "archived"])))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .addColumn("created_by", "text")
        .addColumn("updated_by", "text")
        .addCheckConstraint("intakes_seats_held", sql`seats_taken >= 0 and seats_taken <= seats`)
        .execute();
      await db.schema.createIndex("intakes_course_start").on("intakes").columns(["course_id", "start_date"]).execute();
      await db.schema.alterTable("applicants").addColumn("intake_id", "text").execute();
      await db.schema
        .alterTable("applicants")
        .addColumn("intake_seat", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable("applicants").addColumn("waitlisted_at", "text").execute();
      // An intake's waiting list in its order, and its seat holders.
      await db.schema
        .createIndex("applicants_intake_waiting")
        .on("applicants")
        .columns(["intake_id", "waitlisted_at", "id"])
        .execute();
    },
  },
  // The home page's content blocks (FAQs, team, testimonials) that Editors change
  // (docs/decisions/070-page-content-blocks.md): one JSON value per page with its version, and
  // every save kept for history and restore, read newest first by its (name, version) index.
  // No row until the first save: the seeded value (domain/page-content-defaults.ts) stands in.
  "0032_page_content": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("page_content")
        .addColumn("name", "text", (c) => c.primaryKey())
        .addColumn("value", "text", (c) => c.notNull())
        .addColumn("version", "integer", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .addColumn("updated_by", "text")
        .execute();
      await db.schema
        .createTable("page_content_revisions")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("version", "integer", (c) => c.notNull())
        .addColumn("value", "text", (c) => c.notNull())
        .addColumn("changed", "text", (c) => c.notNull())
        .addColumn("made_by", "text")
        .addColumn("made_at", "text", (c) => c.notNull())
        .addColumn("restored_from", "integer")
        .execute();
      await db.schema
        .createIndex("page_content_revisions_name_version")
        .unique()
        .on("page_content_revisions")
        .columns(["name", "version"])
        .execute();
    },
  },
  // Offers (docs/decisions/074-one-status-model-and-when-a-seat-is-taken.md): the statuses gain
  // "offered" and "accepted"; an offer's deadline (`offer_expires_at`, ISO, indexed: the sweep and
  // the desk's "lapsing this week" read it by range), when it was made and when its lapse warning
  // went (set once by a conditional update, so never twice). A status link may be a guardian's,
  // read-only (`reader`): it shows the page and takes no form.
  "0034_offers": {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("applicants").addColumn("offer_expires_at", "text").execute();
      await db.schema.alterTable("applicants").addColumn("offered_at", "text").execute();
      await db.schema.alterTable("applicants").addColumn("offer_warned_at", "text").execute();
      await db.schema.createIndex("applicants_offer_expires").on("applicants").column("offer_expires_at").execute();
      await db.schema
        .alterTable("application_links")
        .addColumn("reader", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await widenStatusCheck(
        db,
        "0034_offers",
        ["new", "contacted", "offered", "accepted", "paid", "enrolled", "declined", "withdrawn"],
        ["'declined', 'withdrawn')", "'declined', 'withdrawn', 'offered', 'accepted')"],
      );
    },
  },
  // The admissions desk (docs/decisions/076-the-admissions-desk.md): each of its counts is one
  // query on an index. Guardians still to answer are few among many applicants, so a partial
  // index holds only them; open intakes are read by status; and a saved form's reminder is sent
  // once, `reminded_at` marking it, found by (reminded_at, created_at).
  "0035_admissions_desk": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex("applicants_guardian_pending")
        .on("applicants")
        .column("created_at")
        .where(
          sql<boolean>`guardian_relationship is not null and guardian_confirmed_at is null and guardian_refused_at is null`,
        )
        .execute();
      await db.schema.createIndex("intakes_status_start").on("intakes").columns(["status", "start_date"]).execute();
      await db.schema.alterTable("saved_forms").addColumn("reminded_at", "text").execute();
      await db.schema
        .createIndex("saved_forms_reminder")
        .on("saved_forms")
        .columns(["reminded_at", "created_at"])
        .execute();
    },
  },
  // Course fees (docs/decisions/077-course-fees-and-instalments.md): an intake's optional
  // instalment plan as a short JSON list kept on its row (read and written with the intake, at
  // most six parts), and a course-fee payment names its intake (and the part it was started
  // for), so what an applicant has paid towards an intake, and the per-intake totals, are an
  // index lookup by (intake_id, applicant_id).
  "0036_course_fees": {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("intakes").addColumn("instalments", "text").execute();
      await db.schema.alterTable("payments").addColumn("intake_id", "text").execute();
      await db.schema.alterTable("payments").addColumn("instalment", "integer").execute();
      await db.schema
        .createIndex("payments_intake_applicant")
        .on("payments")
        .columns(["intake_id", "applicant_id"])
        .execute();
    },
  },
  // The payments page's lists by key (docs/decisions/078-bounded-counts-and-the-new-lists.md): "refund
  // due" walked the whole newest-first index to keep its few rows, and a search by transfer reference
  // read every payment. Numbered apart from the round's other migrations: it depends on none of them.
  "0037_payments_list_indexes": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex("payments_refund_due_created")
        .on("payments")
        .columns(["refund_due", "created_at", "id"])
        .execute();
      await db.schema.createIndex("payments_transfer_reference").on("payments").column("transfer_reference").execute();
    },
  },
  // PostgreSQL's search words stored, not recomputed per row, and what the planner needs to walk a
  // list newest first for a common word rather than read every match
  // (docs/decisions/084-stored-search-words-and-bounded-pipeline-counts.md): a stored tsvector
  // column with the GIN index on it (its statistics count the words), and statistics on
  // "not trashed" as the lists write it, which the planner otherwise guesses at 0.5 % of the rows.
  // SQLite keeps its FTS5 tables: nothing changes there.
  "0038_stored_search_words": {
    async up(db: Kysely<unknown>) {
      if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
      await storeSearchWords(db);
      for (const table of ["courses", "posts"])
        await sql.raw(`create statistics ${table}_not_trashed on (coalesce(trashed_at, '')) from ${table}`).execute(db);
      for (const table of ["posts", "courses", "applicants", "contact_messages"])
        await sql.raw(`analyze ${table}`).execute(db);
    },
  },
  // A bank reference staff record for a course fee is recorded once, even by two staff at once
  // (docs/decisions/081-one-application-pays-in-turn.md). Only those rows: a registration fee's
  // transfer reference is what the applicant typed, and was never promised to be unique.
  "0039_course_fee_transfer_reference": {
    async up(db: Kysely<unknown>) {
      await sql`create unique index payments_course_fee_transfer_ref on payments (transfer_reference)
        where method = 'transfer' and purpose <> 'registration_fee'`.execute(db);
    },
  },
  // The funnel per intake counts an intake's applications over a range of days: this index bounds
  // that read on both columns, where the waiting list's index bounds only the intake and left
  // PostgreSQL free to prefer the all-intakes date index on a small table.
  "0040_applicants_intake_created": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex("applicants_intake_created")
        .on("applicants")
        .columns(["intake_id", "created_at"])
        .execute();
    },
  },
  // The desk's list of guardians still to answer reads them by key, oldest first, by (created_at,
  // id) (docs/decisions/088-the-desk-lists-and-offers-answered-as-expected.md): the partial index
  // held created_at alone, so SQLite preferred walking the whole applicants list in that order to
  // sorting ties, reading every applicant to find the few pending. The same index, the same rows,
  // now in the list's order; the desk's count reads it as before.
  "0041_guardian_pending_by_key": {
    async up(db: Kysely<unknown>) {
      await db.schema.dropIndex("applicants_guardian_pending").execute();
      await db.schema
        .createIndex("applicants_guardian_pending")
        .on("applicants")
        .columns(["created_at", "id"])
        .where(
          sql<boolean>`guardian_relationship is not null and guardian_confirmed_at is null and guardian_refused_at is null`,
        )
        .execute();
    },
  },
  // An online checkout's Paystack address, kept with its pending payment so the same checkout is
  // offered again instead of a second one for the same fee (docs/decisions/092-one-registration-fee-once.md).
  "0042_payments_checkout_url": {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("payments").addColumn("checkout_url", "text").execute();
    },
  },
  // Completion before the intake's first day is taken only with staff's stated reason, kept with
  // the completion (docs/decisions/098-completion-before-the-intake-starts.md).
  "0043_completions_early_reason": {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("completions").addColumn("early_reason", "text").execute();
    },
  },
  // An application withdrawn after a payment carries its refund question until staff refund or
  // decide none is due; the desk counts the open ones by their own small index
  // (docs/decisions/099-withdrawn-after-paying.md).
  "0044_applicants_refund_question": {
    async up(db: Kysely<unknown>) {
      for (const column of ["refund_question", "refund_decided_at", "refund_decided_by", "refund_decision_note"])
        await db.schema.alterTable("applicants").addColumn(column, "text").execute();
      await db.schema
        .createIndex("applicants_refund_open")
        .on("applicants")
        .columns(["created_at", "id"])
        .where(sql<boolean>`refund_question = 'open'`)
        .execute();
    },
  },
};

/**
 * Widens the applicants' status check to `statuses`. PostgreSQL replaces the constraint; SQLite
 * cannot alter a check, but widening an IN list changes nothing on disk, so the table's stored
 * definition is edited in place (`sqliteEdit`: the list's end before and after), the procedure
 * SQLite's ALTER TABLE page gives for it, and the file's integrity checked after.
 */
async function widenStatusCheck(db: Kysely<unknown>, name: string, statuses: string[], sqliteEdit: [string, string]) {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table applicants drop constraint if exists applicants_status_check`.execute(db);
    await sql`alter table applicants add constraint applicants_status_check check (${sqlIn("status", statuses)})`.execute(
      db,
    );
    return;
  }
  const driver = rawDriver();
  if (driver.kind !== "sqlite") throw new Error(`${name}: expected SQLite`);
  const sqlite = driver.sqlite;
  const version = Number(sqlite.pragma("schema_version", { simple: true }));
  sqlite.unsafeMode(true);
  try {
    sqlite.pragma("writable_schema = ON");
    const edited = sqlite
      .prepare("update sqlite_schema set sql = replace(sql, ?, ?) where type = 'table' and name = 'applicants'")
      .run(...sqliteEdit);
    if (edited.changes !== 1) throw new Error(`${name}: the applicants table was not found`);
    sqlite.pragma(`schema_version = ${version + 1}`);
    sqlite.pragma("writable_schema = OFF");
  } finally {
    sqlite.unsafeMode(false);
  }
  if (sqlite.pragma("quick_check", { simple: true }) !== "ok") throw new Error(`${name}: integrity check failed`);
}

/** personKey.phone (api/limits.ts) in SQL, over a text of digits. */
function phoneKeySql(digits: ReturnType<typeof sql>) {
  return sql`case when length(${digits}) = 13 and substr(${digits}, 1, 3) = '234' then '0' || substr(${digits}, 4)
    when length(${digits}) = 10 and substr(${digits}, 1, 1) <> '0' then '0' || ${digits} else ${digits} end`;
}

function sqlIn(column: string, values: string[]) {
  return sql`${sql.ref(column)} in (${sql.join(values.map((v) => sql.lit(v)))})`;
}

export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return migrations;
  },
};
