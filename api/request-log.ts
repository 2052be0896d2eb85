import type http from "node:http";

import pino from "pino";

import { clientIpOf, onEveryRequest, type Origin } from "./client-ip";
import { config } from "./config";
import { observeRequest } from "./lib/metrics";

// One JSON line per request this process serves (docs/deploy.md, "Logs"): when, its id (also in
// the X-Request-Id answer header and on error pages), method, path, status, how long, the client's
// address as resolved (api/client-ip.ts) and the staff member's id if one was signed in. Never the
// query string (reset links carry their token there), a cookie, a body or a name: nothing a
// visitor typed but the path, and a path segment that looks like a secret is masked.
const holder = globalThis as unknown as { __academyRequestLog?: pino.Logger };

function logger() {
  holder.__academyRequestLog ??= pino({
    level: config().LOG_LEVEL,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    messageKey: "msg",
  });
  return holder.__academyRequestLog;
}

/**
 * A long run of token characters in a path is a secret or a capability (a link's token): masked
 * wherever it stands in a segment, so `/application/<token>.data` (Remix's single-fetch data
 * request) and `…/u1.<expiry>.<nonce>.<mac>` keep no token either (docs/security.md).
 */
const SECRET_RUN = /[A-Za-z0-9_-]{32,}/g;

/** The path without its query, each segment bounded and a secret-looking run masked. */
export function loggedPath(url: string | undefined) {
  const path = (url ?? "/").split(/[?#]/, 1)[0]!.slice(0, 300);
  return path
    .split("/")
    .map((segment) => segment.replace(SECRET_RUN, ":secret"))
    .join("/");
}

function logRequest(req: http.IncomingMessage, res: http.ServerResponse, origin: Origin) {
  const started = process.hrtime.bigint();
  let done = false;
  const finish = (aborted: boolean) => {
    if (done) return;
    done = true;
    const status = res.statusCode;
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    observeRequest((req.url ?? "/").split(/[?#]/, 1)[0]!, req.method, status, seconds);
    const line = {
      reqId: origin.requestId,
      method: req.method,
      path: loggedPath(req.url),
      status,
      ms: Math.round(seconds * 1e5) / 100,
      ip: clientIpOf(origin),
      ...(origin.staffId ? { staffId: origin.staffId } : {}),
      ...(aborted ? { aborted: true } : {}),
    };
    if (status >= 500) logger().error(line, "request");
    else logger().info(line, "request");
  };
  res.once("finish", () => finish(false));
  res.once("close", () => finish(!res.writableFinished));
}

/** Starts the request log for every HTTP server of this process; called where the API is loaded (api/index.ts). */
export function startRequestLog() {
  onEveryRequest(logRequest);
}
