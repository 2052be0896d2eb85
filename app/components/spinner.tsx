/** The busy spinner; its own module so pages without forms don't pull in the form library. */
export function Spinner({ label }: { label?: string }) {
  return <span className="spinner" role="status" aria-label={label ?? "Loading"} />;
}
