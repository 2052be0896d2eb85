import * as z from "zod/mini";

import { OFFER_MAX_DAYS, offerDeadlines } from "@domain/pipeline";
import { lagosDate } from "@domain/schedule";
import { asStoredDay } from "@domain/typed-day";
import { offerText as t } from "~/content/lifecycle";

// The staff "Make an offer" form (docs/decisions/074-one-status-model-and-when-a-seat-is-taken.md):
// the acceptance deadline, a Lagos day from today to OFFER_MAX_DAYS on. The API checks the same
// again; zod/mini as the page's other forms (decision 023).

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar day (2026-02-31 is not) within the deadlines staff may give today. */
const mayBeDeadline = (day: string) => {
  if (!DAY.test(day)) return false;
  const at = new Date(`${day}T12:00:00Z`);
  if (Number.isNaN(at.getTime()) || at.toISOString().slice(0, 10) !== day) return false;
  const { first, last } = offerDeadlines(lagosDate());
  return day >= first && day <= last;
};

export const offerForm = z.object({
  intent: z.literal("offer"),
  acceptBy: z
    .string({ error: t.acceptByInvalid(OFFER_MAX_DAYS) })
    .check(z.trim(), z.overwrite(asStoredDay), z.refine(mayBeDeadline, t.acceptByInvalid(OFFER_MAX_DAYS))),
});
