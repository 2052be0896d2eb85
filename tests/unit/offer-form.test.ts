import { describe, expect, it } from "vitest";

import { OFFER_DAYS, OFFER_MAX_DAYS, offerDeadlines } from "@domain/pipeline";
import { lagosDate } from "@domain/schedule";
import { offerForm } from "~/features/applicants/offer-schema";

// docs/decisions/074-one-status-model-and-when-a-seat-is-taken.md: staff give an offer a deadline
// from today to OFFER_MAX_DAYS on; the form suggests OFFER_DAYS on.

describe("the offer's deadlines", () => {
  it("run from today to OFFER_MAX_DAYS on, suggesting OFFER_DAYS on, across months and years", () => {
    expect(offerDeadlines("2026-12-28")).toEqual({
      first: "2026-12-28",
      last: "2027-02-26",
      suggested: "2027-01-04",
    });
    expect(OFFER_DAYS).toBe(7);
    expect(OFFER_MAX_DAYS).toBe(60);
  });
});

describe("the staff offer form", () => {
  const { first, last, suggested } = offerDeadlines(lagosDate());
  const dayBefore = new Date(Date.parse(`${first}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  const dayAfter = new Date(Date.parse(`${last}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

  it("takes today, the suggested day and the last day", () => {
    for (const acceptBy of [first, suggested, last, ` ${suggested} `])
      expect(offerForm.safeParse({ intent: "offer", acceptBy }).success, acceptBy).toBe(true);
  });

  it("refuses yesterday, a day past the bound, a day that does not exist and no day, each with one message", () => {
    for (const acceptBy of [dayBefore, dayAfter, "2027-02-31", "tomorrow", "", undefined]) {
      const parsed = offerForm.safeParse({ intent: "offer", acceptBy });
      expect(parsed.success, String(acceptBy)).toBe(false);
      expect(parsed.error?.issues.map((i) => i.message)).toEqual([
        `Choose the acceptance deadline: a date from today to ${OFFER_MAX_DAYS} days ahead.`,
      ]);
    }
  });
});
