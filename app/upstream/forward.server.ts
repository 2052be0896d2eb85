import { forwardedForHeader, handleApiRequest } from "@api/embedded";
import { env } from "~/env.server";

/** Passes a browser's /api request through to the API as it is, keeping every header. */
export async function forwardToApi(request: Request): Promise<Response> {
  if (!env.UPSTREAM_API_URL) return handleApiRequest(request);
  const url = new URL(request.url);
  const target = new URL(url.pathname + url.search, env.UPSTREAM_API_URL);
  // The browser's own X-Forwarded-For is not passed on as it came: only the address this
  // process resolved (api/client-ip.ts), which the API trusts from this web tier.
  const headers = new Headers(request.headers);
  headers.delete("x-forwarded-for");
  const forwardedFor = forwardedForHeader();
  if (forwardedFor) headers.set("x-forwarded-for", forwardedFor);
  const init: RequestInit & { duplex?: string } = {
    method: request.method,
    headers,
    body: request.method === "GET" || request.method === "HEAD" ? undefined : request.body,
    duplex: "half",
    redirect: "manual",
  };
  return fetch(target, init);
}
