// What a refused staff page carries to its error boundary (the 403 page, docs/product.md §6).
// Apart from the table of staff routes: every page's error boundary reads this, and no public
// page need download the table.

/** What a refused staff page carries to its error boundary (the 403 page). */
export type Forbidden = { title: string; message: string; help: string; home: { href: string; label: string } };

export function isForbidden(data: unknown): data is Forbidden {
  const d = data as Partial<Forbidden> | null;
  return typeof d?.title === "string" && typeof d.message === "string" && typeof d.help === "string" && !!d.home;
}
