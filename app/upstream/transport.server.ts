import { handleApiRequest } from "../../api/index";
import { env } from "~/env.server";
import { messages } from "~/content/messages";

/** A call the API refused or could not answer; `message` is the API's own text. */
export class UpstreamError extends Error {
  constructor(public status: number, message: string) {
    super(message);
    this.name = "UpstreamError";
  }
}

/** The API answered 401: the staff session is missing or has ended. */
export class SessionExpiredError extends UpstreamError {
  constructor(message = "Your session has expired") {
    super(401, message);
    this.name = "SessionExpiredError";
  }
}

export type Body = { json: unknown } | { form: Record<string, string | string[]> } | { multipart: FormData } | undefined;

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
): Promise<Response> {
  const headers = new Headers({ accept: "application/json" });
  const cookie = browserRequest.headers.get("cookie");
  if (cookie) headers.set("cookie", cookie);
  const forwardedFor = browserRequest.headers.get("x-forwarded-for");
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
    console.error("[upstream] unreachable", method, path, error);
    throw new UpstreamError(503, messages.networkError);
  }
  for (const value of setCookiesOf(response.headers)) setCookies.push(value);
  if (response.status === 401) throw new SessionExpiredError((await response.text()) || undefined);
  if (!response.ok) {
    const text = (await response.text()).trim();
    throw new UpstreamError(response.status, text || response.statusText || "Something went wrong");
  }
  return response;
}

/** Set-Cookie values one by one; Remix's fetch polyfill lacks Headers.getSetCookie. */
function setCookiesOf(headers: Headers): string[] {
  const h = headers as Headers & { getSetCookie?: () => string[]; raw?: () => Record<string, string[]> };
  if (typeof h.getSetCookie === "function") return h.getSetCookie();
  if (typeof h.raw === "function") return h.raw()["set-cookie"] ?? [];
  const joined = headers.get("set-cookie");
  return joined ? joined.split(/,(?=\s*[^;=\s]+=)/).map((c) => c.trim()) : [];
}
