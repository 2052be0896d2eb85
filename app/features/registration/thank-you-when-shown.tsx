import type { ComponentProps } from "react";

import { formOnFirstTouch } from "~/components/form-on-first-touch";
import { thankYouCopy } from "~/content/thank-you";
import type { GuardianStep } from "~/features/journey/guardian-step";

import type { ThankYouPayOnline } from "./thank-you-pay-online";

// The thank-you screen's two forms that only some applicants see, a minor's guardian's step and
// paying online (open once an Admin set Paystack up): their code and words come only to a page
// that shows them, as it comes alive (docs/decisions/087-every-public-page-within-the-homes-budget.md).
// The first-touch component does it: asked for at once, the server's HTML kept until it is here
// (docs/decisions/050-the-form-code-comes-on-first-touch.md).

export const GuardianStepWhenShown = formOnFirstTouch<ComponentProps<typeof GuardianStep>>({
  formId: "guardian-step",
  load: () => import("~/features/journey/guardian-step").then(({ GuardianStep }) => GuardianStep),
  loadingText: thankYouCopy.loading,
  neededAtOnce: () => true,
});

export const PayOnlineWhenShown = formOnFirstTouch<ComponentProps<typeof ThankYouPayOnline>>({
  formId: "pay-online",
  load: () => import("./thank-you-pay-online").then(({ ThankYouPayOnline }) => ThankYouPayOnline),
  loadingText: thankYouCopy.loading,
  neededAtOnce: () => true,
});
