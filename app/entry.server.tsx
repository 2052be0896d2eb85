import crypto from "node:crypto";

import type { ActionFunctionArgs, EntryContext, HandleErrorFunction, LoaderFunctionArgs } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";

import { recordServerError } from "@api/embedded";
import { RequestIdProvider } from "~/components/request-id";
import { env } from "~/env.server";
import { NonceProvider } from "~/nonce";
import {
  cacheControlFor,
  carriesVisitorToken,
  dateForProxy,
  weakEtag,
  withValidator,
} from "~/utils/cache-control.server";
import {
  acceptedEncoding,
  compressedOnce,
  NONCE_PLACEHOLDER,
  renderedOnce,
  renderKey,
  type StoredPage,
} from "~/utils/render-cache.server";
import { wholePageSink } from "~/utils/rendered-html.server";
import { hardenResponseHeaders, securityHeaders } from "~/utils/security.server";

/**
 * An error a loader, an action or a render threw: logged as Remix logs it, and recorded for Admins
 * (/admin/errors; docs/decisions/056-metrics-and-errors-staff-see.md) once per request. A request
 * the browser abandoned is no error of ours.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  console.error(error);
  recordServerError(error);
};

// Single fetch: how long React waits for deferred data (Remix reads the export); nothing here
// defers, pages are rendered whole.
export const streamTimeout = 5_000;

// Renders the whole page before sending it: nothing here is deferred, one write is cheaper
// than many 2 KB chunks, and one whole body is what an ETag needs.
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  hardenResponseHeaders(request, responseHeaders, env.isProduction);
  // Remix hands a page only its action's Set-Cookie; a rate-limited form's Retry-After too.
  for (const h of Object.values(remixContext.staticHandlerContext.actionHeaders ?? {})) {
    const retryAfter = h.get("Retry-After");
    if (retryAfter) responseHeaders.set("Retry-After", retryAfter);
  }
  const { loaderData } = remixContext.staticHandlerContext;
  const cacheControl = cacheControlFor({
    request,
    status: responseStatusCode,
    headers: responseHeaders,
    visitorToken: carriesVisitorToken(loaderData),
  });
  responseHeaders.set("Cache-Control", cacheControl);
  const secure = (scripts: string[]) => {
    for (const [k, v] of Object.entries(securityHeaders(scripts))) responseHeaders.set(k, v);
  };

  if (cacheControl.startsWith("public")) {
    // Same URL, same data: the same bytes for every anonymous visitor (render-cache.server.ts).
    const page = await renderedOnce(renderKey(request.url, loaderData), () =>
      renderWhole(request, remixContext, NONCE_PLACEHOLDER, undefined),
    );
    if (!("errored" in page)) {
      dateForProxy(responseHeaders);
      secure(page.scriptHashes);
      return storedPageResponse(request, page, responseStatusCode, responseHeaders);
    }
    const nonce = freshNonce();
    secure([`'nonce-${nonce}'`]);
    return failedPage(page.html.replaceAll(NONCE_PLACEHOLDER, nonce), responseHeaders);
  }
  // A page rendered for this response alone carries a nonce of its own. Not kept by any cache, it
  // still says what chose it: the Lite page or not (docs/decisions/041-lite-mode.md).
  responseHeaders.append("Vary", "Cookie, Save-Data");
  const nonce = freshNonce();
  secure([`'nonce-${nonce}'`]);
  // A page for this response alone may name its request (error pages show the id: docs/deploy.md, "Logs").
  const { html, errored } = await renderWhole(
    request,
    remixContext,
    nonce,
    request.headers.get("x-request-id") ?? undefined,
  );
  if (errored) return failedPage(html, responseHeaders);
  return wholeResponse(request, html, responseStatusCode, responseHeaders);
}

const freshNonce = () => crypto.randomBytes(16).toString("base64");

/**
 * Every page leaves with its length, compressed here rather than by the server's streaming
 * compression: the whole answer goes out in one write, so an instance killed mid-answer never
 * leaves the proxy holding half a page it has begun to pass on, which it could neither finish
 * nor retry on the other instance (docs/deploy.md, "The proxy").
 */
