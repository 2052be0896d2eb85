import { whoText } from "~/content/lifecycle";
import type { StaffRef } from "~/upstream/schemas";

/** How a page names a staff user: the name, else the e-mail; a removed account is said so. */
export function staffName(ref: StaffRef | null | undefined) {
  if (!ref) return whoText.unknown;
  if (!ref.name && !ref.email) return whoText.removedAccount;
  return ref.name && ref.email ? `${ref.name} (${ref.email})` : (ref.name ?? ref.email ?? whoText.unknown);
}
