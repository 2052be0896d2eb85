import type { LoaderFunctionArgs } from "@remix-run/node";

import { publicKeysResponse } from "~/features/certificates/credential.server";

// The public keys that check the certificates' signed credentials, as a JWK Set
// (docs/decisions/059-credential-signing-key.md).
export async function loader({ request }: LoaderFunctionArgs) {
  return publicKeysResponse(request);
}
