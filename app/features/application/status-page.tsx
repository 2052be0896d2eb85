import { Link } from "@remix-run/react";

import { statusPageCopy as copy } from "~/content/application";

import type { StatusPageWords } from "./application.server";
import type { StatusStepsProps } from "./status-steps";
import { StatusStepsOnFirstTouch } from "./steps-on-first-touch";

/**
 * Everything the applicant sees of their application: where it stands, here with the page, then
 * what to do next, whose code comes on the first touch (docs/decisions/087-every-public-page-within-the-homes-budget.md).
 */
export function StatusPage({
  words,
  ...steps
}: Omit<StatusStepsProps, "nextBody" | "lapsedWord" | "transfer"> & {
  /** The status's, the course's and the intake's words, picked on the server (application.server.ts). */
  words: StatusPageWords;
}) {
  const a = steps.application;
  const closed = a.status === "withdrawn" || a.status === "declined";
  return (
    <>
      <h1>{copy.heading}</h1>
      <p className="field-hint">{a.reader ? copy.readerNote : copy.privateNote}</p>
      <dl className="registration-summary">
        <div>
          <dt>{copy.reference}</dt>
          <dd className="registration-reference">{a.reference}</dd>
        </div>
        <div>
          <dt>{copy.course}</dt>
          <dd>{words.course}</dd>
        </div>
        {words.intake ? (
          <div>
            <dt>{words.intake.label}</dt>
            <dd>{words.intake.line}</dd>
          </div>
        ) : null}
        <div>
          <dt>{copy.sent}</dt>
          <dd>{words.sent}</dd>
        </div>
        <div>
          <dt>{copy.status}</dt>
          <dd className="application-status-word" data-status={a.status}>
            <strong>{words.statusTitle}</strong>
          </dd>
        </div>
      </dl>
      {words.intake?.waiting && !closed ? (
        <div className="intake-waiting" role="status">
          <p>
            <strong>{words.intake.waiting}</strong>
          </p>
          <p className="field-hint">{words.intake.waitingHint}</p>
        </div>
      ) : null}
      {words.intake?.seatHeld && !closed ? <p>{words.intake.seatHeld}</p> : null}
      {words.money ? (
        // Withdrawn after paying: what was paid and what happens next (docs/decisions/099).
        <section className="withdrawn-money" aria-labelledby="money-title" data-testid="withdrawn-money">
          <h2 id="money-title">{copy.moneyTitle}</h2>
          <p>
            {words.money.paid} {words.money.refunded}
          </p>
          <p>{words.money.next}</p>
          {words.money.policy ? <blockquote>{words.money.policy}</blockquote> : null}
        </section>
      ) : null}
      <StatusStepsOnFirstTouch
        {...steps}
        nextBody={words.statusBody}
        lapsedWord={words.lapsedWord}
        transfer={words.transfer}
      />
    </>
  );
}

export function StatusNotFound() {
  return (
    <>
      <h1>{copy.notFoundTitle}</h1>
      <p role="status">{copy.notFoundBody}</p>
      <p>
        <Link to="/application" className="btn btn-primary">
          {copy.askAgain}
        </Link>
      </p>
    </>
  );
}
