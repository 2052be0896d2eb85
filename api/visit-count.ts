import type http from "node:http";

import { isbot } from "isbot";

import { type DeviceClass, foldSearchWords, type SearchedPage } from "@domain/insights";

import { currentRequestId, onEveryRequest, type Origin } from "./client-ip";
import { config } from "./config";
import { addCount, countingDay } from "./lib/insight-counts";

// Page views counted from the server's own request handling (docs/decisions/064-cookie-free-visit-counts.md):
// a visitor's page (the HTML document, JavaScript off and Lite too, or a client navigation's
// single-fetch data) answered 200 to a GET from a browser that is not a bot, not prefetching and
// not signed in as staff. What is kept is only daily counts: the page's path (a path that carries
// a token, under its pattern), the other site's domain, a link's utm labels, the device class.
// The address, the user agent and any cookie are read here and never kept.

/** Paths that are never a visitor's page: the API, built files, staff screens, a link's landing for staff. */
const NOT_A_VISITOR_PAGE =
  /^\/(?:api|build|images|files|admin|edit|fla-admin|invitation|password-reset|logout|editor)(?:[/.]|$)|^\/(?:course|article|job)\/new(?:\/|$)/;
/** A file's name (a dot and an extension) in the last segment: an asset or a resource, not a page. */
const FILE_NAME = /\.[A-Za-z0-9]{1,8}$/;
/** As the request log masks (api/request-log.ts): a long run of token characters is a secret. */
const SECRET_SEGMENT = /^[A-Za-z0-9_-]{32,}$/;
const COURSE_PAGE = /^\/course\/([A-Za-z0-9_-]{1,64})(?:\/|$)/;
const ID = /^[A-Za-z0-9_-]{1,64}$/;
const MAX_PATH = 200;

export type CountedView = {
  path: string;
  course?: string;
  form?: string;
  referrer?: string;
  utmSource?: string;
  utmCampaign?: string;
  device: DeviceClass;
};

/** A user agent's verdict, kept for the next requests of the same browser (isbot's list is long). */
const botVerdicts = new Map<string, boolean>();
function isBot(userAgent: string) {
  let verdict = botVerdicts.get(userAgent);
  if (verdict === undefined) {
    if (botVerdicts.size >= 2_000) botVerdicts.clear();
    verdict = isbot(userAgent);
    botVerdicts.set(userAgent, verdict);
  }
  return verdict;
}

/** Checks made before the answer: most requests (assets, the API, robots, prefetches) stop here. */
export function mayBePage(req: http.IncomingMessage) {
  if (req.method !== "GET") return false;
  const url = req.url ?? "/";
  if (url.startsWith("/build/") || url.startsWith("/api/")) return false;
  const purpose = `${req.headers["sec-purpose"] ?? ""}${req.headers.purpose ?? ""}${req.headers["x-moz"] ?? ""}`;
  if (purpose.includes("prefetch")) return false;
  const ua = req.headers["user-agent"];
  return !!ua && !isBot(ua);
}

/**
 * The page view an answered request is, or null when it is not one to count; for a request that
 * passed `mayBePage`. `staffId` is set when the request's session was a staff member's (api/http.ts
 * sessionUser).
 */
export function countedView(req: http.IncomingMessage, res: http.ServerResponse, staffId?: string): CountedView | null {
  if (staffId || res.statusCode !== 200) return null;
  const url = new URL(req.url ?? "/", "http://local");
  let pathname = url.pathname;
  const type = String(res.getHeader("content-type") ?? "");
  if (pathname.endsWith(".data")) {
    // A client navigation's data; a fetcher's (Load More) names the routes it wants and is not a view.
    if (url.searchParams.has("_routes") || !type.startsWith("text/x-script")) return null;
    pathname = pathname === "/_root.data" ? "/" : pathname.slice(0, -".data".length);
  } else if (!type.startsWith("text/html")) return null;
  if (NOT_A_VISITOR_PAGE.test(pathname) || FILE_NAME.test(pathname)) return null;
  const path = pagePattern(pathname);
  const view: CountedView = { path, device: deviceClass(String(req.headers["user-agent"])) };
  const course = COURSE_PAGE.exec(path)?.[1];
  if (course) view.course = course;
  if (path === "/registration-form") {
    const chosen = url.searchParams.get("courseid") ?? "";
    view.form = ID.test(chosen) ? chosen : "";
  }
  const referrer = referrerDomain(req.headers.referer, req.headers.host);
  if (referrer !== undefined) view.referrer = referrer;
  const utmSource = label(url.searchParams.get("utm_source"));
  const utmCampaign = label(url.searchParams.get("utm_campaign"));
  if (utmSource) view.utmSource = utmSource;
  if (utmCampaign) view.utmCampaign = utmCampaign;
  return view;
}

