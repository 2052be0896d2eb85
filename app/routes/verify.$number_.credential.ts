import type { LoaderFunctionArgs } from "@remix-run/node";

import { credentialResponse } from "~/features/certificates/credential.server";

// A valid certificate's signed credential, as JSON (docs/decisions/059-credential-signing-key.md).
export async function loader({ request, params }: LoaderFunctionArgs) {
  return credentialResponse(request, params.number ?? "");
}
