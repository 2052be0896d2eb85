import type { z } from "zod";

import { forwardedForHeader, handleApiRequest } from "@api/embedded";
import { SESSION_COOKIE_SENT } from "@domain/staff";
import { messages } from "~/content/messages";
import { securityText } from "~/content/security";
import { env } from "~/env.server";

/** A call the API refused or could not answer; `message` is the API's own text. */
export class UpstreamError extends Error {
  constructor(
    public status: number,
    message: string,
  ) {
    super(message);
    this.name = "UpstreamError";
  }
}

/** Enrolling, marking completed or certifying refused while fees are owed: staff may confirm and send it again. */
export class FeesOwedError extends UpstreamError {
  constructor(message: string) {
    super(409, message);
    this.name = "FeesOwedError";
  }
}

/** A registration refused: the same e-mail and date of birth already applied for this course (docs/decisions/100). */
export class AlreadyAppliedError extends UpstreamError {
  constructor(message: string) {
    super(409, message);
    this.name = "AlreadyAppliedError";
  }
}

/** Marking completed before the intake's first day refused: staff may give the reason and send it again. */
export class BeforeStartError extends UpstreamError {
  constructor(message: string) {
    super(409, message);
    this.name = "BeforeStartError";
  }
}

/**
 * The API answered 401: no valid staff session (missing or ended), or a sign-in refused
 * (a wrong password). Callers that act for a signed-in person read it as "session ended".
 */
export class UnauthorizedError extends UpstreamError {
  constructor(message = "You need to be logged in to do this") {
    super(401, message);
    this.name = "UnauthorizedError";
  }
}

/**
 * The API answered 429: too many attempts from this address or for this account. Pages show
 * `message` in the form, keep what was typed, and answer 429 with Retry-After (docs/security.md).
 */
export class RateLimitedError extends UpstreamError {
  constructor(public retryAfterSeconds: number) {
    super(429, securityText.rateLimited(retryAfterSeconds));
    this.name = "RateLimitedError";
  }
}

/** Retry-After in seconds (or as an HTTP date); a minute when absent or unreadable. */
function retryAfterOf(headers: Headers) {
  const raw = headers.get("retry-after")?.trim() ?? "";
  const seconds = /^\d+$/.test(raw) ? Number(raw) : Math.ceil((Date.parse(raw) - Date.now()) / 1000);
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 24 * 3600) : 60;
}

export type Body =
  { json: unknown } | { form: Record<string, string | string[]> } | { multipart: FormData } | undefined;

/**
 * Sends one call to the academy API: in-process by default (the same handler that serves
 * /api, no network hop), or over HTTP when UPSTREAM_API_URL is set. The browser's Cookie
 * goes along; the API's Set-Cookie is collected for the route to relay.
 */
export async function send(
  browserRequest: Request,
  setCookies: string[],
  method: string,
  path: string,
  body?: Body,
  extraHeaders: Record<string, string> = {},
): Promise<Response> {
  const headers = new Headers({ ...extraHeaders, accept: "application/json" });
  const cookie = browserRequest.headers.get("cookie");
  if (cookie) headers.set("cookie", cookie);
  // The visitor's address as this process resolved it (api/client-ip.ts): an API reached over
  // HTTP trusts it when this web tier is in its TRUSTED_PROXIES; in-process calls read it directly.
  const forwardedFor = forwardedForHeader();
  if (forwardedFor) headers.set("x-forwarded-for", forwardedFor);

  let payload: BodyInit | undefined;
  if (body && "json" in body) {
    headers.set("content-type", "application/json");
    payload = JSON.stringify(body.json);
  } else if (body && "form" in body) {
    headers.set("content-type", "application/x-www-form-urlencoded");
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(body.form)) for (const item of [v].flat()) params.append(k, item);
    payload = params;
  } else if (body && "multipart" in body) {
    payload = body.multipart;
  }

  const base = env.UPSTREAM_API_URL ?? "http://academy.internal";
  const request = new Request(new URL(path, base), { method, headers, body: payload });
  let response: Response;
  try {
    response = env.UPSTREAM_API_URL ? await fetch(request) : await handleApiRequest(request);
  } catch (error) {
    // Without the query (a staff search may be a person's name), JSON-encoded (docs/security.md).
    console.error("[upstream] unreachable", JSON.stringify({ method, path: path.split("?")[0] }), error);
    throw new UpstreamError(503, messages.networkError);
  }
  for (const value of setCookiesOf(response.headers)) setCookies.push(value);
  if (response.status === 401) throw new UnauthorizedError((await response.text()) || undefined);
  if (response.status === 429) {
    await response.body?.cancel();
    throw new RateLimitedError(retryAfterOf(response.headers));
  }
  if (!response.ok) {
    const text = (await response.text()).trim();
    // Staff's step refused while fees are owed: the page asks them to confirm (docs/decisions/093).
    if (response.status === 409 && response.headers.get("x-refusal") === "fees-owed") throw new FeesOwedError(text);
    // The same person already applied for the course: the form says so, with the link-request page (docs/decisions/100).
    if (response.status === 409 && response.headers.get("x-refusal") === "already-applied")
      throw new AlreadyAppliedError(text);
    // Completion before the intake starts: the page asks for the reason (docs/decisions/098).
    if (response.status === 409 && response.headers.get("x-refusal") === "before-start")
      throw new BeforeStartError(text);
    throw new UpstreamError(response.status, text || response.statusText || "Something went wrong");
  }
  return response;
}

/** Whether the browser sent a staff session cookie at all (either of the API's cookie names). */
export function hasSessionCookie(request: Request) {
  return SESSION_COOKIE_SENT.test(request.headers.get("cookie") ?? "");
}

/** Set-Cookie values one by one; Remix's fetch polyfill lacks Headers.getSetCookie. */
function setCookiesOf(headers: Headers): string[] {
  const h = headers as Headers & { getSetCookie?: () => string[]; raw?: () => Record<string, string[]> };
  if (typeof h.getSetCookie === "function") return h.getSetCookie();
  if (typeof h.raw === "function") return h.raw()["set-cookie"] ?? [];
  const joined = headers.get("set-cookie");
  return joined ? joined.split(/,(?=\s*[^;=\s]+=)/).map((c) => c.trim()) : [];
}

/** An API answer checked against its schema: a drifting API is one clear error, not a broken page. */
export async function parse<T extends z.ZodType>(response: Response, schema: T, what: string): Promise<z.infer<T>> {
  const result = schema.safeParse(await response.json());
  if (!result.success) {
    console.error(`[upstream] unexpected answer for ${what}`, result.error.issues.slice(0, 3));
    throw new UpstreamError(502, messages.networkError);
  }
  return result.data;
}

/** The client's call to the API, bound to one browser request (see `upstream`). */
export type Call = (method: string, path: string, body?: Body, headers?: Record<string, string>) => Promise<Response>;
