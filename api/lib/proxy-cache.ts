import { requestReceivedAt } from "../client-ip";
import { config } from "../config";

// nginx's page micro-cache (deploy/nginx.conf, docs/decisions/024-proxy-page-cache.md) keeps an
// anonymous public page as briefly as the app says, and a visitor must still see a publish on
// the next request. The three parts of that promise:
// - a page made for a request that reached this process at t holds nothing read before t (the
//   read caches are emptied on every content write, on other instances by the relay's notice),
//   so nginx may serve it to the end of t's second: X-Accel-Expires `@<t in whole seconds>`;
// - for one more second nginx may hand out that expired copy while it fetches the next one
//   (`stale-while-revalidate=1`), so no visitor waits on an instance at each expiry: a copy
//   is served at most 2 s after t;
// - a content write answers only once nginx can hold no copy read before it: those 2 s, plus
//   the time the relay's notice takes to reach the other instances (milliseconds; 0.5 s
//   allowed for a busy instance).
export const WRITE_SETTLE_MS = 2_500;

/** The Cache-Control of a public page when nginx's page cache is in front: no shared cache keeps it longer. */
export const PROXIED_PUBLIC_CACHE = "public, max-age=0, s-maxage=1, stale-while-revalidate=1";

/** Whether this instance runs behind nginx's page cache (PROXY_PAGE_CACHE=1). */
export const proxyPageCacheInFront = () => config().proxyPageCache;

/** X-Accel-Expires for a public page made for the current request; undefined when no page cache is in front. */
export function proxyExpiry(
  receivedAt = requestReceivedAt(),
  cacheInFront = proxyPageCacheInFront(),
): string | undefined {
  if (!cacheInFront || receivedAt === undefined) return undefined;
  return `@${Math.floor(receivedAt / 1000)}`;
}

/** Resolves once nginx holds no page read before the call (at once without a page cache). */
export async function outlastProxiedPages(): Promise<void> {
  if (!proxyPageCacheInFront()) return;
  await new Promise((resolve) => setTimeout(resolve, WRITE_SETTLE_MS));
}
