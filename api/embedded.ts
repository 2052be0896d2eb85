// What the web tier (app/) uses of the API running in its own process (docs/decisions/002):
// the request handler, the client address it is told, the "public content changed" events
// and the page-cache rules the API and the web tier's pages share. The web tier imports
// this module and nothing else from api/, so the API's inside can change behind it. The item
// writes' types are the API's input schemas' (type-only: no schema's code reaches the web tier).
export { forwardedForHeader } from "./client-ip";
export { handleApiRequest } from "./index";
export { onContentChange } from "./lib/content-events";
export { countCacheLookup, metricsResponse } from "./lib/metrics";
export { PROXIED_PUBLIC_CACHE, proxyExpiry, proxyPageCacheInFront } from "./lib/proxy-cache";
export { recordServerError } from "./lib/server-errors";
export { versionLabel } from "./lib/version";
export type { ArticleWrite, CourseWrite, DraftWrite, JobWrite } from "./validation/items";
export { noteSiteSearch } from "./visit-count";
