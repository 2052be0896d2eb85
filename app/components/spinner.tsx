/** The busy spinner (same markup as the form kit's), without pulling the form library into every page. */
export function Spinner({ label }: { label?: string }) {
  return <span className="spinner" role="status" aria-label={label ?? "Loading"} />;
}
