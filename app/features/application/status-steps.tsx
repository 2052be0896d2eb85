import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";

import { WITHDRAWABLE_BY_LINK } from "@domain/journey";
import { ErrorList, SubmitButton } from "~/components/form-parts";
import { statusPageCopy as copy } from "~/content/application";
import { payOnlineCopy } from "~/content/payments";
import { BankDetails } from "~/features/journey/bank-details";
import { GuardianStep } from "~/features/journey/guardian-step";
import { WhatsAppLink } from "~/features/journey/whatsapp-link";
import { CourseFeeSection } from "~/features/payments/course-fee";
import { PaymentHistory, PaymentNotice, PayOnline } from "~/features/payments/pay-online";
import type { CourseFeeFailure, PayOnlineFailure } from "~/features/payments/pay-online.server";
import { useSettingsWithBank } from "~/hooks/use-bank-settings";
import type { ApplicantPayments } from "~/upstream/payments.server";
import type { ApplicationStatus } from "~/upstream/schemas";

import type { StatusActionData } from "./application.server";
import { STATUS_STEPS_ID } from "./steps-on-first-touch";

const lagosDate = (iso: string) =>
  new Date(iso).toLocaleDateString("en-GB", {
    timeZone: "Africa/Lagos",
    day: "numeric",
    month: "long",
    year: "numeric",
  });

export type StatusStepsProps = {
  application: ApplicationStatus;
  /** What happens next at this status (picked on the server, application.server.ts). */
  nextBody: string;
  /** "Offer lapsed" once the offer's deadline has passed, else "" (picked on the server too). */
  lapsedWord: string;
  /** The course fee's amount due next, in words, for its transfer box (picked on the server too). */
  transfer: { amount: string; line: string } | null;
  token: string;
  confirmWithdraw: boolean;
  /** The offer's decline asked once more (`?decline=1`), a second state of the page that works without JavaScript. */
  confirmDecline: boolean;
  failed?: StatusActionData | PayOnlineFailure | CourseFeeFailure;
  payments: ApplicantPayments;
  paymentNotice: string;
};

/**
 * What the applicant does next, with the forms it still takes: the guardian's step, the offer,
 * the receipt, paying online and the course fee, withdrawal. Its code comes on the first touch
 * (steps-on-first-touch.tsx); until then the server's HTML is the page, its forms posting as they
 * do without JavaScript.
 */
