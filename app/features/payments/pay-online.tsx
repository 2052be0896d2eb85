import { Form, useNavigation } from "@remix-run/react";

import { paidForText, payOnlineCopy as copy } from "~/content/payments";

/**
 * "Pay ₦20,000 online": a plain form the status page's action answers with a redirect to
 * Paystack's checkout (docs/decisions/062-the-server-decides-money-arrived.md). A whole-page
 * post, so the browser follows the redirect to another site with JavaScript on or off.
 */
export function PayOnline({ token, fee, error }: { token: string; fee: string; error?: string }) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === "pay-online";
  return (
    <section aria-labelledby="pay-online-title" className="pay-online" id="pay-online">
      <h2 id="pay-online-title">{copy.title}</h2>
      <p>{copy.intro}</p>
      {error ? (
        <p className="form-error-summary" role="alert">
          {error}
        </p>
      ) : null}
      <Form method="post" action={`/application/${token}`} reloadDocument>
        <input type="hidden" name="intent" value="pay-online" />
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {pending ? copy.pending : copy.button(fee)}
        </button>
      </Form>
    </section>
  );
}

/** What Paystack's return said, above the payment step (a query word the callback route sets). */
export function PaymentNotice({ notice }: { notice: string }) {
  const text =
    notice === "failed"
      ? copy.failed
      : notice === "cancelled"
        ? copy.cancelled
        : notice === "unchecked"
          ? copy.unchecked
          : notice === "unknown"
            ? copy.unknown
            : "";
  if (!text) return null;
  return (
    <p className="form-error-summary payment-notice" role="alert" data-notice={notice}>
      {text}
    </p>
  );
}

type HistoryItem = {
  reference: string;
  method: string;
  purpose: string;
  instalment?: number | null;
  instalmentOf?: number | null;
  amountText: string;
  status: string;
  paidAt: string | null;
};

/** Online and transfer payments in one list (docs/product.md §4, "Payments"). */
export function PaymentHistory({ history, token }: { history: readonly HistoryItem[]; token: string }) {
  if (history.length === 0) return null;
  return (
    <section aria-labelledby="payment-history-title" className="payment-history">
      <h2 id="payment-history-title">{copy.historyTitle}</h2>
      <ul>
        {history.map((p) => (
          <li key={p.reference} data-status={p.status}>
            {p.amountText} — {paidForText(p)} — {p.method === "paystack" ? copy.historyOnline : copy.historyTransfer} —{" "}
            {p.status === "refunded" ? copy.historyRefunded : copy.historyPaid}
            {p.paidAt
              ? ` (${new Date(p.paidAt).toLocaleDateString("en-GB", { timeZone: "Africa/Lagos", day: "numeric", month: "long", year: "numeric" })})`
              : ""}{" "}
            <span className="field-hint">{p.reference}</span>{" "}
            {/* A document, not a page of the site: a plain link, opened in the browser's PDF viewer. */}
            <a href={`/application/${token}/receipt/${encodeURIComponent(p.reference)}`} rel="noreferrer">
              {copy.historyReceipt}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
