import { CONSENT_KINDS } from "./consent";
import { CONSENT_KIND_LABELS, consentVersion } from "./staff-words";

/** The accepted consent versions as one line, for the staff page and the CSV: "Terms v1, Privacy notice v2, …". */
export function consentLine(consents: Record<string, number> | null | undefined) {
  if (!consents) return "";
  return CONSENT_KINDS.filter((k) => consents[k] !== undefined)
    .map((k) => consentVersion(CONSENT_KIND_LABELS[k], consents[k]))
    .join(", ");
}
