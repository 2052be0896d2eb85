import * as z from "zod";

/** Withdrawing from the status page (docs/security.md, "Status links"): the reference or the date of birth. */
export const withdrawInput = z.object({
  check: z.string().max(100).optional().default(""),
});
