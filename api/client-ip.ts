import { AsyncLocalStorage } from "node:async_hooks";
import crypto from "node:crypto";
import http from "node:http";
import { isIPv6 } from "node:net";

import { config } from "./config";

// remix-serve gives a Remix request no client address, and the web tier calls the API
// in-process from loaders and actions; so the address is taken where it is known, at the
// HTTP server, and carried along the request's async work. Every http.Server in this process
// (remix-serve's, the API's own in tests) runs each 'request' inside this store. The time it
// arrived travels along too: nothing read for the request is older than it (api/lib/proxy-cache.ts).
export type Origin = {
  remoteAddress: string | undefined;
  forwardedFor: string | undefined;
  receivedAt?: number;
  userAgent?: string;
  /** This request's id, sent back in X-Request-Id and logged (api/request-log.ts). */
  requestId?: string;
  /** The signed-in staff member the request acted for, once the API has looked the session up. */
  staffId?: string;
  /** The path asked for, without its query (an error's route pattern is read from it). */
  path?: string;
  /** Set once the request's first unexpected error is recorded (api/lib/server-errors.ts). */
  errorRecorded?: boolean;
};
const store = new AsyncLocalStorage<Origin>();

type RequestListener = (req: http.IncomingMessage, res: http.ServerResponse, origin: Origin) => void;
const listeners: RequestListener[] = [];
/** Called for every request any http.Server of this process serves, before it is handled (the request log). */
export function onEveryRequest(listener: RequestListener) {
  if (!listeners.includes(listener)) listeners.push(listener);
}

/**
 * A proxy we trust may name the request (nginx's $request_id), so its log and ours agree; any
 * other caller's X-Request-Id is replaced with one of ours.
 */
const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;
function requestIdFor(req: http.IncomingMessage) {
  const given = req.headers["x-request-id"];
  const peer = normalize(req.socket?.remoteAddress);
  if (typeof given === "string" && REQUEST_ID.test(given) && peer && trusted(peer)) return given;
  return freshRequestId();
}

// Drawn from a pool filled 256 ids at a time: one call to the system's random source per id was
// a visible part of a cached page's cost (docs/decisions/083-home-throughput.md).
const ID_BYTES = 9;
const idPool = Buffer.alloc(ID_BYTES * 256);
let idNext = idPool.length;
function freshRequestId() {
  if (idNext === idPool.length) {
    crypto.randomFillSync(idPool);
    idNext = 0;
  }
  idNext += ID_BYTES;
  return idPool.toString("base64url", idNext - ID_BYTES, idNext);
}

const holder = globalThis as unknown as { __academyClientIpInstalled?: boolean };
if (!holder.__academyClientIpInstalled) {
  holder.__academyClientIpInstalled = true;
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === "request") {
      const req = args[0] as http.IncomingMessage;
      const res = args[1] as http.ServerResponse;
      const forwarded = req.headers["x-forwarded-for"];
      const requestId = requestIdFor(req);
      // The web tier reads it from the request's headers (error pages show it); the visitor gets it back.
      req.headers["x-request-id"] = requestId;
      res.setHeader("x-request-id", requestId);
      const origin: Origin = {
        remoteAddress: req.socket?.remoteAddress,
        forwardedFor: Array.isArray(forwarded) ? forwarded.join(",") : forwarded,
        receivedAt: Date.now(),
        userAgent: req.headers["user-agent"],
        requestId,
        path: req.url,
      };
      for (const listener of listeners) listener(req, res, origin);
      return store.run(origin, () => emit.call(this, event, ...args));
    }
    return emit.call(this, event, ...args);
  } as typeof emit;
}

function normalize(address: string | undefined) {
  const a = (address ?? "").trim();
  return a.startsWith("::ffff:") && a.includes(".") ? a.slice(7) : a;
}

function trusted(address: string) {
  return config().trustedProxies.has(address);
}

/**
 * The addresses this request passed through, client first: the socket's peer, preceded by the
 * X-Forwarded-For entries that trusted proxies vouch for. A header from an untrusted peer is
 * ignored, so a visitor cannot pick their own address.
 */
function chain(origin: Origin | undefined) {
  const peer = normalize(origin?.remoteAddress);
  if (!origin || !peer) return [];
  const hops = [peer];
  if (!trusted(peer)) return hops;
  const listed = (origin.forwardedFor ?? "").split(",").map(normalize).filter(Boolean);
  // From the right: each trusted hop vouches for the one before it; the first untrusted
  // address is the client.
  while (listed.length) {
    const next = listed.pop()!;
    hops.unshift(next);
    if (!trusted(next)) break;
  }
  return hops;
}

/** The visitor's IP address for the request being served, or "local" outside any request (scripts). */
export function clientIp(): string {
  return clientIpOf(store.getStore());
}

/** The client's address as resolved for a request's origin (the request log reads it after the answer). */
export function clientIpOf(origin: Origin | undefined): string {
  const hops = chain(origin);
  return hops.length ? hops[0] : "local";
}

