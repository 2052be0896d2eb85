// The words of Lite mode (docs/product.md §2, "Lite mode"); reading offline's are in offline.ts,
// so that the footer's switch, on every page, does not carry them.
export const liteText = {
  footerLabel: "Data saving",
  toLite: "Lite version (no scripts, fewer images)",
  toFull: "Full version",
  liteOn: "You are reading the Lite version.",
  badSwitch: "This switch was not understood: choose Lite or Full from a page of this site.",
};
