import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";

import { dayWords } from "@domain/intakes";
import { ErrorList } from "~/components/form-parts";
import { courseFeeCopy as copy } from "~/content/payments";
import { BankDetails } from "~/features/journey/bank-details";
import type { CourseFee } from "~/upstream/payments.server";

/**
 * The intake's course fee on the status page (docs/decisions/077-course-fees-and-instalments.md):
 * what is paid and owed, the instalments, and plain forms to pay the next instalment, all of it,
 * or another amount online. Whole-page posts: the answer redirects to Paystack's checkout, with
 * JavaScript on or off. The server reckons every amount; the forms name only the choice.
 */
export function CourseFeeSection({
  fee,
  token,
  error,
  amountError,
  typedAmount,
  notice,
  transfer,
}: {
  fee: CourseFee;
  /** The amount due next, in words (the statement of account's, docs/decisions/093): the transfer box's amount. */
  transfer: { amount: string; line: string } | null;
  token: string;
  error?: string;
  amountError?: string;
  typedAmount?: string;
  notice?: ReactNode;
}) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === "pay-course-fee";
  const action = `/application/${token}`;
  const partForm = fee.online && fee.owed > fee.partMin;
  return (
    <section aria-labelledby="course-fee-title" className="course-fee" id="course-fee">
      <h2 id="course-fee-title">{copy.title}</h2>
      <p data-owed={fee.owed}>{copy.summary(fee.feeText, fee.paidText, fee.owedText)}</p>
      {fee.parts.length ? (
        <>
          <h3>{copy.plan}</h3>
          <ul className="course-fee-parts">
            {fee.parts.map((p) => (
              <li key={p.n} data-paid={p.paid ? "yes" : "no"}>
                {copy.part(p.n, p.amountText, dayWords(p.dueOn))}
                {p.paid ? ` — ${copy.partPaid}` : ""}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {fee.owed === 0 ? <p role="status">{copy.settled}</p> : null}
      {notice}
      {error && !(amountError && partForm) ? (
        <p className="form-error-summary" role="alert">
          {error}
        </p>
      ) : null}
      {fee.online ? (
        <div className="course-fee-choices">
          {fee.next ? (
            <Form method="post" action={action} reloadDocument>
              <input type="hidden" name="intent" value="pay-course-fee" />
              <input type="hidden" name="pay" value="instalment" />
              <input type="hidden" name="instalment" value={fee.next.n} />
              <button type="submit" className="btn btn-primary" disabled={pending}>
                {pending ? copy.pending : copy.payNext(fee.next.n, fee.next.amountText)}
              </button>
            </Form>
          ) : null}
          <Form method="post" action={action} reloadDocument>
            <input type="hidden" name="intent" value="pay-course-fee" />
            <input type="hidden" name="pay" value="whole" />
            <button type="submit" className={fee.next ? "btn btn-secondary" : "btn btn-primary"} disabled={pending}>
              {copy.payWhole(fee.owedText)}
            </button>
          </Form>
          {partForm ? (
            <Form method="post" action={action} reloadDocument className="course-fee-part" noValidate>
              <input type="hidden" name="intent" value="pay-course-fee" />
              <input type="hidden" name="pay" value="part" />
              <label htmlFor="course-fee-amount">{copy.partLabel}</label>
              <small id="course-fee-amount-hint" className="field-hint">
                {copy.partHint(fee.partMinText, fee.owedText)}
              </small>
              <input
                id="course-fee-amount"
                name="amount"
                inputMode="numeric"
                autoComplete="off"
                maxLength={20}
                defaultValue={typedAmount}
                aria-invalid={amountError ? true : undefined}
                aria-describedby={
                  amountError ? "course-fee-amount-hint course-fee-amount-error" : "course-fee-amount-hint"
                }
              />
              <ErrorList id="course-fee-amount-error" errors={amountError ? [amountError] : null} />
              <button type="submit" className="btn btn-secondary" disabled={pending}>
                {copy.partButton}
              </button>
            </Form>
          ) : null}
        </div>
      ) : null}
      {fee.owed > 0 ? (
        <>
          <p>{copy.orTransfer}</p>
          {transfer ? <p className="course-fee-transfer-amount">{transfer.line}</p> : null}
          <BankDetails amount={transfer?.amount} />
        </>
      ) : null}
    </section>
  );
}
