import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import { forwardToApi } from "~/upstream/forward.server";

// The academy API, mounted at /api on the web server for any HTTP client.
export const loader = ({ request }: LoaderFunctionArgs) => forwardToApi(request);
export const action = ({ request }: ActionFunctionArgs) => forwardToApi(request);
