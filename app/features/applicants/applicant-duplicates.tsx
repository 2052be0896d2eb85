import { Form, Link } from "@remix-run/react";

import { duplicatesCopy as copy } from "~/content/lifecycle";

export const CLOSE_DUPLICATE_INTENT = "close-duplicate";

export type DuplicateView = { id: string; reference: string; line: string };

/**
 * The same person's other applications (same e-mail or phone, and date of birth), each with a
 * form that closes this one as its duplicate (docs/decisions/100-one-live-application-per-course.md).
 * Plain forms: they work without JavaScript.
 */
export function ApplicantDuplicates({
  duplicates,
  open,
  error,
}: {
  duplicates: DuplicateView[];
  /** This application may still be closed (not withdrawn or declined). */
  open: boolean;
  error?: string;
}) {
  if (duplicates.length === 0) return null;
  return (
    <section className="applicant-duplicates" aria-labelledby="duplicates-title" data-testid="possible-duplicates">
      <h2 id="duplicates-title">{copy.title}</h2>
      <p>{copy.intro}</p>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <ul>
        {duplicates.map((d) => (
          <li key={d.id}>
            <Link to={`/admin/applicants/${encodeURIComponent(d.id)}`}>{d.line}</Link>
            {open ? (
              <Form method="post">
                <input type="hidden" name="intent" value={CLOSE_DUPLICATE_INTENT} />
                <input type="hidden" name="of" value={d.id} />
                <button type="submit" className="btn btn-outline btn-small" aria-describedby="duplicates-hint">
                  {copy.close(d.reference)}
                </button>
              </Form>
            ) : null}
          </li>
        ))}
      </ul>
      {open ? (
        <p id="duplicates-hint" className="field-hint">
          {copy.closeHint}
        </p>
      ) : null}
    </section>
  );
}