/** The path as counted: no query, no trailing slash, a token under its pattern, bounded. */
export function pagePattern(pathname: string) {
  const segments = pathname.slice(0, MAX_PATH).split("/");
  if (segments[1] === "application" && segments.length > 2 && segments[2]) return "/application/:token";
  const path = segments.map((s) => (SECRET_SEGMENT.test(s) ? ":secret" : s)).join("/");
  return path.length > 1 ? path.replace(/\/+$/, "") || "/" : "/";
}

/** Phone, tablet or desktop, from the user agent alone; the agent itself is not kept. */
export function deviceClass(userAgent: string): DeviceClass {
  if (/iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobile)/i.test(userAgent)) return "tablet";
  if (/Mobi|iPhone|iPod|Android|Opera Mini|BlackBerry|IEMobile|KaiOS|Windows Phone/i.test(userAgent)) return "phone";
  return "desktop";
}

/**
 * The other site a visitor came from (its domain without `www.`, `m.`, `l.`, `lm.`), "" when the
 * browser named none (typed, a bookmark, an app), undefined for a page of this site.
 */
export function referrerDomain(referer: string | undefined, host: string | undefined) {
  if (!referer) return "";
  let from: URL;
  try {
    from = new URL(referer);
  } catch {
    return "";
  }
  const fromHost = from.host.toLowerCase();
  if (fromHost === host?.toLowerCase() || fromHost === publicHost()) return undefined;
  const domain = from.hostname.toLowerCase().replace(/^(?:www|m|l|lm|mobile)\./, "");
  return domain.slice(0, 100);
}

let ownHost: string | undefined;
/** The host of PUBLIC_URL (read once: the setting does not change while the process runs). */
const publicHost = () => (ownHost ??= new URL(config().PUBLIC_URL).host.toLowerCase());

/** A utm label as counted: lower case letters, digits, `.`, `_`, `-`; at most 60. */
function label(value: string | null) {
  return (value ?? "")
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
}

/** Adds one counted view to today's counts (in memory until the flush). */
export function countView(view: CountedView, day = countingDay()) {
  addCount("views", "", 1, day);
  addCount("page", view.path, 1, day);
  addCount("device", view.device, 1, day);
  if (view.course) addCount("course", view.course, 1, day);
  if (view.form !== undefined) addCount("form", view.form, 1, day);
  if (view.referrer !== undefined) addCount("referrer", view.referrer, 1, day);
  if (view.utmSource) addCount("utm_source", view.utmSource, 1, day);
  if (view.utmCampaign) addCount("utm_campaign", view.utmCampaign, 1, day);
}

type Search = { page: SearchedPage; words: string; found: boolean };
/**
 * The requests being answered that may count, by request id, each with the search its loader
 * noted; an entry lives until its answer closes.
 */
const watching = new Map<string, Search | null>();

/**
 * A list page's loader says what was searched and whether anything was found; it is counted with
 * the page view, so a bot's, a staff member's or a prefetch's search is not.
 */
export function noteSiteSearch(page: SearchedPage, text: string, found: boolean) {
  const id = currentRequestId();
  const words = foldSearchWords(text);
  if (id && words && watching.has(id)) watching.set(id, { page, words, found });
}

function countRequest(req: http.IncomingMessage, res: http.ServerResponse, origin: Origin) {
  if (config().VISIT_COUNTING === "0" || !mayBePage(req)) return;
  const id = origin.requestId ?? "";
  watching.set(id, null);
  res.once("finish", () => {
    const search = watching.get(id);
    const view = countedView(req, res, origin.staffId);
    if (!view) return;
    const day = countingDay();
    countView(view, day);
    if (search) {
      addCount(`search:${search.page}`, search.words, 1, day);
      if (!search.found) addCount(`nothing:${search.page}`, search.words, 1, day);
    }
  });
  res.once("close", () => watching.delete(id));
}

/** Starts counting for every HTTP server of this process; called where the API is loaded (api/index.ts). */
export function startVisitCounting() {
  onEveryRequest(countRequest);
}
