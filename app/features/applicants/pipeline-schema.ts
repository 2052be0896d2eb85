import * as z from "zod/mini";
import en from "zod/v4/locales/en.js";

import { APPLICANT_STATUSES, NOTE_MAX_LENGTH } from "@domain/pipeline";
import { pipelineText as t } from "~/content/lifecycle";

// zod/mini, not classic zod (decision 023): the admin pages' browser code imports this module's
// chunk, and classic zod there would be loaded for nothing.
// zod/mini sets no locale of its own: the rules that name no message speak English, as with
// classic zod (which installs the same English locale when none is set).
if (!z.config().localeError) z.config(en());

// The applicant page's two forms (docs/product.md §4); the API checks the same again.
export const statusForm = z.object({
  intent: z.literal("status"),
  status: z.enum(APPLICANT_STATUSES, { error: t.chooseStatus }),
  /** The confirmation's button: staff saw the fees still owed and enrol anyway (docs/decisions/093). */
  confirmOwed: z.optional(z.literal("yes")),
});
export const noteForm = z.object({
  intent: z.literal("note"),
  body: z
    .string({ error: t.noteEmpty })
    .check(z.trim(), z.minLength(1, t.noteEmpty), z.maxLength(NOTE_MAX_LENGTH, t.noteTooLong(NOTE_MAX_LENGTH))),
});
export const pipelineForm = z.discriminatedUnion("intent", [statusForm, noteForm]);

/** The inbox's filters from the address: an unknown status or an overlong course is no filter. */
export function pipelineFilters(url: URL) {
  const status = url.searchParams.get("status") ?? "";
  const course = (url.searchParams.get("course") ?? "").trim().slice(0, 200);
  return {
    status: (APPLICANT_STATUSES as readonly string[]).includes(status) ? status : "",
    course,
    // "waiting": only applicants whose proof of payment waits for a decision (docs/product.md §4).
    // "refund": withdrawn after paying, the refund still to decide (docs/decisions/099).
    proof: ["waiting", "refund"].includes(url.searchParams.get("proof") ?? "") ? url.searchParams.get("proof")! : "",
  };
}
