import { Form } from "@remix-run/react";

import { proofStaffCopy as copy } from "~/content/lifecycle";

// Proof of payment on the staff side (docs/product.md §4): the pipeline's "proof waiting"
// filter and badge, and on an applicant's page the receipt with its two decisions.

export function ProofFilter({ value }: { value: string }) {
  return (
    <div className="field">
      <label htmlFor="filter-proof">{copy.filterLabel}</label>
      <select id="filter-proof" name="proof" defaultValue={value}>
        <option value="">{copy.filterAny}</option>
        <option value="waiting">{copy.filterWaiting}</option>
        <option value="refund">{copy.filterRefund}</option>
      </select>
    </div>
  );
}

export function ProofReceivedBadge() {
  return (
    <>
      {" "}
      <span className="status-badge proof-waiting">{copy.waiting}</span>
    </>
  );
}

type Proof = {
  state: "waiting" | "confirmed" | "rejected" | null;
  transferReference: string;
  sentAt: string;
  rejectedReason: string;
  file: string | null;
};

export function PaymentProof({ proof, error }: { proof: Proof; error?: string }) {
  return (
    <section className="payment-proof" aria-labelledby="payment-proof-title" id="payment-proof">
      <h2 id="payment-proof-title">{copy.title}</h2>
      {proof.state === null ? (
        <p>{copy.none}</p>
      ) : (
        <>
          <p>
            <strong className="proof-state">{copy[proof.state]}</strong>
          </p>
          <dl className="admin-detail">
            <dt>{copy.transferReference}</dt>
            <dd>{proof.transferReference}</dd>
            <dt>{copy.sentAt}</dt>
            <dd>{proof.sentAt}</dd>
          </dl>
          {proof.state === "rejected" ? <blockquote>{proof.rejectedReason}</blockquote> : null}
          {proof.file ? (
            <p>
              {/* Opened in the browser (an image, or a PDF in its viewer), as the applicant's other files. */}
              <a className="btn btn-outline btn-small" href={`/admin/files/${proof.file}?view=inline`}>
                {copy.open}
              </a>
            </p>
          ) : null}
        </>
      )}
      {error ? (
        <p className="form-error-summary" role="alert">
          {error}
        </p>
      ) : null}
      {proof.state === "waiting" ? (
        <div className="proof-decisions">
          <Form method="post">
            <input type="hidden" name="intent" value="proof-confirm" />
            <button type="submit" className="btn btn-primary">
              {copy.confirm}
            </button>{" "}
            <small className="field-hint">{copy.confirmHint}</small>
          </Form>
          <Form method="post">
            <input type="hidden" name="intent" value="proof-reject" />
            <div className="field">
              <label htmlFor="proof-reject-reason">{copy.rejectReason}</label>
              <textarea id="proof-reject-reason" name="reason" required maxLength={500} rows={2} />
            </div>
            <button type="submit" className="btn btn-outline">
              {copy.reject}
            </button>
          </Form>
        </div>
      ) : null}
    </section>
  );
}
