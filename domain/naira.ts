// An amount of naira as visitors read it. A module of its own: the cards on every list and the
// home page need only this, not the rest of the offers' rules (domain/offers.ts).
export function formatNaira(amount: number) {
  // Not toLocaleString: the server's and the browser's ICU data may differ, and hydration would.
  return `₦${String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, ",")}`;
}

/** What the course list, each course page and the registration form say of the fee (docs/product.md §2). */
export const feeNote = (fee: string) => `A registration form fee of ${fee} applies before course payment.`;
