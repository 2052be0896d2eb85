import { RateLimitedError } from "~/upstream/index.server";

/**
 * The status and headers of a page's answer to a failed call: 429 with Retry-After when the
 * API rate-limited it (docs/security.md), else `status`. Headers already gathered (the API's
 * Set-Cookie) ride along.
 */
export function failureInit(error: unknown, status = 400, headers?: HeadersInit): { status: number; headers: Headers } {
  const merged = new Headers(headers);
  if (error instanceof RateLimitedError) {
    merged.set("Retry-After", String(error.retryAfterSeconds));
    return { status: 429, headers: merged };
  }
  return { status, headers: merged };
}
