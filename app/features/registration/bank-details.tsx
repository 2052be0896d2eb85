import { payment } from "~/content/registration";

/** The academy's bank account for the fee: on the form, the thank-you screen and the status page. */
export function BankDetails() {
  return (
    <dl className="bank-details">
      {payment.bank.map((row) => (
        <div key={row.label}>
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
