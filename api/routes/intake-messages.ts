import { Hono } from "hono";

import { INTAKE_MESSAGE_LIMITS } from "@domain/intake-message";

import { check, type Env, fail, limitBody, readBody, requirePermission } from "../http";
import { audienceCount, messageIntake, queueIntakeMessage } from "../lib/intake-messages";
import { siteSettings } from "../lib/settings";
import { spend } from "../limits";
import { apiMessages } from "../messages";
import { recordSecurityEvent } from "../security-events";
import { intakeMessageInput, intakeMessagePreviewInput } from "../validation/intake-messages";

// Message an intake (docs/decisions/080-message-an-intake.md): Admissions and Admin (the
// applicants permission). The preview answers how many people the message reaches and changes
// nothing; the send queues one mail per person, counted against the sender's allowances, and is
// recorded in the security log (who, which intake and status, how many; never the addresses).

export const intakeMessages = new Hono<Env>();

/** The body's limit in bytes: every character may take four, and the form's other fields a little. */
const BODY_BYTES = INTAKE_MESSAGE_LIMITS.body * 4 + 4 * 1024;

/** The intake a message would go to, in words for the form's heading. */
intakeMessages.get("/intakes/:intakeId/message", requirePermission("applicants"), async (c) => {
  const intake = await messageIntake(c.get("db"), c.req.param("intakeId"));
  return c.json(
    { _id: intake.id, courseTitle: intake.course_title, startDate: intake.start_date, campus: intake.campus },
    200,
    { "cache-control": "no-store" },
  );
});

intakeMessages.post(
  "/intakes/:intakeId/message/preview",
  limitBody(BODY_BYTES),
  requirePermission("applicants"),
  async (c) => {
    const { audience } = check(intakeMessagePreviewInput, await readBody(c));
    const db = c.get("db");
    const intake = await messageIntake(db, c.req.param("intakeId"));
    return c.json({ audience, count: await audienceCount(db, intake.id, audience) }, 200, {
      "cache-control": "no-store",
    });
  },
);

intakeMessages.post("/intakes/:intakeId/message", limitBody(BODY_BYTES), requirePermission("applicants"), async (c) => {
  const input = check(intakeMessageInput, await readBody(c));
  const db = c.get("db");
  const user = c.get("user")!;
  const intake = await messageIntake(db, c.req.param("intakeId"));
  const count = await audienceCount(db, intake.id, input.audience);
  if (count === 0) fail(400, apiMessages.messageNoOne);
  if (count !== input.count) fail(409, apiMessages.messageCountChanged(count));
  // Each send costs one message and as many mails as it queues (docs/security.md).
  await spend("intakeMessagesPerStaff", user.id, apiMessages.tooManyIntakeMessages);
  await spend("intakeMailsPerStaff", user.id, apiMessages.tooManyIntakeMessages, count);
  // Read before the transaction: on SQLite's one connection a read outside it would wait on it.
  const academy = await siteSettings();
  const sent = await queueIntakeMessage(db, intake, input, input.count, academy);
  await recordSecurityEvent({
    type: "intake.messaged",
    actorId: user.id,
    subjectId: `intake:${intake.id}`,
    reason: `${input.audience}: ${sent} mails`,
  });
  return c.json({ sent }, 201);
});
