import type { DB } from "../db";
import type { ApplicantMailsTable } from "../db/schema";
import { newId, nowIso } from "./ids";

/** Which mails went to whom about an applicant: found, exported and erased with the person (docs/decisions/034-retention-and-rights.md). */
export async function recordApplicantMail(
  db: DB,
  applicantId: string,
  kind: ApplicantMailsTable["kind"],
  recipient: string,
  subject: string,
) {
  await db
    .insertInto("applicant_mails")
    .values({ id: newId(), applicant_id: applicantId, kind, recipient, subject, sent_at: nowIso() })
    .execute();
}
