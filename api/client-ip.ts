import { AsyncLocalStorage } from "node:async_hooks";
import http from "node:http";
import net from "node:net";
import { config } from "./config";

// remix-serve gives a Remix request no client address, and the web tier calls the API
// in-process from loaders and actions; so the address is taken where it is known, at the
// HTTP server, and carried along the request's async work. Every http.Server in this process
// (remix-serve's, the API's own in tests) runs each 'request' inside this store. The time it
// arrived travels along too: nothing read for the request is older than it (api/lib/proxy-cache.ts).
type Origin = { remoteAddress: string | undefined; forwardedFor: string | undefined; receivedAt?: number };
const store = new AsyncLocalStorage<Origin>();

const holder = globalThis as unknown as { __academyClientIpInstalled?: boolean };
if (!holder.__academyClientIpInstalled) {
  holder.__academyClientIpInstalled = true;
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === "request") {
      const req = args[0] as http.IncomingMessage;
      const forwarded = req.headers["x-forwarded-for"];
      const origin = {
        remoteAddress: req.socket?.remoteAddress,
        forwardedFor: Array.isArray(forwarded) ? forwarded.join(",") : forwarded,
        receivedAt: Date.now(),
      };
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
  const hops = chain(store.getStore());
  return hops.length ? hops[0] : "local";
}

/**
 * The key per-address limits count under: an IPv4 address as it is, an IPv6 address by its /64
 * (one home or phone connection is given a whole /64, so one visitor can pick any address in it).
 */
export function clientKey(ip: string = clientIp()): string {
  const address = ip.split("%")[0];
  if (!net.isIPv6(address)) return ip;
  const [head, tail] = address.includes("::") ? address.split("::") : [address, undefined];
  const groups = head ? head.split(":") : [];
  if (tail !== undefined) {
    const after = tail ? tail.split(":") : [];
    // An IPv4 tail (::ffff:1.2.3.4 style) stands for two groups.
    const width = after.reduce((n, g) => n + (g.includes(".") ? 2 : 1), 0);
    groups.push(...Array<string>(Math.max(0, 8 - groups.length - width)).fill("0"), ...after);
  }
  const prefix = groups.slice(0, 4).map((g) => (g.includes(".") ? "0" : parseInt(g, 16).toString(16)));
  return `${prefix.join(":")}::/64`;
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

/** When the request being served reached this process (ms since the epoch); undefined outside any request. */
export function requestReceivedAt(): number | undefined {
  return store.getStore()?.receivedAt;
}

/** Runs `work` as if it came from this address (scripts and tests of in-process calls). */
export function withClientAddress<T>(remoteAddress: string, work: () => T, forwardedFor?: string): T {
  return store.run({ remoteAddress, forwardedFor }, work);
}
