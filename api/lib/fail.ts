import { HTTPException } from "hono/http-exception";

/** Ends the request with this status and a plain-text message the caller may show (docs/architecture.md §4). */
export function fail(
  status: 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429,
  message: string,
  /** A refusal the caller may answer with a confirmation (`x-refusal`), e.g. "fees-owed" (docs/decisions/093). */
  refusal?: string,
): never {
  const headers: Record<string, string> = { "content-type": "text/plain; charset=utf-8" };
  if (refusal) headers["x-refusal"] = refusal;
  throw new HTTPException(status, { res: new Response(message, { status, headers }) });
}
