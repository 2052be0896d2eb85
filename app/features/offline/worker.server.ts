import crypto from "node:crypto";

import { savedFormCopy } from "~/content/applicant-journey";
import { offlineText } from "~/content/offline";
import { offlineCopyUrl } from "~/features/offline/offline-copy";
import { offerLocalCopyOffline } from "~/features/registration/offline-offer";
import { LOCAL_COPY_NAMES } from "~/features/registration/registration-form";
import { LOCAL_COPY_KEY, REGISTRATION_FORM_ID } from "~/features/registration/saved-form";

// The service worker that keeps pages for reading offline (docs/decisions/042-offline-reading.md).
// Hand-written: a few cache rules need no library, and it costs the visitor one small script.
// `offlineWorker` runs in the browser, not here: it is sent as its own source text, so it uses
// nothing from outside its body but its `settings` (no imports, no helpers).

export type WorkerSettings = {
  /** The deployment's build version: every cache is named by it, and a new one replaces them all. */
  version: string;
  /** Pages kept from the start: the offline page first, then the course list and the registration form. */
  precache: string[];
  offlinePath: string;
  /** Paths never stored nor answered from the store: staff, sign-in, the API (images aside), switches. */
  never: string[];
  /** Paths never stored nor answered from the store because they carry a bearer token (a status page, a confirmation link). */
  tokenPaths: string[];
  /** Query parameters that carry a bearer token: a URL with one is never stored (a saved form's `?resume=`). */
  tokenParams: string[];
  /**
   * Form pages whose answer is private (the form's per-visitor tokens), kept through the public
   * copy the server makes of them for this: the page's path → the copy's URL, fetched without cookies.
   */
  copies: Record<string, string>;
  /**
   * A script a form page read offline runs, by the form's path: the only script such a page has
   * (the registration form offers back the phone's copy of what was typed), with its CSP hash.
   */
  offlineScripts: Record<string, { source: string; hash: string }>;
  maxPages: number;
  maxImages: number;
  words: { savedNotice: string; notSentTitle: string; notSentText: string; backLink: string };
};

// The few worker types used below (the project's TypeScript lib is the DOM's, not the worker's).
type ExtendableEvent = Event & { waitUntil(work: Promise<unknown>): void };
type FetchEvent = ExtendableEvent & { request: Request; respondWith(answer: Promise<Response>): void };
type WorkerScope = {
  addEventListener(type: "install" | "activate", listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: "fetch", listener: (event: FetchEvent) => void): void;
  skipWaiting(): Promise<void>;
  registration: Record<"installing" | "waiting" | "active", { scriptURL: string } | null>;
  clients: { claim(): Promise<void>; matchAll(options: { type: "window" }): Promise<{ url: string }[]> };
  location: Location;
  navigator: { onLine: boolean };
};