function storedPageResponse(request: Request, page: StoredPage, status: number, headers: Headers) {
  const encoding = acceptedEncoding(request.headers.get("Accept-Encoding"));
  headers.append("Vary", "Accept-Encoding");
  if (encoding) headers.set("Content-Encoding", encoding);
  const body = encoding ? page[encoding] : page.html;
  headers.set("Content-Length", String(typeof body === "string" ? Buffer.byteLength(body) : body.byteLength));
  return withValidator(request, body, status, headers, page.etag);
}

/** A page rendered for this response alone, sent the same way as a stored one (above). */
async function wholeResponse(request: Request, html: string, status: number, headers: Headers) {
  const encoding = acceptedEncoding(request.headers.get("Accept-Encoding"));
  headers.append("Vary", "Accept-Encoding");
  if (encoding) headers.set("Content-Encoding", encoding);
  const body = encoding ? await compressedOnce(html, encoding) : new TextEncoder().encode(html);
  headers.set("Content-Length", String(body.byteLength));
  return new Response(body, { status, headers });
}

/** A render that failed: a 500, never kept by any cache. */
function failedPage(html: string, headers: Headers) {
  if (headers.get("Cache-Control")?.startsWith("public")) headers.set("Cache-Control", "no-cache");
  return new Response(html, { status: 500, headers });
}

/**
 * The whole page as one string. Single fetch streams the loader data into the page inside
 * Suspense boundaries, which `renderToString` would leave unresolved (the page would never
 * hydrate): render as a stream, wait for everything (onAllReady), collect it, clear the timer.
 */
function renderWhole(request: Request, remixContext: EntryContext, nonce: string, requestId: string | undefined) {
  return new Promise<{ html: string; errored: boolean }>((resolve, reject) => {
    let errored = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RequestIdProvider value={requestId}>
          <RemixServer context={remixContext} url={request.url} nonce={nonce} />
        </RequestIdProvider>
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          pipe(
            wholePageSink((html) => {
              clearTimeout(timer);
              resolve({ html: insideBody(html), errored });
            }),
          );
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          errored = true;
          console.error(error);
        },
      },
    );
    const timer = setTimeout(abort, streamTimeout + 1_000);
  });
}

/**
 * RemixServer renders single fetch's data scripts as a sibling of the app, so they come after
 * `</html>`: a browser moves them into the body, but the page is invalid HTML ("stray start tag
 * script"). Put them where the browser would: at the end of the body, so the DOM is the same.
 */
function insideBody(html: string) {
  const end = html.lastIndexOf("</html>");
  const tail = end < 0 ? "" : html.slice(end + "</html>".length);
  const body = html.lastIndexOf("</body>", end);
  if (!tail.trim() || body < 0) return html;
  return html.slice(0, body) + tail + html.slice(body, end + "</html>".length);
}

/** Loader and action data (client navigations, fetchers) get the same caching, HSTS and validator rules as pages. */
export async function handleDataRequest(response: Response, { request }: LoaderFunctionArgs | ActionFunctionArgs) {
  hardenResponseHeaders(request, response.headers, env.isProduction);
  if (response.body === null || !response.headers.get("Content-Type")?.match(/json|text\/x-script/)) {
    if (!response.headers.has("Cache-Control")) response.headers.set("Cache-Control", "no-cache");
    return response;
  }
  const body = await response.text();
  const headers = new Headers(response.headers);
  const cacheControl = cacheControlFor({
    request,
    status: response.status,
    headers,
    visitorToken: body.includes("encryptedValidFrom"),
  });
  headers.set("Cache-Control", cacheControl);
  if (cacheControl.startsWith("public")) {
    dateForProxy(headers);
    return withValidator(request, body, response.status, headers, weakEtag(body));
  }
  return new Response(body, { status: response.status, headers });
}
