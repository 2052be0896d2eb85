import type { Selectable, Transaction } from "kysely";
import { sql } from "kysely";

import { type CourseType, offeredCourseTypes } from "@domain/choices";
import type { InstalmentPart } from "@domain/course-fees";
import { dayWords, inRegistrationWindow, seatsLeft } from "@domain/intakes";
import { KOBO_PER_NAIRA } from "@domain/payments";
import { STATUS_MOVES } from "@domain/pipeline";

import type { DB } from "../db";
import type { Database, IntakesTable } from "../db/schema";
import { apiMessages } from "../messages";
import { fail } from "./fail";

// Intakes and their seats (docs/decisions/068-intakes-and-seats.md). A seat is taken only by
// `takeSeat` (a conditional update: seats_taken < seats) and given back only by `leaveIntake`;
// the table's check (seats_taken <= seats) refuses anything else that would oversell.

type IntakeRow = Selectable<IntakesTable>;
type Trx = Transaction<Database>;

export function intakeCourseTypes(row: Pick<IntakeRow, "course_types">): CourseType[] {
  let named: unknown = null;
  try {
    named = JSON.parse(row.course_types);
  } catch {
    named = null;
  }
  return offeredCourseTypes(Array.isArray(named) ? named.map(String) : null);
}

/** An intake's instalment plan (docs/decisions/077-course-fees-and-instalments.md): [] is none. */
/**
 * The parts of the plan a payment paid an instalment of, as the intake has it today (null: not an
 * instalment, or no plan now): a receipt says "instalment 2 of 3". One read by key.
 */
export async function instalmentOf(
  db: DB | Transaction<Database>,
  p: { purpose: string; instalment: number | null; intake_id: string | null },
) {
  if (p.purpose !== "instalment" || !p.instalment || !p.intake_id) return null;
  const row = await db.selectFrom("intakes").select("instalments").where("id", "=", p.intake_id).executeTakeFirst();
  return (row && intakeInstalments(row).length) || null;
}

export function intakeInstalments(row: Pick<IntakeRow, "instalments">): InstalmentPart[] {
  if (!row.instalments) return [];
  try {
    const parts: unknown = JSON.parse(row.instalments);
    if (!Array.isArray(parts)) return [];
    return parts.map((p: { amount?: unknown; dueOn?: unknown }) => ({
      amount: Number(p.amount),
      dueOn: String(p.dueOn),
    }));
  } catch {
    return [];
  }
}

/** What everyone may read of an intake: the seats only as "available", "few" or "full". */
export function toPublicIntake(row: IntakeRow, today: string) {
  const seats = Number(row.seats);
  const taken = Number(row.seats_taken);
  return {
    _id: row.id,
    courseId: row.course_id,
    startDate: row.start_date,
    endDate: row.end_date,
    duration: row.duration,
    scheduleKind: row.schedule_kind,
    schedule: row.schedule,
    campus: row.campus,
    opensOn: row.opens_on,
    closesOn: row.closes_on,
    courseTypes: intakeCourseTypes(row),
    /** Naira. */
    fee: Math.round(Number(row.fee_kobo) / KOBO_PER_NAIRA),
    /** Naira parts and their due days, in order; [] is no plan. */
    instalments: intakeInstalments(row),
    status: row.status,
    seatsLeft: seatsLeft(seats, taken),
    registrationOpen: inRegistrationWindow(
      { status: row.status, opensOn: row.opens_on, closesOn: row.closes_on },
      today,
    ),
  };
}

/** Staff's view: the numbers too. */
export function toStaffIntake(row: IntakeRow, today: string, waiting: number) {
  return { ...toPublicIntake(row, today), seats: Number(row.seats), seatsTaken: Number(row.seats_taken), waiting };
}

/** How many wait on each of these intakes' lists (an application that closed waits no more). */
export async function waitingCounts(db: DB, intakeIds: string[]) {
  if (intakeIds.length === 0) return new Map<string, number>();
  const rows = await db
    .selectFrom("applicants")
    .select(["intake_id", (eb) => eb.fn.countAll().as("n")])
    .where("intake_id", "in", intakeIds)
    .where("waitlisted_at", "is not", null)
    .groupBy("intake_id")
    .execute();
  return new Map(rows.map((r) => [r.intake_id as string, Number(r.n)]));
}

/**
 * The intake a registration names, checked: this course's, not archived, open and within its
 * window (a Lagos day), offering the chosen course type. Refused with the field's message (400).
 */
export async function intakeForRegistration(
  db: DB,
  { intakeId, courseId, courseType, today }: { intakeId: string; courseId: string; courseType: string; today: string },
) {
  const row = await db.selectFrom("intakes").selectAll().where("id", "=", intakeId).executeTakeFirst();
  if (!row || row.course_id !== courseId) fail(400, apiMessages.intakeUnknown);
  if (row.status === "archived") fail(400, apiMessages.intakeArchived);
  if (row.status === "closed") fail(400, apiMessages.intakeClosed);
  if (today < row.opens_on) fail(400, apiMessages.intakeNotYetOpen(dayWords(row.opens_on)));
  if (today > row.closes_on) fail(400, apiMessages.intakeWindowOver(dayWords(row.closes_on)));
  const offered = intakeCourseTypes(row);
  if (!offered.includes(courseType as CourseType)) fail(400, apiMessages.intakeTypeNotOffered(offered));
  return { row, full: Number(row.seats_taken) >= Number(row.seats) };
}

/**
 * Staff admit an applicant (status Enrolled): one of its intake's seats, if it named one and
 * holds none yet. The application's row first (on PostgreSQL its lock makes a second admission
 * of the same applicant wait, then find the seat held); then one conditional update of the
 * intake, which takes a seat only while one is left: PostgreSQL re-checks `seats_taken < seats`
 * after the writer before it commits, SQLite runs one writer at a time. None left: 409, and the
 * caller's transaction (the status change with it) is rolled back.
 */
