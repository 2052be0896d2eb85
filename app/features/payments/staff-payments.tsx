import { Form, Link } from "@remix-run/react";

import { formatDay } from "@domain/day-words";
import { formatKobo } from "@domain/payments";
import { paidForText } from "~/content/payments";
import { paymentsStaffCopy as t } from "~/content/payments-staff";
import { AdminTable } from "~/features/staff-frame/frame";
import type { IntakeFees, StaffPayment } from "~/upstream/payments.server";

import type { RefundFailure } from "./staff-payments.server";

type Row = StaffPayment & { paidWhen: string; refundedWhen: string };
type Filters = { status?: string; refundDue?: string; q?: string; after?: string };
type DayTotal = { day: string; online: number; transfer: number; refunded: number; count: number };

const query = (f: Filters, extra: Record<string, string> = {}) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries({ status: f.status, refundDue: f.refundDue, q: f.q, ...extra }))
    if (v) q.set(k, v);
  const s = q.toString();
  return s ? `?${s}` : "";
};

export function PaymentFilters({ filters, mayExport }: { filters: Filters; mayExport: boolean }) {
  return (
    <Form method="get" className="admin-filters payments-filters">
      <label>
        {t.filterState}{" "}
        <select name="status" defaultValue={filters.status ?? ""}>
          <option value="">{t.filterAny}</option>
          {Object.entries(t.states).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>{" "}
      <label>
        <input type="checkbox" name="refundDue" value="1" defaultChecked={filters.refundDue === "1"} />{" "}
        {t.refundDueOnly}
      </label>{" "}
      <label>
        {t.search}{" "}
        <input
          name="q"
          defaultValue={filters.q ?? ""}
          maxLength={64}
          pattern="[A-Za-z0-9\-]*"
          aria-describedby="payments-q-hint"
        />
      </label>{" "}
      <button type="submit" className="btn btn-outline">
        {t.apply}
      </button>
      <small id="payments-q-hint" className="field-hint">
        {t.searchHint}
      </small>
      {mayExport ? (
        <p>
          <a href={`/admin/payments.csv${query(filters)}`} download>
            {t.csv}
          </a>
        </p>
      ) : null}
    </Form>
  );
}

export function PaymentRows({ rows, failed }: { rows: readonly Row[]; failed?: RefundFailure }) {
  if (rows.length === 0) return <p className="admin-empty">{t.none}</p>;
  return (
    <AdminTable
      headers={[
        t.columns.reference,
        t.columns.application,
        t.columns.method,
        t.columns.amount,
        t.columns.state,
        t.columns.paidAt,
        t.columns.refund,
      ]}
    >
      {rows.map((p) => (
        <tr key={p._id} data-testid="payment-row" data-status={p.status}>
          <td>
            <code>{p.reference}</code>
            {p.transferReference ? <div className="field-hint">{p.transferReference}</div> : null}
          </td>
          <td>
            <Link to={`/admin/applicants/${p.applicantId}`}>{p.application}</Link>
            {p.payer ? <div className="field-hint">{p.payer}</div> : null}
          </td>
          <td>
            {t.methods[p.method]}
            {p.channel ? <div className="field-hint">{p.channel}</div> : null}
          </td>
          <td>
            {p.amountText}
            <div className="field-hint">{paidForText(p)}</div>
          </td>
          <td>
            {t.states[p.status] ?? p.status}
            {p.refundDue ? <div className="form-error">{t.refundDue}</div> : null}
            {p.problem ? (
              <div className="form-error">
                {t.problem} {p.problem}
              </div>
            ) : null}
          </td>
          <td>{p.paidWhen}</td>
          <td>
            {p.refundedAt ? (
              <>
                {t.refunded(formatKobo(p.refundedAmount ?? 0), p.refundedWhen)}
                {p.refundNote ? <div className="field-hint">{p.refundNote}</div> : null}
              </>
            ) : p.status === "paid" ? (
              <RefundForm payment={p} failed={failed?.id === p._id ? failed : undefined} />
            ) : null}
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}

/**
 * Folded until asked for (a native disclosure, so with JavaScript off too): a pre-filled refund
 * under every paid payment read as if each were to be refunded. A refused one stays open.
 */
function RefundForm({ payment, failed }: { payment: Row; failed?: RefundFailure }) {
  const id = `refund-${payment._id}`;
  return (
    <details className="refund-details" open={failed ? true : undefined}>
      <summary>{t.refundSubmit}</summary>
      <RefundFields payment={payment} failed={failed} id={id} />
    </details>
  );
}

function RefundFields({ payment, failed, id }: { payment: Row; failed?: RefundFailure; id: string }) {
  return (
    <Form method="post" className="refund-form">
      <input type="hidden" name="id" value={payment._id} />
      {failed ? (
        <p className="form-error" role="alert" id={`${id}-error`}>
          {failed.error}
        </p>
      ) : null}
      <label htmlFor={`${id}-amount`}>{t.refundAmount}</label>
      <input
        id={`${id}-amount`}
        name="amount"
        inputMode="decimal"
        required
        maxLength={12}
        defaultValue={failed?.amount ?? String(payment.amount / 100)}
        aria-invalid={failed ? true : undefined}
        aria-describedby={failed ? `${id}-error` : undefined}
      />
      <label htmlFor={`${id}-note`}>{t.refundNote}</label>
      <input id={`${id}-note`} name="note" maxLength={300} defaultValue={failed?.note ?? ""} />
      <button type="submit" className="btn btn-outline">
        {t.refundSubmit}
      </button>
    </Form>
  );
}

export function DayTotals({ days }: { days: readonly DayTotal[] }) {
  return (
    <section aria-labelledby="payment-totals-title">
      <h2 id="payment-totals-title">{t.totalsTitle}</h2>
      {days.length === 0 ? (
        <p className="admin-empty">{t.totalsNone}</p>
      ) : (
        <AdminTable headers={[t.totalsDay, t.totalsOnline, t.totalsTransfer, t.totalsRefunded, t.totalsCount]}>
          {days.map((d) => (
            <tr key={d.day} data-testid="payment-day">
              <td>{formatDay(d.day)}</td>
              <td>{formatKobo(d.online)}</td>
              <td>{formatKobo(d.transfer)}</td>
              <td>{formatKobo(d.refunded)}</td>
              <td>{d.count}</td>
            </tr>
          ))}
        </AdminTable>
      )}
    </section>
  );
}

export function PaystackSetup({ online, webhookUrl }: { online: boolean; webhookUrl: string }) {
  return (
    <section aria-labelledby="paystack-setup-title">
      <h2 id="paystack-setup-title">{t.setupTitle}</h2>
      <p>{online ? t.onlineOn : t.onlineOff}</p>
      <label htmlFor="paystack-webhook-url">{t.webhookLabel}</label>
      <input id="paystack-webhook-url" readOnly value={webhookUrl} className="payments-webhook" />
    </section>
  );
}

export function OlderLink({ filters, next }: { filters: Filters; next: string | null }) {
  return (
    <nav aria-label={t.heading} className="admin-paging">
      {filters.after ? <Link to={`/admin/payments${query(filters)}`}>{t.first}</Link> : null}{" "}
      {next ? <Link to={`/admin/payments${query(filters, { after: next })}`}>{t.older}</Link> : null}
    </nav>
  );
}

/**
 * One intake's course fees (docs/decisions/077-course-fees-and-instalments.md): choose the intake
 * (a GET form, so it works without JavaScript), then its totals and what each applicant still owes.
 */
export function IntakeFeeTotals({
  intakes,
  fees,
}: {
  intakes: readonly { id: string; label: string }[];
  fees: IntakeFees | null;
}) {
  return (
    <section aria-labelledby="intake-fees-title">
      <h2 id="intake-fees-title">{t.intakeTitle}</h2>
      <Form method="get" className="payments-filters">
        <label htmlFor="intake-fees-intake">{t.intakeLabel}</label>{" "}
        <select id="intake-fees-intake" name="intake" defaultValue={fees?.intakeId ?? ""}>
          <option value="">{t.intakeChoose}</option>
          {intakes.map((i) => (
            <option key={i.id} value={i.id}>
              {i.label}
            </option>
          ))}
        </select>{" "}
        <button type="submit" className="btn btn-outline">
          {t.apply}
        </button>
      </Form>
      {fees ? (
        <>
          <p data-testid="intake-fee-totals">
            {t.intakeSummary(
              fees.feeText,
              fees.receivedText,
              formatKobo(fees.online),
              formatKobo(fees.transfer),
              formatKobo(fees.owed),
            )}
          </p>
          {fees.rows.length === 0 ? (
            <p className="admin-empty">{t.intakeNone}</p>
          ) : (
            <AdminTable headers={[t.columns.application, t.intakeName, t.columns.state, t.intakePaid, t.intakeOwed]}>
              {fees.rows.map((r) => (
                <tr key={r.applicantId} data-testid="intake-fee-row">
                  <td>
                    <Link to={`/admin/applicants/${encodeURIComponent(r.applicantId)}`}>{r.application}</Link>
                  </td>
                  <td>{r.name}</td>
                  <td>{r.waiting ? t.intakeWaiting : r.status}</td>
                  <td>{r.paidText}</td>
                  <td>{r.owedText}</td>
                </tr>
              ))}
            </AdminTable>
          )}
        </>
      ) : null}
    </section>
  );
}
