import type { LoaderFunctionArgs } from "@remix-run/node";

import { paymentsCsv } from "~/features/payments/staff-payments.server";

// The payments under the page's filters, as the CSV file the API writes (for the bank statement).
export const loader = ({ request }: LoaderFunctionArgs) => paymentsCsv(request, "admin.payments[.]csv");
