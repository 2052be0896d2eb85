import type { LoaderFunctionArgs } from "@remix-run/node";

import { offerLetterDownload } from "~/features/application/application.server";

// The offer letter as a PDF, from the status page (docs/decisions/074-one-status-model-and-when-a-seat-is-taken.md):
// the status page's token is the key, as for the page itself (docs/decisions/035).
export const loader = ({ request, params }: LoaderFunctionArgs) => offerLetterDownload(request, params.token ?? "");
