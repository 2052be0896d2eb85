import * as z from "zod/mini";

import { checkLegal, LEGAL_LIMITS, sectionField, type TypedLegal } from "@domain/legal-texts";
import { rearrange } from "@domain/page-content";

// The privacy notice's or the terms' form (app/routes/admin.legal.$doc.tsx): one real form with the
// introduction and the sections in flat fields (`intro`, `section3heading`; docs/decisions/014),
// read back into the typed shape. Its submit buttons are named `intent`: `save`, or `add`,
// `remove:2`, `up:4`, `down:0`, which rearrange what was typed and save nothing, so this works
// without JavaScript. A save is checked by the rules both tiers share (domain/legal-texts.ts), and
// the API checks them again before it saves anything (docs/decisions/071).

const L = LEGAL_LIMITS;

/** Every field the form may send. */
export const LEGAL_TEXT_FIELDS = [
  "intro",
  "sectionCount",
  ...Array.from({ length: L.sections }, (_, i) => [sectionField(i, "heading"), sectionField(i, "text")]).flat(),
];

const text = z.optional(z.string().check(z.maxLength(L.text + 1000)));
export const legalTextFormSchema = z.object({
  intent: z.string().check(z.regex(/^(save|add|(remove|up|down):\d{1,3})$/)),
  ...Object.fromEntries(LEGAL_TEXT_FIELDS.map((f) => [f, text])),
});

/** The text as typed (the count says how many sections). */
export function typedFrom(form: Record<string, string | undefined>): TypedLegal {
  const count = Math.min(Math.max(Number(form.sectionCount) || 0, 0), L.sections);
  return {
    intro: form.intro ?? "",
    sections: Array.from({ length: count }, (_, i) => ({
      heading: form[sectionField(i, "heading")] ?? "",
      text: form[sectionField(i, "text")] ?? "",
    })),
  };
}

/** What a rearranging button does to the typed sections (nothing is saved). */
export const rearranged = (typed: TypedLegal, intent: string): TypedLegal => ({
  ...typed,
  sections: rearrange(typed.sections, intent, () => ({ heading: "", text: "" }), L.sections),
});

/** The typed text checked: each field's problem (none: it may be saved). */
export const checkTyped = (typed: TypedLegal) => checkLegal(typed).problems;