export function offlineWorker(settings: WorkerSettings) {
  const scope = self as unknown as WorkerScope;
  const origin = scope.location.origin;
  const PAGES = `academy-pages-${settings.version}`;
  const ASSETS = `academy-assets-${settings.version}`;
  const IMAGES = `academy-images-${settings.version}`;
  const SAVED_AT = "x-academy-saved-at";

  const under = (path: string, p: string) => path === p || path.startsWith(p.endsWith("/") ? p : `${p}/`);
  const isNever = (path: string) =>
    !path.startsWith("/api/images/") &&
    (settings.never.some((p) => under(path, p)) || /^\/(course|article|job)\/new$/.test(path));
  /** A URL that carries a bearer token: whoever holds the phone would hold the token. */
  const carriesToken = (url: URL) =>
    settings.tokenPaths.some((p) => under(url.pathname.replace(/\.data$/, ""), p)) ||
    settings.tokenParams.some((name) => url.searchParams.has(name));
  const pageKey = (url: URL) => `${url.origin}${url.pathname}${url.search}`;
  const escapeHtml = (text: string) =>
    text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c] ?? c);

  /** A worker a newer deployment replaced writes nothing more (its stores are being deleted). */
  const replaced = () => {
    const { installing, waiting, active } = scope.registration;
    return ![installing, waiting, active].some((w) => w?.scriptURL === scope.location.href);
  };
  const sweep = async () => {
    const ours = new Set([PAGES, ASSETS, IMAGES]);
    for (const name of await caches.keys())
      if (name.startsWith("academy-") && !ours.has(name)) await caches.delete(name);
  };

  /** Keeps at most `max` entries in a store, the oldest going first. */
  async function trim(store: Cache, max: number) {
    const keys = await store.keys();
    for (const key of keys.slice(0, Math.max(0, keys.length - max))) await store.delete(key);
  }

  /** A copy of a page that says when it was saved (and is no longer marked as redirected). */
  async function stamped(response: Response) {
    const headers = new Headers(response.headers);
    headers.set(SAVED_AT, new Date().toISOString());
    return new Response(await response.blob(), { status: 200, headers });
  }

  /**
   * Public: the same for every visitor. Anything answered to a session or a cookie, or carrying a
   * per-visitor token, is `private, no-store`, and is never stored (docs/decisions/042-offline-reading.md).
   */
  const isPublic = (headers: Headers) => {
    const cc = headers.get("Cache-Control") ?? "";
    return /(^|,)\s*public\b/.test(cc) && !/\b(private|no-store)\b/.test(cc);
  };
  /** Whether a page may be kept: a whole public HTML page. */
  const shareable = (response: Response) =>
    response.status === 200 &&
    response.type === "basic" &&
    (response.headers.get("Content-Type") ?? "").startsWith("text/html") &&
    isPublic(response.headers);

  /** Stores a public page, and its stylesheets so that it still looks right offline. */
  async function keepPage(key: string, response: Response) {
    if (replaced() || !shareable(response) || carriesToken(new URL(key))) return;
    const pages = await caches.open(PAGES);
    const copy = await stamped(response);
    const html = await copy.clone().text();
    await pages.put(key, copy);
    await trim(pages, settings.maxPages);
    const assets = await caches.open(ASSETS);
    for (const m of html.matchAll(/<link rel="stylesheet" href="(\/build\/[^"]+\.css)"/g)) {
      if (!(await assets.match(m[1]))) await assets.add(m[1]).catch(() => undefined);
    }
  }

  /**
   * Fetches a page to keep: a form page through its public copy (fetched without cookies, kept
   * under the form's bare path), any other as the visitor. Only a public answer is stored.
   */
  async function fetchAndKeep(path: string) {
    const url = new URL(path, origin);
    if (isNever(url.pathname) || carriesToken(url)) return;
    const copy = settings.copies[url.pathname];
    if (copy) {
      // Fetched again at most every ten minutes: each visit need not cost a second download.
      const key = pageKey(new URL(url.pathname, origin));
      const kept = await (await caches.open(PAGES)).match(key);
      if (kept && Date.now() - Date.parse(kept.headers.get(SAVED_AT) ?? "") < 600_000) return;
      return keepPage(key, await fetch(copy, { credentials: "omit", cache: "no-cache" }));
    }
    await keepPage(pageKey(url), await fetch(path, { credentials: "same-origin", cache: "no-cache" }));
  }

  /** Forgets every stored page whose URL carries a token, or under a path (a form once sent). */
  async function forget(match: (url: URL) => boolean) {
    const pages = await caches.open(PAGES);
    for (const key of await pages.keys()) if (match(new URL(key.url))) await pages.delete(key);
  }

  /**
   * A kept page as read offline: the JavaScript-off page, with a notice saying when it was saved
   * (not on the offline page itself, which the visitor never opened: it says they are offline).
   */
  async function savedCopy(stored: Response, withNotice = true, path = "") {
    const savedAt = new Date(stored.headers.get(SAVED_AT) ?? Date.now());
    const time = savedAt.toLocaleString("en-NG", { dateStyle: "medium", timeStyle: "short" });
    const notice = withNotice
      ? `<p class="offline-notice" role="status">${escapeHtml(settings.words.savedNotice.replace("{time}", time))}</p>`
      : "";
    const script = settings.offlineScripts[path];
    const html = (await stored.text())
      .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "")
      .replace(/<link rel="modulepreload"[^>]*>/g, "")
      .replace(/<body([^>]*)>/, `<body$1>${notice}`)
      // A function, not a string: `$` in the script must not be read as a replacement pattern.
      .replace(/<\/body>/, () => (script ? `<script>${script.source}</script></body>` : "</body>"));
    return new Response(html, {
      headers: {
        "Content-Type": "text/html; charset=utf-8",
        "Cache-Control": "no-store",
        // No script runs on a kept page but the one the worker adds.
        "Content-Security-Policy": `script-src ${script ? `'${script.hash}'` : "'none'"}`,
      },
    });
  }

  async function offlinePage() {
    const stored = await (await caches.open(PAGES)).match(pageKey(new URL(settings.offlinePath, origin)));
    if (stored) return savedCopy(stored, false);
    return new Response(settings.words.notSentTitle, { status: 503, headers: { "Content-Type": "text/plain" } });
  }

  /** Offline: the kept copy of the page (a form page's by its bare path), else the offline page. */
  async function offlineAnswer(url: URL, keep: boolean) {
    const pages = await caches.open(PAGES);
    const key = settings.copies[url.pathname] ? pageKey(new URL(url.pathname, origin)) : pageKey(url);
    const stored = keep ? await pages.match(key) : undefined;
    return stored ? savedCopy(stored, true, settings.copies[url.pathname] ? url.pathname : "") : offlinePage();
  }

  /**
   * A page: from the network (kept when it may be), else its kept copy, else the offline page.
   * Offline means offline whatever the browser's HTTP cache holds: a public page may be kept there
   * for minutes (`stale-while-revalidate`), and answered from it the page would look live while
   * its links and forms fail. So the worker asks the network past that cache (`no-cache`: a 304
   * when nothing changed), and does not ask at all when the browser knows it has no connection.
   */
  async function page(event: FetchEvent, url: URL, keep: boolean) {
    if (scope.navigator.onLine === false) return offlineAnswer(url, keep);
    let response: Response;
    try {
      response = await fetch(event.request, { cache: "no-cache" });
    } catch {
      return offlineAnswer(url, keep);
    }
    if (keep && settings.copies[url.pathname]) event.waitUntil(fetchAndKeep(url.pathname).catch(() => undefined));
    else if (keep) event.waitUntil(keepPage(pageKey(url), response.clone()).catch(() => undefined));
    return response;
  }

  /** A form posted without a connection: never lost silently, the visitor is told it was not sent. */
  async function submission(request: Request) {
    try {
      const response = await fetch(request);
      // A form once sent: nothing kept from before it may show it again (a saved form's page).
      const path = new URL(request.url).pathname;
      if (settings.copies[path])
        await forget((url) => url.pathname === path && url.search !== "").catch(() => undefined);
      await forget(carriesToken).catch(() => undefined);
      return response;
    } catch {
      const w = settings.words;
      const back = request.referrer
        ? `<p><a href="${escapeHtml(request.referrer)}">${escapeHtml(w.backLink)}</a></p>`
        : "";
      const html = `<!doctype html><html lang="en-NG"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(w.notSentTitle)}</title><main style="font-family:sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem"><h1>${escapeHtml(w.notSentTitle)}</h1><p>${escapeHtml(w.notSentText)}</p>${back}</main></html>`;
      return new Response(html, {
        status: 503,
        headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
      });
    }
  }

  /** Built assets and image variants are named by their content: the stored copy is always right. */
  async function stored(name: string, request: Request, max?: number) {
    const store = await caches.open(name);
    const hit = await store.match(request);
    if (hit) return hit;
    const response = await fetch(request);
    const personal = /\b(private|no-store)\b/.test(response.headers.get("Cache-Control") ?? "");
    if (response.status === 200 && response.type === "basic" && !personal && !replaced()) {
      await store.put(request, response.clone());
      if (max) await trim(store, max);
    }
    return response;
  }

  scope.addEventListener("install", (event) => {
    event.waitUntil(
      (async () => {
        // The offline page must be there; the others are kept when they can be.
        const [offline, ...rest] = settings.precache;
        await fetchAndKeep(offline);
        await Promise.allSettled(rest.map(fetchAndKeep));
        await scope.skipWaiting();
      })(),
    );
  });

  scope.addEventListener("activate", (event) => {
    event.waitUntil(
      (async () => {
        // A new deployment: the last one's stores go, whole (again at the end, should the last
        // worker have been writing meanwhile).
        await sweep();
        await scope.clients.claim();
        // The page that installed this worker was loaded before it: keep it too.
        for (const client of await scope.clients.matchAll({ type: "window" })) {
          const url = new URL(client.url);
          if (url.origin === origin) await fetchAndKeep(url.pathname + url.search).catch(() => undefined);
        }
        await sweep();
      })(),
    );
  });

  scope.addEventListener("fetch", (event) => {
    const request = event.request;
    const url = new URL(request.url);
    if (url.origin !== origin) return;
    if (request.method !== "GET") {
      // A script's post (a form sent with JavaScript) goes straight to the network, untouched.
      if (request.mode === "navigate") event.respondWith(submission(request));
      return;
    }
    const never = isNever(url.pathname) || carriesToken(url);
    if (request.mode === "navigate") return event.respondWith(page(event, url, !never));
    if (never) return;
    if (url.pathname.startsWith("/build/") || url.pathname === "/icons.svg" || url.pathname === "/favicon.svg")
      return event.respondWith(stored(ASSETS, request));
    if (url.pathname.startsWith("/api/images/")) return event.respondWith(stored(IMAGES, request, settings.maxImages));
    // A page reached by a client-side navigation came as its data: keep the page itself too.
    if (url.pathname.endsWith(".data")) {
      event.respondWith(
        fetch(request).then((response) => {
          const path = url.pathname === "/_root.data" ? "/" : url.pathname.slice(0, -".data".length);
          url.searchParams.delete("_routes");
          if (response.ok && (isPublic(response.headers) || settings.copies[path]))
            event.waitUntil(fetchAndKeep(path + url.search).catch(() => undefined));
          return response;
        }),
      );
    }
  });
}

