/**
 * What an operator needs of an unexpected error, without what its text may quote of a visitor
 * (docs/security.md, "Logs"): PostgreSQL's `detail` repeats the row's values ("Key (email)=(…)"),
 * and a message may quote what was typed. Kept: the error's kind and code, the constraint, table
 * and column it names (schema names), its message with quoted text, e-mail addresses and long
 * numbers masked, and where it was thrown. Never the detail, the hint, the query or its values.
 */
export function loggableError(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error)) return { kind: typeof error };
  const e = error as Error & Record<string, unknown>;
  const named = (key: string) =>
    typeof e[key] === "string" || typeof e[key] === "number" ? { [key]: String(e[key]) } : {};
  return {
    kind: e.name,
    ...named("code"),
    ...named("constraint"),
    ...named("table"),
    ...named("column"),
    message: masked(e.message),
    at: framesOf(e.stack),
    // A chain of causes can loop back on itself: three links say enough.
    ...(e.cause instanceof Error && depth < 3 ? { cause: loggableError(e.cause, depth + 1) } : {}),
  };
}

const QUOTED = /"[^"]*"|'[^']*'|`[^`]*`|\([^()]*=[^()]*\)|=\([^()]*\)/g;
const EMAIL = /[^\s@"'()<>]+@[^\s@"'()<>]+/g;
const LONG_NUMBER = /\+?\d[\d\s-]{5,}\d/g;

function masked(message: string) {
  return message.slice(0, 500).replace(QUOTED, "‹…›").replace(EMAIL, "‹…›").replace(LONG_NUMBER, "‹…›").slice(0, 300);
}

/** The stack's frames only (file, line, function): its first line repeats the message. */
function framesOf(stack: string | undefined) {
  return (stack ?? "")
    .split("\n")
    .filter((line) => line.startsWith("    at "))
    .slice(0, 8)
    .map((line) => line.trim().slice(3, 200));
}