export function StatusSteps({
  application: a,
  nextBody,
  lapsedWord,
  transfer,
  token,
  confirmWithdraw,
  confirmDecline,
  failed,
  payments,
  paymentNotice,
}: StatusStepsProps) {
  const closed = a.status === "withdrawn" || a.status === "declined";
  const paid = a.status === "paid" || a.status === "enrolled" || a.proof?.state === "confirmed";
  // A guardian's read-only link shows the same status without a single form (decision 074).
  const mayAct = !a.reader;
  // A receipt sent waits for staff: no second payment step until they reject it. Nothing is asked
  // of a waiting list's applicant before a seat is offered, nor of a minor before the guardian
  // consents (docs/decisions/101-no-payment-before-a-seat-or-consent.md).
  const waiting = !!a.intake?.waitingPosition;
  const consentPending = !!a.guardian && !a.guardian.confirmedAt;
  const mayPay = mayAct && !closed && !paid && a.proof?.state !== "waiting" && !waiting && !consentPending;
  return (
    <div id={STATUS_STEPS_ID}>
      {a.guardian ? (
        <GuardianStep
          guardian={a.guardian}
          token={token}
          open={mayAct && !closed}
          failed={failed?.intent === "guardian" ? failed : undefined}
        />
      ) : null}
      <h2>{copy.nextTitle}</h2>
      <p>{nextBody}</p>
      {failed?.intent === "offer" && !a.offer ? (
        // No offer to answer (an old page, a hand-made post): the reason, where the offer would be.
        <p className="form-error-summary" role="alert">
          {failed.formError || failed.decline?.fieldError}
        </p>
      ) : null}
      {a.offer ? (
        <Offer
          offer={a.offer}
          token={token}
          // A closed application's offer has no letter: the API would not draw it (docs/decisions/099).
          withLetter={!closed}
          mayAnswer={mayAct && a.offer.open}
          lapsedWord={lapsedWord}
          // A refused decline comes back to its question (the date of birth is not echoed: decision 091).
          confirmDecline={confirmDecline || Boolean(failed?.intent === "offer" && failed.decline)}
          error={failed?.intent === "offer" ? failed.formError : ""}
          declineFailed={failed?.intent === "offer" ? failed.decline : undefined}
        />
      ) : null}
      <ProofState application={a} />
      {mayAct && !closed && !paid && (waiting || consentPending) ? (
        <p className="pay-later" data-testid="pay-later">
          {waiting ? copy.payAfterOffer : copy.payAfterConsent}
        </p>
      ) : null}
      {mayPay ? <PaymentNotice notice={paymentNotice} /> : null}
      {failed?.intent === "pay-online" && !(mayPay && payments.online) ? (
        // Paying online closed meanwhile (paid, a receipt sent, the key removed): the reason, where the button was.
        <p className="form-error-summary" role="alert">
          {failed.formError}
        </p>
      ) : null}
      {mayPay && payments.online ? (
        <PayOnline
          token={token}
          fee={payments.fee.label}
          error={failed?.intent === "pay-online" ? failed.formError : undefined}
        />
      ) : null}
      {mayPay ? (
        <PayAndProve
          token={token}
          orOnline={payments.online}
          failed={failed?.intent === "proof" ? failed : undefined}
        />
      ) : null}
      {failed?.intent === "pay-course-fee" && !(payments.courseFee && mayAct && !closed) ? (
        // Paying the course fee closed meanwhile (withdrawn, the key removed): the reason, where the forms were.
        <p className="form-error-summary" role="alert">
          {failed.formError}
        </p>
      ) : null}
      {payments.courseFee && mayAct && !closed ? (
        <CourseFeeSection
          fee={payments.courseFee}
          token={token}
          error={failed?.intent === "pay-course-fee" ? failed.formError : undefined}
          amountError={failed?.intent === "pay-course-fee" ? failed.fieldErrors.amount?.[0] : undefined}
          typedAmount={failed?.intent === "pay-course-fee" ? failed.typed.amount : undefined}
          transfer={transfer}
          // Paystack's return names no fee: when the registration fee is not payable, its word shows here.
          notice={mayPay ? null : <PaymentNotice notice={paymentNotice} />}
        />
      ) : null}
      <PaymentHistory history={payments.history} token={token} />
      <WhatsAppLink reference={a.reference} />
      {mayAct && WITHDRAWABLE_BY_LINK.includes(a.status) ? (
        <Withdraw
          token={token}
          // A refused withdrawal comes back to its question (the date of birth is not echoed: decision 091).
          confirm={confirmWithdraw || failed?.intent === "withdraw"}
          error={failed?.intent === "withdraw" ? failed.formError : ""}
          refusal={failed?.intent === "withdraw" ? failed : undefined}
        />
      ) : null}
      {failed?.intent === "withdraw" && a.status === "declined" ? (
        // Closed meanwhile (an old page): the reason, where the question was.
        <p className="form-error-summary" role="alert">
          {failed.formError}
        </p>
      ) : null}
      {mayAct && (a.status === "paid" || a.status === "enrolled") ? (
        // Paid or enrolled: admissions withdraws it and settles the fee, not the link (decision 091).
        <section aria-labelledby="withdraw-title" className="withdraw">
          <h2 id="withdraw-title">{copy.withdrawByAdmissionsTitle}</h2>
          {failed?.intent === "withdraw" ? (
            <p className="form-error-summary" role="alert">
              {failed.formError}
            </p>
          ) : null}
          <p>{copy.withdrawByAdmissions}</p>
        </section>
      ) : null}
    </div>
  );
}

/**
 * The offer: its deadline and letter, and while it is open the applicant's two answers. Accept is
 * one press; decline asks once more on a second state of the page (`?decline=1`), with
 * "Yes, decline" and "Keep my offer", so a slip of the finger does not give the seat away, and
 * asks for the date of birth as withdrawing does, so a forwarded link alone cannot
 * (docs/decisions/088-the-desk-lists-and-offers-answered-as-expected.md, docs/decisions/091-a-link-withdraws-only-with-the-date-of-birth.md).
 */
