import { Link } from "@remix-run/react";

import { payment } from "~/content/payment-details";
import { thankYouCopy } from "~/content/thank-you";
import { BankDetails } from "~/features/journey/bank-details";
import { useSettingsWithBank } from "~/hooks/use-bank-settings";
import type { ApplicationStatus } from "~/upstream/schemas";

import { ThankYouJourney } from "./thank-you-journey";
import { GuardianStepWhenShown, PayOnlineWhenShown } from "./thank-you-when-shown";

type Registered = {
  reference: string;
  /** The course and its type in words ("Bridal Makeup (Weekend)"). */
  course: string;
  confirmed: boolean;
  statusToken?: string;
  /** The fee to pay online ("₦20,000"), or "" when paying online is not open. */
  payOnline?: string;
  /** A minor's guardian's step (docs/decisions/065), null for an adult. */
  guardian?: ApplicationStatus["guardian"];
};

/** After a registration: its reference, the course, and how to pay (docs/decisions/018-registration-for-phones.md; the e-mail says the same). */
export function ThankYou({ registered }: { registered: Registered }) {
  const copy = thankYouCopy;
  const settings = useSettingsWithBank();
  return (
    <section className="registration-thank-you" aria-labelledby="thank-you-title">
      <h1 id="thank-you-title">{copy.heading}</h1>
      <p>{copy.body}</p>
      {registered.reference ? (
        <>
          <dl className="registration-summary">
            <div>
              <dt>{copy.reference}</dt>
              <dd className="registration-reference">{registered.reference}</dd>
            </div>
            <div>
              <dt>{copy.course}</dt>
              <dd className="registration-course">{registered.course}</dd>
            </div>
          </dl>
          <p className="field-hint">{copy.referenceHint}</p>
          {registered.guardian && registered.statusToken ? (
            <GuardianStepWhenShown guardian={registered.guardian} token={registered.statusToken} open />
          ) : null}
          {registered.payOnline && registered.statusToken ? (
            // "Pay … online", then "Or pay by bank transfer" as the heading of the steps below.
            <PayOnlineWhenShown token={registered.statusToken} fee={registered.payOnline} />
          ) : (
            <h2>{copy.paymentTitle}</h2>
          )}
          <ol className="payment-steps">
            {payment(settings).steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
          <BankDetails />
          {registered.confirmed ? <p>{copy.emailNote}</p> : null}
          <ThankYouJourney reference={registered.reference} statusToken={registered.statusToken ?? ""} />
        </>
      ) : null}
      <p className="thank-you-actions">
        <Link to="/" className="btn btn-primary">
          {copy.home}
        </Link>
        <Link to="/registration-form" className="btn btn-outline">
          {copy.again}
        </Link>
      </p>
    </section>
  );
}
