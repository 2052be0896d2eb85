import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useRouteLoaderData } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { paymentsStaffCopy as t } from "~/content/payments-staff";
import paymentStyles from "~/features/payments/payments.css";
import {
  DayTotals,
  IntakeFeeTotals,
  OlderLink,
  PaymentFilters,
  PaymentRows,
  PaystackSetup,
} from "~/features/payments/staff-payments";
import { loadPayments, recordRefund } from "~/features/payments/staff-payments.server";
import { titled } from "~/utils/seo";

// Every payment, online and by transfer (docs/product.md §4, "Payments"): Admissions and Admin.
export const meta: MetaFunction = ({ matches }) => [
  { title: titled(matches, t.metaTitle) },
  { name: "robots", content: "noindex" },
];

export const links: LinksFunction = () => [{ rel: "stylesheet", href: paymentStyles }];

export const loader = ({ request }: LoaderFunctionArgs) => loadPayments(request, "admin.payments");
export const action = ({ request }: ActionFunctionArgs) => recordRefund(request, "admin.payments");

export default function PaymentsPage() {
  const { rows, next, online, webhookUrl, totals, filters, refunded, intakes, intakeFees } =
    useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const admin = useRouteLoaderData<{ permissions?: readonly string[] }>("routes/admin");
  return (
    <div className="payments-page">
      <h1>{t.heading}</h1>
      <p>{t.intro}</p>
      {refunded && !failed ? (
        <p className="admin-notice" role="status">
          {t.refundDone}
        </p>
      ) : null}
      <PaymentFilters filters={filters} mayExport={admin?.permissions?.includes("exports") ?? false} />
      <PaymentRows rows={rows} failed={failed} />
      <OlderLink filters={filters} next={next} />
      <DayTotals days={totals} />
      <IntakeFeeTotals intakes={intakes} fees={intakeFees} />
      <PaystackSetup online={online} webhookUrl={webhookUrl} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
