import { env } from "~/env.server";
import { hasSessionCookie } from "~/upstream/transport.server";
import { PRIVATE_NO_STORE } from "~/utils/cache-control.server";

/**
 * Headers every HTML page carries. Inline scripts run only if `scripts` allow them: this
 * response's nonce (`'nonce-…'`), or a stored page's hashes of its own scripts (decision 022).
 */
export function securityHeaders(scripts: string[]): Record<string, string> {
  return {
    "Content-Security-Policy": [
      "default-src 'self'",
      ["script-src 'self'", ...scripts].join(" "),
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob: https://res.cloudinary.com https://i.ytimg.com",
      "frame-src https://www.youtube-nocookie.com",
      "connect-src 'self'",
      // "Pay online" is a form whose answer redirects to Paystack's checkout: the redirect is part of the form's navigation.
      ["form-action 'self'", ...env.paymentCheckoutOrigins].join(" "),
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "object-src 'none'",
    ].join("; "),
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
  };
}

// Pages only staff use, and their data requests (docs/security.md): never stored by a browser
// or a shared cache, so a signed-out back button or a proxy never shows applicants' details.
const STAFF_PATHS =
  /^\/(fla-admin|password-reset|admin|edit|editor|logout)(\/|\.|$)|^\/(job|article|course)\/new(\/|$)/;

/** Sets the headers every HTML page and data response needs beyond the CSP (see securityHeaders). */
export function hardenResponseHeaders(request: Request, headers: Headers, production: boolean) {
  const { pathname } = new URL(request.url);
  // Any page seen with a staff session carries their name and tools: not for a shared cache either.
  if (STAFF_PATHS.test(pathname) || hasSessionCookie(request)) headers.set("Cache-Control", PRIVATE_NO_STORE);
  if (production) headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
}
