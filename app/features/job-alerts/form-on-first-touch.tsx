import type { ComponentProps } from "react";

import { formOnFirstTouch } from "~/components/form-on-first-touch";
import { jobAlertText } from "~/content/job-alerts";

import type { JobAlertForm } from "./job-alert-form";

/**
 * The job alerts page's form, its code (conform, the schema) fetched on the first touch
 * (docs/decisions/050-the-form-code-comes-on-first-touch.md); at once to show a submission's errors.
 */
export const JobAlertFormOnFirstTouch = formOnFirstTouch<ComponentProps<typeof JobAlertForm>>({
  formId: "job-alert",
  load: () => import("./job-alert-form").then(({ JobAlertForm }) => JobAlertForm),
  loadingText: jobAlertText.loading,
  neededAtOnce: (props) => Boolean(props.lastResult),
});
