import { loggableError } from "./error-log";

// Work a request starts but does not wait for: its answer must not tell, by its timing, whether
// the work found anything ("send me my link again" answers an unknown address as fast as a known
// one, docs/security.md). Errors are logged, never answered.
const pending = new Set<Promise<void>>();

/** Runs `work` once the current answer has gone. */
export function afterAnswer(label: string, work: () => Promise<void>) {
  const run: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
    .then(work)
    .catch((error) => console.error(`[${label}]`, JSON.stringify(loggableError(error))))
    .finally(() => pending.delete(run));
  pending.add(run);
}

/** Resolves when the work started so far has ended (a graceful stop waits for it). */
export async function answeredWorkDone() {
  while (pending.size) await Promise.allSettled([...pending]);
}
