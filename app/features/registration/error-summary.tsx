import { forwardRef } from "react";

import { registrationCopy } from "~/content/registration";

export type SummaryItem = { target: string; label: string; errors: string[] };

/** Every problem at the top of the form: the server's own words first, then each field's, linked to it. */
export const ErrorSummary = forwardRef<HTMLDivElement, { formErrors: string[]; items: SummaryItem[] }>(
  function ErrorSummary({ formErrors, items }, ref) {
    if (!formErrors.length && !items.length) return null;
    return (
      <div ref={ref} id="registration-errors" className="form-error-summary" role="alert" tabIndex={-1}>
        <h2>{registrationCopy.errorSummaryTitle}</h2>
        <ul>
          {formErrors.map((e) => (
            <li key={e} className="form-level-error">
              {e}
              {e === registrationCopy.alreadyApplied ? (
                // The way to the application already made (docs/decisions/100).
                <>
                  {" "}
                  <a href="/application">{registrationCopy.alreadyAppliedLink}</a>
                </>
              ) : null}
            </li>
          ))}
          {items.map((item) => (
            <li key={item.target}>
              <a href={`#${item.target}`}>
                {item.label}: {item.errors.join(" ")}
              </a>
            </li>
          ))}
        </ul>
      </div>
    );
  },
);