/**
 * Who is asking for the metrics (api/lib/metrics.ts): the client's address as resolved, and whether
 * it is known first-hand. A request relayed by a proxy we do not trust (X-Forwarded-For from an
 * untrusted peer: nginx in front with TRUSTED_PROXIES unset) is not: its peer is the proxy's
 * loopback address, whoever the visitor is.
 */
export function metricsCaller(): { address: string; direct: boolean } {
  const origin = store.getStore();
  const peer = normalize(origin?.remoteAddress);
  return { address: clientIpOf(origin), direct: !!peer && (!origin?.forwardedFor || trusted(peer)) };
}

/** Notes the staff member the request being served acts for (its log line names them by id). */
export function noteStaff(id: string) {
  const origin = store.getStore();
  if (origin) origin.staffId = id;
}

/**
 * The key every per-address limit counts under: an IPv4 address as it is, an IPv6 address by its
 * /64 (written `2001:db8:1:2::/64`). A home or mobile IPv6 connection is handed a whole /64 and may
 * pick any address in it, so a key finer than that would let one visitor pose as millions
 * (docs/decisions/013-client-address-and-limits.md). Anything else (`local`) is kept as it is.
 */
export function clientKey(ip: string): string {
  return networkKeys(ip).address;
}

/**
 * The networks an address belongs to, for shares counted at several sizes (api/lib/upload-quota.ts):
 * `address` is clientKey's; an IPv6 address also names its /56 and /48 (a home is often handed a
 * /56, an office or a small provider a /48, and every /64 in them is a new address). An IPv4
 * address has none wider: one public IPv4 address may already be a carrier's whole crowd.
 */
export function networkKeys(ip: string): { address: string; net56: string | null; net48: string | null } {
  const address = normalize(ip).replace(/%.*$/, "");
  if (!isIPv6(address)) return { address, net56: null, net48: null };
  const groups = expandIPv6(address).map((g) => parseInt(g, 16));
  return {
    address: prefixKey(groups.slice(0, 4), 64),
    net56: prefixKey([...groups.slice(0, 3), groups[3] & 0xff00], 56),
    net48: prefixKey(groups.slice(0, 3), 48),
  };
}

function prefixKey(groups: number[], bits: number) {
  const prefix = groups.map((g) => g.toString(16));
  // The shortest spelling of the prefix: trailing zero groups fold into "::".
  while (prefix.length && prefix.at(-1) === "0") prefix.pop();
  return `${prefix.join(":")}::/${bits}`;
}

/** The eight 16-bit groups of an IPv6 address, "::" and an embedded IPv4 tail spelt out. */
function expandIPv6(address: string): string[] {
  let text = address.toLowerCase();
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number);
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = tail === undefined ? [] : tail ? tail.split(":") : [];
  const missing = 8 - left.length - right.length;
  return [...left, ...Array<string>(tail === undefined ? 0 : missing).fill("0"), ...right];
}

/** The key of the visitor of the request being served (clientKey of clientIp). */
export const clientIpKey = () => clientKey(clientIp());

/** The networks of the visitor of the request being served (networkKeys of clientIp). */
export const clientNetworks = () => networkKeys(clientIp());

/** The visitor's User-Agent as their browser sent it to this process, if any (security events). */
export function clientUserAgent(): string | undefined {
  return store.getStore()?.userAgent;
}

/**
 * The X-Forwarded-For value to send when this process calls another deployment's API over
 * HTTP: the client as this process resolved it, so that API (which trusts this web tier
 * through its TRUSTED_PROXIES) limits the visitor, not the web tier.
 */
export function forwardedForHeader(): string | undefined {
  const ip = clientIp();
  return ip === "local" ? undefined : ip;
}

/** The id of the request being served (its request-log line's), to tie an error line to it. */
export function currentRequestId(): string | undefined {
  return store.getStore()?.requestId;
}

/**
 * The request being served's id and path, the first time it asks: an error the API answered 500
 * reaches the web tier's loader as a failed call, and is recorded once (api/lib/server-errors.ts).
 * Undefined for a request already recorded; outside any request (a background job), no id or path.
 */
export function firstErrorOfRequest(): { requestId?: string; path?: string } | undefined {
  const origin = store.getStore();
  if (!origin) return {};
  if (origin.errorRecorded) return undefined;
  origin.errorRecorded = true;
  return { requestId: origin.requestId, path: origin.path?.split(/[?#]/, 1)[0] };
}

/** When the request being served reached this process (ms since the epoch); undefined outside any request. */
export function requestReceivedAt(): number | undefined {
  return store.getStore()?.receivedAt;
}

/** Runs `work` as if it came from this address (scripts and tests of in-process calls). */
export function withClientAddress<T>(remoteAddress: string, work: () => T, forwardedFor?: string): T {
  return store.run({ remoteAddress, forwardedFor }, work);
}