const offerSettings = {
  formId: REGISTRATION_FORM_ID,
  key: LOCAL_COPY_KEY,
  names: [...LOCAL_COPY_NAMES],
  words: { found: savedFormCopy.localFound, restore: savedFormCopy.localRestore, discard: savedFormCopy.localDiscard },
};

/** A self-contained function called with its settings, as an inline script's text and its CSP hash. */
function inlineScript<S>(run: (settings: S) => void, settings: S) {
  // "</" would end the script element early: JSON may carry it escaped.
  const source = `"use strict";(${run.toString()})(${JSON.stringify(settings).replace(/</g, "\\u003c")});`;
  return { source, hash: `sha256-${crypto.createHash("sha256").update(source).digest("base64")}` };
}

/** The worker's script for one deployment (its build version). */
export function workerScript(version: string) {
  const settings: WorkerSettings = {
    version,
    precache: ["/offline", "/courses", "/registration-form"],
    offlinePath: "/offline",
    never: [
      "/admin",
      "/edit",
      "/fla-admin",
      "/password-reset",
      "/logout",
      "/lite",
      "/api",
      "/contact.json",
      "/editor.upload",
    ],
    tokenPaths: ["/application", "/guardian", "/invitation", "/password-reset"],
    tokenParams: ["resume", "token"],
    copies: { "/registration-form": offlineCopyUrl("/registration-form") },
    offlineScripts: { "/registration-form": inlineScript(offerLocalCopyOffline, offerSettings) },
    maxPages: 60,
    maxImages: 120,
    words: offlineText,
  };
  return `"use strict";\n(${offlineWorker.toString()})(${JSON.stringify(settings)});\n`;
}
