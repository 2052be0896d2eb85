import { WHO_WORDS as whoText } from "./staff-words";

/** A staff user as the API names one (api/lib/revisions.ts staffByIds). */
type StaffRef = { id?: string; name: string | null; email: string | null };

/** How a page names a staff user: the name, else the e-mail; a removed account is said so. */
export function staffName(ref: StaffRef | null | undefined) {
  if (!ref) return whoText.unknown;
  if (!ref.name && !ref.email) return whoText.removedAccount;
  return ref.name && ref.email ? `${ref.name} (${ref.email})` : (ref.name ?? ref.email ?? whoText.unknown);
}
