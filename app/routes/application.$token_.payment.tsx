import type { LoaderFunctionArgs } from "@remix-run/node";

import { returnFromPaystack } from "~/features/payments/pay-online.server";

// Where Paystack sends the applicant back (docs/decisions/062-the-server-decides-money-arrived.md):
// the API asks Paystack about the reference before anything is shown as paid, then the browser
// goes on to the status page. A GET, as Paystack's return is: what it may record is what
// Paystack's own answer says, and doing it twice changes nothing.
export const loader = ({ request, params }: LoaderFunctionArgs) => returnFromPaystack(request, params.token ?? "");
