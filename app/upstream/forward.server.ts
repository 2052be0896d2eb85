import { handleApiRequest } from "../../api/index";
import { env } from "~/env.server";

/** Passes a browser's /api request through to the API as it is, keeping every header. */
export async function forwardToApi(request: Request): Promise<Response> {
  if (!env.UPSTREAM_API_URL) return handleApiRequest(request);
  const url = new URL(request.url);
  const target = new URL(url.pathname + url.search, env.UPSTREAM_API_URL);
  const init: RequestInit & { duplex?: string } = {
    method: request.method,
    headers: request.headers,
    body: request.method === "GET" || request.method === "HEAD" ? undefined : request.body,
    duplex: "half",
    redirect: "manual",
  };
  return fetch(target, init);
}
