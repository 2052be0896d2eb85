import { type ExpressionBuilder, sql } from "kysely";

import type { MessageAudience } from "@domain/intake-message";
import { dayWords } from "@domain/intakes";
import { applicationReference } from "@domain/registrations";
import type { SiteSettings } from "@domain/settings";

import type { DB } from "../db";
import type { Database } from "../db/schema";
import { admissionsAddress, type Mail, queueMails } from "../mail";
import { greetingName, questions, signature } from "../mail/templates";
import { apiMessages } from "../messages";
import { fail } from "./fail";

// Message an intake (docs/decisions/080-message-an-intake.md): one mail per applicant of the
// intake (or of one status in it) through the outbox, with Reply-To admissions. The recipients are
// read by the intake's index (applicants_intake_waiting) a page at a time, by id, and each page is
// queued with one insert: an intake holds at most its seats and its waiting list (a few thousand),
// and a page never holds the event loop longer than one small statement does.

/** Recipients read and mails queued per statement. */
const MESSAGE_PAGE = 200;

/** Withdrawn applicants hear nothing unless their status is the one picked. */
function inAudience(audience: MessageAudience) {
  return (eb: ExpressionBuilder<Database, "applicants">) => {
    const reachable = eb.and([eb("anonymised_at", "is", null), eb("email", "!=", "")]);
    if (audience === "all") return eb.and([reachable, eb("status", "!=", "withdrawn")]);
    if (audience === "seated")
      return eb.and([reachable, eb("intake_seat", "=", 1), eb("status", "not in", ["withdrawn", "declined"])]);
    if (audience === "waiting")
      return eb.and([reachable, eb("waitlisted_at", "is not", null), eb("status", "in", ["new", "contacted"])]);
    return eb.and([reachable, eb("status", "=", audience)]);
  };
}

/** The intake with its course's title, or 404. */
export async function messageIntake(db: DB, intakeId: string) {
  const row = await db
    .selectFrom("intakes")
    .innerJoin("courses", "courses.id", "intakes.course_id")
    .select(["intakes.id", "intakes.start_date", "intakes.campus", "courses.title as course_title"])
    .where("intakes.id", "=", intakeId)
    .executeTakeFirst();
  if (!row) fail(404, apiMessages.intakeNotFound);
  return row;
}

/** How many people a message to `audience` reaches: the preview's figure (bounded by the intake's size). */
export async function audienceCount(db: DB, intakeId: string, audience: MessageAudience) {
  const { n } = await db
    .selectFrom("applicants")
    // One mail an address: a person who applied twice is counted (and mailed) once.
    .select(sql<string | number>`count(distinct lower(email))`.as("n"))
    .where("intake_id", "=", intakeId)
    .where(inAudience(audience))
    .executeTakeFirstOrThrow();
  return Number(n);
}

type Intake = Awaited<ReturnType<typeof messageIntake>>;
type Message = { audience: MessageAudience; subject: string; body: string };

function personalMail(
  to: { id: string; firstname: string; email: string },
  intake: Intake,
  message: Message,
  s: SiteSettings,
): Mail {
  const name = greetingName(to.firstname);
  return {
    to: to.email,
    replyTo: admissionsAddress(s),
    subject: message.subject,
    text: [
      name ? `Dear ${name},` : "Dear applicant,",
      "",
      message.body,
      "",
      "---",
      `You receive this message about your application ${applicationReference(to.id)} to ${intake.course_title}, starting ${dayWords(intake.start_date)} (${intake.campus}).`,
      questions(s),
      ...signature(s),
    ].join("\n"),
  };
}

/** Lets other requests run between two pages of a large intake. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Queues the message to everyone of `audience`, all or nothing (one transaction), and answers how
 * many mails were queued. `expected` is the preview's count: a different number now (someone
 * applied or withdrew since) is refused with the new one, and nothing is queued.
 */
export async function queueIntakeMessage(db: DB, intake: Intake, message: Message, expected: number, s: SiteSettings) {
  return db.transaction().execute(async (trx) => {
    let after = "";
    let queued = 0;
    // Addresses already mailed: the first application of each (by id) is the one written to.
    const mailed = new Set<string>();
    for (;;) {
      const page = await trx
        .selectFrom("applicants")
        .select(["id", "firstname", "email"])
        .where("intake_id", "=", intake.id)
        .where("id", ">", after)
        .where(inAudience(message.audience))
        .orderBy("id")
        .limit(MESSAGE_PAGE)
        .execute();
      if (page.length === 0) break;
      const once = page.filter((to) => !mailed.has(to.email.toLowerCase()) && !!mailed.add(to.email.toLowerCase()));
      if (once.length > 0)
        await queueMails(
          trx,
          once.map((to) => personalMail(to, intake, message, s)),
        );
      queued += once.length;
      after = page[page.length - 1]!.id;
      if (page.length < MESSAGE_PAGE) break;
      await nextTurn();
    }
    if (queued !== expected) fail(409, apiMessages.messageCountChanged(queued));
    return queued;
  });
}
