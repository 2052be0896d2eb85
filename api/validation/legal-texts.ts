import { z } from "zod";

import { LEGAL_LIMITS } from "@domain/legal-texts";

// The shape of a legal text's save (PUT /api/legal/:doc): the introduction and the sections, each
// bounded. The rules beyond shape (required, one-line headings, lengths after trimming) are
// domain/legal-texts.ts's `checkLegal`, which the web tier applies too.
const L = LEGAL_LIMITS;
// Room for what the rules trim, so a too-long value gets the rule's message, not the shape's.
export const legalTextBody = z
  .object({
    intro: z.string().max(L.intro + 500),
    sections: z
      .array(z.object({ heading: z.string().max(L.heading + 100), text: z.string().max(L.text + 1000) }).strict())
      .max(L.sections),
  })
  .strict();
