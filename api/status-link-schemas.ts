import * as z from "zod";

/** Withdrawing from the status page (docs/security.md, "Status links"): the applicant's date of birth (decision 091). */
export const withdrawInput = z.object({
  dob: z.string().max(100).optional().default(""),
});
