import { LRUCache } from "lru-cache";

import { countCacheLookup, onContentChange } from "@api/embedded";
import { env } from "~/env.server";

// The public reads pages make (course, post, article and job lists and details) are the same
// for every visitor: keep the parsed answer, keyed by the call's path, and drop every copy when
// the API reports a write to public content, so the next request after a publish reads it.
// A pending read is kept too, so a burst of visitors makes one call, and a write during it
// removes it. The TTL only bounds memory of rarely read pages; freshness comes from the events.
//
// Only with the in-process API: a separately deployed API (UPSTREAM_API_URL) cannot tell
// this process about its writes, so nothing is kept then.
const cache = new LRUCache<string, Promise<unknown>>({ max: 500, ttl: 10 * 60_000 });
const enabled = !env.UPSTREAM_API_URL;

onContentChange(() => cache.clear());

/** The cached answer of a public read, or `read()`'s, shared by every caller until a write. */
export function cachedPublicRead<T>(key: string, read: () => Promise<T>): Promise<T> {
  if (!enabled) return read();
  const hit = cache.get(key) as Promise<T> | undefined;
  countCacheLookup("read", !!hit);
  if (hit) return hit;
  const pending = read().then(deepFreeze);
  cache.set(key, pending);
  // A failed read is not kept: the next visitor tries again.
  pending.catch(() => {
    if (cache.get(key) === pending) cache.delete(key);
  });
  return pending;
}

/** Shared answers must not be changed by one loader under another's feet. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/**
 * `derive` made once per shared answer and frozen like it: a view a loader builds from the
 * settings or the page content is then the same object until a write replaces the answer, so it
 * costs nothing per request, and the render cache knows it by its identity instead of writing it
 * out (docs/decisions/083-home-throughput.md).
 */
export function derivedOnce<In extends object, Out>(derive: (answer: In) => Out): (answer: In) => Out {
  const made = new WeakMap<In, Out>();
  return (answer) => {
    const known = made.get(answer);
    if (known !== undefined) return known;
    const view = deepFreeze(derive(answer));
    // Only a frozen answer (this cache's) cannot change after its view is made; a stand-in read
    // when the API failed is derived each time.
    if (Object.isFrozen(answer)) made.set(answer, view);
    return view;
  };
}
