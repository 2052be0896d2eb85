import type { LoaderFunctionArgs } from "@remix-run/node";

import { receiptDownload } from "~/features/payments/pay-online.server";

// A payment's receipt as a PDF, from the applicant's status page (docs/product.md §4, "Payments"):
// the status page's token is the key, as for the page itself (docs/decisions/035).
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  receiptDownload(request, params.token ?? "", params.reference ?? "");
