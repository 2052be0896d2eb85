import { Form, Link } from "@remix-run/react";

import { refundQuestionCopy as copy } from "~/content/payments-staff";

export const REFUND_NONE_INTENT = "refund-none";

export type RefundView = {
  question: "open" | "refunded" | "none_due";
  paid: string;
  policy: string;
  reference: string;
  /** "on … by …" words made on the server, for a decided question. */
  decided: string | null;
};

/**
 * An application withdrawn after paying: its refund to decide, until staff record a refund on
 * the payments page or say here that none is due (docs/decisions/099-withdrawn-after-paying.md).
 * A real form, so it works without JavaScript; a refused note comes back as typed.
 */
export function ApplicantRefund({ refund, failed }: { refund: RefundView; failed?: { error: string; note: string } }) {
  if (refund.question !== "open")
    return (
      <section className="applicant-refund" aria-labelledby="refund-title" data-refund={refund.question}>
        <h2 id="refund-title">{copy.decidedTitle}</h2>
        <p>{refund.decided}</p>
      </section>
    );
  return (
    <section className="applicant-refund" aria-labelledby="refund-title" data-refund="open">
      <h2 id="refund-title">{copy.title}</h2>
      <p role="status">{copy.open(refund.paid)}</p>
      <p className="field-hint">{copy.policy(refund.policy)}</p>
      <p>
        <Link to={`/admin/payments?q=${encodeURIComponent(refund.reference)}`}>{copy.recordLink}</Link>
      </p>
      <Form method="post" className="refund-none-form">
        <input type="hidden" name="intent" value={REFUND_NONE_INTENT} />
        <div className="field" data-invalid={failed ? "" : undefined}>
          <label htmlFor="refund-note">{copy.noteLabel}</label>
          <small id="refund-note-hint" className="field-hint">
            {copy.noteHint}
          </small>
          <input
            id="refund-note"
            name="note"
            required
            minLength={3}
            maxLength={300}
            defaultValue={failed?.note ?? ""}
            aria-invalid={failed ? true : undefined}
            aria-describedby={failed ? "refund-note-hint refund-note-error" : "refund-note-hint"}
          />
          {failed ? (
            <p id="refund-note-error" className="form-error" role="alert">
              {failed.error}
            </p>
          ) : null}
        </div>
        <button type="submit" className="btn btn-outline">
          {copy.submit}
        </button>
      </Form>
    </section>
  );
}
