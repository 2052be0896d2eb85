import { typedDay } from "@domain/typed-day";

import type { DB } from "../db";
import { hashSecret, newSecret, nowIso } from "./ids";

// The applicant's private status links (docs/decisions/035): each token is 32 random bytes kept
// only as its SHA-256. A link has a lifetime (docs/security.md, "Status links"): it stops opening
// STATUS_LINK_DAYS_AFTER_END days after its application was closed, paid or withdrawn, and a new
// "send me my link again" revokes the links sent before.

/** Days a status link still opens after its application reached one of END_STATUSES. */
export const STATUS_LINK_DAYS_AFTER_END = 30;
/** The statuses after which the applicant has little left to do on the page. */
export const END_STATUSES = ["paid", "enrolled", "declined", "withdrawn"] as const;

/** A new private link to an applicant's status page; the token is answered once and kept hashed. */
export async function newStatusLink(db: DB, applicantId: string) {
  const token = newSecret();
  await db
    .insertInto("application_links")
    .values({ token_hash: hashSecret(token), applicant_id: applicantId, created_at: nowIso() })
    .execute();
  return token;
}

/** Every link made before for the applicant opens nothing from now on. */
export async function revokeStatusLinks(db: DB, applicantId: string) {
  await db.deleteFrom("application_links").where("applicant_id", "=", applicantId).execute();
}

/** Whether an application's links have outlived it: ended (closed, paid, withdrawn) more than 30 days ago. */
export function statusLinksExpired(row: { status: string; status_changed_at: string | null }, now = Date.now()) {
  if (!(END_STATUSES as readonly string[]).includes(row.status) || !row.status_changed_at) return false;
  return Date.parse(row.status_changed_at) + STATUS_LINK_DAYS_AFTER_END * 24 * 3600 * 1000 < now;
}

/**
 * Withdrawing or declining asks who it is: the applicant's date of birth, which the status page
 * never shows (the reference it prints at the top proves nothing: decision 091). Taken as a date
 * field sends it (yyyy-mm-dd) or as typed by hand (dd/mm/yyyy). A link alone, in a forwarded mail
 * or a shared phone's history, does not withdraw.
 */
export function withdrawalCheckMatches(row: { dob: string }, typed: string) {
  const given = typedDay(typed);
  return given !== null && given === row.dob;
}
