import { sql, type SqlBool } from "kysely";

import { phoneE164 } from "@domain/phone";
import { REFERENCE_PREFIX } from "@domain/registrations";

// What staff type to find a person, beyond words (docs/decisions/037-phone-numbers-and-references.md):
// an application's reference (FLA-8A48A313), which is the start of its id, and a phone number
// in any common form, which the shared rule turns into the E.164 the rows keep. Each becomes
// one indexed condition (a range of the primary key, an equality on the phone index), so it
// costs the same on 100 or 100,000 rows (docs/decisions/027-keyset-paging-search-sitemap.md).

const REFERENCE = new RegExp(`^${REFERENCE_PREFIX.replace("-", "")}[-\\s]?([0-9a-f]{8})$`, "i");
// Digits with the usual separators, and at least seven digits: "2024" or a name is never a phone.
const PHONE_LIKE = /^\+?[\d\s().-]+$/;

/** The id prefix a reference stands for, or undefined when the text is not a reference. */
export function referenceIdPrefix(search: string) {
  return REFERENCE.exec(search.trim())?.[1]?.toLowerCase();
}

/** The phone number the text is, in E.164, or undefined. */
export function searchedPhone(search: string) {
  const text = search.trim();
  if (!PHONE_LIKE.test(text) || text.replace(/\D/g, "").length < 7) return undefined;
  return phoneE164(text);
}

/**
 * The condition for a reference or a phone number on the tables of people (applicants: both;
 * contact messages: the phone), or undefined for any other search (the word index answers it).
 */
export function personMatch(table: string, search: string) {
  if (table === "applicants") {
    const prefix = referenceIdPrefix(search);
    // Ids are lower-case hex: every id starting with the prefix sorts between it and prefix + "g".
    if (prefix) return sql<SqlBool>`(id >= ${prefix} and id < ${`${prefix}g`})`;
  }
  if (table === "applicants" || table === "contact_messages") {
    const phone = searchedPhone(search);
    if (phone) return sql<SqlBool>`(phone = ${phone})`;
  }
  return undefined;
}
