// An amount of naira as visitors read it. A module of its own: the cards on every list and the
// home page need only this, not the rest of the offers' rules (domain/offers.ts).
export function formatNaira(amount: number) {
  // Not toLocaleString: the server's and the browser's ICU data may differ, and hydration would.
  return `₦${String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, ",")}`;
}