export async function takeSeat(trx: Trx, applicantId: string) {
  const held = await trx
    .updateTable("applicants")
    .set({ intake_seat: 1, waitlisted_at: null })
    .where("id", "=", applicantId)
    .where("intake_id", "is not", null)
    .where("intake_seat", "=", 0)
    .returning("intake_id")
    .executeTakeFirst();
  if (!held?.intake_id) return;
  const taken = await trx
    .updateTable("intakes")
    .set({ seats_taken: sql<number>`seats_taken + 1` })
    .where("id", "=", held.intake_id)
    .where(sql<boolean>`seats_taken < seats`)
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) === 1) return;
  const intake = await trx.selectFrom("intakes").select("seats").where("id", "=", held.intake_id).executeTakeFirst();
  fail(409, apiMessages.intakeFull(Number(intake?.seats ?? 0)));
}

/**
 * When the last seat of an intake has gone, everyone who applied to it while seats were free and
 * still holds none (an open application with no decision) joins its one waiting list, in order of
 * application: their place is their application's time, as a later registration's place is its own
 * (docs/decisions/089-one-place-moves-an-applicant.md). Without this they were on no list and the
 * freed seat went to whoever registered after the intake filled. Called after the transaction that
 * took a seat, never inside it: there it would wait on the rows other seat-takers hold while
 * holding the intake's row they wait for.
 */
export async function listThoseLeftWithoutSeat(db: DB, intakeId: string | null) {
  if (!intakeId) return;
  const intake = await db
    .selectFrom("intakes")
    .select(["seats", "seats_taken"])
    .where("id", "=", intakeId)
    .executeTakeFirst();
  if (!intake || Number(intake.seats_taken) < Number(intake.seats)) return;
  await db
    .updateTable("applicants")
    .set({ waitlisted_at: sql<string>`created_at` })
    .where("intake_id", "=", intakeId)
    .where("intake_seat", "=", 0)
    .where("waitlisted_at", "is", null)
    .where("status", "in", [...STATUS_MOVES.offered])
    .execute();
}

/**
 * An application that ends (declined, withdrawn, erased) gives its seat back and leaves its
 * intake's waiting list. Offering the freed seat to the first in line is not automatic yet.
 */
export async function leaveIntake(trx: Trx | DB, applicantIds: string[]) {
  if (applicantIds.length === 0) return;
  // Each seat given back once: only the update that still finds it held gives it back.
  const holders = await trx
    .updateTable("applicants")
    .set({ intake_seat: 0 })
    .where("id", "in", applicantIds)
    .where("intake_seat", "=", 1)
    .returning("intake_id")
    .execute();
  for (const h of holders) {
    if (!h.intake_id) continue;
    await trx
      .updateTable("intakes")
      .set({ seats_taken: sql<number>`seats_taken - 1` })
      .where("id", "=", h.intake_id)
      .where("seats_taken", ">", 0)
      .execute();
  }
  await trx
    .updateTable("applicants")
    .set({ waitlisted_at: null })
    .where("id", "in", applicantIds)
    .where("waitlisted_at", "is not", null)
    .execute();
}

/** An application's place on its intake's waiting list (1 is next), or null: not waiting. */
export async function waitingPosition(
  db: DB,
  row: { id: string; intake_id: string | null; waitlisted_at: string | null },
): Promise<number | null> {
  if (!row.intake_id || !row.waitlisted_at) return null;
  const ahead = await db
    .selectFrom("applicants")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("intake_id", "=", row.intake_id)
    .where("waitlisted_at", "is not", null)
    .where((eb) =>
      eb.or([
        eb("waitlisted_at", "<", row.waitlisted_at!),
        eb.and([eb("waitlisted_at", "=", row.waitlisted_at!), eb("id", "<", row.id)]),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Number(ahead.n) + 1;
}

/** The most applicants a roster lists: an intake's seats are at most 1000 (INTAKE_LIMITS), its waiting list is bounded by it too. */
export const ROSTER_MAX = 2000;

/**
 * An intake's class list (docs/decisions/076-the-admissions-desk.md): its applicants who hold a
 * seat or wait for one, by the intake's index (applicants_intake_waiting), with what staff check
 * on the first day: payment state, transfer reference and guardian.
 */
export async function intakeRoster(db: DB, intakeId: string) {
  const rows = await db
    .selectFrom("applicants")
    .select([
      "id",
      "firstname",
      "lastname",
      "phone",
      "email",
      "status",
      "intake_seat",
      "waitlisted_at",
      "payment_proof",
      "payment_transfer_ref",
      "guardian_name",
      "guardian_phone",
      "guardian_confirmed_at",
      "guardian_refused_at",
    ])
    .where("intake_id", "=", intakeId)
    .where("anonymised_at", "is", null)
    .orderBy("intake_seat", "desc")
    .orderBy("waitlisted_at")
    .orderBy("lastname")
    .orderBy("id")
    .limit(ROSTER_MAX)
    .execute();
  return rows.map((r) => ({
    _id: r.id,
    firstname: r.firstname,
    lastname: r.lastname,
    phone: r.phone,
    email: r.email,
    status: r.status,
    seat: Number(r.intake_seat) === 1,
    waiting: r.waitlisted_at !== null,
    paymentProof: r.payment_proof,
    transferReference: r.payment_transfer_ref,
    guardian: r.guardian_name
      ? {
          name: r.guardian_name,
          phone: r.guardian_phone,
          consent: r.guardian_refused_at ? "refused" : r.guardian_confirmed_at ? "confirmed" : "pending",
        }
      : null,
  }));
}
