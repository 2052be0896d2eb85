import type { DB } from "../db";
import { maskEmail } from "./guardian-step";
import { nowIso } from "./ids";

// The admissions desk's two lists behind its counts (docs/decisions/088-the-desk-lists-and-offers-answered-as-expected.md):
// guardians still to answer and saved forms not sent yet. Each is read through the index its
// count uses (docs/decisions/076-the-admissions-desk.md), oldest first (the longest waiting is the
// first to chase), a page at a time by key (the last row's time and id), so a page costs the same
// at any depth and whatever the table's size (docs/decisions/078-bounded-counts-and-the-new-lists.md).

/** Rows on one page of a desk list. */
export const DESK_LIST_PAGE = 50;

/** A page's place: the last row of the page before, its time and id. */
export type DeskListKey = { at: string; id: string };

/** The key that opens the page after `rows`, when there is one. */
const nextKey = (more: boolean, last: DeskListKey | undefined) => (more && last ? `${last.at}_${last.id}` : null);

/** Intakes by id, for a page's rows: at most a page of ids, read by the primary key. */
async function intakesById(db: DB, ids: (string | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (wanted.length === 0) return new Map<string, { startDate: string; campus: string }>();
  const rows = await db
    .selectFrom("intakes")
    .select(["id", "start_date", "campus"])
    .where("id", "in", wanted)
    .execute();
  return new Map(rows.map((r) => [r.id, { startDate: r.start_date, campus: r.campus }]));
}

/**
 * The query for guardians still to answer: a guardian named, neither confirmed nor refused. Its
 * conditions are the partial index's own (`applicants_guardian_pending`, migration
 * 0035_admissions_desk), word for word, so both engines read that index, which holds only them.
 */
export function guardiansPendingQuery(db: DB, after?: DeskListKey) {
  let q = db
    .selectFrom("applicants")
    .select([
      "id",
      "firstname",
      "lastname",
      "course_title",
      "intake_id",
      "created_at",
      "status",
      "guardian_name",
      "guardian_relationship",
      "guardian_email",
      "guardian_link_at",
    ])
    .where("guardian_relationship", "is not", null)
    .where("guardian_confirmed_at", "is", null)
    .where("guardian_refused_at", "is", null);
  // A range on the index's column, then the id within the same instant.
  if (after)
    q = q
      .where("created_at", ">=", after.at)
      .where((eb) => eb.or([eb("created_at", ">", after.at), eb("id", ">", after.id)]));
  return q
    .orderBy("created_at")
    .orderBy("id")
    .limit(DESK_LIST_PAGE + 1);
}

/** One page of guardians still to answer, oldest application first. */
export async function guardiansPending(db: DB, after?: DeskListKey) {
  const rows = await guardiansPendingQuery(db, after).execute();
  const page = rows.slice(0, DESK_LIST_PAGE);
  const intakes = await intakesById(
    db,
    page.map((r) => r.intake_id),
  );
  return {
    guardians: page.map((r) => ({
      _id: r.id,
      firstname: r.firstname,
      lastname: r.lastname,
      course: r.course_title,
      intake: r.intake_id ? (intakes.get(r.intake_id) ?? null) : null,
      createdAt: r.created_at,
      status: r.status,
      guardian: {
        name: r.guardian_name ?? "",
        relationship: r.guardian_relationship ?? "",
        // Masked as the applicant's own page shows it (decision 065): enough to spot a typo.
        to: r.guardian_email ? maskEmail(r.guardian_email) : "",
        // The registration's mail went at `createdAt`; a later one (the applicant's or staff's
        // "send again") dates the link anew (decision 065).
        lastSentAt: r.guardian_link_at ?? r.created_at,
        sentAgain: r.guardian_link_at !== null,
      },
    })),
    next: nextKey(rows.length > DESK_LIST_PAGE, page.at(-1) && { at: page.at(-1)!.created_at, id: page.at(-1)!.id }),
  };
}

/**
 * The query for saved forms not sent yet: a row not expired (sending or replacing a form removes
 * its row), by `saved_forms_expiry`, soonest to expire first. Every form keeps the same number of
 * days, so that is also the oldest saved first.
 */
export function savedFormsQuery(db: DB, now: string, after?: DeskListKey) {
  let q = db
    .selectFrom("saved_forms")
    .select(["token_hash", "fields", "created_at", "expires_at", "email", "reminded_at"])
    .where("expires_at", ">", now);
  if (after)
    q = q
      .where("expires_at", ">=", after.at)
      .where((eb) => eb.or([eb("expires_at", ">", after.at), eb("token_hash", ">", after.id)]));
  return q
    .orderBy("expires_at")
    .orderBy("token_hash")
    .limit(DESK_LIST_PAGE + 1);
}

/** A text field of a saved form as typed, or "" (the fields are what the form held, unchecked). */
const typedText = (fields: Record<string, unknown>, name: string, max = 200) =>
  typeof fields[name] === "string" ? (fields[name] as string).trim().slice(0, max) : "";

function parsedFields(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** One page of saved forms not sent yet, with the name, course and intake typed in each. */
export async function savedFormsNotSent(db: DB, after?: DeskListKey) {
  const rows = await savedFormsQuery(db, nowIso(), after).execute();
  const page = rows.slice(0, DESK_LIST_PAGE).map((r) => ({ row: r, fields: parsedFields(r.fields) }));
  // The form names its course and intake by id (the registration form's `courseId`, `intakeId`).
  const courseIds = [
    ...new Set(page.map((p) => typedText(p.fields, "courseId", 64) || typedText(p.fields, "course", 64))),
  ].filter(Boolean);
  const courses = courseIds.length
    ? new Map(
        (await db.selectFrom("courses").select(["id", "title"]).where("id", "in", courseIds).execute()).map((c) => [
          c.id,
          c.title,
        ]),
      )
    : new Map<string, string>();
  const intakes = await intakesById(
    db,
    page.map((p) => typedText(p.fields, "intakeId", 64)),
  );
  return {
    forms: page.map(({ row, fields }) => {
      const courseId = typedText(fields, "courseId", 64) || typedText(fields, "course", 64);
      const intakeId = typedText(fields, "intakeId", 64);
      return {
        firstname: typedText(fields, "firstname", 100),
        lastname: typedText(fields, "lastname", 100),
        course: courses.get(courseId) ?? null,
        intake: intakes.get(intakeId) ?? null,
        savedAt: row.created_at,
        expiresAt: row.expires_at,
        // The one reminder (api/lib/saved-form-reminders.ts): claimed at `reminded_at`, mailed
        // only to a form with an address.
        reminder: row.reminded_at ? (row.email ? "sent" : "no-address") : "not-yet",
        remindedAt: row.reminded_at,
      };
    }),
    next: nextKey(
      rows.length > DESK_LIST_PAGE,
      page.at(-1) && { at: page.at(-1)!.row.expires_at, id: page.at(-1)!.row.token_hash },
    ),
  };
}
