import { Form } from "@remix-run/react";

import { formatWhen } from "@domain/schedule";
import { ErrorList } from "~/components/form-parts";
import { guardianStepCopy as copy } from "~/content/guardian";
import type { ApplicationStatus } from "~/upstream/schemas";

export type GuardianFailure = { formError?: string; fieldError?: string; typed: { email: string } };

/**
 * A minor's guardian's step (docs/decisions/065), on the status page and the thank-you screen:
 * awaited (to whom, partly masked, and when it went, with "send again" and "wrong address?"),
 * given, or refused, each with its time. Plain forms to the status page: JavaScript off works.
 */
export function GuardianStep({
  guardian: g,
  token,
  failed,
  open,
}: {
  guardian: NonNullable<ApplicationStatus["guardian"]>;
  token: string;
  failed?: GuardianFailure;
  /** False once the application is closed: nothing more to send. */
  open: boolean;
}) {
  const action = `/application/${token}`;
  const state = g.refusedAt ? "refused" : g.confirmedAt ? "confirmed" : "awaited";
  return (
    <section id="guardian-step" aria-labelledby="guardian-step-title" className="guardian-step" data-guardian={state}>
      <h2 id="guardian-step-title">{copy.title}</h2>
      {g.refusedAt ? (
        <p role="status">
          <strong>{copy.refused(formatWhen(g.refusedAt))}</strong>
        </p>
      ) : g.confirmedAt ? (
        <p role="status">
          <strong>{copy.confirmed(formatWhen(g.confirmedAt))}</strong>
        </p>
      ) : (
        <>
          <p role="status">
            <strong>{g.sentAt ? copy.awaited(g.to) : copy.notSent(g.to)}</strong>
            {g.sentAt ? ` ${copy.sentAt(formatWhen(g.sentAt))}` : null}
          </p>
          {g.sentAt ? <p>{copy.askThem}</p> : null}
          {open ? (
            <>
              {failed?.formError ? (
                <p className="form-error-summary" role="alert">
                  {failed.formError}
                </p>
              ) : null}
              <Form method="post" action={action} className="guardian-resend">
                <input type="hidden" name="intent" value="guardian-resend" />
                <button type="submit" className="btn btn-primary">
                  {copy.resend}
                </button>
              </Form>
              <Form method="post" action={action} className="guardian-correct">
                <input type="hidden" name="intent" value="guardian-email" />
                <h3>{copy.correctTitle}</h3>
                <div className="field" data-invalid={failed?.fieldError ? "" : undefined}>
                  <label htmlFor="guardian-email">{copy.correctLabel}</label>
                  <small id="guardian-email-hint" className="field-hint">
                    {copy.correctHint}
                  </small>
                  <input
                    id="guardian-email"
                    name="email"
                    type="email"
                    required
                    maxLength={200}
                    autoComplete="off"
                    defaultValue={failed?.typed.email ?? ""}
                    aria-invalid={failed?.fieldError ? true : undefined}
                    aria-describedby={`guardian-email-hint${failed?.fieldError ? " guardian-email-error" : ""}`}
                  />
                  <ErrorList id="guardian-email-error" errors={failed?.fieldError ? [failed.fieldError] : undefined} />
                </div>
                <button type="submit" className="btn btn-outline">
                  {copy.correctSubmit}
                </button>
              </Form>
            </>
          ) : null}
        </>
      )}
    </section>
  );
}
