import { Form, useActionData, useNavigation } from "@remix-run/react";

import { dayWords } from "@domain/intakes";
import { type APPLICANT_STATUSES, offerDeadlines } from "@domain/pipeline";
import { ErrorList, SubmitButton } from "~/components/form-parts";
import { offerText as t } from "~/content/lifecycle";

type Reply = {
  offerResult?: { initialValue?: Record<string, unknown> | null; error?: Record<string, string[] | null> | null };
};

/** Only an open application can be offered a seat (the API's rule, docs/decisions/074). */
const OFFERABLE: readonly string[] = ["new", "contacted", "paid"];

/**
 * "Make an offer" with its acceptance deadline: a real form (JavaScript off works) whose refused
 * answer comes back with the day typed and the message under it; an open offer shows its deadline.
 */
export function ApplicantOffer({
  status,
  offerExpiresAt,
  lapsed,
  today,
}: {
  status: (typeof APPLICANT_STATUSES)[number];
  offerExpiresAt: string | null;
  /** Past its deadline (domain/pipeline.ts `offerState`), read by the loader: shown as lapsed before the sweep runs. */
  lapsed: boolean;
  /** The Lagos day the page was made on, from the server, so the bounds do not move at hydration. */
  today: string;
}) {
  const reply = useActionData<Reply>()?.offerResult;
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "offer";
  if (status === "offered" && offerExpiresAt) {
    const day = new Date(offerExpiresAt).toLocaleDateString("en-GB", {
      timeZone: "Africa/Lagos",
      day: "numeric",
      month: "long",
      year: "numeric",
    });
    return (
      <section className="applicant-offer" aria-labelledby="offer-title">
        <h2 id="offer-title">{lapsed ? t.lapsedTitle : t.title}</h2>
        <p role="status" data-offer={lapsed ? "lapsed" : "open"}>
          {lapsed ? t.lapsed(day) : t.open(day)}
        </p>
      </section>
    );
  }
  if (!OFFERABLE.includes(status)) return null;
  const { first, last, suggested } = offerDeadlines(today);
  const typed = typeof reply?.initialValue?.acceptBy === "string" ? reply.initialValue.acceptBy : suggested;
  const fieldErrors = reply?.error?.acceptBy;
  const formErrors = reply?.error?.[""];
  return (
    <section className="applicant-offer" aria-labelledby="offer-title">
      <h2 id="offer-title">{t.title}</h2>
      <p>{t.intro}</p>
      <ErrorList id="offer-errors" errors={formErrors} />
      <Form method="post" className="offer-form">
        <input type="hidden" name="intent" value="offer" />
        <div className="field" data-invalid={fieldErrors?.length ? "" : undefined}>
          <label htmlFor="offer-accept-by">{t.acceptBy}</label>
          <input
            id="offer-accept-by"
            name="acceptBy"
            type="date"
            required
            min={first}
            max={last}
            defaultValue={typed}
            aria-invalid={fieldErrors?.length ? true : undefined}
            aria-describedby={`offer-accept-by-hint${fieldErrors?.length ? " offer-accept-by-errors" : ""}`}
          />
          <small id="offer-accept-by-hint" className="field-hint">
            {t.acceptByHint(dayWords(first), dayWords(last))}
          </small>
          <ErrorList id="offer-accept-by-errors" errors={fieldErrors} />
        </div>
        <SubmitButton pending={pending} idleText={t.submit} pendingText={t.sending} />
      </Form>
    </section>
  );
}
