import { forwardRef } from "react";

import { registrationCopy } from "~/content/registration";

export type SummaryItem = { target: string; label: string; errors: string[] };

/** Every problem at the top of the form: the server's own words first, then each field's, linked to it. */
/** A way on the server gave with its refusal ("Ask for the link to your status page"). */
export type ErrorLink = { href: string; text: string };

export const ErrorSummary = forwardRef<
  HTMLDivElement,
  { formErrors: string[]; items: SummaryItem[]; link?: ErrorLink | null }
>(function ErrorSummary({ formErrors, items, link }, ref) {
  if (!formErrors.length && !items.length) return null;
  return (
    <div ref={ref} id="registration-errors" className="form-error-summary" role="alert" tabIndex={-1}>
      <h2>{registrationCopy.errorSummaryTitle}</h2>
      <ul>
        {formErrors.map((e) => (
          <li key={e} className="form-level-error">
            {e}
          </li>
        ))}
        {link ? (
          <li className="form-level-error">
            <a href={link.href}>{link.text}</a>
          </li>
        ) : null}
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
});
