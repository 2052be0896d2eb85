import type { LoaderFunctionArgs } from "@remix-run/node";

import { requireStaffRoute } from "~/features/auth/auth.server";
import { UpstreamError } from "~/upstream/index.server";

// An applicant's private file, streamed to staff only: a visitor is sent to the login page
// (and the API itself answers 401 to anyone without a staff session).
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api } = await requireStaffRoute(request, "admin.files.$");
  const publicId = params["*"] ?? "";
  if (!/^applicants\/[a-z0-9]+$/i.test(publicId)) throw new Response("Not found", { status: 404 });
  let upstreamResponse: Response;
  try {
    // ?view=inline: shown in the page, recorded as a view (the API decides which types may be).
    const inline = new URL(request.url).searchParams.get("view") === "inline";
    upstreamResponse = await api.applicants.file(publicId, { inline });
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 404) throw new Response("Not found", { status: 404 });
    throw error;
  }
  const headers = new Headers({ "cache-control": "private, no-store", "x-content-type-options": "nosniff" });
  // The API's Content-Security-Policy (sandbox) too: the file is an applicant's bytes (docs/security.md).
  for (const name of ["content-type", "content-length", "content-disposition", "content-security-policy"]) {
    const value = upstreamResponse.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(upstreamResponse.body, { status: 200, headers });
}
