import type { LoaderFunctionArgs } from "@remix-run/node";

import { requireStaffRoute } from "~/features/auth/auth.server";
import { personLookup } from "~/features/privacy/privacy-schema.server";
import { UpstreamError } from "~/upstream/index.server";

// A person's data as a ZIP (docs/decisions/034-retention-and-rights.md), streamed from the API to
// staff only: a visitor is sent to the login page, and the API answers 401 to anyone else.
export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireStaffRoute(request, "admin.privacy_.export");
  const url = new URL(request.url);
  const person = personLookup.safeParse({
    email: url.searchParams.get("email") ?? undefined,
    phone: url.searchParams.get("phone") ?? undefined,
  });
  if (!person.success || (!person.data.email && !person.data.phone)) throw new Response("Not found", { status: 404 });
  let upstreamResponse: Response;
  try {
    upstreamResponse = await api.privacy.exportPerson(person.data);
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 400) throw new Response(error.message, { status: 400 });
    throw error;
  }
  const headers = new Headers({ "cache-control": "private, no-store", "x-content-type-options": "nosniff" });
  for (const name of ["content-type", "content-length", "content-disposition"]) {
    const value = upstreamResponse.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(upstreamResponse.body, { status: 200, headers });
}
