import { z } from "zod";

import { messages } from "~/content/messages";

import { send, UpstreamError } from "./transport.server";

// The web tier's client for the site's server errors (GET /api/server-errors; Admins only).
export const serverErrorSchema = z.object({
  id: z.string(),
  at: z.string(),
  requestId: z.string().nullable(),
  route: z.string(),
  kind: z.string(),
  message: z.string(),
});
export const serverErrorReportSchema = z.object({
  errors: z.array(serverErrorSchema),
  days: z.array(z.object({ day: z.string(), kind: z.string(), count: z.number().int() })),
});
export type ServerErrorReport = z.infer<typeof serverErrorReportSchema>;

/** The last server errors and their counts per day and kind, read for the signed-in Admin of `request`. */
export async function readServerErrors(request: Request): Promise<ServerErrorReport> {
  const response = await send(request, [], "GET", "/api/server-errors");
  const parsed = serverErrorReportSchema.safeParse(await response.json());
  if (!parsed.success) {
    console.error("[upstream] unexpected answer for server errors", parsed.error.issues.slice(0, 3));
    throw new UpstreamError(502, messages.networkError);
  }
  return parsed.data;
}