function Offer({
  offer,
  token,
  withLetter,
  mayAnswer,
  lapsedWord,
  confirmDecline,
  error,
  declineFailed,
}: {
  offer: NonNullable<ApplicationStatus["offer"]>;
  token: string;
  withLetter: boolean;
  mayAnswer: boolean;
  lapsedWord: string;
  confirmDecline: boolean;
  error: string;
  declineFailed?: { fieldError: string };
}) {
  const navigation = useNavigation();
  const pending = (intent: string) =>
    navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const here = `/application/${token}`;
  return (
    <section className="application-offer" aria-labelledby="offer-title">
      <h2 id="offer-title">{mayAnswer && confirmDecline ? copy.offerDeclineConfirmTitle : copy.offerTitle}</h2>
      {offer.open ? <p>{copy.offerDeadline(lagosDate(offer.expiresAt))}</p> : null}
      {offer.lapsed ? (
        <p className="offer-lapsed" role="status">
          <strong>{lapsedWord}.</strong> {copy.offerLapsedDeadline(lagosDate(offer.expiresAt))}
        </p>
      ) : null}
      {withLetter ? (
        <p>
          <a href={`${here}/offer-letter`} rel="noreferrer">
            {copy.offerLetter}
          </a>
        </p>
      ) : null}
      {error ? (
        <p className="form-error-summary" role="alert" id="offer-error">
          {error}
        </p>
      ) : null}
      {mayAnswer && confirmDecline ? (
        <>
          <p>{copy.offerDeclineConfirmBody}</p>
          <Form method="post" action={here} className="offer-decline-form">
            <input type="hidden" name="intent" value="offer-decline" />
            <WhoCheckField
              id="decline-check"
              errorId={declineFailed ? "decline-check-error" : undefined}
              fieldError={declineFailed?.fieldError}
              refusal={declineFailed}
            />
            <div className="offer-actions">
              <SubmitButton
                pending={pending("offer-decline")}
                idleText={copy.offerDeclineConfirm}
                pendingText={copy.offerDeclineConfirm}
                className="btn btn-primary"
              />
              <Link to={`${here}#offer-title`} className="btn btn-outline">
                {copy.offerKeep}
              </Link>
            </div>
          </Form>
        </>
      ) : null}
      {mayAnswer && !confirmDecline ? (
        <div className="offer-actions">
          <Form method="post" action={here} className="offer-accept-form">
            <input type="hidden" name="intent" value="offer-accept" />
            <SubmitButton
              pending={pending("offer-accept")}
              idleText={copy.offerAccept}
              pendingText={copy.offerAccept}
            />
          </Form>
          <Link to={`${here}?decline=1#offer-title`} className="btn btn-outline">
            {copy.offerDeclineStart}
          </Link>
        </div>
      ) : null}
    </section>
  );
}

function ProofState({ application: a }: { application: ApplicationStatus }) {
  if (!a.proof) return null;
  return (
    <section aria-labelledby="proof-title" className="proof-state" data-proof={a.proof.state}>
      <h2 id="proof-title">{copy.proofTitle}</h2>
      {a.proof.state === "waiting" ? (
        <p className="proof-waiting" role="status">
          <strong>{copy.proofWaiting}</strong>
        </p>
      ) : null}
      {a.proof.state === "confirmed" ? <p>{copy.proofConfirmed}</p> : null}
      {a.proof.state === "rejected" ? (
        <>
          <p>{copy.proofRejected}</p>
          <blockquote className="proof-reason">{a.proof.rejectedReason}</blockquote>
          <p>{copy.proofAgain}</p>
        </>
      ) : null}
      <p className="field-hint">
        {copy.proofYourReference}: {a.proof.transferReference}
      </p>
    </section>
  );
}

