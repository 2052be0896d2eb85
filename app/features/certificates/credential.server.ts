import { verifyText } from "~/content/certificates";
import { certificatesUpstream } from "~/upstream/certificates.server";
import { RateLimitedError, UpstreamError } from "~/upstream/index.server";

// The signed credential of a valid certificate, and the public keys that check it
// (docs/decisions/059-credential-signing-key.md): passed on byte for byte as the API wrote them.

export async function credentialResponse(request: Request, number: string) {
  try {
    const body = await certificatesUpstream(request).credential(number);
    return new Response(body, {
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": `attachment; filename="certificate-${number.replace(/[^\w-]/g, "")}.json"`,
        "Cache-Control": "private, no-store",
      },
    });
  } catch (error) {
    const plain = (status: number, text: string, headers: Record<string, string> = {}) =>
      new Response(text, {
        status,
        headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...headers },
      });
    if (error instanceof RateLimitedError)
      return plain(429, verifyText.limited(error.retryAfterSeconds), {
        "Retry-After": String(error.retryAfterSeconds),
      });
    if (error instanceof UpstreamError && error.status === 404) return plain(404, verifyText.credentialMissing);
    if (error instanceof UpstreamError && error.status === 503) return plain(503, error.message);
    throw error;
  }
}

export async function publicKeysResponse(request: Request) {
  return new Response(await certificatesUpstream(request).publicKeys(), {
    headers: {
      "Content-Type": "application/jwk-set+json; charset=utf-8",
      // A rotation publishes the new key before anything is signed with it; five minutes of an
      // older copy only delays checks of credentials signed in those minutes.
      "Cache-Control": "public, max-age=300",
      "Access-Control-Allow-Origin": "*",
    },
  });
}
