import { z } from "zod";
import { APPLICANT_STATUSES, NOTE_MAX_LENGTH } from "../../domain/pipeline";
import { pipelineText as t } from "~/content/lifecycle";

// The applicant page's two forms (docs/product.md §4); the API checks the same again.
export const statusForm = z.object({
  intent: z.literal("status"),
  status: z.enum(APPLICANT_STATUSES, { error: t.chooseStatus }),
});
export const noteForm = z.object({
  intent: z.literal("note"),
  body: z
    .string({ error: t.noteEmpty })
    .trim()
    .min(1, t.noteEmpty)
    .max(NOTE_MAX_LENGTH, t.noteTooLong(NOTE_MAX_LENGTH)),
});
export const pipelineForm = z.discriminatedUnion("intent", [statusForm, noteForm]);

/** The inbox's filters from the address: an unknown status or an overlong course is no filter. */
export function pipelineFilters(url: URL) {
  const status = url.searchParams.get("status") ?? "";
  const course = (url.searchParams.get("course") ?? "").trim().slice(0, 200);
  return {
    status: (APPLICANT_STATUSES as readonly string[]).includes(status) ? status : "",
    course,
  };
}
