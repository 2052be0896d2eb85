import { json } from "@remix-run/node";

import { CERTIFICATE_INPUT_MAX } from "@domain/certificates";
import { verifyText } from "~/content/certificates";
import { type CertificateCheck, certificatesUpstream } from "~/upstream/certificates.server";
import { RateLimitedError } from "~/upstream/index.server";
import { PRIVATE_NO_STORE } from "~/utils/cache-control.server";

// The public check (docs/decisions/058-certificates-and-their-public-check.md): one lookup per
// page, answered fresh (no cache anywhere: a revocation shows at once, on every instance).
export type CheckPageData = { typed: string; result: CheckResult | null; limited: string | null };
type CheckResult = CertificateCheck;

export const NO_STORE = { "Cache-Control": PRIVATE_NO_STORE };

/** The page's data for a typed number (or none yet): its result, or the limit's message with 429. */
export async function checkPage(request: Request, typed: string | null) {
  const number = (typed ?? "").trim().slice(0, CERTIFICATE_INPUT_MAX);
  if (!number) return json<CheckPageData>({ typed: "", result: null, limited: null }, { headers: NO_STORE });
  try {
    const result = await certificatesUpstream(request).check(number);
    return json<CheckPageData>({ typed: number, result, limited: null }, { headers: NO_STORE });
  } catch (error) {
    if (!(error instanceof RateLimitedError)) throw error;
    return json<CheckPageData>(
      { typed: number, result: null, limited: verifyText.limited(error.retryAfterSeconds) },
      { status: 429, headers: { ...NO_STORE, "Retry-After": String(error.retryAfterSeconds) } },
    );
  }
}
