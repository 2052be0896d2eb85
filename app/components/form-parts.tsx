import type { ReactNode } from "react";

import { Spinner } from "./spinner";

// The pieces of a form that need no form library: a field's errors and the submit button. Their
// own module so that a page whose forms are plain (the thank-you screen, the status page) does not
// pull in conform with them; app/components/forms.tsx draws conform's fields with these.

export function ErrorList({ id, errors }: { id?: string; errors?: string[] | null }) {
  if (!errors?.length) return null;
  return (
    <div id={id} className="field-errors" role="alert">
      <ul>
        {errors.map((e) => (
          <li key={e}>{e}</li>
        ))}
      </ul>
    </div>
  );
}

/** A submit button that shows its busy text (e.g. "Sending...") while the form is pending. */
export function SubmitButton({
  pending,
  idleText,
  pendingText,
  className = "btn btn-primary",
  disabled,
  ...rest
}: { pending: boolean; idleText: ReactNode; pendingText: ReactNode } & React.ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button type="submit" className={className} disabled={pending || disabled} aria-busy={pending} {...rest}>
      {pending ? (
        <>
          <Spinner label="" /> {pendingText}
        </>
      ) : (
        idleText
      )}
    </button>
  );
}
