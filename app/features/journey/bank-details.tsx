import { Link } from "@remix-run/react";

import { payment, withheldForStaff } from "~/content/payment-details";
import { useSettingsWithBank } from "~/hooks/use-bank-settings";
import { useOptionalUser } from "~/hooks/use-user";

/**
 * The academy's bank account for the fee: on the form, the thank-you screen and the status page.
 * In production the sample account a new site starts with is never shown: applicants read that
 * the details will be sent, and signed-in staff see why (docs/product.md, "Settings").
 * `amount` replaces the registration fee where another fee is paid (the course fee's part due next).
 */
export function BankDetails({ amount }: { amount?: string } = {}) {
  const p = payment(useSettingsWithBank());
  const user = useOptionalUser();
  if (p.withheld)
    return (
      <>
        <p className="bank-withheld">{p.withheldNote}</p>
        {user ? (
          <p className="field-hint">
            {withheldForStaff}{" "}
            {user.permissions.includes("settings") ? <Link to="/admin/settings">Settings</Link> : null}
          </p>
        ) : null}
      </>
    );
  return (
    <dl className="bank-details">
      {p.bank.map((row) => (
        <div key={row.label}>
          <dt>{row.label}</dt>
          <dd>{amount && row.amount ? amount : row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
