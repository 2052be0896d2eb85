// Apart from the form's schema: the pages a mailed link opens check the token in their loader and
// action, and a route module's imports reach the browser's bundle (zod with them, if it were here).

/** A link's secret as the API issues it: 32 random bytes, URL-safe. */
export const LINK_TOKEN = /^[A-Za-z0-9_-]{43}$/;
