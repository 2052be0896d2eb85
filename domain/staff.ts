// Facts about staff sign-in both tiers share (docs/decisions/004-passwords-and-sessions.md).

/** The staff session cookie's name in development and tests, served over plain http. */
export const SESSION_COOKIE = "academy_session";

/**
 * Its name in production: the `__Host-` prefix makes a browser take it only when Secure, for
 * path "/" and with no Domain, so no sibling subdomain can set or shadow it.
 */
export const SECURE_SESSION_COOKIE = "__Host-academy_session";

/** Whether a Cookie header carries a staff session under either name (for caching: never shared). */
export const SESSION_COOKIE_SENT = /(?:^|;\s*)(?:__Host-)?academy_session=[^;]/;

/**
 * Password length, docs/product.md §5's rules aside: at most this many characters, so a hash's
 * input stays small; a passphrase of 20 words still fits.
 */
export const PASSWORD_MAX_LENGTH = 128;
