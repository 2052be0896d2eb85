import { formOnFirstTouch } from "~/components/form-on-first-touch";
import { statusPageCopy } from "~/content/application";

import type { StatusStepsProps } from "./status-steps";

/** The element around the status page's next steps: a touch inside it asks for their code. */
export const STATUS_STEPS_ID = "status-steps";

/**
 * The status page's next steps and their forms, their code (the forms, the payment and guardian
 * words, the bank details) fetched on the first touch, as the registration form's is
 * (docs/decisions/050-the-form-code-comes-on-first-touch.md,
 * docs/decisions/087-every-public-page-within-the-homes-budget.md): most visits read where the
 * application stands and leave. At once when the page answers a submission.
 */
export const StatusStepsOnFirstTouch = formOnFirstTouch<StatusStepsProps>({
  formId: STATUS_STEPS_ID,
  load: () => import("./status-steps").then(({ StatusSteps }) => StatusSteps),
  loadingText: statusPageCopy.loading,
  neededAtOnce: (props) => Boolean(props.failed),
});
