import { z } from "zod";

import type { ArticleWrite, CourseWrite, JobWrite } from "@api/embedded";
import type { ItemType } from "@domain/items";
import { messages } from "~/content/messages";

import { type Body, parse, UpstreamError } from "./transport.server";

// What the API client's parts share (app/upstream/index.server.ts binds them to one request):
// the call, the shared read cache's read, addresses, query strings, export pages and CSV files.

/** One call to the API with the browser request's cookies (transport.server.ts `send`). */
export type Call = (method: string, path: string, body?: Body, headers?: Record<string, string>) => Promise<Response>;
/** A read whose answer is the same for everyone (public content), kept until the next write. */
export type PublicRead = <T extends z.ZodType>(path: string, schema: T, what: string) => Promise<z.infer<T>>;

/** `after`: the last item's `<createdAt>_<_id>`, for the next page by key (docs/product.md §7). */
export type ListParams = { limit?: number; skip?: number; search?: string; after?: string; before?: string };
export const itemPath = (type: ItemType, id: string) => `/api/${type}s/${encodeURIComponent(id)}`;

/** An item's API address; `preview` asks for a scheduled item too (answered only to staff). */
export const detailPath = (type: ItemType, id: string, preview: boolean) =>
  `${itemPath(type, id)}${preview ? "?preview=1" : ""}`;

/**
 * An item's fields as a create or update sends them: the API's own input schema's type
 * (api/validation/items.ts), so a field renamed on either side fails typecheck
 * (docs/decisions/086-typed-writes-and-the-layout-seams.md). The API checks and converts each.
 */
export type ItemWrite<T extends ItemType> = { course: CourseWrite; article: ArticleWrite; job: JobWrite }[T];

export function withQuery(path: string, params: Record<string, string | number | undefined>) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== "") q.set(k, String(v));
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}

/** Where an export's next page starts, as the API names it (null after the last page). */
export type ExportCursor = { after?: string; skip?: number };
const exportEnvelope = z.object({
  rows: z.array(z.unknown()),
  next: z.object({ after: z.string().optional(), skip: z.number().optional() }).nullable(),
});
const PARSE_SLICE = 100;

/**
 * An export page (up to a thousand rows): its rows are checked 100 at a time, with other
 * requests let in between, so a large page never holds the server for long
 * (docs/decisions/029-every-list-by-key-and-fast-exports.md).
 */
export async function parseExportPage<T extends z.ZodType>(response: Response, row: T, what: string) {
  const page = await parse(response, exportEnvelope, what);
  const slice = z.array(row);
  const rows: z.infer<T>[] = [];
  for (let i = 0; i < page.rows.length; i += PARSE_SLICE) {
    if (i > 0) await new Promise((resolve) => setImmediate(resolve));
    const result = slice.safeParse(page.rows.slice(i, i + PARSE_SLICE));
    if (!result.success) {
      console.error(`[upstream] unexpected answer for ${what}`, result.error.issues.slice(0, 3));
      throw new UpstreamError(502, messages.networkError);
    }
    rows.push(...(result.data as z.infer<T>[]));
  }
  return { rows, next: page.next };
}

/**
 * A CSV file the API writes whole (docs/decisions/048-exports-written-by-the-api.md): its body is
 * passed on unread, so only its type is checked here; the API checked the request with zod and
 * writes each cell as the spreadsheets' shared plan says (domain/staff-exports.ts).
 */
export async function csvFile(response: Response, what: string) {
  if (!(response.headers.get("content-type") ?? "").startsWith("text/csv")) {
    await response.body?.cancel();
    console.error(`[upstream] unexpected answer for ${what}`, response.headers.get("content-type"));
    throw new UpstreamError(502, messages.networkError);
  }
  return response;
}
