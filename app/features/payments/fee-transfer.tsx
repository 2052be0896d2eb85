import { Form } from "@remix-run/react";

import { FEE_TRANSFER_LIMITS as L } from "@domain/course-fees";
import { feeTransferCopy as copy, paymentsStaffCopy as staff } from "~/content/payments-staff";
import type { ApplicantCourseFee } from "~/upstream/payments.server";

import type { FeeTransferFailure } from "./fee-transfer.server";

// An applicant's course fee on their staff page (docs/decisions/081-one-application-pays-in-turn.md):
// where they stand, their course-fee payments by instalment, and the form to record a transfer.

type Row = {
  reference: string;
  amountText: string;
  paidFor: string;
  method: string;
  transferReference: string | null;
  status: string;
  refundDue: boolean;
  problem: string | null;
  paidWhen: string;
};
type Props = {
  fee: { courseFee: ApplicantCourseFee["courseFee"]; history: readonly Row[]; today: string; oldest: string };
  failed?: FeeTransferFailure;
};

export function FeeTransfer({ fee, failed }: Props) {
  const { courseFee } = fee;
  return (
    <section aria-labelledby="course-fee-title" id="course-fee" className="fee-transfer">
      <h2 id="course-fee-title">{copy.title}</h2>
      {courseFee ? (
        <>
          <p data-testid="course-fee-summary">
            {copy.summary(courseFee.feeText, courseFee.paidText, courseFee.owedText)}
          </p>
          {fee.history.length === 0 ? (
            <p>{copy.historyNone}</p>
          ) : (
            <ul data-testid="course-fee-history">
              {fee.history.map((p) => (
                <li key={p.reference} data-status={p.status}>
                  {p.amountText} — {p.paidFor} — {staff.methods[p.method]}
                  {p.transferReference ? ` — ${p.transferReference}` : ""} — {p.paidWhen}
                  {p.refundDue ? <span className="form-error"> {staff.refundDue}</span> : null}
                  {p.problem ? <span className="form-error"> {p.problem}</span> : null}
                </li>
              ))}
            </ul>
          )}
          <TransferForm fee={fee} failed={failed} />
        </>
      ) : (
        <p>{copy.noIntake}</p>
      )}
    </section>
  );
}

function TransferForm({ fee, failed }: Props) {
  const parts = fee.courseFee?.parts ?? [];
  const typed = failed?.typed;
  const errors = failed?.fieldErrors ?? {};
  const field = (name: keyof FeeTransferFailure["fieldErrors"]) => ({
    id: `fee-transfer-${name}`,
    name,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `fee-transfer-${name}-error` : undefined,
  });
  const problem = (name: keyof FeeTransferFailure["fieldErrors"]) =>
    errors[name] ? (
      <p className="form-error" id={`fee-transfer-${name}-error`}>
        {errors[name]}
      </p>
    ) : null;
  return (
    <Form method="post" className="fee-transfer-form" aria-labelledby="fee-transfer-title">
      <h3 id="fee-transfer-title">{copy.formTitle}</h3>
      <p className="field-hint">{copy.formHint}</p>
      <input type="hidden" name="intent" value="fee-transfer" />
      {failed ? (
        <p className="form-error" role="alert">
          {failed.formError ?? copy.checkFields}
        </p>
      ) : null}
      <div className="field">
        <label htmlFor="fee-transfer-amount">{copy.amount}</label>
        <input {...field("amount")} inputMode="numeric" required maxLength={16} defaultValue={typed?.amount ?? ""} />
        {problem("amount")}
      </div>
      {parts.length ? (
        <div className="field">
          <label htmlFor="fee-transfer-instalment">{copy.instalment}</label>
          <select {...field("instalment")} defaultValue={typed?.instalment ?? ""}>
            <option value="">{copy.instalmentNone}</option>
            {parts.map((p) => (
              <option key={p.n} value={p.n}>
                {copy.instalmentOption(p.n, parts.length, p.amountText)}
              </option>
            ))}
          </select>
          {problem("instalment")}
        </div>
      ) : null}
      <div className="field">
        <label htmlFor="fee-transfer-transferReference">{copy.transferReference}</label>
        <input
          {...field("transferReference")}
          required
          minLength={L.referenceMin}
          maxLength={L.referenceMax}
          defaultValue={typed?.transferReference ?? ""}
        />
        <small className="field-hint">{copy.transferReferenceHint}</small>
        {problem("transferReference")}
      </div>
      <div className="field">
        <label htmlFor="fee-transfer-paidOn">{copy.paidOn}</label>
        <input
          {...field("paidOn")}
          type="date"
          required
          min={fee.oldest}
          max={fee.today}
          defaultValue={typed?.paidOn ?? fee.today}
        />
        {problem("paidOn")}
      </div>
      <button type="submit" className="btn">
        {copy.submit}
      </button>
    </Form>
  );
}
