import { CONSENT_KINDS } from "@domain/consent";
import { consentText as t } from "~/content/privacy-staff";

/** The accepted consent versions as one line, for the staff page and the CSV: "Terms v1, Privacy notice v2, …". */
export function consentLine(consents: Record<string, number> | null | undefined) {
  if (!consents) return "";
  return CONSENT_KINDS.filter((k) => consents[k] !== undefined)
    .map((k) => t.version(t.kinds[k], consents[k]))
    .join(", ");
}
