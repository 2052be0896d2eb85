// Field rules both tiers apply: the browser and the web tier's actions check them for the
// visitor's sake, the API checks them again as the authority — with the same rule.

/** A colour as the editor's colour picker gives it: `#` and six hex digits. */
export const COLOUR = /^#[0-9a-f]{6}$/i;
