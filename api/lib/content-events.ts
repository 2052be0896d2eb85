// "Public content changed": emitted by the API after every successful write that can change
// what visitors read (create, update, publish, delete of courses, articles and jobs). Readers
// that keep copies (the web tier's read cache) subscribe and drop them.
//
// In-process only: several instances need a shared channel (e.g. PostgreSQL LISTEN/NOTIFY);
// such a transport calls `publishContentChange` for changes from other instances and relays
// local ones, without any reader changing.
import type { ItemType } from "@domain/items";

import { loggableError } from "./error-log";
/** `settings`: the academy's settings or page blocks (api/lib/settings.ts, docs/decisions/060). */
export type ContentChange = { kind: ItemType | "settings"; method: string; path: string };
type Listener = (change: ContentChange) => void;

const listeners = new Set<Listener>();

export function onContentChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function publishContentChange(change: ContentChange) {
  for (const listener of listeners) {
    try {
      listener(change);
    } catch (error) {
      console.error("[content-events] a listener failed", JSON.stringify(loggableError(error)));
    }
  }
}