function PayAndProve({
  token,
  orOnline,
  failed,
}: {
  token: string;
  orOnline: boolean;
  failed?: Extract<StatusActionData, { intent: "proof" }>;
}) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "proof";
  const errors = failed?.fieldErrors ?? {};
  const settings = useSettingsWithBank();
  return (
    <section aria-labelledby="pay-title">
      <h2 id="pay-title">{orOnline ? payOnlineCopy.orTransfer : copy.payTitle}</h2>
      <ol className="payment-steps">
        {copy.paySteps(settings.feeText, settings.bankWithheld).map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <BankDetails />
      <Form method="post" encType="multipart/form-data" className="proof-form" action={`/application/${token}`}>
        {failed?.formError ? (
          <p className="form-error-summary" role="alert">
            {failed.formError}
          </p>
        ) : null}
        <input type="hidden" name="intent" value="proof" />
        <div className="field" data-invalid={errors.transferReference ? "" : undefined}>
          <label htmlFor="proof-reference">{copy.proofReference}</label>
          <input
            id="proof-reference"
            name="transferReference"
            required
            maxLength={80}
            defaultValue={failed?.typed.transferReference ?? ""}
            aria-invalid={errors.transferReference ? true : undefined}
            aria-describedby={`proof-reference-hint${errors.transferReference ? " proof-reference-error" : ""}`}
          />
          <small id="proof-reference-hint" className="field-hint">
            {copy.proofReferenceHint}
          </small>
          <ErrorList id="proof-reference-error" errors={errors.transferReference} />
        </div>
        <div className="field" data-invalid={errors.file ? "" : undefined}>
          <label htmlFor="proof-file">{copy.proofFile}</label>
          <input
            id="proof-file"
            name="file"
            type="file"
            required
            accept=".pdf,.png,.jpg,.jpeg,.webp,application/pdf,image/png,image/jpeg,image/webp"
            aria-invalid={errors.file ? true : undefined}
            aria-describedby={`proof-file-hint${errors.file ? " proof-file-error" : ""}`}
          />
          <small id="proof-file-hint" className="field-hint">
            {copy.proofFileHint}
          </small>
          <ErrorList id="proof-file-error" errors={errors.file} />
        </div>
        <SubmitButton pending={pending} idleText={copy.proofSubmit} pendingText={copy.proofSubmit} />
      </Form>
    </section>
  );
}

/** Withdrawal in two steps: a link (or button) that asks, then the form that does it. */
function Withdraw({
  token,
  confirm,
  error,
  refusal,
}: {
  token: string;
  confirm: boolean;
  error: string;
  refusal?: unknown;
}) {
  return (
    <section aria-labelledby="withdraw-title" className="withdraw">
      {confirm ? (
        <>
          <h2 id="withdraw-title">{copy.withdrawConfirmTitle}</h2>
          <p>{copy.withdrawConfirmBody}</p>
          {error ? (
            <p className="form-error-summary" role="alert" id="withdraw-error">
              {error}
            </p>
          ) : null}
          <Form method="post" action={`/application/${token}`} className="withdraw-form">
            <input type="hidden" name="intent" value="withdraw" />
            <WhoCheckField id="withdraw-check" errorId={error ? "withdraw-error" : undefined} refusal={refusal} />
            <div className="thank-you-actions">
              <button type="submit" className="btn btn-primary">
                {copy.withdrawConfirm}
              </button>
              <Link to={`/application/${token}`} className="btn btn-outline">
                {copy.withdrawCancel}
              </Link>
            </div>
          </Form>
        </>
      ) : (
        <>
          <h2 id="withdraw-title">{copy.withdrawTitle}</h2>
          <p>{copy.withdrawIntro}</p>
          <Link to={`/application/${token}?withdraw=1#withdraw-title`} className="btn btn-outline">
            {copy.withdrawStart}
          </Link>
        </>
      )}
    </section>
  );
}

/**
 * Who is answering, beyond holding the link: the applicant's date of birth, which this page never
 * shows, asked by withdrawing and declining an offer alike (docs/decisions/091-a-link-withdraws-only-with-the-date-of-birth.md).
 * A date field (yyyy-mm-dd); a browser without one shows text, where dd/mm/yyyy typed by hand is
 * taken too. Never filled in again after a refusal: it is the secret answer. A refusal is
 * described by `errorId`: the form's summary, or the field's own message.
 */
function WhoCheckField({
  id,
  errorId,
  fieldError,
  refusal,
}: {
  id: string;
  errorId?: string;
  fieldError?: string;
  /** The refused answer's action data: a new one empties the field, as the server's page (JavaScript off) comes back empty. */
  refusal?: unknown;
}) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (refusal && input.current) input.current.value = "";
  }, [refusal]);
  return (
    <div className="field" data-invalid={errorId ? "" : undefined}>
      <label htmlFor={id}>{copy.withdrawCheckLabel}</label>
      <small id={`${id}-hint`} className="field-hint">
        {copy.withdrawCheckHint}
      </small>
      <input
        ref={input}
        id={id}
        name="dob"
        type="date"
        required
        autoComplete="off"
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId ? `${id}-hint ${errorId}` : `${id}-hint`}
      />
      <ErrorList id={errorId} errors={fieldError ? [fieldError] : undefined} />
    </div>
  );
}
